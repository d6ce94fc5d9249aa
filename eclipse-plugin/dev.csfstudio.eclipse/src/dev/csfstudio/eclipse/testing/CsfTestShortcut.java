package dev.csfstudio.eclipse.testing;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;

import dev.csfstudio.eclipse.CsfPlugin;

/** Run As > CSF Tests on a project, folder or {@code .csf} file (or its editor): that resource's launch, made once. */
public final class CsfTestShortcut implements ILaunchShortcut {

    @Override
    public void launch(ISelection selection, String mode) {
        if (selection instanceof IStructuredSelection s && !s.isEmpty()) {
            launch(Adapters.adapt(s.getFirstElement(), IResource.class), mode);
        }
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        launch(Adapters.adapt(editor.getEditorInput(), IResource.class), mode);
    }

    private static void launch(IResource resource, String mode) {
        if (resource == null) {
            return;
        }
        try {
            DebugUITools.launch(configuration(resource), mode);
        } catch (CoreException e) {
            CsfPlugin.log(org.eclipse.core.runtime.IStatus.ERROR, "cannot launch the CSF tests of " + resource.getFullPath(), e);
        }
    }

    /** The resource's "CSF Tests" configuration without a filter: the existing one, else a new one saved. */
    public static ILaunchConfiguration configuration(IResource resource) throws CoreException {
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(TestLaunch.TYPE);
        String path = resource.getFullPath().toPortableString();
        for (ILaunchConfiguration c : manager.getLaunchConfigurations(type)) {
            if (c.getAttribute(TestLaunch.RESOURCE, "").equals(path) && c.getAttribute(TestLaunch.FILTER, "").isBlank()) {
                return c;
            }
        }
        ILaunchConfigurationWorkingCopy c = type.newInstance(null,
                manager.generateLaunchConfigurationName("CSF Tests " + resource.getName()));
        c.setAttribute(TestLaunch.RESOURCE, path);
        c.setMappedResources(new IResource[] {resource});
        return c.doSave();
    }
}
