package dev.csfstudio.debug;

import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import dev.csfstudio.rpc.ProtocolSchema;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The debug adapter's protocol: DAP plus the custom requests the README lists for client authors. */
public interface CsfDebugProtocol extends IDebugProtocolServer {

    /** A render target of the FBD the stopped queue's d40 points at, as its memory is now. */
    record RenderTargetImage(int index, int width, int height, String format, String png) {
    }

    /**
     * @param notes   why a render target has no image: one larger than {@code csf run}'s PNG limit (8192x8192
     *                pixels) is left out of {@code targets}, unread
     * @param problem why no framebuffer descriptor could be read (d40 is zero, misaligned, or points at memory
     *                not mapped in the queue's VM); absent when it was read
     */
    record RenderTargets(List<RenderTargetImage> targets, List<String> notes, @ProtocolSchema.Absent String problem) {
    }

    /** The custom messages, for {@code csf-debug-protocol.json} (checked in; clients check their types against it). */
    List<ProtocolSchema.Message> MESSAGES = List.of(new ProtocolSchema.Message("csf/renderTargets",
            ProtocolSchema.Direction.CLIENT_TO_SERVER, null, RenderTargets.class));

    /** The checked-in schema's path inside the jar (and below {@code src/main/resources}). */
    String SCHEMA_RESOURCE = "dev/csfstudio/debug/csf-debug-protocol.json";

    /** The schema of {@link #MESSAGES}, as {@code csf-debug-protocol.json} holds it. */
    static String schema() {
        return ProtocolSchema.json("The CSF debug adapter's custom requests (generated from"
                + " dev.csfstudio.debug.CsfDebugProtocol)", MESSAGES);
    }

    /**
     * {@code csf/renderTargets}: the PNG (base64) of each render target d40's FBD describes that is within
     * {@code csf run}'s PNG limit; none when none.
     */
    @JsonRequest("csf/renderTargets")
    CompletableFuture<RenderTargets> renderTargets();
}
