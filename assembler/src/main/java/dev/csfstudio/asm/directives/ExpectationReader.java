package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.diagnostic.SpellingSuggestions;
import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.layout.Layout;
import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.source.Parsing;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.isa.ExceptionTable;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Expectation.Comparison;
import dev.csfstudio.program.Expectation.Ending;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.SourceRange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one {@code .expect} statement into an {@link Expectation}, once every address is known (its fixup):
 * what it names must exist (registers of the architecture, queues, buffers, the golden PNG), its value must
 * be of the subject's kind and fit it; anything else is an error at the part that is wrong.
 */
public final class ExpectationReader {

    /**
     * What an expectation may name, as the assembly knows it after pass 1.
     *
     * @param bufferVms       every buffer's VM, by buffer name
     * @param sectionVms      every stream's and buffer's VM, by name
     * @param vms             the program's VMs
     * @param queues          the queues a run has: those declared, or the default one
     * @param goldensRequired whether golden PNGs must already exist ({@code csf test --update-golden} writes
     *                        missing ones)
     */
    public record Names(Map<String, String> bufferVms, Map<String, String> sectionVms, Collection<String> vms,
                 Collection<String> queues, int registerCount, ExceptionTable exceptions,
                 boolean goldensRequired) {

        /**
         * The names an assembly's sections, VMs and queues give, once every one is declared; {@code exceptions} the
         * architecture's, whose names a fault expectation may use.
         */
        public static Names of(Collection<SectionBuilder> sections, List<String> vms, List<String> queues, int registerCount,
                               ExceptionTable exceptions, boolean goldensRequired) {
            Map<String, String> buffers = new LinkedHashMap<>();
            Map<String, String> all = new LinkedHashMap<>();
            for (SectionBuilder b : sections) { // loops: no call site linked on a small run's path
                if (b.kind == SectionKind.BUFFER) {
                    buffers.put(b.name, b.vm);
                }
                all.put(b.name, b.vm);
            }
            return new Names(buffers, all, List.copyOf(vms), queues, registerCount, exceptions, goldensRequired);
        }
    }

    static final String SYNTAX = ".expect [QUEUE.]status ok|fault [KIND] [, line=N]|timeout|deadlock|hazard  |  .expect rN|dN|QUEUE.rN OP expr"
            + "  |  .expect byte|hword|word|dword [ADDR] OP expr [, vm=VM]  |  .expect pixel BUFFER(X, Y) == (R, G, B, A)"
            + "  |  .expect image BUFFER == \"golden.png\" [, tolerance=N]  |  .expect instructions OP expr";

    /** What a subject may be but a register, for the suggestion for a misspelt one. */
    private static List<String> subjects() {
        List<String> out = new ArrayList<>(Directives.EXPECT_SUBJECTS.keySet());
        for (String ending : Ending.spellings()) {
            if (!ending.equals("fault")) {
                out.add(ending);
            }
        }
        return out;
    }

    private static final Map<String, Integer> WIDTHS = Map.of("byte", 1, "hword", 2, "word", 4, "dword", 8);

    private final Path file;
    private final ExpressionEvaluator evaluator;
    private final Names names;

    public ExpectationReader(ExpressionEvaluator evaluator, Names names) {
        this.file = evaluator.file();
        this.evaluator = evaluator;
        this.names = names;
    }

    /** The expectation of {@code d}, a {@code .expect} directive; {@code vm} is the VM in force at it. */
    public Expectation read(CsfParser.DirectiveContext d, String vm) {
        return read(ExpectationSyntax.of(d, evaluator), vm);
    }

    /**
     * The expectation of a line the plain scanner read ({@code statement} its directive's range, {@code line} the
     * line's text, names resolved by {@code scope}): what {@link #read(CsfParser.DirectiveContext, String)} gives.
     */
    public Expectation read(ScannedExpectation x, SourceRange statement, String line, ExpressionEvaluator.Scope scope,
                            String vm) {
        return read(ExpectationSyntax.of(x, statement, line, scope), vm);
    }

