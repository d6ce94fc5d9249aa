package dev.csfstudio.debug;

import com.google.gson.JsonObject;
import dev.csfstudio.rpc.Dialect;
import dev.csfstudio.rpc.ErrorResponses;
import dev.csfstudio.rpc.FramedMessageReader;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.Endpoint;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher;
import org.eclipse.lsp4j.jsonrpc.debug.DebugRemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.debug.messages.DebugResponseMessage;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.json.StreamMessageConsumer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;
import org.eclipse.lsp4j.jsonrpc.validation.ReflectiveMessageValidator;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Serves one debug session ({@link CsfDebugServer}) over stdio or a TCP port, until the client disconnects.
 * Messages are read by the language server's {@link FramedMessageReader}, so a broken frame or body is
 * answered and skipped and the session goes on; a request that ends with an exception is answered with
 * a sentence ({@link ErrorResponses}), never a stack trace.
 */
public final class DebugAdapterLauncher {

    private DebugAdapterLauncher() {
    }

    /** LSP4J's debug launcher with the framed reader in front of the endpoint. */
    private static final class GuardedBuilder extends DebugLauncher.Builder<IDebugProtocolClient> {
        private MessageJsonHandler json;
        private GuardedEndpoint endpoint;

        @Override
        protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler jsonHandler) {
            json = jsonHandler;
            endpoint = new GuardedEndpoint(wrapMessageConsumer(new StreamMessageConsumer(output, jsonHandler)),
                    ServiceEndpoints.toEndpoint(localServices));
            jsonHandler.setMethodProvider(endpoint);
            endpoint.setJsonHandler(jsonHandler);
            return endpoint;
        }

