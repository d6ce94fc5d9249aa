package dev.csfstudio.eclipse.debug.ui;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.debug.ui.actions.IVariableValueEditor;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;

/**
 * Change Value for CSF variables: the dialog starts from the value as the adapter takes it back, the hex of a
 * register shown as {@code 0x000f000f (983055)} rather than the shown text, which setVariable would refuse.
 */
public final class CsfValueEditor implements IVariableValueEditor {

    /** The adapter's text of a number: its hex, then its decimal in parentheses. */
    private static final Pattern HEX_AND_DECIMAL = Pattern.compile("(0x[0-9a-fA-F]+) \\(-?[0-9]+\\)");

    @Override
    public boolean editVariable(IVariable variable, Shell shell) {
        try {
            InputDialog dialog = new InputDialog(shell, "Change Value",
                    "Enter a new value for " + variable.getName() + " (hex or decimal):",
                    initialValue(variable.getValue().getValueString()),
                    text -> text.isBlank() ? "Enter a value" : null);
            if (dialog.open() == Window.OK) {
                variable.setValue(dialog.getValue());
            }
        } catch (DebugException e) {
            ErrorDialog.openError(shell, "Change Value", "Cannot change " + variable, e.getStatus());
        }
        return true;
    }

    @Override
    public boolean saveVariable(IVariable variable, String expression, Shell shell) {
        return false; // the Variables view's cell editor sets the value itself
    }

    /** What the dialog starts from: the hex of a number shown with its decimal, else the text as shown. */
    public static String initialValue(String shown) {
        Matcher m = HEX_AND_DECIMAL.matcher(shown);
        return m.matches() ? m.group(1) : shown;
    }
}
