package dev.csfstudio.debug;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.program.SourceRange;

import java.util.Locale;
import java.util.Optional;

/** How the debugger writes and reads numbers and GPU addresses (memory references). */
final class ValueText {

    private ValueText() {
    }

    /** A 32-bit register: {@code 0x0000000f (15)}. */
    static String word(long value) {
        return String.format(Locale.ROOT, "0x%08x (%d)", value & 0xffff_ffffL, value & 0xffff_ffffL);
    }

    /** A 64-bit value: {@code 0x0000001000000000 (68719476736)}, unsigned. */
    static String dword(long value) {
        return String.format(Locale.ROOT, "0x%016x (%s)", value, Long.toUnsignedString(value));
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /** A memory reference: the GPU VA, prefixed with its VM when that is not the stopped queue's. */
    static String memoryReference(String vm, long va, String focusVm) {
        return vm.equals(focusVm) ? hex(va) : vm + ":" + hex(va);
    }

    /** A reference the debugger gave out: {@code [vm:]0xVA} (or a decimal VA). */
    record Reference(Optional<String> vm, long va) {
    }

    static Optional<Reference> parseReference(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim();
        int colon = t.indexOf(':');
        Optional<String> vm = colon >= 0 ? Optional.of(t.substring(0, colon)) : Optional.empty();
        return parseNumber(t.substring(colon + 1)).map(va -> new Reference(vm, va));
    }

    /**
     * A number token as source writes it ({@code 0x1f}, {@code 0b101}, {@code 31}, {@code 1_000}; up to 64 bits), read
     * by the assembler's {@link ExpressionEvaluator#parseNumber}: one number reader for source and debugger.
     */
    static Optional<Long> parseNumber(String text) {
        String t = text.trim();
        if (t.isEmpty() || !Lexicon.isDigit(t.charAt(0)) || Lexicon.numberEnd(t, 0, t.length()) != t.length()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ExpressionEvaluator.parseNumber(t, SourceRange.at(null, 1, 1, t.length())));
        } catch (DiagnosticException e) {
            return Optional.empty();
        }
    }
}
