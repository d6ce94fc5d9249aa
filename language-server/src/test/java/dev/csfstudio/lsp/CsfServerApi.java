package dev.csfstudio.lsp;

import java.util.concurrent.CompletableFuture;

import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageServer;

import com.google.gson.JsonObject;

/** The server as a client sees it, including the custom request. */
interface CsfServerApi extends LanguageServer {

    @JsonRequest("csf/run")
    CompletableFuture<JsonObject> run(JsonObject params);

    @JsonRequest("csf/test")
    CompletableFuture<JsonObject> test(JsonObject params);
}
