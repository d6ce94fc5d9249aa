package dev.csfstudio.lsp;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.CancelParams;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;

/**
 * The client's requests the server has not answered yet. A client may cancel a request whose answer is already
 * on its way (the two cross on the wire; VS Code cancels whenever the user moves on), and LSP lets the server
 * ignore such a cancel; LSP4J would log each one as a warning, "Unmatched cancel notification for request id
 * N", on stderr, which editors show in their output. So a {@code $/cancelRequest} for an id that is not
 * pending stops here; one for a pending request goes on and cancels it.
 */
final class PendingRequests {

    private final Set<String> pending = ConcurrentHashMap.newKeySet();

    /** In front of the endpoint: notes each request, drops a cancel of one that is not pending. */
    MessageConsumer incoming(MessageConsumer endpoint) {
        return message -> {
            if (message instanceof RequestMessage request && request.getId() != null) {
                pending.add(request.getId());
            } else if (message instanceof NotificationMessage n
                    && MessageJsonHandler.CANCEL_METHOD.getMethodName().equals(n.getMethod())
                    && n.getParams() instanceof CancelParams cancel && !pending.contains(cancel.getId())) {
                return;
            }
            endpoint.consume(message);
        };
    }

    /** Behind the endpoint: a request is no longer pending once its answer is being sent. */
    MessageConsumer outgoing(MessageConsumer stream) {
        return message -> {
            if (message instanceof ResponseMessage response && response.getId() != null) {
                pending.remove(response.getId());
            }
            stream.consume(message);
        };
    }
}
