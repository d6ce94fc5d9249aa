package dev.csfstudio.debug;

import dev.csfstudio.runtime.Result;

/** A logpoint's message with each {@code {expression}} replaced by its value ({@code {{} and {@code }}} are braces). */
final class LogMessage {

    private LogMessage() {
    }

    static String interpolate(String message, BreakpointTable.Evaluator evaluator) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < message.length() && message.charAt(i + 1) == c) {
                out.append(c);
                i++;
            } else if (c == '{' && message.indexOf('}', i) > i) {
                int end = message.indexOf('}', i);
                String expression = message.substring(i + 1, end);
                Result<Long> v = evaluator.evaluate(expression);
                out.append(v instanceof Result.Refused<Long> r ? "<" + r.reason() + ">" : ValueText.hex(v.orElseThrow()));
                i = end;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
