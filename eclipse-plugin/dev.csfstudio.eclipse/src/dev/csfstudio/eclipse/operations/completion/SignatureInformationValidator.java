package dev.csfstudio.eclipse.operations.completion;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationPresenter;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;

/** Keeps a signature's popup while the caret stays on its line, with the active operand in bold. */
final class SignatureInformationValidator implements IContextInformationValidator, IContextInformationPresenter {

    private IContextInformation info;
    private ITextViewer viewer;
    private int line = -1;

    @Override
    public void install(IContextInformation information, ITextViewer textViewer, int offset) {
        info = information;
        viewer = textViewer;
        try {
            line = textViewer.getDocument().getLineOfOffset(offset);
        } catch (BadLocationException e) {
            line = -1;
        }
    }

    @Override
    public boolean isContextInformationValid(int offset) {
        try {
            return viewer != null && line >= 0 && viewer.getDocument().getLineOfOffset(offset) == line;
        } catch (BadLocationException e) {
            return false;
        }
    }

    @Override
    public boolean updatePresentation(int offset, TextPresentation presentation) {
        presentation.clear();
        if (info instanceof SignatureInformation s && s.activeStart() >= 0 && s.activeEnd() > s.activeStart()) {
            presentation.addStyleRange(new StyleRange(s.activeStart(), s.activeEnd() - s.activeStart(), null, null, SWT.BOLD));
        }
        return true;
    }
}
