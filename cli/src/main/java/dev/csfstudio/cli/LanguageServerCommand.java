package dev.csfstudio.cli;

import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

import dev.csfstudio.lsp.CsfLanguageServerLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code csf lsp}: the language server for editors, over stdio or a TCP port; it ends the process itself. */
@Command(name = "lsp", mixinStandardHelpOptions = true, versionProvider = Csf.Version.class,
        description = {"Runs the CSF Studio language server (LSP) for editors.",
                "Speaks JSON-RPC on stdin/stdout, or on a TCP port with --port."})
final class LanguageServerCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N", description = "listen on this TCP port instead of stdio")
    Integer port;

    @Override
    public Integer call() {
        if (port == null) {
            CsfLanguageServerLauncher.runStdio();
        } else {
            if (port < 1 || port > 65535) {
                throw new UserError("--port " + port + " is not a TCP port (1..65535)");
            }
            try {
                CsfLanguageServerLauncher.runSocket(port);
            } catch (UncheckedIOException e) {
                throw new UserError("cannot serve on port " + port + ": " + IoMessages.reason(e.getCause()));
            }
        }
        return Csf.OK;
    }
}
