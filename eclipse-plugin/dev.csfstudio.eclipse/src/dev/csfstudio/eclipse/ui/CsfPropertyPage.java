package dev.csfstudio.eclipse.ui;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.PropertyPage;
import org.osgi.service.prefs.BackingStoreException;

import dev.csfstudio.program.output.OutputFormat;
import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.build.BuildSettings;
import dev.csfstudio.eclipse.build.CsfNature;

/** Project > Properties > CSF Studio: the builder on or off, its output folder and the binaries' format. */
public final class CsfPropertyPage extends PropertyPage {

    private Button enabled;
    private Text folder;
    private Combo format;

    private IProject project() {
        IAdaptable e = getElement();
        return e == null ? null : e.getAdapter(IProject.class);
    }

    @Override
    protected Control createContents(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        IProject p = project();
        BuildSettings s = BuildSettings.of(p);
        enabled = new Button(c, SWT.CHECK);
        enabled.setText("Assemble every .csf of this project on save and on Project > Build (CSF Studio nature)");
        enabled.setSelection(CsfNature.has(p));
        enabled.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        new Label(c, SWT.NONE).setText("Output folder:");
        folder = new Text(c, SWT.BORDER);
        folder.setText(s.outputFolder().toString());
        folder.setLayoutData(new GridData(GridData.FILL_HORIZONTAL));
        new Label(c, SWT.NONE).setText("Format:");
        format = new Combo(c, SWT.READ_ONLY);
        for (OutputFormat f : OutputFormat.values()) {
            format.add(f.extension());
        }
        format.setText(s.format().extension());
        Label hint = new Label(c, SWT.WRAP);
        hint.setText("x/y.csf is written to OUTPUT/x/y.FORMAT: bin (entry stream, little-endian), hex (one word per line), "
                + "c (uint64_t array) or json (every stream, buffer and symbol), as csf asm --format writes them.");
        GridData wide = new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1);
        wide.widthHint = 400;
        hint.setLayoutData(wide);
        return c;
    }

    @Override
    public boolean performOk() {
        IProject p = project();
        var node = BuildSettings.node(p);
        node.put(BuildSettings.OUTPUT_FOLDER, folder.getText().strip());
        node.put(BuildSettings.FORMAT, format.getText());
        try {
            node.flush();
            CsfNature.set(p, enabled.getSelection(), null);
        } catch (BackingStoreException | org.eclipse.core.runtime.CoreException e) {
            CsfPlugin.log(IStatus.ERROR, "Cannot save the CSF settings of " + p.getName() + ": " + e.getMessage(), e);
            setErrorMessage(e.getMessage());
            return false;
        }
        return true;
    }
}
