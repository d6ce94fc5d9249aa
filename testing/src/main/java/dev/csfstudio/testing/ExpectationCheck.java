package dev.csfstudio.testing;

import dev.csfstudio.program.Expectation;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.runtime.HardwareReport;
import dev.csfstudio.runtime.HostAccessException;
import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunOutput;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.RunStatus;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks a program's expectations against its finished run. A program that states no {@code .expect status}
 * (of the run: a {@code QUEUE.status} does not count) must end {@code ok}: a fault, timeout, deadlock or hazard nobody expected fails it (at its first expectation).
 */
public final class ExpectationCheck {

    private ExpectationCheck() {
    }

    /** One verdict per expectation, in source order, after the implied {@code status ok} if that failed. */
    public static List<Verdict> check(Program program, RunReport run) {
        List<Verdict> out = new ArrayList<>();
        List<Expectation> expectations = program.expectations();
        boolean statusStated = expectations.stream() // a queue's own status states nothing of the run's
                .anyMatch(e -> e instanceof Expectation.Status s && s.queue() == null);
        if (!statusStated && !expectations.isEmpty() && run.status() != RunStatus.OK) {
            Expectation implied = new Expectation.Status(expectations.get(0).range(), "status ok", Expectation.Ending.OK,
                    null, null);
            out.add(new Verdict.Failed(implied, ending(run) + " (no .expect status allows it)"));
        }
        for (Expectation e : expectations) {
            out.add(check(e, run));
        }
        return out;
    }

    static Verdict check(Expectation expectation, RunReport run) {
        // Java 17: no pattern switch yet; the chain covers the sealed interface's permitted types
        if (expectation instanceof Expectation.Status s) {
            return status(s, run);
        } else if (expectation instanceof Expectation.Register r) {
            return register(r, run);
        } else if (expectation instanceof Expectation.Memory m) {
            return memory(m, run);
        } else if (expectation instanceof Expectation.Pixel p) {
            return pixel(p, run);
        } else if (expectation instanceof Expectation.Image i) {
            return image(i, run);
        } else if (expectation instanceof Expectation.JobInput j) {
            return job(j, run);
        }
        Expectation.InstructionCount c = (Expectation.InstructionCount) expectation;
        return compare(c, c.comparison(), run.instructions(), c.expected(), Long.toString(run.instructions()));
    }

    private static Verdict job(Expectation.JobInput j, RunReport run) {
        if (j.job() > run.jobs().size()) {
            return new Verdict.Failed(j, "no job " + j.job() + " (the run ran " + run.jobs().size() + ")");
        }
        JobInputs.Job job = run.jobs().get(j.job() - 1);
        java.util.OptionalLong value = job.value(j.path());
        if (value.isEmpty()) {
            return new Verdict.Failed(j, "no " + j.path() + " among what job " + j.job() + " (" + job.mnemonic() + ") read ("
                    + String.join(", ", job.values().keySet()) + ")");
        }
        return compare(j, j.comparison(), value.getAsLong(), j.expected(), number(value.getAsLong()));
    }

    /** The run's status, or with {@code QUEUE.status} that queue's own (see {@link RunReport.QueueState#status}). */
    private static Verdict status(Expectation.Status s, RunReport run) {
        RunStatus status = run.status();
        RunReport.Fault f = run.fault();
        if (s.queue() != null) {
            java.util.Optional<RunReport.QueueState> q = run.queues().stream()
                    .filter(state -> state.name().equals(s.queue())).findFirst();
            if (q.isEmpty()) {
                return new Verdict.Failed(s, "no queue " + s.queue() + " (the program did not load: " + ending(run) + ")");
            }
            status = q.get().status();
            f = q.get().fault();
        }
        String actual = ending(status, f);
        boolean holds = status.name().equals(s.ending().name());
        if (holds && s.faultKind() != null) {
            holds = f != null && (f.kind().jsonName().equals(s.faultKind())
                    || f.hardware() instanceof HardwareReport.Raised r && r.name().equals(s.faultKind()));
        }
        if (holds && s.line() != null) {
            holds = f != null && f.line() != null && f.line().line() == s.line().line()
                    && java.util.Objects.equals(f.line().file(), s.range().file());
        }
        return holds ? new Verdict.Passed(s, actual) : new Verdict.Failed(s, actual);
    }

