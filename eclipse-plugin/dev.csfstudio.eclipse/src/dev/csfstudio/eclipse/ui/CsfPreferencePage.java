package dev.csfstudio.eclipse.ui;

import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.DirectoryFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.FileFieldEditor;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.server.ServerCommand;
import dev.csfstudio.eclipse.operations.codelens.CsfCodeMinings;
import dev.csfstudio.eclipse.server.CsfServers;

/** CSF Studio preferences: how the language server starts, the background run; OK restarts the server. */
public final class CsfPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

    public CsfPreferencePage() {
        super(GRID);
        setDescription("The CSF language server runs as \"java -jar <server jar> lsp\". Empty fields: JAVA_HOME, "
                + "java on PATH or the Java running Eclipse, and the jar bundled with the plugin.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(CsfPlugin.getDefault().getPreferenceStore());
    }

    @Override
    protected void createFieldEditors() {
        addField(new DirectoryFieldEditor(ServerCommand.JAVA_HOME, ServerCommand.JAVA_HOME_LABEL + ":", getFieldEditorParent()));
        FileFieldEditor jar = new FileFieldEditor(ServerCommand.JAR, ServerCommand.JAR_LABEL + ":", getFieldEditorParent());
        jar.setFileExtensions(new String[] {"*.jar"});
        addField(jar);
        addField(new StringFieldEditor(ServerCommand.VM_ARGS, "JVM options:", getFieldEditorParent()));
        addField(new StringFieldEditor(ServerCommand.COMMAND, ServerCommand.COMMAND_LABEL + " (overrides the above):", getFieldEditorParent()));
        addField(new BooleanFieldEditor(CsfServers.RUN_BACKGROUND, "Run each document that assembles after edits settle", getFieldEditorParent()));
        IntegerFieldEditor delay = new IntegerFieldEditor(CsfServers.RUN_DELAY_MS, "Milliseconds before the background run:", getFieldEditorParent());
        delay.setValidRange(0, 60_000);
        addField(delay);
        addField(new BooleanFieldEditor(CsfEditor.FORMAT_ON_SAVE, "Format on save (Source > Format)", getFieldEditorParent()));
        addField(new BooleanFieldEditor(CsfCodeMinings.SHOW_WORDS, "Code minings: encoded word and branch target after each instruction",
                getFieldEditorParent()));
        addField(new BooleanFieldEditor(CsfCodeMinings.SHOW_REGISTERS, "Code minings: register values after the last run",
                getFieldEditorParent()));
        addField(new BooleanFieldEditor(CsfCodeMinings.SHOW_LENSES, "Code minings: \"\u25b6 Run | Assemble\" above each stream",
                getFieldEditorParent()));
    }

    @Override
    public boolean performOk() {
        boolean ok = super.performOk();
        if (ok) {
            CsfServers.get().restart();
        }
        return ok;
    }
}
