package dev.csfstudio.eclipse.debug.model;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IDebugElement;
import org.eclipse.debug.core.model.IValue;
import org.eclipse.debug.core.model.IWatchExpressionDelegate;
import org.eclipse.debug.core.model.IWatchExpressionListener;
import org.eclipse.debug.core.model.IWatchExpressionResult;
import org.eclipse.lsp4j.debug.EvaluateResponse;

/**
 * Watch expressions (the Expressions view, Watch on a selection) through the adapter's {@code evaluate} in the
 * selected frame, or the stopped queue's top frame: whatever the adapter evaluates (registers, labels,
 * constants, expressions of them); its refusal is the expression's error.
 */
public final class CsfWatchExpressions implements IWatchExpressionDelegate {

    @Override
    public void evaluateExpression(String expression, IDebugElement context, IWatchExpressionListener listener) {
        Job job = Job.create("Evaluating " + expression, (IProgressMonitor monitor) -> {
            listener.watchEvaluationFinished(evaluate(expression, context));
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        job.schedule();
    }

    private static IWatchExpressionResult evaluate(String expression, IDebugElement context) {
        if (!(context.getDebugTarget() instanceof CsfDebugTarget target) || !target.isSuspended()) {
            return result(expression, null, "the CSF session is not suspended", null);
        }
        try {
            CsfStackFrame frame = context instanceof CsfStackFrame f ? f
                    : context instanceof CsfThread t && t.getTopStackFrame() instanceof CsfStackFrame top ? top : null;
            EvaluateResponse r = target.evaluate(expression, frame, "watch");
            int reference = r.getVariablesReference();
            return result(expression, new CsfValue(target, r.getResult(), r.getType(), reference,
                    r.getMemoryReference()), null, null);
        } catch (DebugException e) {
            return result(expression, null, e.getStatus().getMessage(), e);
        }
    }

    private static IWatchExpressionResult result(String expression, IValue value, String error, DebugException e) {
        return new IWatchExpressionResult() {
            @Override
            public IValue getValue() {
                return value;
            }

            @Override
            public boolean hasErrors() {
                return error != null;
            }

            @Override
            public String[] getErrorMessages() {
                return error != null ? new String[] { error } : new String[0];
            }

            @Override
            public String getExpressionText() {
                return expression;
            }

            @Override
            public DebugException getException() {
                return e;
            }
        };
    }
}