    /** {@code ok}, or {@code fault translation at x.csf:12: message}. */
    static String ending(RunReport run) {
        return ending(run.status(), run.fault());
    }

    private static String ending(RunStatus status, RunReport.Fault f) {
        if (status == RunStatus.OK || f == null) {
            return status.jsonName();
        }
        String kind = status == RunStatus.FAULT ? " " + f.kind().jsonName() : "";
        String where = f.line() == null ? "" : " at " + Locations.display(f.line().file()) + ":" + f.line().line();
        return status.jsonName() + kind + where + ": " + f.message();
    }

    private static Verdict register(Expectation.Register r, RunReport run) {
        long[] registers = run.registers();
        if (r.queue() != null) {
            registers = run.queues().stream().filter(q -> q.name().equals(r.queue())).findFirst()
                    .map(RunReport.QueueState::registers).orElse(null);
        }
        if (registers == null || registers.length <= r.register() + (r.pair() ? 1 : 0)) {
            return new Verdict.Failed(r, "no register file (the program did not load: " + ending(run) + ")");
        }
        long value = registers[r.register()] & 0xffff_ffffL;
        if (r.pair()) {
            value |= registers[r.register() + 1] << 32;
        }
        return compare(r, r.comparison(), value, r.expected(), number(value));
    }

    private static Verdict memory(Expectation.Memory m, RunReport run) {
        if (run.memory() == null) {
            return new Verdict.Failed(m, "no memory (the program did not load: " + ending(run) + ")");
        }
        byte[] bytes;
        try {
            bytes = run.memory().read(m.vm(), m.address(), m.width());
        } catch (HostAccessException e) {
            return new Verdict.Failed(m, "no readable memory at 0x" + Long.toHexString(m.address()) + " in VM '"
                    + m.vm() + "' (" + e.getMessage() + ")");
        }
        long value = 0;
        for (int i = 0; i < bytes.length; i++) {
            value |= (bytes[i] & 0xffL) << (8 * i);
        }
        return compare(m, m.comparison(), value, m.expected(), number(value));
    }

    private static Verdict pixel(Expectation.Pixel p, RunReport run) {
        RenderTarget rt = target(run, p.buffer());
        if (rt == null) {
            return new Verdict.Failed(p, noTarget(p.buffer()));
        }
        if (tooLarge(rt)) {
            return new Verdict.Failed(p, tooLargeText(rt));
        }
        if (p.x() >= rt.width() || p.y() >= rt.height()) {
            return new Verdict.Failed(p, "no pixel (" + p.x() + ", " + p.y() + "): the render target in buffer "
                    + p.buffer() + " is " + rt.width() + "x" + rt.height());
        }
        int actual = rt.pixels()[p.y() * rt.width() + p.x()];
        boolean equal = actual == p.rgba();
        String text = rgba(actual);
        return equal == (p.comparison() == Expectation.Comparison.EQ) ? new Verdict.Passed(p, text)
                : new Verdict.Failed(p, text);
    }

    /**
     * The target against its golden, a row at a time. The golden's header is read first: a golden larger than the
     * target is not decoded (its pixels could not all match, and decoding it costs memory the target does not bound).
     */
    private static Verdict image(Expectation.Image i, RunReport run) {
        RenderTarget rt = target(run, i.buffer());
        if (rt == null) {
            return new Verdict.Failed(i, noTarget(i.buffer()));
        }
        if (tooLarge(rt)) {
            return new Verdict.Failed(i, tooLargeText(rt));
        }
        String size = rt.width() + "x" + rt.height();
        GoldenImage golden;
        try {
            GoldenImage.Size header = GoldenImage.size(i.golden());
            if (!header.within(rt.width(), rt.height())) {
                return new Verdict.Failed(i, "a " + size + " image, the golden is " + header + " (larger than the"
                        + " target: not compared)", unmatched(rt.pixels(), rt, i));
            }
            golden = GoldenImage.read(i.golden());
        } catch (IOException | RuntimeException e) {
            return new Verdict.Failed(i, "a " + size + " image; the golden " + Locations.display(i.golden())
                    + " cannot be read: " + reason(e), unmatched(rt.pixels(), rt, i));
        }
        int[] actual = rt.pixels();
        int differing = 0;
        for (int y = 0; y < rt.height(); y++) {
            int row = y * rt.width();
            int goldenRow = y * golden.width();
            for (int x = 0; x < rt.width(); x++) {
                boolean same = x < golden.width() && y < golden.height()
                        && ImageMismatch.within(actual[row + x], golden.pixels()[goldenRow + x], i.tolerance());
                differing += same ? 0 : 1;
            }
        }
        boolean sameSize = golden.width() == rt.width() && golden.height() == rt.height();
        if (sameSize && differing == 0) {
            return new Verdict.Passed(i, "the same " + size + " image");
        }
        String actualText = sameSize
                ? differing + " of " + actual.length + " pixels differing" + (i.tolerance() > 0 ? " by more than "
                + i.tolerance() : "")
                : "a " + size + " image, the golden is " + golden.width() + "x" + golden.height() + " ("
                + differing + " pixels differ)";
        return new Verdict.Failed(i, actualText, new ImageMismatch(rt.width(), rt.height(), actual, golden.width(),
                golden.height(), golden.pixels(), differing, i.tolerance()));
    }

