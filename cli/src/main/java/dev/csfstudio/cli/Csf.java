package dev.csfstudio.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** The {@code csf} command: assemble, disassemble, run and serve CSF Studio sources. */
@Command(name = "csf", mixinStandardHelpOptions = true, versionProvider = Csf.Version.class,
        description = "CSF Studio: assembler, disassembler and simulator for Mali CSF command streams.",
        subcommands = {AssembleCommand.class, DisassembleCommand.class, RunCommand.class, LanguageServerCommand.class,
                CommandLine.HelpCommand.class})
public final class Csf implements Runnable {

    /** Exit code of a successful command. */
    public static final int OK = 0;
    /** Exit code for bad input: usage, unreadable files, assembly errors. */
    public static final int ERROR = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        // "csf" alone: say what is available rather than doing nothing.
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    public static void main(String[] args) {
        System.exit(commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)).execute(args));
    }

    /** The configured command line writing to the given streams (tests capture them). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Csf());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine failed = ex.getCommandLine();
            failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": error: " + ex.getMessage()
                    + " (see '" + failed.getCommandSpec().qualifiedName() + " --help')");
            failed.getErr().flush();
            return ERROR;
        });
        cli.setExecutionExceptionHandler((ex, failed, parseResult) -> {
            // A bug must still not greet the user with a stack trace; name it in one line.
            String what = ex instanceof UserError ? ex.getMessage()
                    : "internal error: " + ex + " (please report it)";
            failed.getErr().println(failed.getCommandSpec().qualifiedName() + ": error: " + what);
            failed.getErr().flush();
            return ERROR;
        });
        return cli;
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