    private Expectation read(ExpectationSyntax e, String vm) {
        SourceRange whole = e.range();
        String text = e.text();
        String subject = e.subject();
        String lower = subject.toLowerCase(Locale.ROOT);
        if (Ending.named(lower).isPresent()) {
            return status(e, whole, text, -1, null);
        }
        int dot = subject.indexOf('.');
        if (dot > 0 && lower.substring(dot + 1).equals("status") && plainName(subject.substring(0, dot))) {
            String queue = subject.substring(0, dot);
            if (!names.queues().contains(queue)) {
                throw unknown(e.subjectRange(), "queue", queue, names.queues());
            }
            return status(e, whole, text, 0, queue);
        }
        return switch (lower) {
            case "status" -> status(e, whole, text, 0, null);
            case "byte", "hword", "word", "dword" -> memory(e, whole, text, vm, WIDTHS.get(lower));
            case "pixel" -> pixel(e, whole, text);
            case "image" -> image(e, whole, text);
            case "job" -> job(e, whole, text);
            case "instructions" -> {
                noTargets(e, 0);
                noOptions(e);
                yield new Expectation.InstructionCount(whole, text, comparison(e, "the instruction count"),
                        expectedExpr(e, "a number of instructions").value());
            }
            default -> register(e, whole, text, subject);
        };
    }

    // ------------------------------------------------------------------ subjects

    /** {@code job N PATH OP VALUE}: a value the N-th RUN_* job read. */
    private Expectation job(ExpectationSyntax e, SourceRange whole, String text) {
        List<ExpectationSyntax.Target> targets = e.targets();
        boolean shaped = targets.size() == 2 && !targets.get(0).bracketed() && !targets.get(1).bracketed()
                && targets.get(0).term() != null && targets.get(1).term() != null && targets.get(1).term().name() != null;
        if (!shaped) {
            throw DiagnosticException.error(targets.isEmpty() ? e.expectationRange() : targets.get(0).range(),
                    DiagnosticCode.SYNTAX, ".expect job needs a job number and what it read: .expect job N INPUT[.FIELD]"
                            + " == VALUE (e.g. .expect job 1 spd.stage == 1)");
        }
        long number = targets.get(0).term().value();
        if (number < 1 || number > Integer.MAX_VALUE) {
            throw DiagnosticException.error(targets.get(0).range(), DiagnosticCode.OUT_OF_RANGE, "job " + number
                    + " out of range: allowed 1.." + Integer.MAX_VALUE + " (jobs are numbered from 1 in the order they run)");
        }
        noOptions(e);
        Comparison c = comparison(e, "a job's input");
        ExpectationSyntax.Term x = expectedExpr(e, "a number");
        return new Expectation.JobInput(whole, text, (int) number, targets.get(1).term().name().toLowerCase(Locale.ROOT),
                c, x.value());
    }

