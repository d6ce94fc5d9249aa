package dev.csfstudio.eclipse.debug.launch;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ResourceListSelectionDialog;

import dev.csfstudio.eclipse.debug.CsfDebug;

/** The "Stream" tab: the .csf file, the entry stream, stop on entry, the step budget and the timeout. */
public final class CsfStreamTab extends AbstractLaunchConfigurationTab {

    private Text program;
    private Text entry;
    private Button stopOnEntry;
    private Text steps;
    private Spinner timeout;
    private Text history;

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(c);
        new Label(c, SWT.NONE).setText("&File:");
        program = new Text(c, SWT.BORDER);
        program.setMessage("/project/stream.csf or an absolute path");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(program);
        Button browse = createPushButton(c, "&Browse...", null);
        browse.addListener(SWT.Selection, e -> browse());
        new Label(c, SWT.NONE).setText("&Entry stream:");
        entry = new Text(c, SWT.BORDER);
        entry.setMessage("the program's .entry");
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(entry);
        stopOnEntry = new Button(c, SWT.CHECK);
        stopOnEntry.setText("&Stop on entry (the entry stream's first instruction)");
        GridDataFactory.fillDefaults().span(3, 1).applyTo(stopOnEntry);
        new Label(c, SWT.NONE).setText("Step &budget:");
        steps = new Text(c, SWT.BORDER);
        steps.setMessage("0: csf run's default (10,000,000)");
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(steps);
        new Label(c, SWT.NONE).setText("&Timeout (s):");
        timeout = new Spinner(c, SWT.BORDER);
        timeout.setValues(0, 0, 86_400, 0, 1, 10);
        timeout.setToolTipText("0: the adapter's default (30 s)");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(timeout);
        new Label(c, SWT.NONE).setText("&History (MiB):");
        history = new Text(c, SWT.BORDER);
        history.setMessage("0: the adapter's default (256 MiB); beyond it Step Back loses the oldest states");
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(history);
        for (var w : new org.eclipse.swt.widgets.Widget[] { program, entry, steps, history }) {
            w.addListener(SWT.Modify, e -> updateLaunchConfigurationDialog());
        }
        stopOnEntry.addListener(SWT.Selection, e -> updateLaunchConfigurationDialog());
        timeout.addListener(SWT.Modify, e -> updateLaunchConfigurationDialog());
        setControl(c);
    }

    private void browse() {
        ResourceListSelectionDialog d = new ResourceListSelectionDialog(getShell(),
                ResourcesPlugin.getWorkspace().getRoot(), IResource.FILE);
        d.setTitle("CSF stream");
        d.setMessage("Choose the .csf file to debug (*.csf):");
        if (d.open() == ResourceListSelectionDialog.OK && d.getResult().length > 0 && d.getResult()[0] instanceof IFile f) {
            program.setText(ProgramFile.attribute(f));
        }
    }

    /** What the widgets say, or null when the step budget or the history bound is not a number. */
    private LaunchSettings settings() {
        long budget = steps.getText().isBlank() ? 0 : LaunchSettings.steps(steps.getText());
        long historyMiB = history.getText().isBlank() ? 0 : LaunchSettings.steps(history.getText());
        if (budget < 0 || historyMiB < 0) {
            return null;
        }
        return new LaunchSettings(program.getText().strip(), entry.getText().strip(), stopOnEntry.getSelection(), budget,
                timeout.getSelection(), historyMiB);
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
        LaunchSettings.DEFAULTS.write(configuration);
    }

    @Override
    public void initializeFrom(ILaunchConfiguration configuration) {
        LaunchSettings s;
        try {
            s = LaunchSettings.read(configuration);
        } catch (CoreException e) {
            CsfDebug.log(org.eclipse.core.runtime.IStatus.WARNING, "Reading a CSF Stream configuration: " + e.getMessage(), e);
            s = LaunchSettings.DEFAULTS;
        }
        program.setText(s.program());
        entry.setText(s.entry());
        stopOnEntry.setSelection(s.stopOnEntry());
        steps.setText(s.steps() == 0 ? "" : Long.toString(s.steps()));
        timeout.setSelection(s.timeoutSeconds());
        history.setText(s.historyMiB() == 0 ? "" : Long.toString(s.historyMiB()));
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy configuration) {
        LaunchSettings s = settings();
        if (s != null) {
            s.write(configuration);
        }
    }

    @Override
    public boolean isValid(ILaunchConfiguration launchConfig) {
        setErrorMessage(null);
        LaunchSettings s = settings();
        String problem = s == null ? "The step budget and the history bound must be whole numbers (0: the default)." : s.problem(ProgramFile::path);
        setErrorMessage(problem);
        return problem == null;
    }

    @Override
    public String getName() {
        return "Stream";
    }
}
