package dev.csfstudio.debug;

import dev.csfstudio.runtime.Result;

import java.util.function.LongPredicate;

/**
 * A breakpoint's hit condition, on the count of times it was reached with its condition true:
 * {@code N} (from the N-th hit on), {@code == N}, {@code != N}, {@code > N}, {@code >= N}, {@code < N},
 * {@code <= N}, {@code % N} (every N-th hit).
 */
final class HitCondition {

    private HitCondition() {
    }

    static Result<LongPredicate> parse(String text) {
        String t = text.trim();
        String op = "";
        for (String o : new String[] {"==", "!=", ">=", "<=", ">", "<", "%", "="}) {
            if (t.startsWith(o)) {
                op = o;
                t = t.substring(o.length()).trim();
                break;
            }
        }
        var number = ValueText.parseNumber(t);
        if (number.isEmpty() || (op.equals("%") && number.get() == 0)) {
            return Result.refused("hit condition '" + text + "' is not understood: expected a count such as 5, >= 5,"
                    + " == 5, < 5 or % 5 (every fifth hit)");
        }
        long n = number.get();
        LongPredicate p = switch (op) {
            case "==", "=" -> hits -> hits == n;
            case "!=" -> hits -> hits != n;
            case ">" -> hits -> hits > n;
            case "<" -> hits -> hits < n;
            case "<=" -> hits -> hits <= n;
            case "%" -> hits -> hits % n == 0;
            default -> hits -> hits >= n;
        };
        return Result.ok(p);
    }
}
