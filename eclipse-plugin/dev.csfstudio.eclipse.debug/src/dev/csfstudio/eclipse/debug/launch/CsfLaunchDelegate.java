package dev.csfstudio.eclipse.debug.launch;

import java.io.File;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.ServerCommand;
import dev.csfstudio.eclipse.debug.CsfDebug;
import dev.csfstudio.eclipse.debug.model.CsfDebugTarget;
import dev.csfstudio.eclipse.debug.ui.CsfSourceLocator;
import dev.csfstudio.eclipse.debug.ui.RenderTargetsOnSuspend;
import dev.csfstudio.eclipse.server.CsfServers;

/**
 * Launches a "CSF Stream": starts `csf debug` with the Java and jar of the CSF Studio preferences and sends it
 * the configuration as `launch` arguments. Debug mode stops at breakpoints and faults; run mode runs to the end
 * with neither, its messages in the console.
 */
public final class CsfLaunchDelegate extends LaunchConfigurationDelegate {

    @Override
    public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        LaunchSettings settings = LaunchSettings.read(configuration);
        String problem = settings.problem(ProgramFile::path);
        if (problem != null) {
            throw new CoreException(CsfDebug.error("CSF Stream \"" + configuration.getName() + "\": " + problem, null));
        }
        boolean debug = ILaunchManager.DEBUG_MODE.equals(mode);
        ServerCommand.Resolution r = CsfServers.resolveCommand(CsfPlugin.getDefault(), "debug");
        if (r instanceof ServerCommand.Error e) {
            throw new CoreException(CsfDebug.error(e.message(), null));
        }
        String program = ProgramFile.path(settings.program());
        Map<String, Object> arguments = settings.dapArguments(ProgramFile::path);
        if (!debug) {
            arguments.put("stopOnEntry", false);
        }
        launch.setSourceLocator(new CsfSourceLocator());
        CsfDebugTarget target = CsfDebugTarget.start(launch, configuration.getName(), ((ServerCommand.Ok) r).command(),
                new File(program).getParentFile(), arguments, debug);
        if (debug) {
            RenderTargetsOnSuspend.follow(target);
        }
    }

    /** The build is the assembler's own: launching assembles the file, so no workspace build first. */
    @Override
    public boolean buildForLaunch(ILaunchConfiguration configuration, String mode, IProgressMonitor monitor) {
        return false;
    }
}
