package dev.csfstudio.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.csfstudio.rpc.Dialect;
import dev.csfstudio.rpc.ErrorResponses;
import dev.csfstudio.rpc.FramedMessageReader;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.json.StreamMessageConsumer;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.jsonrpc.Endpoint;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;
import org.eclipse.lsp4j.jsonrpc.validation.ReflectiveMessageValidator;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Starts the language server: {@code csf lsp} speaks LSP over stdin/stdout, {@code csf lsp --port N}
 * accepts one client on 127.0.0.1:N (for debugging clients). Both block until the client exits and end the
 * process with the protocol's exit code: 0 after shutdown then exit, 1 otherwise. Messages are read by
 * a {@link FramedMessageReader} and pass a {@link LifecycleGate}, so nothing a client sends stops the
 * server; errors it answers with never carry stack traces ({@link ErrorResponses}); cancels of requests
 * already answered stop at {@link PendingRequests}.
 */
public final class CsfLanguageServerLauncher {

    private CsfLanguageServerLauncher() {
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("--port")) {
            runSocket(Integer.parseInt(args[1]));
        } else {
            runStdio();
        }
    }

    public static void runStdio() {
        InputStream in = System.in;
        PrintStream out = System.out;
        // Anything printed by accident must not corrupt the protocol stream.
        System.setOut(System.err);
        System.exit(serve(Toolchain.standard(), in, out));
    }

    public static void runSocket(int port) {
        try (ServerSocket listener = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            System.err.println("csf lsp: listening on " + listener.getInetAddress().getHostAddress() + ":"
                    + listener.getLocalPort());
            System.exit(serveOne(Toolchain.standard(), listener));
        } catch (IOException e) {
            throw new UncheckedIOException("csf lsp: cannot listen on port " + port + ": " + e.getMessage(), e);
        }
    }

    /** Accepts one client on {@code listener} and serves it; returns the exit code. */
    public static int serveOne(Toolchain toolchain, ServerSocket listener) throws IOException {
        try (Socket socket = listener.accept()) {
            return serve(toolchain, socket.getInputStream(), socket.getOutputStream());
        }
    }

    /**
     * The client's ends of a server running in this process: tests, benchmarks and editors that embed the
     * server talk to it as they would to {@code csf lsp} through its stdin and stdout.
     *
     * @param exitCode completes with {@link #serve}'s exit code when the server ends
     */
    public record Connection(InputStream fromServer, OutputStream toServer, CompletableFuture<Integer> exitCode) {
    }

    /**
     * Starts a server on its own thread, connected by {@link BytePipe}s. Not on the common fork-join pool: on
     * two cores it has one thread, which a server would hold for its whole life.
     */
    public static Connection inProcess(Toolchain toolchain) {
        BytePipe toServer = new BytePipe(1 << 16);
        BytePipe fromServer = new BytePipe(1 << 16);
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                exit.complete(serve(toolchain, toServer.input, fromServer.output));
            } catch (Throwable t) {
                exit.completeExceptionally(t);
            } finally {
                toServer.input.close(); // a client still writing learns the server is gone
            }
        }, "csf-lsp-in-process");
        thread.setDaemon(true);
        thread.start();
        return new Connection(fromServer.input, toServer.output, exit);
    }

    /**
     * LSP4J's launcher with the server's own reader and lifecycle gate in front of the endpoint, and
     * exceptions answered without stack traces.
     */
    private static final class GuardedBuilder extends Launcher.Builder<CsfLanguageClient> {
        private final PendingRequests pending = new PendingRequests();
        private MessageJsonHandler json;
        private MessageConsumer outgoing;

        @Override
        protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler jsonHandler) {
            json = jsonHandler;
            outgoing = pending.outgoing(wrapMessageConsumer(new StreamMessageConsumer(output, jsonHandler)));
            RemoteEndpoint endpoint = new CheckedEndpoint(outgoing, ServiceEndpoints.toEndpoint(localServices),
                    jsonHandler);
            jsonHandler.setMethodProvider(endpoint);
            endpoint.setJsonHandler(jsonHandler);
            return endpoint;
        }

        @Override
        protected ConcurrentMessageProcessor createMessageProcessor(MessageProducer reader, MessageConsumer server,
                                                                    CsfLanguageClient client) {
            return super.createMessageProcessor(new FramedMessageReader(input, Dialect.JSON_RPC, json, outgoing),
                    new LifecycleGate(pending.incoming(server), outgoing), client);
        }
    }

    /**
     * The endpoint, answering exceptions with {@link ErrorResponses}, and a request that lacks its params or one
     * of their required members with InvalidParams naming what is missing, before any handler sees it.
     */
    private static final class CheckedEndpoint extends RemoteEndpoint {
        /** Requests whose handler checks its params itself, with a better message (the commands there are). */
        private static final Set<String> OWN_CHECKS = Set.of("workspace/executeCommand");
        /** Where the validator's issue text names the member: {@code Path: $.params.textDocument}. */
        private static final Pattern PATH = Pattern.compile("Path: \\$\\.params\\.?(\\S*)");

        private final MessageConsumer out;
        private final MessageJsonHandler json;

        CheckedEndpoint(MessageConsumer out, Endpoint local, MessageJsonHandler json) {
            super(out, local, ErrorResponses::of);
            this.out = out;
            this.json = json;
        }

        @Override
        protected void handleRequest(RequestMessage request) {
            JsonRpcMethod method = json.getJsonRpcMethod(request.getMethod());
            if (method != null && method.getParameterTypes().length > 0) {
                String name = ErrorResponses.shorten(request.getMethod());
                if (request.getParams() == null) {
                    refuse(request, "'" + name + "' needs its params");
                    return;
                }
                List<MessageIssue> issues = OWN_CHECKS.contains(request.getMethod()) ? List.of()
                        : Validator.INSTANCE.issues(request);
                if (!issues.isEmpty()) {
                    Matcher path = PATH.matcher(issues.get(0).getText());
                    refuse(request, "'" + name + "' needs "
                            + (path.find() && !path.group(1).isEmpty() ? "'" + path.group(1) + "'" : "its params"));
                    return;
                }
            }
            super.handleRequest(request);
        }

        private void refuse(RequestMessage request, String message) {
            ResponseMessage response = new ResponseMessage();
            response.setRawId(request.getRawId());
            response.setError(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
            out.consume(response);
        }
    }

    /** LSP4J's check of the protocol's required ({@code @NonNull}) members, asked for its findings. */
    private static final class Validator extends ReflectiveMessageValidator {
        static final Validator INSTANCE = new Validator();

        List<MessageIssue> issues(Object message) {
            return validate(message);
        }
    }

    /** Serves one client until it sends exit or closes its stream; returns the exit code. */
    public static int serve(Toolchain toolchain, InputStream in, OutputStream out) {
        CsfLanguageServer server = new CsfLanguageServer(toolchain);
        ExecutorService protocol = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "csf-lsp-protocol");
            t.setDaemon(true);
            return t;
        });
        Launcher<CsfLanguageClient> launcher = new GuardedBuilder()
                .setLocalService(server)
                .setRemoteInterface(CsfLanguageClient.class)
                .setInput(in)
                .setOutput(out)
                .setExecutorService(protocol)
                .create();
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        CompletableFuture<Integer> streamClosed = CompletableFuture.supplyAsync(() -> {
            try {
                listening.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // the stream broke: same as the client going away without exit
            }
            return 1;
        }, protocol);
        try {
            Object code = CompletableFuture.anyOf(server.exitCode(), streamClosed).get();
            return (Integer) code;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (ExecutionException e) {
            return 1;
        } finally {
            server.dispose();
            listening.cancel(true);
            protocol.shutdownNow();
            try {
                out.close(); // the client sees end of stream rather than a vanished writer
            } catch (IOException e) {
                // already gone
            }
        }
    }
}
