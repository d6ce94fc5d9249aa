package dev.csfstudio.eclipse.operations.codeactions;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext;
import org.eclipse.jface.text.quickassist.IQuickAssistProcessor;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.eclipse.DocumentPositions;
import dev.csfstudio.eclipse.server.DocumentSession;
import dev.csfstudio.eclipse.server.ServedEditor;

/** Ctrl+1: the server's code actions (quick fixes for the diagnostics on the caret's line, and rewrites there). */
public final class CsfQuickAssistProcessor implements IQuickAssistProcessor {

    private final ServedEditor editor;
    private String error;

    public CsfQuickAssistProcessor(ServedEditor editor) {
        this.editor = editor;
    }

    @Override
    public ICompletionProposal[] computeQuickAssistProposals(IQuickAssistInvocationContext context) {
        error = null;
        DocumentSession s = editor.session();
        CsfServerConnection c = editor.connection();
        if (c == null) {
            error = "The CSF language server is not running";
            return new ICompletionProposal[0];
        }
        IDocument d = context.getSourceViewer().getDocument();
        Position caret = DocumentPositions.position(d, context.getOffset());
        int line = caret.getLine();
        List<Diagnostic> here = s.diagnostics().stream()
                .filter(x -> x.getRange().getStart().getLine() <= line && x.getRange().getEnd().getLine() >= line).toList();
        Range range = new Range(new Position(line, 0), new Position(line, Integer.MAX_VALUE / 2));
        try {
            List<ICompletionProposal> out = new ArrayList<>();
            for (CodeAction a : c.codeActions(s.uri(), range, here).get(5, java.util.concurrent.TimeUnit.SECONDS)) {
                out.add(new Proposal(a));
            }
            return out.toArray(ICompletionProposal[]::new);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ICompletionProposal[0];
        } catch (Exception e) {
            error = "CSF quick fixes failed: " + e.getMessage();
            return new ICompletionProposal[0];
        }
    }

    @Override
    public String getErrorMessage() {
        return error;
    }

    @Override
    public boolean canFix(Annotation annotation) {
        return true;
    }

    @Override
    public boolean canAssist(IQuickAssistInvocationContext invocationContext) {
        return true;
    }

    /** One code action as a Ctrl+1 proposal. */
    static final class Proposal implements ICompletionProposal {
        private final CodeAction action;

        Proposal(CodeAction action) {
            this.action = action;
        }

        CodeAction action() {
            return action;
        }

        @Override
        public void apply(IDocument document) {
            CodeActions.applyLogged(action);
        }

        @Override
        public Point getSelection(IDocument document) {
            return null;
        }

        @Override
        public String getAdditionalProposalInfo() {
            return null;
        }

        @Override
        public String getDisplayString() {
            return action.getTitle();
        }

        @Override
        public Image getImage() {
            return PlatformUI.getWorkbench().getSharedImages().getImage(
                    "quickfix".equals(action.getKind()) ? ISharedImages.IMG_OBJS_INFO_TSK : ISharedImages.IMG_TOOL_FORWARD);
        }

        @Override
        public IContextInformation getContextInformation() {
            return null;
        }
    }
}
