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

    record RenderTargets(List<RenderTargetImage> targets) {
    }

    /** {@code csf/renderTargets}: the PNG (base64) of each render target d40's FBD describes; none when none. */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<RenderTargets> renderTargets();
}
