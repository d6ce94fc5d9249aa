package dev.csfstudio.lsp;

import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.services.LanguageClient;

import dev.csfstudio.lsp.protocol.CsfProtocol;

/** The client as this server sees it: a standard LSP client that may also listen for run results. */
public interface CsfLanguageClient extends LanguageClient {

    /** Sent after each background run of a document version. Clients that do not know it ignore it. */
    @JsonNotification(CsfProtocol.RUN_FINISHED)
    void runFinished(CsfProtocol.RunFinished params);
}
