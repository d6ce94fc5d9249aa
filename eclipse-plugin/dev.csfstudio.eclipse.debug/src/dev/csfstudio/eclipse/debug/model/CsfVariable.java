package dev.csfstudio.eclipse.debug.model;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IVariable;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.SetVariableArguments;
import org.eclipse.lsp4j.debug.SetVariableResponse;
import org.eclipse.lsp4j.debug.Variable;

/**
 * A DAP variable (a register, a descriptor field, a sync object) or a scope shown as one; a register's value can
 * be changed (DAP setVariable), in hex or decimal as the adapter takes it.
 */
public final class CsfVariable extends CsfDebugElement implements IVariable {

    /** The variablesReference of the container the variable is in (0 for a scope). */
    private final int container;
    private final String name;
    private final boolean isScope;
    /** The adapter marked it changed by the last step (presentationHint.attributes holds "changed"). */
    private final boolean changed;
    private volatile CsfValue value;

    private CsfVariable(CsfDebugTarget target, int container, String name, CsfValue value, boolean isScope,
                        boolean changed) {
        super(target);
        this.container = container;
        this.name = name;
        this.value = value;
        this.isScope = isScope;
        this.changed = changed;
    }

    static CsfVariable scope(CsfDebugTarget target, Scope s) {
        return new CsfVariable(target, 0, s.getName(),
                new CsfValue(target, "", "scope", s.getVariablesReference(), null), true, false);
    }

    static CsfVariable of(CsfDebugTarget target, int container, Variable v) {
        return new CsfVariable(target, container, v.getName(),
                new CsfValue(target, v.getValue(), v.getType(), v.getVariablesReference(), v.getMemoryReference()), false,
                changed(v));
    }

    /** Whether the adapter says the last step changed {@code v}: its presentationHint's attributes hold "changed". */
    static boolean changed(Variable v) {
        return v.getPresentationHint() != null && v.getPresentationHint().getAttributes() != null
                && java.util.Arrays.asList(v.getPresentationHint().getAttributes()).contains("changed");
    }

    @Override
    public IValue getValue() {
        return value;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getReferenceTypeName() {
        return value.getReferenceTypeName();
    }

    @Override
    public boolean hasValueChanged() {
        return changed; // the Variables view shows it in its "changed value" colours, as JDT's changed variables
    }

    @Override
    public void setValue(String expression) throws DebugException {
        SetVariableArguments a = new SetVariableArguments();
        a.setVariablesReference(container);
        a.setName(name);
        a.setValue(expression.strip());
        SetVariableResponse r = target.call(target.server().setVariable(a), "setVariable " + name);
        CsfValue old = value;
        value = new CsfValue(target, r.getValue(), r.getType() != null ? r.getType() : old.getReferenceTypeName(),
                r.getVariablesReference() != null ? r.getVariablesReference() : 0, old.memoryReference());
        fireChangeEvent(DebugEvent.CONTENT);
    }

    @Override
    public void setValue(IValue v) throws DebugException {
        setValue(v.getValueString());
    }

    @Override
    public boolean supportsValueModification() {
        return !isScope && container != 0 && Boolean.TRUE.equals(target.capabilities().getSupportsSetVariable());
    }

    @Override
    public boolean verifyValue(String expression) {
        return !expression.isBlank();
    }

    @Override
    public boolean verifyValue(IValue v) throws DebugException {
        return verifyValue(v.getValueString());
    }
}
