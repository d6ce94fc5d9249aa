package dev.csfstudio.eclipse.operations.completion;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationExtension;
import org.eclipse.lsp4j.ParameterInformation;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.swt.graphics.Image;

import dev.csfstudio.eclipse.HoverText;

/**
 * An instruction's signature as context information while its operands are typed: the signature with the active
 * operand's range (bold in the popup) and that operand's documentation.
 */
public final class SignatureInformation implements IContextInformation, IContextInformationExtension {

    private final String label;
    private final String documentation;
    private final int activeStart;
    private final int activeEnd;
    private final int lineStart;

    private SignatureInformation(String label, String documentation, int activeStart, int activeEnd, int lineStart) {
        this.label = label;
        this.documentation = documentation;
        this.activeStart = activeStart;
        this.activeEnd = activeEnd;
        this.lineStart = lineStart;
    }

    /** The active signature of a help, or null when there is none. */
    static SignatureInformation of(SignatureHelp help, int offset, IDocument document) {
        if (help == null || help.getSignatures() == null || help.getSignatures().isEmpty()) {
            return null;
        }
        int index = help.getActiveSignature() == null ? 0 : Math.min(help.getActiveSignature(), help.getSignatures().size() - 1);
        org.eclipse.lsp4j.SignatureInformation s = help.getSignatures().get(index);
        int start = -1;
        int end = -1;
        String doc = "";
        Integer active = s.getActiveParameter() != null ? s.getActiveParameter() : help.getActiveParameter();
        if (active != null && s.getParameters() != null && active >= 0 && active < s.getParameters().size()) {
            ParameterInformation p = s.getParameters().get(active);
            if (p.getLabel().isRight()) {
                start = p.getLabel().getRight().getFirst();
                end = p.getLabel().getRight().getSecond();
            } else {
                start = s.getLabel().indexOf(p.getLabel().getLeft());
                end = start < 0 ? -1 : start + p.getLabel().getLeft().length();
            }
            if (p.getDocumentation() != null) {
                doc = p.getDocumentation().isLeft() ? p.getDocumentation().getLeft()
                        : HoverText.markdownToPlain(p.getDocumentation().getRight().getValue());
            }
        }
        int lineStart;
        try {
            lineStart = document.getLineOffset(document.getLineOfOffset(offset));
        } catch (org.eclipse.jface.text.BadLocationException e) {
            lineStart = offset;
        }
        return new SignatureInformation(s.getLabel(), doc, start, end, lineStart);
    }

    @Override
    public String getContextDisplayString() {
        return label;
    }

    @Override
    public Image getImage() {
        return null;
    }

    /** The signature, then the active operand's documentation on the next line. */
    @Override
    public String getInformationDisplayString() {
        return documentation.isEmpty() ? label : label + "\n" + documentation;
    }

    /** Where the instruction's line starts: the popup stays while the caret is on that line. */
    @Override
    public int getContextInformationPosition() {
        return lineStart;
    }

    public int activeStart() {
        return activeStart;
    }

    int activeEnd() {
        return activeEnd;
    }
}
