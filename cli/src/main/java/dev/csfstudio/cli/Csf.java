package dev.csfstudio.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Properties;

import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code csf} command: assemble, disassemble, run and serve CSF Studio sources. */
public final class Csf implements Runnable {

    /**
     * The subcommands, in the order {@code csf --help} lists them. Building one (its picocli model from its
     * annotations, with its own converters) was the largest part of a small run's start-up, so a command
     * line builds only the one its arguments name ({@link #commandLine}).
     */
    static final List<String> SUBCOMMANDS = List.of("asm", "disasm", "run", "test", "debug", "lsp", "help");

    private static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";

    /** A subcommand's model: built in code ({@link CommandModel}) for those a small input starts most often. */
    private static Object subcommand(String name) {
        return switch (name) {
            case "asm" -> new AssembleCommand().spec;
            case "disasm" -> disassemble();
            case "run" -> new RunCommand().spec;
            case "test" -> new TestCommand();
            case "debug" -> new DebugCommand();
            case "lsp" -> new LanguageServerCommand();
            case "help" -> new CommandLine.HelpCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    /** Exit code of a successful command. */
    public static final int OK = 0;
    /** Exit code for bad input: usage, unreadable files, assembly errors. */
    public static final int ERROR = 1;

    private final CommandSpec spec = CommandModel.command("csf", this,
            "CSF Studio: assembler, disassembler and simulator for Mali CSF command streams.");

    private static CommandSpec disassemble() {
        DisassembleCommand command = new DisassembleCommand();
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        command.arch.addTo(spec);
        return spec;
    }

    @Override
    public void run() {
        // "csf" alone: say what is available rather than doing nothing.
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    public static void main(String[] args) {
        TableWarmUp.start(args);
        PrintWriter err = new PrintWriter(System.err, true);
        int code;
        try {
            code = commandLine(new PrintWriter(System.out, true), err, args).execute(args);
        } catch (OutOfMemoryError e) {
            // an Error passes picocli's handler: say it in one line, never as a stack trace
            err.println("csf: error: out of memory: this input needs more than the " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB of heap this JVM may use (java -Xmx)");
            code = ERROR;
        } catch (StackOverflowError e) {
            err.println("csf: error: out of stack: this input is nested deeper than this JVM's stack (java -Xss)");
            code = ERROR;
        }
        System.exit(code);
    }

    /**
     * The configured command line for {@code args}, writing to the given streams (tests capture them). It has
     * the subcommand {@code args} start with; every subcommand when they start with none (options, a usage
     * error) or with {@code help}, which describes the others.
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, String... args) {
        // picocli initialises java.time and java.sql classes for converters no option here uses: a fifth of
        // its start-up. Its own property leaves them out (unless the user set it).
        if (System.getProperty(CONVERTER_EXCLUDES) == null) {
            System.setProperty(CONVERTER_EXCLUDES, "java\\.(time|sql)\\..*");
        }
        CommandLine cli = new CommandLine(new Csf().spec);
        String first = args.length > 0 ? args[0] : "";
        boolean one = SUBCOMMANDS.contains(first) && !first.equals("help");
        for (String name : SUBCOMMANDS) {
            if (!one || name.equals(first)) {
                cli.addSubcommand(name, subcommand(name));
            }
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(new ErrorLines());
        cli.setExecutionExceptionHandler(new ErrorLines());
        return cli;
    }

    /**
     * Prints a usage error or a failed command as one line, {@code csf asm: error: ...}, and exits with
     * {@link #ERROR}. A class, not two lambdas: their links were on every command's start-up path.
     */
    private static final class ErrorLines
            implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {

        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            CommandLine failed = ex.getCommandLine();
            return print(failed, ex.getMessage() + " (see '" + failed.getCommandSpec().qualifiedName() + " --help')");
        }

        @Override
        public int handleExecutionException(Exception ex, CommandLine failed, CommandLine.ParseResult parseResult) {
            // A bug must still not greet the user with a stack trace; name it in one line.
            return print(failed, ex instanceof UserError ? ex.getMessage()
                    : "internal error: " + ex + " (please report it)");
        }

        private static int print(CommandLine failed, String what) {
            failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": error: " + what);
            failed.getErr().flush();
            return ERROR;
        }
    }

    /** Reads the version Maven filtered into the jar. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            Properties props = new Properties();
            try (InputStream in = Csf.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    props.load(in);
                }
            } catch (IOException e) {
                // fall through to the manifest
            }
            String version = props.getProperty("version");
            if (version == null || version.startsWith("$")) {
                version = Csf.class.getPackage().getImplementationVersion();
            }
            return new String[] {"csf " + (version == null ? "(development build)" : version)};
        }
    }
}
