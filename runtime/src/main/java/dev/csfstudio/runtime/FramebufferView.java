package dev.csfstudio.runtime;

import java.util.List;
import java.util.Map;

/**
 * The framebuffer descriptor a queue's d40 points at, decoded as a fragment job would read it now, with
 * each render target as its memory is now (call {@link RenderTarget#png} for the image).
 *
 * @param pointer    the tagged pointer in d40
 * @param address    the descriptor's GPU VA (the pointer without its tag)
 * @param parameters every Framebuffer Parameters field by its genxml name
 */
public record FramebufferView(long pointer, long address, Map<String, Long> parameters, List<Target> targets) {

    public FramebufferView {
        parameters = Map.copyOf(parameters);
        targets = List.copyOf(targets);
    }

    /** Render-target descriptor {@code index} at {@code address}, with its fields by genxml name. */
    public sealed interface Target permits Image, Skipped {
        int index();

        long address();

        Map<String, Long> fields();
    }

    /** A target the fragment executor writes; {@code target} reads its pixels on demand. */
    public record Image(int index, long address, Map<String, Long> fields, RenderTarget target) implements Target {
    }

    /** A target it does not write, and why. */
    public record Skipped(int index, long address, Map<String, Long> fields, String reason) implements Target {
    }
}
