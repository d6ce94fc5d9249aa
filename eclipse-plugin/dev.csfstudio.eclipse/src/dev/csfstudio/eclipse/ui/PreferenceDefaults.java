package dev.csfstudio.eclipse.ui;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.jface.preference.IPreferenceStore;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.ServerCommand;
import dev.csfstudio.eclipse.operations.codelens.CsfCodeMinings;
import dev.csfstudio.eclipse.server.CsfServers;

/** Defaults: background run on, 150 ms after the last edit (as the server's own); every code mining on; no format on save. */
public final class PreferenceDefaults extends AbstractPreferenceInitializer {

    @Override
    public void initializeDefaultPreferences() {
        IPreferenceStore s = CsfPlugin.getDefault().getPreferenceStore();
        s.setDefault(ServerCommand.JAVA_HOME, "");
        s.setDefault(ServerCommand.JAR, "");
        s.setDefault(ServerCommand.COMMAND, "");
        s.setDefault(ServerCommand.VM_ARGS, "");
        s.setDefault(CsfServers.RUN_BACKGROUND, true);
        s.setDefault(CsfServers.RUN_DELAY_MS, 150);
        s.setDefault(CsfEditor.FORMAT_ON_SAVE, false);
        s.setDefault(CsfCodeMinings.SHOW_WORDS, true);
        s.setDefault(CsfCodeMinings.SHOW_REGISTERS, true);
        s.setDefault(CsfCodeMinings.SHOW_LENSES, true);
    }
}
