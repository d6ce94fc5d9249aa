package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The debug adapter's protocol: DAP plus the custom requests the README lists for client authors. */
public interface CsfDebugProtocol extends IDebugProtocolServer {

    /** A render target of the FBD the stopped queue's d40 points at, as its memory is now. */
    record RenderTargetImage(int index, int width, int height, String format, String png) {
    }

    /**
     * @param notes why a render target has no image: one larger than {@code csf run}'s PNG limit (8192x8192
     *              pixels) is left out of {@code targets}, unread
     */
    record RenderTargets(List<RenderTargetImage> targets, List<String> notes) {
    }

    /**
     * {@code csf/renderTargets}: the PNG (base64) of each render target d40's FBD describes that is within
     * {@code csf run}'s PNG limit; none when none.
     */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<RenderTargets> renderTargets();
}
