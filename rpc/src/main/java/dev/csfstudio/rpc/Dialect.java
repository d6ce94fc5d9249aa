package dev.csfstudio.rpc;

import java.util.List;

/**
 * How one protocol's messages name the members {@link FramedMessageReader} looks at before LSP4J builds
 * objects from them: JSON-RPC (the language server) and the Debug Adapter Protocol share the framing and
 * differ only here.
 *
 * @param id        the member a request's answer is matched by
 * @param call      the string member that makes a message a request or notification
 * @param responses members only a response has
 */
public record Dialect(String id, String call, List<String> responses) {

    public static final Dialect JSON_RPC = new Dialect("id", "method", List.of("result", "error"));
    public static final Dialect DAP = new Dialect("seq", "command", List.of("request_seq"));
}
