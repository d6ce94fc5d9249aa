package dev.csfstudio.rpc;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.logging.Level;
import java.util.stream.Collectors;
import java.util.logging.Logger;

import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * Reads LSP and DAP frames ({@code Content-Length} header, blank line, UTF-8 JSON body) and hands every
 * message that parses to the server. Whatever does not is answered as JSON-RPC asks (a DAP client sees a
 * failed response with the same message) and skipped: a body that is not JSON is a parse error (-32700);
 * JSON that is no message, nests deeper than {@link #MAX_DEPTH} or is longer than {@link #MAX_BODY_BYTES}
 * (skipped unread) is an invalid request (-32600); parameters of the wrong types are invalid params
 * (-32602), named by their path; a broken header is a parse error, after which the reader searches the
 * stream for the next {@code Content-Length:}. Nothing a client sends ends the loop; only the end of the
 * stream does. The {@link Dialect} says which members make a message a request or a response.
 */
public final class FramedMessageReader implements MessageProducer, Closeable {

    public static final int MAX_BODY_BYTES = 32 << 20;
    public static final int MAX_DEPTH = 64;
    private static final int MAX_HEADER_LINE = 1024;
    private static final int MAX_HEADER_LINES = 32;
    /** Bytes of an over-long body read to find its id. */
    private static final int HEAD_BYTES = 1 << 16;
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);
    private static final Logger LOG = Logger.getLogger(FramedMessageReader.class.getName());

    private final InputStream in;
    private final Dialect dialect;
    private final MessageJsonHandler json;
    private final MessageConsumer replies;
    private volatile boolean closed;

    /** One frame of the stream. */
    private sealed interface Frame {
        record Body(byte[] bytes) implements Frame { }

        /** A body over the limit: its length and its first bytes (where the id usually is). */
        record TooLong(long length, byte[] head) implements Frame { }

        record Broken(String why) implements Frame { }
    }

    /** @param replies where the reader's own error responses go (the connection's outgoing stream) */
    public FramedMessageReader(InputStream in, Dialect dialect, MessageJsonHandler json, MessageConsumer replies) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.dialect = dialect;
        this.json = json;
        this.replies = replies;
    }

    @Override
    public void listen(MessageConsumer server) {
        boolean resync = false;
        try {
            while (!closed) {
                Frame frame = next(resync);
                if (frame == null) {
                    return;
                }
                resync = frame instanceof Frame.Broken;
                if (frame instanceof Frame.Body body) {
                    deliver(body.bytes(), server);
                } else if (frame instanceof Frame.Broken broken) {
                    reply(ResponseErrorCode.ParseError, "Parse error: " + broken.why()
                            + "; skipped to the next Content-Length header");
                } else if (frame instanceof Frame.TooLong tooLong) {
                    String head = new String(tooLong.head(), StandardCharsets.UTF_8);
                    ErrorResponses.send(replies, JsonShape.of(head, dialect).id(), ResponseErrorCode.InvalidRequest,
                            "Invalid request: a message of " + tooLong.length() + " bytes is over the limit of "
                                    + MAX_BODY_BYTES + " bytes; skipped");
                }
            }
        } catch (IOException e) {
            // the client's stream broke: the same as its end
        }
    }

    private void deliver(byte[] body, MessageConsumer server) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            reply(ResponseErrorCode.ParseError, "Parse error: the message is not valid UTF-8");
            return;
        }
        JsonShape shape = JsonShape.of(text, dialect);
        if (shape.problem() != null) {
            reply(ResponseErrorCode.ParseError, "Parse error: " + shape.problem());
            return;
        }
        if (!shape.object()) {
            reply(ResponseErrorCode.InvalidRequest, "Invalid request: a JSON-RPC message is a JSON object "
                    + "(batches are not supported)");
            return;
        }
        if (shape.depth() > MAX_DEPTH) {
            ErrorResponses.send(replies, shape.id(), ResponseErrorCode.InvalidRequest, "Invalid request: JSON "
                    + "nested deeper than " + MAX_DEPTH + " levels");
            return;
        }
        if (!shape.call() && !shape.response()) {
            ErrorResponses.send(replies, shape.id(), ResponseErrorCode.InvalidRequest, "Invalid request: the "
                    + "message has no " + dialect.call() + " (and is no response: no "
                    + String.join(" or ", dialect.responses()) + ")");
            return;
        }
        Message message;
        try {
            message = json.parseMessage(text);
        } catch (MessageIssueException e) {
            // The JSON is sound, so what LSP4J could not read is the parameters.
            if (e.getRpcMessage() instanceof RequestMessage request) {
                ErrorResponses.send(replies, request.getRawId(), ResponseErrorCode.InvalidParams, "Invalid params: "
                        + describe(request.getMethod(), e.getIssues()));
            } else {
                LOG.warning("ignored a notification with unreadable parameters: " + e.getMessage());
            }
            return;
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "unreadable message", e);
            ErrorResponses.send(replies, shape.id(), ResponseErrorCode.InvalidRequest, "Invalid request: the "
                    + "message is not one the protocol defines");
            return;
        }
        try {
            server.consume(message);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "handling a message failed", e);
        }
    }

    /**
     * What was wrong with a request's parameters, as a sentence: the member whose value has the wrong type
     * when Gson's exception names its path (the exception's text is not passed on).
     */
    private static String describe(String method, List<MessageIssue> issues) {
        String what = method == null ? "the parameters" : "the parameters of '" + ErrorResponses.shorten(method) + "'";
        for (MessageIssue issue : issues) {
            for (Throwable t = issue.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
                Matcher path = GSON_PATH.matcher(String.valueOf(t.getMessage()));
                if (path.find()) {
                    return what + ": the value at " + ErrorResponses.shorten(path.group(1))
                            + " is not of the type the protocol gives it";
                }
            }
        }
        return what + " are not of the types the protocol gives them";
    }

    /** The JSON path in a Gson exception's message ({@code ... path $.arguments.lines[0]}). */
    private static final Pattern GSON_PATH = Pattern.compile("path (\\$\\S*)");

    private void reply(ResponseErrorCode code, String message) {
        ErrorResponses.send(replies, null, code, message);
    }

    /**
     * The next frame, or null at the end of the stream; after a broken one ({@code resync}), the one whose
     * header comes next.
     */
    private Frame next(boolean resync) throws IOException {
        String pending = null;
        if (resync) {
            if (!skipToContentLength()) {
                return null;
            }
            String rest = line();
            if (rest == null) {
                return null;
            }
            pending = "Content-Length:" + rest;
        }
        long length = -1;
        int lines = 0;
        while (true) {
            String line = pending != null ? pending : line();
            pending = null;
            if (line == null) {
                return null;
            }
            if (line.length() > MAX_HEADER_LINE) {
                return new Frame.Broken("a header line is longer than " + MAX_HEADER_LINE + " bytes");
            }
            if (line.isEmpty()) {
                if (lines == 0) {
                    continue; // blank lines between messages
                }
                break;
            }
            if (++lines > MAX_HEADER_LINES) {
                return new Frame.Broken("more than " + MAX_HEADER_LINES + " header lines");
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                return new Frame.Broken("'" + ErrorResponses.shorten(line) + "' is not a header (Name: value)");
            }
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            if (name.equals("content-length")) {
                if (!value.matches("[0-9]{1,18}")) {
                    return new Frame.Broken("Content-Length '" + ErrorResponses.shorten(value) + "' is not a byte count");
                }
                length = Long.parseLong(value);
            } else if (name.equals("content-type") && value.toLowerCase(Locale.ROOT).contains("charset=")
                    && !value.toLowerCase(Locale.ROOT).matches(".*charset=\"?utf-?8\"?.*")) {
                return new Frame.Broken("Content-Type '" + ErrorResponses.shorten(value) + "': only utf-8 is supported");
            }
        }
        if (length < 0) {
            return new Frame.Broken("no Content-Length header");
        }
        if (length > MAX_BODY_BYTES) {
            byte[] head = in.readNBytes(HEAD_BYTES);
            return head.length == HEAD_BYTES && skip(length - HEAD_BYTES) ? new Frame.TooLong(length, head) : null;
        }
        byte[] body = in.readNBytes((int) length);
        return body.length < length ? null : new Frame.Body(body);
    }

    /**
     * One header line without its CR LF, or null at the end of the stream; a line longer than
     * {@link #MAX_HEADER_LINE} comes back as its first {@code MAX_HEADER_LINE + 1} bytes, the rest unread.
     */
    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int c = in.read();
            if (c < 0) {
                return null;
            }
            if (c == '\n') {
                int n = line.length();
                return n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
            }
            line.append((char) c);
            if (line.length() > MAX_HEADER_LINE) {
                return line.toString();
            }
        }
    }

    /** Reads up to and including the next {@code Content-Length:} (any case); false at the end of the stream. */
    private boolean skipToContentLength() throws IOException {
        int matched = 0;
        while (true) {
            int c = in.read();
            if (c < 0) {
                return false;
            }
            int lower = c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
            if (lower == CONTENT_LENGTH[matched]) {
                if (++matched == CONTENT_LENGTH.length) {
                    return true;
                }
            } else {
                matched = lower == CONTENT_LENGTH[0] ? 1 : 0;
            }
        }
    }

    /** Reads and drops {@code length} bytes; false when the stream ends first. */
    private boolean skip(long length) throws IOException {
        byte[] scratch = new byte[1 << 16];
        long left = length;
        while (left > 0) {
            int n = in.read(scratch, 0, (int) Math.min(scratch.length, left));
            if (n < 0) {
                return false;
            }
            left -= n;
        }
        return true;
    }

    @Override
    public void close() {
        closed = true;
    }
}
