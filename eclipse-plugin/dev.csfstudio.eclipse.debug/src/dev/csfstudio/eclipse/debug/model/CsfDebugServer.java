package dev.csfstudio.eclipse.debug.model;

import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

import com.google.gson.JsonObject;

/** `csf debug` as LSP4J sees it: the DAP requests plus the adapter's own. */
public interface CsfDebugServer extends IDebugProtocolServer {

    /**
     * The adapter's {@code CsfDebugProtocol.RenderTargets} as JSON, read by {@code RunViewModel} into that record
     * (this bundle wires LSP4J's debug protocol 0.24, the plugin's csf.jar its own copy, so the record is read
     * there, not here).
     */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<JsonObject> renderTargets();
}
