package dev.csfstudio.eclipse.debug.model;

import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.DebugElement;
import org.eclipse.debug.core.model.IDebugTarget;

import dev.csfstudio.eclipse.debug.CsfDebug;

/** A part of a CSF debug session: knows its target and the model it belongs to. */
abstract class CsfDebugElement extends DebugElement {

    protected final CsfDebugTarget target;

    CsfDebugElement(CsfDebugTarget target) {
        super(target);
        this.target = target;
    }

    @Override
    public String getModelIdentifier() {
        return CsfDebug.MODEL;
    }

    @Override
    public IDebugTarget getDebugTarget() {
        return target;
    }

    @Override
    public ILaunch getLaunch() {
        return target.getLaunch();
    }
}
