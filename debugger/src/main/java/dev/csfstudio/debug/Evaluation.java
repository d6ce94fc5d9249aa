package dev.csfstudio.debug;

import dev.csfstudio.runtime.PageWalk;
import dev.csfstudio.runtime.Result;
import org.eclipse.lsp4j.debug.EvaluateResponse;

/**
 * DAP {@code evaluate} in a stopped queue: an {@link Expressions expression}, whose value carries a memory
 * reference when it is a mapped GPU VA of the queue's VM; or the command {@code walk <expression>}, the
 * page-table walk of that VA in the queue's VM, level by level.
 */
final class Evaluation {

    private Evaluation() {
    }

    static Result<EvaluateResponse> evaluate(String text, Expressions.Scope scope, Session session) {
        String t = text.trim();
        if (t.startsWith("walk ") || t.equals("walk")) {
            return walk(t.substring(4), scope);
        }
        Result<Long> value = Expressions.evaluate(t, scope);
        if (value instanceof Result.Refused<Long> r) {
            return Result.refused(r.reason());
        }
        long v = value.orElseThrow();
        EvaluateResponse response = new EvaluateResponse();
        response.setResult(ValueText.dword(v));
        response.setType("u64");
        response.setVariablesReference(0);
        String vm = scope.queue().vm();
        if (Variables.isMapped(session.machine(), vm, v)) {
            response.setMemoryReference(ValueText.hex(v));
        }
        return Result.ok(response);
    }

    private static Result<EvaluateResponse> walk(String expression, Expressions.Scope scope) {
        if (expression.isBlank()) {
            return Result.refused("walk needs a GPU VA: walk <expression>, e.g. walk d40 or walk 0x1000000000");
        }
        Result<Long> va = Expressions.evaluate(expression, scope);
        if (va instanceof Result.Refused<Long> r) {
            return Result.refused(r.reason());
        }
        Result<PageWalk> walk = scope.machine().pageWalk(scope.queue().vm(), va.orElseThrow());
        if (walk instanceof Result.Refused<PageWalk> r) {
            return Result.refused(r.reason());
        }
        EvaluateResponse response = new EvaluateResponse();
        response.setResult(String.join("\n", walk.orElseThrow().lines()));
        response.setVariablesReference(0);
        return Result.ok(response);
    }
}
