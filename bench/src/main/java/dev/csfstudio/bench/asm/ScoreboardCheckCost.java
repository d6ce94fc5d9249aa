package dev.csfstudio.bench.asm;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.asm.AssemblerOptions;
import dev.csfstudio.asm.AssemblyResult;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What the scoreboard check costs: one source assembled in turn with the check and without it (the same source, the
 * same JVM, alternating so that load on the machine falls on both alike), timed as the process's CPU time (the
 * assembler reads large sources on several threads; the check runs on the calling one) and as elapsed time. Prints
 * the medians, the check's share ((with - without) / without) and the check's findings.
 *
 * <p>Usage: {@code ScoreboardCheckCost SOURCE.csf [ROUNDS]} (default 7 measured rounds after 2 warm-up rounds).
 */
public final class ScoreboardCheckCost {

    private ScoreboardCheckCost() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: ScoreboardCheckCost SOURCE.csf [ROUNDS]");
            System.exit(1);
        }
        Path source = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        AssemblerOptions with = AssemblerOptions.defaults();
        AssemblerOptions without = with.withScoreboardSteps(0);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[][] cpu = new long[2][rounds];
        long[][] wall = new long[2][rounds];
        int[] findings = new int[2];
        for (int round = -2; round < rounds; round++) {
            for (int k = 0; k < 2; k++) {
                long c0 = os.getProcessCpuTime();
                long w0 = System.nanoTime();
                AssemblyResult r = new Assembler(k == 0 ? with : without).assemble(source);
                long w1 = System.nanoTime();
                long c1 = os.getProcessCpuTime();
                if (r.hasErrors()) {
                    System.err.println("ScoreboardCheckCost: " + source + " does not assemble: "
                            + r.errors().get(0).headline());
                    System.exit(1);
                }
                findings[k] = (int) r.diagnostics().stream().filter(d -> d.code().name().startsWith("SCOREBOARD_")).count();
                if (round >= 0) {
                    cpu[k][round] = c1 - c0;
                    wall[k][round] = w1 - w0;
                }
            }
            System.gc();
        }
        double cpuWith = median(cpu[0]);
        double cpuWithout = median(cpu[1]);
        double wallWith = median(wall[0]);
        double wallWithout = median(wall[1]);
        System.out.printf(Locale.ROOT, "process CPU: with the check %.3f s, without %.3f s, check %.3f s = %.2f of"
                        + " plain assembling%n", cpuWith / 1e9, cpuWithout / 1e9, (cpuWith - cpuWithout) / 1e9,
                (cpuWith - cpuWithout) / cpuWithout);
        System.out.printf(Locale.ROOT, "elapsed:     with the check %.3f s, without %.3f s, check %.3f s = %.2f of"
                        + " plain assembling%n", wallWith / 1e9, wallWithout / 1e9, (wallWith - wallWithout) / 1e9,
                (wallWith - wallWithout) / wallWithout);
        System.out.printf(Locale.ROOT, "scoreboard findings: %d with the check, %d without (medians of %d rounds)%n",
                findings[0], findings[1], rounds);
        if (findings[1] != 0) {
            System.err.println("ScoreboardCheckCost: " + findings[1] + " scoreboard findings with the check off: the"
                    + " baseline is not plain assembling");
            System.exit(1);
        }
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
    }
}