        @Override
        protected ConcurrentMessageProcessor createMessageProcessor(MessageProducer reader, MessageConsumer server,
                                                                    IDebugProtocolClient client) {
            return super.createMessageProcessor(new FramedMessageReader(input, Dialect.DAP, json, endpoint::reply),
                    server, client);
        }
    }

    /**
     * The endpoint, answering exceptions with {@link ErrorResponses} and requests without the arguments DAP
     * requires, or with a required member missing, with a sentence before any handler sees them; it sends the
     * reader's own error responses as DAP responses (numbered in the endpoint's sequence, which a plain
     * JSON-RPC response has no place for).
     */
    private static final class GuardedEndpoint extends DebugRemoteEndpoint {
        /** The requests whose arguments DAP makes optional (or that take none). */
        private static final Set<String> ARGUMENTS_OPTIONAL = Set.of("configurationDone", "disconnect", "terminate",
                "restart", "threads", "loadedSources", "csf/renderTargets");
        private static final Set<String> SUPPORTED = served();
        /** Where the validator's issue text names the member: {@code Path: $.params.source}. */
        private static final Pattern PATH = Pattern.compile("Path: \\$\\.params\\.?(\\S*)");

        private final MessageConsumer out;

        GuardedEndpoint(MessageConsumer out, Endpoint local) {
            super(out, local, ErrorResponses::of);
            this.out = out;
        }

        @Override
        protected void handleRequest(RequestMessage request) {
            String method = request.getMethod();
            if (!SUPPORTED.contains(method)) {
                refuse(request, "'" + ErrorResponses.shorten(method) + "' is not supported by this debug adapter");
                return;
            }
            if (request.getParams() == null && !ARGUMENTS_OPTIONAL.contains(method)) {
                refuse(request, "invalid arguments: '" + method + "' needs its arguments");
                return;
            }
            List<MessageIssue> issues = Validator.INSTANCE.issues(request);
            if (!issues.isEmpty()) {
                Matcher path = PATH.matcher(issues.get(0).getText());
                refuse(request, "invalid arguments: '" + method + "' needs "
                        + (path.find() && !path.group(1).isEmpty() ? "'" + path.group(1) + "'" : "its arguments"));
                return;
            }
            super.handleRequest(request);
        }

        /**
         * The requests {@link CsfDebugServer} serves: those of its protocol it implements (LSP4J's interface
         * answers the others with an exception).
         */
        private static Set<String> served() {
            Set<String> names = new HashSet<>();
            for (Method m : CsfDebugProtocol.class.getMethods()) {
                JsonRequest request = m.getAnnotation(JsonRequest.class);
                if (request == null) {
                    continue;
                }
                try {
                    if (CsfDebugServer.class.getMethod(m.getName(), m.getParameterTypes()).isDefault()) {
                        continue;
                    }
                } catch (NoSuchMethodException e) {
                    continue;
                }
                names.add(request.value().isEmpty() ? m.getName() : request.value());
            }
            return Set.copyOf(names);
        }

        private void refuse(RequestMessage request, String message) {
            DebugResponseMessage response = createResponseMessage(request);
            response.setError(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
            out.consume(response);
        }

        void reply(Message message) {
            if (message instanceof ResponseMessage error && !(error instanceof DebugResponseMessage)) {
                RequestMessage request = new RequestMessage();
                request.setRawId(error.getRawId() == null ? Either.forRight(0) : error.getRawId());
                DebugResponseMessage response = createResponseMessage(request);
                response.setError(error.getError());
                out.consume(response);
            } else {
                out.consume(message);
            }
        }
    }

    /** LSP4J's check of the protocol's required ({@code @NonNull}) members, asked for its findings. */
    private static final class Validator extends ReflectiveMessageValidator {
        static final Validator INSTANCE = new Validator();

        List<MessageIssue> issues(Object message) {
            return validate(message);
        }
    }

    /** Speaks DAP on {@code in}/{@code out}; answers when the client has disconnected or the input ended. */
    public static void serve(InputStream in, OutputStream out) {
        CsfDebugServer server = new CsfDebugServer();
        Launcher<IDebugProtocolClient> launcher = new GuardedBuilder()
                .setLocalService(server)
                .setRemoteInterface(IDebugProtocolClient.class)
                .setInput(in)
                .setOutput(out)
                .create();
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        CompletableFuture<Void> inputEnded = CompletableFuture.runAsync(() -> {
            try {
                listening.get();
            } catch (InterruptedException e) {
                java.lang.Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // the connection broke: the session is over
            }
        });
        CompletableFuture.anyOf(server.disconnected(), inputEnded).join();
        try {
            // The disconnect response is on its way: the client closes the connection once it has it.
            inputEnded.get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            java.lang.Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the client keeps the connection open: it is ended here
        }
    }

    /** A session with an adapter in this JVM, over pipes (JSON both ways): for tests, benchmarks and embedders. */
    public record InProcess(CsfDebugProtocol server, OutputStream toServer) implements AutoCloseable {
        /** Ends the connection: the adapter's session ends as when a client goes away. */
        @Override
        public void close() throws IOException {
            toServer.close();
        }
    }

    /** Starts an adapter in this JVM serving {@code client}; the answer's {@code server} is its proxy. */
    public static InProcess inProcess(IDebugProtocolClient client) throws IOException {
        PipedInputStream serverIn = new PipedInputStream(1 << 20);
        PipedOutputStream toServer = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 20);
        PipedOutputStream fromServer = new PipedOutputStream(clientIn);
        CompletableFuture.runAsync(() -> serve(serverIn, fromServer));
        Launcher<CsfDebugProtocol> launcher = DebugLauncher.createLauncher(client, CsfDebugProtocol.class, clientIn,
                toServer);
        launcher.startListening();
        return new InProcess(launcher.getRemoteProxy(), toServer);
    }

    /** DAP on stdin/stdout; nothing else may write to stdout meanwhile, so it is pointed at stderr. */
    public static void runStdio() {
        InputStream in = System.in;
        PrintStream out = System.out;
        System.setOut(System.err);
        serve(in, out);
    }

    /**
     * Listens on 127.0.0.1:{@code port} (0: a free port), prints where, and serves one client; a client that
     * connects while it is served is told so and let go (an output event, then terminated).
     */
    public static void runSocket(int port, PrintStream announce) {
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            announce.println("listening on 127.0.0.1:" + server.getLocalPort());
            announce.flush();
            try (Socket client = server.accept()) {
                java.lang.Thread others = new java.lang.Thread(() -> refuseOthers(server), "csf-debug-refuse");
                others.setDaemon(true);
                others.start();
                serve(client.getInputStream(), client.getOutputStream());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final String ONE_CLIENT = "csf debug: this adapter serves one client, and one is connected;"
            + " start another csf debug for another session";

    /** Until {@code server} closes, tells each client that connects that the adapter is taken. */
    private static void refuseOthers(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket other = server.accept()) {
                OutputStream out = other.getOutputStream();
                JsonObject output = new JsonObject();
                output.addProperty("category", "important");
                output.addProperty("output", ONE_CLIENT + "\n");
                writeEvent(out, 1, "output", output);
                writeEvent(out, 2, "terminated", new JsonObject());
            } catch (IOException e) {
                // the server closed, or that client went away: nothing to tell
            }
        }
    }

    private static void writeEvent(OutputStream out, int seq, String event, JsonObject body) throws IOException {
        JsonObject message = new JsonObject();
        message.addProperty("seq", seq);
        message.addProperty("type", "event");
        message.addProperty("event", event);
        message.add("body", body);
        byte[] bytes = message.toString().getBytes(StandardCharsets.UTF_8);
        out.write(("Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }
}
