package dev.csfstudio.debug;

import dev.csfstudio.runtime.FramebufferView;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.RenderTarget;
import dev.csfstudio.runtime.RunOutput;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The render targets a queue's d40 describes, encoded for {@code csf/renderTargets}; one over {@code csf run}'s
 * PNG limit is a note, read no further (an FBD's size is the program's, not its buffers'); a descriptor that
 * cannot be read is the answer's problem (why: d40 zero, misaligned, or not mapped in the queue's VM).
 */
final class RenderTargetImages {

    private RenderTargetImages() {
    }

    static CsfDebugProtocol.RenderTargets of(Machine machine, String queue) {
        List<CsfDebugProtocol.RenderTargetImage> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        dev.csfstudio.runtime.Result<FramebufferView> framebuffer = machine.framebuffer(queue);
        framebuffer.toOptional().ifPresent(view -> {
            for (FramebufferView.Target t : view.targets()) {
                if (t instanceof FramebufferView.Image image) {
                    RenderTarget rt = image.target();
                    if (!RunOutput.hasPng(rt)) {
                        notes.add("render target " + t.index() + " (" + rt.width() + "x" + rt.height() + "): "
                                + RunOutput.noPng(rt));
                        continue;
                    }
                    out.add(new CsfDebugProtocol.RenderTargetImage(t.index(), rt.width(), rt.height(), rt.format().name(),
                            Base64.getEncoder().encodeToString(rt.png())));
                }
            }
        });
        String problem = framebuffer instanceof dev.csfstudio.runtime.Result.Refused<FramebufferView> r ? r.reason() : null;
        return new CsfDebugProtocol.RenderTargets(out, notes, problem);
    }
}
