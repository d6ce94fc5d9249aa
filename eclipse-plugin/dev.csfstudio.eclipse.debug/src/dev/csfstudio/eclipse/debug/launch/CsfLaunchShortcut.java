package dev.csfstudio.eclipse.debug.launch;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;

import dev.csfstudio.eclipse.debug.CsfDebug;

/** Debug As / Run As > CSF Stream on a .csf file or editor: its configuration (made on first use), launched. */
public final class CsfLaunchShortcut implements ILaunchShortcut {

    @Override
    public void launch(ISelection selection, String mode) {
        if (selection instanceof IStructuredSelection s && s.getFirstElement() instanceof IAdaptable a) {
            IFile f = a.getAdapter(IFile.class);
            if (f != null) {
                launch(f, "", mode);
            }
        }
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        IFile f = editor.getEditorInput().getAdapter(IFile.class);
        if (f != null) {
            launch(f, "", mode);
        }
    }

    /** Launches the file's configuration (from `entry` when not blank) in the mode, or says why it cannot. */
    public static void launch(IFile file, String entry, String mode) {
        try {
            DebugUITools.launch(configurationFor(file, entry), mode);
        } catch (CoreException e) {
            ErrorDialog.openError(Display.getCurrent().getActiveShell(), "CSF Stream",
                    "Cannot launch " + file.getName(), e.getStatus());
        }
    }

    /** The file's existing "CSF Stream" configuration, else a new one saved under the file's name. */
    public static ILaunchConfiguration configurationFor(IFile file) throws CoreException {
        return configurationFor(file, "");
    }

    /** The file's configuration that starts at `entry` ("" for the program's .entry), made on first use. */
    public static ILaunchConfiguration configurationFor(IFile file, String entry) throws CoreException {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(CsfDebug.LAUNCH_TYPE);
        String program = ProgramFile.attribute(file);
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type)) {
            if (program.equals(c.getAttribute(LaunchSettings.PROGRAM, "")) && entry.equals(c.getAttribute(LaunchSettings.ENTRY, ""))) {
                return c;
            }
        }
        String name = entry.isEmpty() ? file.getName() : file.getName() + " (" + entry + ")";
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, manager.generateLaunchConfigurationName(name));
        new LaunchSettings(program, entry, false, 0, 0).write(wc);
        wc.setMappedResources(new org.eclipse.core.resources.IResource[] { file });
        return wc.doSave();
    }
}
