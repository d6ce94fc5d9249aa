package dev.csfstudio.debug;

import dev.csfstudio.runtime.FramebufferView;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.RenderTarget;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** The render targets a queue's d40 describes, encoded for {@code csf/renderTargets}. */
final class RenderTargetImages {

    private RenderTargetImages() {
    }

    static CsfDebugProtocol.RenderTargets of(Machine machine, String queue) {
        List<CsfDebugProtocol.RenderTargetImage> out = new ArrayList<>();
        machine.framebuffer(queue).toOptional().ifPresent(view -> {
            for (FramebufferView.Target t : view.targets()) {
                if (t instanceof FramebufferView.Image image) {
                    RenderTarget rt = image.target();
                    out.add(new CsfDebugProtocol.RenderTargetImage(t.index(), rt.width(), rt.height(), rt.format().name(),
                            Base64.getEncoder().encodeToString(rt.png())));
                }
            }
        });
        return new CsfDebugProtocol.RenderTargets(out);
    }
}