    /** The target against no golden pixels: every pixel differs. */
    private static ImageMismatch unmatched(int[] actual, RenderTarget rt, Expectation.Image i) {
        return new ImageMismatch(rt.width(), rt.height(), actual, 0, 0, new int[0], actual.length, i.tolerance());
    }

    private static RenderTarget target(RunReport run, String buffer) {
        RenderTarget found = null;
        for (RenderTarget rt : run.renderTargets()) {
            if (rt.buffer().equals(buffer)) {
                found = rt;
            }
        }
        return found;
    }

    /** Whether a target has more pixels than {@code csf run} writes a PNG for: its pixels are not read. */
    private static boolean tooLarge(RenderTarget rt) {
        return (long) rt.width() * rt.height() > RunOutput.PNG_PIXEL_LIMIT;
    }

    private static String tooLargeText(RenderTarget rt) {
        return "a " + rt.width() + "x" + rt.height() + " render target in buffer " + rt.buffer() + ", more than the "
                + RunOutput.PNG_PIXEL_LIMIT + " pixels (8192x8192) an expectation reads";
    }

    private static String noTarget(String buffer) {
        return "no render target in buffer " + buffer + " (no fragment job wrote it)";
    }

    private static Verdict compare(Expectation e, Expectation.Comparison c, long actual, long expected, String text) {
        return c.holds(actual, expected) ? new Verdict.Passed(e, text) : new Verdict.Failed(e, text);
    }

    /** The value {@code e} asks for, as {@link Verdict#expected} says it; null for a status or an image. */
    static String expected(Expectation e) {
        if (e instanceof Expectation.Status || e instanceof Expectation.Image) {
            return null;
        } else if (e instanceof Expectation.Register r) {
            return compared(r.comparison(), number(r.expected()));
        } else if (e instanceof Expectation.Memory m) {
            return compared(m.comparison(), number(m.expected()));
        } else if (e instanceof Expectation.Pixel p) {
            return compared(p.comparison(), rgba(p.rgba()));
        } else if (e instanceof Expectation.JobInput j) {
            return compared(j.comparison(), number(j.expected()));
        }
        Expectation.InstructionCount c = (Expectation.InstructionCount) e;
        return compared(c.comparison(), Long.toUnsignedString(c.expected()));
    }

    /** {@code value} after the comparison's symbol, which {@code ==} leaves out. */
    private static String compared(Expectation.Comparison c, String value) {
        return c == Expectation.Comparison.EQ ? value : c.symbol() + " " + value;
    }

    /** {@code 0 (0x0)}: unsigned decimal and hex. */
    static String number(long v) {
        return Long.toUnsignedString(v) + " (0x" + Long.toHexString(v) + ")";
    }

    static String rgba(int p) {
        return String.format(Locale.ROOT, "(%d, %d, %d, %d)", p & 0xff, p >>> 8 & 0xff, p >>> 16 & 0xff, p >>> 24);
    }

    private static String reason(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** {@code file:line} of an expectation as messages print it. */
    public static String location(SourceRange r) {
        return Locations.display(r.file()) + ":" + r.line();
    }
}
