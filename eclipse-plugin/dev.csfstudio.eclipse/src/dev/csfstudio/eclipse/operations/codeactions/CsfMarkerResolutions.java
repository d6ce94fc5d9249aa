package dev.csfstudio.eclipse.operations.codeactions;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;

import dev.csfstudio.eclipse.CsfPlugin;
import dev.csfstudio.eclipse.operations.diagnostics.MarkerData;

/**
 * Quick Fix in the Problems view (and on the ruler) for CSF markers, the builder's and the server's alike: the
 * server's code actions for the diagnostic the marker was made from.
 */
public final class CsfMarkerResolutions implements IMarkerResolutionGenerator2 {

    /** Only diagnostics the server can fix: ones with suggested replacements, or a value out of range. */
    @Override
    public boolean hasResolutions(IMarker marker) {
        Diagnostic d = MarkerData.diagnostic(marker.getAttribute(MarkerData.DIAGNOSTIC, null));
        return d != null && (d.getData() != null
                || (d.getCode() != null && d.getCode().isLeft() && "out-of-range".equals(d.getCode().getLeft())));
    }

    @Override
    public IMarkerResolution[] getResolutions(IMarker marker) {
        Diagnostic d = MarkerData.diagnostic(marker.getAttribute(MarkerData.DIAGNOSTIC, null));
        if (d == null || !(marker.getResource() instanceof IFile file)) {
            return new IMarkerResolution[0];
        }
        try {
            List<CodeAction> actions = CodeActions.forFile(file, d, 10);
            return actions.stream().filter(a -> a.getEdit() != null).map(Resolution::new).toArray(IMarkerResolution[]::new);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            CsfPlugin.log(IStatus.WARNING, "No CSF quick fixes for " + file.getFullPath() + ": " + e.getMessage(), null);
        }
        return new IMarkerResolution[0];
    }

    /** One code action as a marker resolution. */
    static final class Resolution implements IMarkerResolution2 {
        private final CodeAction action;

        Resolution(CodeAction action) {
            this.action = action;
        }

        @Override
        public String getLabel() {
            return action.getTitle();
        }

        @Override
        public void run(IMarker marker) {
            CodeActions.applyLogged(action);
        }

        @Override
        public String getDescription() {
            return action.getTitle();
        }

        @Override
        public org.eclipse.swt.graphics.Image getImage() {
            return null;
        }
    }
}
