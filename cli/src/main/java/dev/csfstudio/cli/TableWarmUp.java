package dev.csfstudio.cli;

import java.util.List;

import dev.csfstudio.isa.Arch;

/**
 * Reads the architecture tables a command is about to use on a second thread while the main thread builds its
 * command line. Both are start-up work of every small {@code csf asm} or {@code run} (the instruction and
 * descriptor tables about a fifth of its main thread's instructions, picocli's model over a quarter), and they
 * share nothing, so on two cores they overlap instead of adding up. A table a command reaches before the thread
 * has read it waits for it, through its holder class's initialisation; it is never read twice. The thread also
 * links the process's first lambda, which sets up what every later one uses.
 */
final class TableWarmUp {

    /** The commands that assemble, run or disassemble, and so read the tables. */
    private static final List<String> COMMANDS = List.of("asm", "run", "test", "disasm");

    /** Options with which such a command only prints its help or version. */
    private static final List<String> PRINT_ONLY = List.of("-h", "--help", "-V", "--version");

    private TableWarmUp() {
    }

    /** Starts reading the tables {@code args} will need, if they name such a command. */
    static void start(String[] args) {
        if (readsTables(args)) {
            Arch arch = archOption(args);
            Thread reader = new Reader(arch);
            reader.setDaemon(true);
            reader.start();
        }
    }

    /** Whether {@code args} name a command that reads the tables, and not just for its help or version. */
    static boolean readsTables(String[] args) {
        if (args.length == 0 || !COMMANDS.contains(args[0])) {
            return false;
        }
        for (String arg : args) {
            if (PRINT_ONLY.contains(arg)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The thread that reads the tables: a class of its own, not a lambda, which would be the process's first and
     * link the method-handle machinery on the main thread before picocli starts.
     */
    private static final class Reader extends Thread {
        private final Arch arch;

        Reader(Arch arch) {
            super("csf-table-warm-up");
            this.arch = arch;
        }

        @Override
        public void run() {
            try {
                // The process's first lambda sets up the JVM's invokedynamic machinery (about 14 M instructions);
                // picocli's option patterns would otherwise do it on the main thread, and the assembler's first
                // lambda after them.
                Runnable first = () -> { };
                first.run();
                arch.instructionSet();
                arch.descriptors();
            } catch (RuntimeException | LinkageError e) {
                // A table that cannot be read fails again where the command reads it, and is reported there.
            }
        }
    }

    /**
     * The architecture an {@code --arch} option names (the last, as picocli takes it), else the default; an
     * unknown spelling is picocli's to report.
     */
    static Arch archOption(String[] args) {
        Arch arch = Arch.DEFAULT;
        for (int i = 1; i < args.length; i++) {
            String value = args[i].startsWith("--arch=") ? args[i].substring("--arch=".length())
                    : args[i].equals("--arch") && i + 1 < args.length ? args[i + 1] : null;
            if (value != null) {
                arch = Arch.bySpelling(value).orElse(arch);
            }
        }
        return arch;
    }
}
