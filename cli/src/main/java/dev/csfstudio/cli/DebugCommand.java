package dev.csfstudio.cli;

import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

import dev.csfstudio.debug.DebugAdapterLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code csf debug}: the debug adapter (DAP) for editors, over stdio or a TCP port, for one session. */
@Command(name = "debug", mixinStandardHelpOptions = true, versionProvider = Csf.Version.class,
        description = {"Runs the CSF Studio debug adapter (Debug Adapter Protocol) for one debug session.",
                "Speaks DAP on stdin/stdout, or on a TCP port with --port (prints 'listening on 127.0.0.1:N')."})
final class DebugCommand implements Callable<Integer> {

    @Option(names = "--port", paramLabel = "N",
            description = "listen on this TCP port of 127.0.0.1 instead of stdio (0: any free port)")
    Integer port;

    @Override
    public Integer call() {
        if (port == null) {
            DebugAdapterLauncher.runStdio();
            return Csf.OK;
        }
        if (port < 0 || port > 65535) {
            throw new UserError("--port " + port + " is not a TCP port (0..65535)");
        }
        try {
            DebugAdapterLauncher.runSocket(port, System.out);
        } catch (UncheckedIOException e) {
            throw new UserError("cannot serve on port " + port + ": " + IoMessages.reason(e.getCause()));
        }
        return Csf.OK;
    }
}
