package dev.csfstudio.eclipse.debug.model;

import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

import com.google.gson.JsonObject;

/** `csf debug` as LSP4J sees it: the DAP requests plus the adapter's own. */
public interface CsfDebugServer extends IDebugProtocolServer {

    /** `{ targets: [{ index, width, height, format, png (base64) }] }` of the FBD the stopped queue uses. */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<JsonObject> renderTargets();
}
