package dev.csfstudio.eclipse.operations.rename;

import org.eclipse.ltk.ui.refactoring.RefactoringWizard;
import org.eclipse.ltk.ui.refactoring.UserInputWizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** The Rename dialog: the new name, then Preview (every file changed) or OK. */
public final class RenameWizard extends RefactoringWizard {

    public RenameWizard(RenameRefactoring refactoring) {
        super(refactoring, DIALOG_BASED_USER_INTERFACE | PREVIEW_EXPAND_FIRST_NODE);
        setDefaultPageTitle("Rename CSF Symbol");
    }

    @Override
    protected void addUserInputPages() {
        addPage(new NamePage((RenameRefactoring) getRefactoring()));
    }

    private static final class NamePage extends UserInputWizardPage {
        private final RenameRefactoring refactoring;

        NamePage(RenameRefactoring refactoring) {
            super("name");
            this.refactoring = refactoring;
        }

        @Override
        public void createControl(Composite parent) {
            Composite c = new Composite(parent, SWT.NONE);
            c.setLayout(new GridLayout(2, false));
            new Label(c, SWT.NONE).setText("New name:");
            Text name = new Text(c, SWT.BORDER);
            name.setLayoutData(new GridData(GridData.FILL_HORIZONTAL));
            name.setText(refactoring.oldName());
            name.selectAll();
            name.addModifyListener(e -> {
                refactoring.setNewName(name.getText());
                setPageComplete(!name.getText().isBlank() && !name.getText().strip().equals(refactoring.oldName()));
            });
            setPageComplete(false);
            setControl(c);
            name.setFocus();
        }
    }
}
