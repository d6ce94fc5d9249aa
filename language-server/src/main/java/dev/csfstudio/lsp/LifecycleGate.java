package dev.csfstudio.lsp;

import dev.csfstudio.rpc.ErrorResponses;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * Holds the client to the LSP lifecycle before the server sees a message. Until {@code initialize}, other
 * requests are answered ServerNotInitialized (-32002) and notifications other than {@code exit} are
 * dropped; a second {@code initialize}, and any request after {@code shutdown}, is an InvalidRequest
 * (-32600). {@code exit} always gets through.
 */
final class LifecycleGate implements MessageConsumer {

    private enum Phase { NEW, RUNNING, SHUT_DOWN }

    private final MessageConsumer server;
    private final MessageConsumer replies;
    private volatile Phase phase = Phase.NEW;

    LifecycleGate(MessageConsumer server, MessageConsumer replies) {
        this.server = server;
        this.replies = replies;
    }

    @Override
    public void consume(Message message) {
        if (message instanceof RequestMessage request) {
            String refusal = refusal(request.getMethod());
            if (refusal != null) {
                ErrorResponses.send(replies, request.getRawId(), phase == Phase.NEW
                        ? ResponseErrorCode.ServerNotInitialized : ResponseErrorCode.InvalidRequest, refusal);
                return;
            }
            if (request.getMethod().equals("initialize")) {
                phase = Phase.RUNNING;
            } else if (request.getMethod().equals("shutdown")) {
                phase = Phase.SHUT_DOWN;
            }
        } else if (message instanceof NotificationMessage notification && phase == Phase.NEW
                && !"exit".equals(notification.getMethod())) {
            return;
        }
        server.consume(message);
    }

    /** Why a request may not be served now, or null. */
    private String refusal(String method) {
        switch (phase) {
            case NEW:
                return method.equals("initialize") ? null
                        : "the server is not initialized: send initialize before " + method;
            case RUNNING:
                return method.equals("initialize") ? "initialize was already sent" : null;
            default:
                return "the server is shutting down: after shutdown only the exit notification is accepted";
        }
    }
}