    /**
     * {@code status ENDING [KIND]} ({@code first} = 0) or the short {@code ENDING [KIND]} ({@code first} = -1); of
     * {@code queue} ({@code QUEUE.status ENDING [KIND]}), or of the run when null.
     */
    private Expectation status(ExpectationSyntax e, SourceRange whole, String text, int first, String queue) {
        if (e.comparison() != null) {
            throw DiagnosticException.error(e.comparisonRange(), DiagnosticCode.EXPECT_TYPE, "a status is named, not compared: "
                    + "write '.expect status ok' (or fault [KIND], timeout, deadlock, hazard)");
        }
        List<ExpectationSyntax.Target> targets = e.targets();
        String ending;
        SourceRange endingRange;
        if (first == 0) {
            if (targets.isEmpty()) {
                throw DiagnosticException.error(e.expectationRange(), DiagnosticCode.SYNTAX, ".expect status needs " + endings());
            }
            ending = word(targets.get(0), endings());
            endingRange = targets.get(0).range();
        } else {
            ending = e.subject();
            endingRange = e.subjectRange();
        }
        java.util.Optional<Ending> named = Ending.named(ending);
        if (named.isEmpty()) {
            throw unknown(endingRange, "status", ending, Ending.spellings());
        }
        Ending end = named.get();
        int kindAt = first + 1;
        String kind = null;
        if (targets.size() > kindAt) {
            if (end != Ending.FAULT) {
                throw DiagnosticException.error(targets.get(kindAt).range(), DiagnosticCode.SYNTAX, "only a fault has a kind; "
                        + "'" + ending + "' takes none");
            }
            kind = faultKind(targets.get(kindAt));
        }
        noTargets(e, kindAt + 1);
        SourceRange line = null;
        ExpectationSyntax.Option o = onlyOption(e, end == Ending.OK ? null : "line");
        if (o != null) {
            long n = valueExpr(o.value()).value();
            if (n < 1 || n > Integer.MAX_VALUE) {
                throw DiagnosticException.error(o.value().range(), DiagnosticCode.OUT_OF_RANGE, "line " + n + " must be a line"
                        + " number of this file, from 1");
            }
            line = new SourceRange(file, (int) n, 1, (int) n, Integer.MAX_VALUE);
        }
        return new Expectation.Status(whole, text, end, kind, line, queue);
    }

    /**
     * A fault's kind: the simulator's short spelling ({@code translation}, in lower case) or the name of the
     * architecture's hardware exception ({@code TRANSLATION_FAULT_1}, in upper case), in any letter case.
     */
    private String faultKind(ExpectationSyntax.Target target) {
        String word = word(target, "a fault kind");
        String lower = word.toLowerCase(Locale.ROOT);
        if (Expectation.FAULT_KINDS.contains(lower)) {
            return lower;
        }
        Optional<ExceptionTable.ExceptionType> hardware = names.exceptions().byName(word);
        if (hardware.isPresent()) {
            return hardware.get().name();
        }
        List<String> known = new ArrayList<>(Expectation.FAULT_KINDS);
        for (ExceptionTable.ExceptionType e : names.exceptions().all()) {
            known.add(e.name());
        }
        throw unknown(target.range(), "fault kind (a short kind or a hardware exception's name)", word, known);
    }

    /** {@code ok, fault, timeout, deadlock or hazard}. */
    private static String endings() {
        List<String> all = Ending.spellings();
        return String.join(", ", all.subList(0, all.size() - 1)) + " or " + all.get(all.size() - 1);
    }

