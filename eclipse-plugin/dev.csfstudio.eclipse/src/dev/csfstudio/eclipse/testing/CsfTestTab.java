package dev.csfstudio.eclipse.testing;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** The "Tests" tab of a CSF Tests launch configuration: the project, folder or file, and the filter. */
public final class CsfTestTab extends AbstractLaunchConfigurationTab {

    private Text resource;
    private Text filter;

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(3, false));
        new Label(c, SWT.NONE).setText("Project, folder or .csf file:");
        resource = new Text(c, SWT.BORDER);
        resource.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        resource.setMessage("/project/folder");
        Button browse = createPushButton(c, "Browse...", null);
        browse.addListener(SWT.Selection, e -> browse());
        new Label(c, SWT.NONE).setText("Filter (glob):");
        filter = new Text(c, SWT.BORDER);
        filter.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        filter.setMessage("all test streams, or e.g. sub/clear*.csf");
        resource.addModifyListener(e -> updateLaunchConfigurationDialog());
        filter.addModifyListener(e -> updateLaunchConfigurationDialog());
        setControl(c);
    }

    /** A project, folder or .csf file of the workspace, picked from its tree. */
    private void browse() {
        org.eclipse.ui.dialogs.ElementTreeSelectionDialog dialog = new org.eclipse.ui.dialogs.ElementTreeSelectionDialog(
                getShell(), new org.eclipse.ui.model.WorkbenchLabelProvider(), new org.eclipse.ui.model.WorkbenchContentProvider());
        dialog.setTitle("CSF Tests");
        dialog.setMessage("The project, folder or .csf file whose test streams run:");
        dialog.setInput(org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot());
        dialog.addFilter(new org.eclipse.jface.viewers.ViewerFilter() {
            @Override
            public boolean select(org.eclipse.jface.viewers.Viewer viewer, Object parent, Object element) {
                return element instanceof IResource r && (r.getType() != IResource.FILE
                        || "csf".equalsIgnoreCase(r.getFileExtension()));
            }
        });
        dialog.setAllowMultiple(false);
        IResource current = org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot()
                .findMember(resource.getText().strip());
        if (current != null) {
            dialog.setInitialSelection(current);
        }
        if (dialog.open() == org.eclipse.jface.window.Window.OK && dialog.getFirstResult() instanceof IResource r) {
            resource.setText(r.getFullPath().toString());
        }
    }

    /** A new configuration starts from the selected resource (Project Explorer's selection or the active editor's file). */
    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy config) {
        IResource selected = org.eclipse.debug.ui.DebugUITools.getSelectedResource();
        defaults(config, selected);
    }

    /** The configuration for {@code selected} (a project, folder or .csf file; anything else: its project). */
    static void defaults(ILaunchConfigurationWorkingCopy config, IResource selected) {
        IResource r = selected == null ? null : selected.getType() == IResource.FILE
                && !"csf".equalsIgnoreCase(selected.getFileExtension()) ? selected.getParent() : selected;
        config.setAttribute(TestLaunch.RESOURCE, r == null || r.getType() == IResource.ROOT ? "" : r.getFullPath().toString());
        config.setAttribute(TestLaunch.FILTER, "");
        if (r != null && r.getType() != IResource.ROOT) {
            config.rename(org.eclipse.debug.core.DebugPlugin.getDefault().getLaunchManager()
                    .generateLaunchConfigurationName(r.getName()));
        }
    }

    @Override
    public void initializeFrom(ILaunchConfiguration config) {
        try {
            resource.setText(config.getAttribute(TestLaunch.RESOURCE, ""));
            filter.setText(config.getAttribute(TestLaunch.FILTER, ""));
        } catch (CoreException e) {
            setErrorMessage(e.getMessage());
        }
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy config) {
        config.setAttribute(TestLaunch.RESOURCE, resource.getText().strip());
        config.setAttribute(TestLaunch.FILTER, filter.getText().strip());
    }

    @Override
    public boolean isValid(ILaunchConfiguration config) {
        setErrorMessage(null);
        try {
            IResource r = TestLaunch.resource(config);
            if (r.getType() == IResource.FILE && !"csf".equalsIgnoreCase(r.getFileExtension())) {
                setErrorMessage(r.getFullPath() + " is not a .csf file");
                return false;
            }
            String glob = TestLaunch.filter(config);
            if (glob != null) {
                java.nio.file.FileSystems.getDefault().getPathMatcher("glob:" + glob);
            }
            return true;
        } catch (CoreException e) {
            setErrorMessage(e.getStatus().getMessage());
        } catch (IllegalArgumentException e) {
            setErrorMessage("filter: " + e.getMessage());
        }
        return false;
    }

    @Override
    public String getName() {
        return "Tests";
    }
}
