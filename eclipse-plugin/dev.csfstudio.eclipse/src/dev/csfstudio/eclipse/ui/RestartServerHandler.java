package dev.csfstudio.eclipse.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

import dev.csfstudio.eclipse.server.CsfServers;
import dev.csfstudio.eclipse.CsfPlugin;

/** "Restart CSF Language Server". */
public final class RestartServerHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) {
        CsfServers.get().restart();
        return null;
    }
}
