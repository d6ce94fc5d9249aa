package dev.csfstudio.eclipse.debug.model;

import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

import com.google.gson.JsonObject;

/**
 * `csf debug` as LSP4J sees it: the DAP requests plus the adapter's own. The adapter declares the same protocol as
 * {@code dev.csfstudio.debug.CsfDebugProtocol}, which this bundle cannot use: that interface is in the plugin's
 * csf.jar, private to the plugin and built on csf.jar's own copy of LSP4J's debug protocol over JSON-RPC 1.0.0, while
 * this bundle is wired to the debug protocol bundle 0.24.0, whose manifest takes JSON-RPC only in [0.24,0.25). The
 * Eclipse {@code ProtocolSchemaTest} checks the requests declared here against the adapter's schema.
 */
public interface CsfDebugServer extends IDebugProtocolServer {

    /**
     * The adapter's {@code CsfDebugProtocol.RenderTargets} as JSON, read by {@code RunViewModel} into that record
     * (this bundle wires LSP4J's debug protocol 0.24, the plugin's csf.jar its own copy, so the record is read
     * there, not here).
     */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<JsonObject> renderTargets();
}
