package dev.csfstudio.eclipse.testing;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
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
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Project, folder or .csf file:");
        resource = new Text(c, SWT.BORDER);
        resource.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        resource.setMessage("/project/folder");
        new Label(c, SWT.NONE).setText("Filter (glob):");
        filter = new Text(c, SWT.BORDER);
        filter.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        filter.setMessage("all test streams, or e.g. sub/clear*.csf");
        resource.addModifyListener(e -> updateLaunchConfigurationDialog());
        filter.addModifyListener(e -> updateLaunchConfigurationDialog());
        setControl(c);
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy config) {
        config.setAttribute(TestLaunch.RESOURCE, "");
        config.setAttribute(TestLaunch.FILTER, "");
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