    private Expectation register(ExpectationSyntax e, SourceRange whole, String text, String subject) {
        SourceRange at = e.subjectRange();
        // [QUEUE.](r|d)DIGITS, QUEUE a name without dots
        int dot = subject.indexOf('.');
        String queue = dot < 0 ? null : subject.substring(0, dot);
        String register = subject.substring(dot + 1);
        if (queue != null && !plainName(queue) || !registerName(register)) {
            List<String> near = SpellingSuggestions.closest(subject, subjects());
            throw new DiagnosticException(Diagnostic.error(at, DiagnosticCode.UNKNOWN_EXPECTATION, "unknown expectation '" + subject
                    + "'" + (near.isEmpty() ? "; expected status, a register (r4, d40, QUEUE.r4), byte/hword/word/dword"
                    + " [ADDR], pixel BUFFER(X, Y), image BUFFER or instructions" : SpellingSuggestions.didYouMean(near)))
                    .withSuggestions(near));
        }
        String letter = register.substring(0, 1);
        String digits = register.substring(1);
        if (queue != null && !names.queues().contains(queue)) {
            throw unknown(at, "queue", queue, names.queues());
        }
        boolean pair = Character.toLowerCase(letter.charAt(0)) == 'd';
        int count = names.registerCount();
        int n;
        try {
            n = Integer.parseInt(digits);
        } catch (NumberFormatException tooLong) {
            n = Integer.MAX_VALUE;
        }
        int last = pair ? count - 2 : count - 1;
        if (n > last) {
            throw DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE, "register " + letter + digits
                    + " out of range: allowed " + letter + "0.." + letter + last);
        }
        if (pair && n % 2 != 0) {
            throw DiagnosticException.error(at, DiagnosticCode.OUT_OF_RANGE, "d" + n + " is no register pair: pairs start at an even"
                    + " register (d" + (n - 1) + " or d" + (n + 1) + ")");
        }
        noTargets(e, 0);
        noOptions(e);
        Comparison c = comparison(e, "a register");
        ExpectationSyntax.Term x = expectedExpr(e, "a number");
        long v = x.value();
        return new Expectation.Register(whole, text, queue, n, pair, c, pair ? v : fit(v, 4, x, "a 32-bit register"));
    }

    private Expectation memory(ExpectationSyntax e, SourceRange whole, String text, String vm, int width) {
        String kind = e.subject().toLowerCase(Locale.ROOT);
        List<ExpectationSyntax.Target> targets = e.targets();
        if (targets.size() != 1 || targets.get(0).term() == null || !targets.get(0).bracketed()) {
            throw DiagnosticException.error(targets.isEmpty() ? e.expectationRange() : targets.get(0).range(), DiagnosticCode.SYNTAX,
                    ".expect " + kind + " needs a GPU address in brackets: .expect " + kind + " [ADDR] == VALUE");
        }
        long address = targets.get(0).term().value();
        if (address < 0 || address >= Layout.VA_LIMIT || address % width != 0) {
            throw DiagnosticException.error(targets.get(0).range(), DiagnosticCode.OUT_OF_RANGE, "address 0x"
                    + Long.toHexString(address) + " must be a " + width + "-byte aligned GPU VA below 0x"
                    + Long.toHexString(Layout.VA_LIMIT));
        }
        String in = vm;
        // the first stream or buffer an address names ([counter_b + 4]): its VM is the one meant
        String named = targets.get(0).term().firstOf(names.sectionVms().keySet());
        if (named != null) {
            in = names.sectionVms().get(named);
        }
        ExpectationSyntax.Option o = onlyOption(e, "vm");
        if (o != null) {
            if (o.value().name() == null || !names.vms().contains(o.value().text())) {
                throw unknown(o.value().range(), "VM", o.value().text(), names.vms());
            }
            in = o.value().text();
        }
        Comparison c = comparison(e, "memory");
        ExpectationSyntax.Term x = expectedExpr(e, "a number");
        return new Expectation.Memory(whole, text, in, address, width, c, fit(x.value(), width, x, "a " + kind));
    }

    private Expectation pixel(ExpectationSyntax e, SourceRange whole, String text) {
        List<ExpectationSyntax.Target> targets = e.targets();
        ExpectationSyntax.Term call = targets.size() == 1 ? targets.get(0).term() : null;
        if (call == null || call.call() == null || call.parts().size() != 2 || targets.get(0).bracketed()) {
            throw DiagnosticException.error(targets.isEmpty() ? e.expectationRange() : targets.get(0).range(), DiagnosticCode.SYNTAX,
                    ".expect pixel needs a buffer and a position: .expect pixel BUFFER(X, Y) == (R, G, B, A)");
        }
        String buffer = buffer(call.call(), call.callRange());
        int x = coordinate(call.parts().get(0));
        int y = coordinate(call.parts().get(1));
        noOptions(e);
        Comparison c = comparison(e, "a pixel");
        if (c != Comparison.EQ && c != Comparison.NE) {
            throw DiagnosticException.error(e.comparisonRange(), DiagnosticCode.EXPECT_TYPE, "a pixel is compared with == or !=,"
                    + " not " + c.symbol());
        }
        if (e.value().expression() || e.value().string() != null || e.value().parts().size() != 4) {
            throw DiagnosticException.error(e.value().range(), DiagnosticCode.EXPECT_TYPE, "a pixel is compared with an RGBA colour"
                    + " (R, G, B, A), each 0..255, as its PNG shows it; got '" + e.value().text() + "'");
        }
        int rgba = 0;
        for (int i = 0; i < 4; i++) {
            ExpectationSyntax.Term ch = e.value().parts().get(i);
            long v = ch.value();
            if (v < 0 || v > 255) {
                throw DiagnosticException.error(ch.range(), DiagnosticCode.OUT_OF_RANGE, "colour channel " + v
                        + " out of range: allowed 0..255");
            }
            rgba |= (int) v << (8 * i);
        }
        return new Expectation.Pixel(whole, text, buffer, x, y, c, rgba);
    }

    private Expectation image(ExpectationSyntax e, SourceRange whole, String text) {
        List<ExpectationSyntax.Target> targets = e.targets();
        if (targets.size() != 1 || targets.get(0).term() == null || targets.get(0).term().name() == null) {
            throw DiagnosticException.error(targets.isEmpty() ? e.expectationRange() : targets.get(0).range(), DiagnosticCode.SYNTAX,
                    ".expect image needs a buffer: .expect image BUFFER == \"golden.png\"");
        }
        ExpectationSyntax.Term sym = targets.get(0).term();
        String buffer = buffer(sym.name(), sym.range());
        if (e.comparison() == null || comparison(e, "an image") != Comparison.EQ) {
            throw DiagnosticException.error(e.comparison() == null ? e.expectationRange() : e.comparisonRange(), DiagnosticCode.EXPECT_TYPE,
                    "an image is compared with == and a golden PNG: .expect image " + buffer + " == \"golden.png\"");
        }
        if (e.value().string() == null) {
            throw DiagnosticException.error(e.value().range(), DiagnosticCode.EXPECT_TYPE, "an image is compared with a golden PNG"
                    + " file name in quotes, got '" + e.value().text() + "'");
        }
        String name = Parsing.unquote(e.value().string());
        SourceRange str = e.value().range();
        Path dir = file == null || file.getParent() == null ? Path.of("") : file.getParent();
        Path golden;
        try {
            golden = dir.resolve(name).normalize();
        } catch (java.nio.file.InvalidPathException bad) {
            throw DiagnosticException.error(str, DiagnosticCode.GOLDEN, "golden image '" + name + "' is no valid path");
        }
        if (names.goldensRequired() && !Files.isRegularFile(golden)) {
            throw DiagnosticException.error(str, DiagnosticCode.GOLDEN, "golden image " + name + " cannot be read ("
                    + (Files.exists(golden) ? "not a regular file: " : "no such file: ") + golden
                    + "); 'csf test --update-golden' writes it from the actual image");
        }
        int tolerance = 0;
        ExpectationSyntax.Option o = onlyOption(e, "tolerance");
        if (o != null) {
            long t = valueExpr(o.value()).value();
            if (t < 0 || t > 255) {
                throw DiagnosticException.error(o.value().range(), DiagnosticCode.OUT_OF_RANGE, "tolerance " + t
                        + " out of range: allowed 0..255 (per 8-bit channel)");
            }
            tolerance = (int) t;
        }
        return new Expectation.Image(whole, text, buffer, golden, tolerance);
    }

    // ------------------------------------------------------------------ parts

    /** Whether {@code s} is a letter or underscore, then letters, digits and underscores. */
    private static boolean plainName(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) && s.charAt(0) < 128 || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code s} is {@code r}, {@code R}, {@code d} or {@code D} and one or more decimal digits. */
    private static boolean registerName(String s) {
        if (s.length() < 2 || "rRdD".indexOf(s.charAt(0)) < 0) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private String buffer(String name, SourceRange at) {
        if (!names.bufferVms().containsKey(name)) {
            throw unknown(at, "buffer", name, names.bufferVms().keySet());
        }
        return name;
    }

    private int coordinate(ExpectationSyntax.Term x) {
        long v = x.value();
        if (v < 0 || v > 65535) {
            throw DiagnosticException.error(x.range(), DiagnosticCode.OUT_OF_RANGE, "pixel coordinate " + v
                    + " out of range: allowed 0..65535");
        }
        return (int) v;
    }

    private Comparison comparison(ExpectationSyntax e, String what) {
        if (e.comparison() == null) {
            throw DiagnosticException.error(e.expectationRange(), DiagnosticCode.SYNTAX, ".expect " + e.subject() + " needs a comparison"
                    + " (== != < <= > >=) and a value for " + what);
        }
        return Comparison.bySymbol(e.comparison()).orElseThrow();
    }

    private ExpectationSyntax.Term valueExpr(ExpectationSyntax.Term v) {
        if (v.expression()) {
            return v;
        }
        throw DiagnosticException.error(v.range(), DiagnosticCode.SYNTAX, "expected a number, got '" + v.text() + "'");
    }

    private ExpectationSyntax.Term expectedExpr(ExpectationSyntax e, String what) {
        if (e.value().expression()) {
            return e.value();
        }
        throw DiagnosticException.error(e.value().range(), DiagnosticCode.EXPECT_TYPE, e.subject() + " is compared with "
                + what + ", got '" + e.value().text() + "'");
    }

    /** {@code v} as the unsigned value of {@code width} bytes; a negative value within it is taken as two's complement. */
    private long fit(long v, int width, ExpectationSyntax.Term at, String what) {
        if (width >= 8) {
            return v;
        }
        long max = (1L << (8 * width)) - 1;
        long min = -(1L << (8 * width - 1));
        if (v < min || v > max) {
            throw DiagnosticException.error(at.range(), DiagnosticCode.OUT_OF_RANGE, "value " + v + " out of range for " + what
                    + ": allowed " + min + ".." + max);
        }
        return v & max;
    }

    private String word(ExpectationSyntax.Target t, String what) {
        if (t.term() != null && t.term().name() != null && !t.bracketed()) {
            return t.term().name();
        }
        throw DiagnosticException.error(t.range(), DiagnosticCode.SYNTAX, "expected " + what + ", got '" + t.text() + "'");
    }

    private void noTargets(ExpectationSyntax e, int allowed) {
        if (e.targets().size() > allowed) {
            ExpectationSyntax.Target extra = e.targets().get(Math.max(allowed, 0));
            throw DiagnosticException.error(extra.range(), DiagnosticCode.SYNTAX, "unexpected '" + extra.text() + "' after .expect "
                    + e.subject() + "; " + SYNTAX);
        }
    }

    private void noOptions(ExpectationSyntax e) {
        onlyOption(e, null);
    }

    /**
     * The expectation's option {@code key} (null: it takes none), or null when it is not written; any other option,
     * or this one written twice, is a diagnostic.
     */
    private ExpectationSyntax.Option onlyOption(ExpectationSyntax e, String key) {
        ExpectationSyntax.Option found = null;
        for (ExpectationSyntax.Option o : e.options()) {
            if (key == null || !o.key().equalsIgnoreCase(key)) {
                throw unknownOption(o, key == null ? List.of() : List.of(key));
            }
            if (found != null) {
                throw ArgumentScope.givenTwice(o.key(), o.range());
            }
            found = o;
        }
        return found;
    }

    private DiagnosticException unknownOption(ExpectationSyntax.Option o, List<String> allowed) {
        return DiagnosticException.error(o.range(), DiagnosticCode.UNKNOWN_OPTION, "unknown option '" + o.key() + "'"
                + (allowed.isEmpty() ? "; this expectation takes none" : "; allowed: " + String.join(", ", allowed)));
    }

    private static DiagnosticException unknown(SourceRange at, String what, String name, Collection<String> known) {
        List<String> near = SpellingSuggestions.closest(name, known);
        String hint = !near.isEmpty() ? SpellingSuggestions.didYouMean(near)
                : known.isEmpty() ? "" : known.size() <= 12 ? "; expected one of " + String.join(", ", known) : "";
        return new DiagnosticException(Diagnostic.error(at, DiagnosticCode.UNDEFINED_SYMBOL, "unknown " + what + " '" + name + "'"
                + hint).withSuggestions(near));
    }
}
