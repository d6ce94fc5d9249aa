package dev.csfstudio.eclipse.testing;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.debug.ui.actions.ILaunchable;

/**
 * Makes {@code .csf} files, folders and projects {@link ILaunchable}: the debug UI shows its Run As and Debug As
 * submenus in a view's context menu (Project Explorer's among them) only for an element with that adapter, and
 * then lists the launch shortcuts whose {@code contextualLaunch} enablement accepts it (CSF Stream for a file,
 * CSF Tests for a file, folder or project).
 */
public final class CsfLaunchables implements IAdapterFactory {

    private static final ILaunchable LAUNCHABLE = new ILaunchable() {
    };

    @Override
    public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
        boolean launchable = adaptable instanceof IContainer
                || adaptable instanceof IFile f && "csf".equals(f.getFileExtension());
        return launchable && adapterType == ILaunchable.class ? adapterType.cast(LAUNCHABLE) : null;
    }

    @Override
    public Class<?>[] getAdapterList() {
        return new Class<?>[] { ILaunchable.class };
    }

}
