package dev.csfstudio.rpc;

import java.util.logging.Level;
import java.util.logging.Logger;

import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;

/**
 * The JSON-RPC errors the server answers with: its own (for messages LSP4J never gets to see) and the
 * error for an exception a request ended with, which never carries a stack trace (that goes to the log).
 */
public final class ErrorResponses {

    private static final Logger LOG = Logger.getLogger(ErrorResponses.class.getName());
    /** Longest message text taken from an exception or echoed from the client's input. */
    public static final int MAX_TEXT = 200;

    private ErrorResponses() {
    }

    /** Sends an error response; {@code id} null when the message's id could not be read. */
    public static void send(MessageConsumer out, Either<String, Number> id, ResponseErrorCode code, String message) {
        ResponseMessage response = new ResponseMessage();
        response.setRawId(id);
        response.setError(new ResponseError(code, message, null));
        out.consume(response);
    }

    /** The error for a request that ended with {@code thrown}: the error it carries, else an internal error. */
    public static ResponseError of(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof ResponseErrorException e) {
                ResponseError error = e.getResponseError();
                return new ResponseError(error.getCode(), error.getMessage(),
                        error.getData() instanceof Throwable ? null : error.getData());
            }
        }
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String unoffered = unoffered(root);
        if (unoffered != null) {
            return new ResponseError(ResponseErrorCode.MethodNotFound, "'" + unoffered + "' is not supported by this"
                    + " server (the capabilities it answered initialize with list what it offers)", null);
        }
        LOG.log(Level.SEVERE, "request failed", thrown);
        String detail = root.getMessage() == null ? "" : ": " + shorten(root.getMessage());
        return new ResponseError(ResponseErrorCode.InternalError, "internal error (" + root.getClass().getSimpleName()
                + detail + "); the server log has the details", null);
    }

    /**
     * The request's name when {@code root} is LSP4J's answer to a request its service interface declares but the
     * server does not implement (the interface's default method throws UnsupportedOperationException); else null.
     */
    private static String unoffered(Throwable root) {
        StackTraceElement[] at = root.getStackTrace();
        return root instanceof UnsupportedOperationException && at.length > 0
                && at[0].getClassName().startsWith("org.eclipse.lsp4j.") ? at[0].getMethodName() : null;
    }

    /** The first line of {@code text}, at most {@link #MAX_TEXT} characters. */
    public static String shorten(String text) {
        int newline = text.indexOf('\n');
        String line = (newline < 0 ? text : text.substring(0, newline)).strip();
        return line.length() <= MAX_TEXT ? line : line.substring(0, MAX_TEXT) + "...";
    }
}
