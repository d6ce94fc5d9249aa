package dev.csfstudio.eclipse.debug.model;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.lsp4j.debug.Variable;
import org.eclipse.lsp4j.debug.VariablesArguments;
import org.eclipse.lsp4j.debug.VariablesResponse;

/** A value as the adapter prints it; its children (variablesReference) are read when first expanded. */
public final class CsfValue extends CsfDebugElement implements IValue {

    private final String text;
    private final String type;
    private final int reference;
    private final String memoryReference;
    private final int stop;
    private IVariable[] children;

    CsfValue(CsfDebugTarget target, String text, String type, int reference, String memoryReference) {
        super(target);
        this.text = text != null ? text : "";
        this.type = type != null ? type : "";
        this.reference = reference;
        this.memoryReference = memoryReference;
        this.stop = target.stopCount();
    }

    /** The GPU VA this value points at, when it is an address (DAP memoryReference). */
    public String memoryReference() {
        return memoryReference;
    }

    @Override
    public String getReferenceTypeName() {
        return type;
    }

    @Override
    public String getValueString() {
        return text;
    }

    @Override
    public boolean isAllocated() {
        return true;
    }

    @Override
    public synchronized IVariable[] getVariables() throws DebugException {
        if (reference == 0 || stop != target.stopCount() || !target.isSuspended()) {
            return new IVariable[0];
        }
        if (children == null) {
            VariablesArguments a = new VariablesArguments();
            a.setVariablesReference(reference);
            VariablesResponse r = target.call(target.server().variables(a), "variables");
            Variable[] v = r != null && r.getVariables() != null ? r.getVariables() : new Variable[0];
            IVariable[] c = new IVariable[v.length];
            for (int i = 0; i < v.length; i++) {
                c[i] = CsfVariable.of(target, reference, v[i]);
            }
            children = c;
        }
        return children;
    }

    @Override
    public boolean hasVariables() {
        return reference != 0;
    }
}
