package dev.csfstudio.lsp;

import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.services.LanguageClient;

import com.google.gson.JsonObject;

/** The client as this server sees it: a standard LSP client that may also listen for run results. */
public interface CsfLanguageClient extends LanguageClient {

    /**
     * Sent after each background run of a document version: {@code {uri, version, status, instructions,
     * renderTargets: [{buffer, width, height}]}}. Clients that do not know it ignore it.
     */
    @JsonNotification("csf/runFinished")
    void runFinished(JsonObject params);
}
