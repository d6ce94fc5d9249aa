package dev.csfstudio.eclipse.ui;

import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.codemining.ICodeMiningProvider;
import org.eclipse.jface.text.contentassist.ContentAssistant;
import org.eclipse.jface.text.contentassist.IContentAssistant;
import org.eclipse.jface.text.hyperlink.IHyperlinkDetector;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.quickassist.IQuickAssistAssistant;
import org.eclipse.jface.text.quickassist.QuickAssistAssistant;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.editors.text.TextSourceViewerConfiguration;

import dev.csfstudio.eclipse.text.CsfPartitions;
import dev.csfstudio.eclipse.text.CsfScanner;
import dev.csfstudio.eclipse.text.TokenKind;
import dev.csfstudio.eclipse.operations.codeactions.CsfQuickAssistProcessor;
import dev.csfstudio.eclipse.operations.codelens.CsfCodeMinings;
import dev.csfstudio.eclipse.operations.completion.CsfContentAssistProcessor;
import dev.csfstudio.eclipse.operations.declaration.CsfHyperlinkDetector;
import dev.csfstudio.eclipse.operations.hover.CsfTextHover;
import dev.csfstudio.eclipse.text.CsfColors;

/**
 * Partitions, rule-based colouring, hover, asynchronous content assist with context information, quick assist,
 * hyperlinks and code minings of the CSF editor.
 */
public final class CsfSourceViewerConfiguration extends TextSourceViewerConfiguration {

    private final CsfEditor editor;
    private CsfContentAssistProcessor completion;

    public CsfSourceViewerConfiguration(IPreferenceStore store, CsfEditor editor) {
        super(store);
        this.editor = editor;
    }

    @Override
    public String getConfiguredDocumentPartitioning(ISourceViewer viewer) {
        return CsfPartitions.PARTITIONING;
    }

    @Override
    public String[] getConfiguredContentTypes(ISourceViewer viewer) {
        return CsfPartitions.ALL_CONTENT_TYPES;
    }

    @Override
    public IPresentationReconciler getPresentationReconciler(ISourceViewer viewer) {
        PresentationReconciler r = new PresentationReconciler();
        r.setDocumentPartitioning(CsfPartitions.PARTITIONING);
        DefaultDamagerRepairer code = new DefaultDamagerRepairer(new CsfScanner(CsfColors::token));
        r.setDamager(code, IDocument.DEFAULT_CONTENT_TYPE);
        r.setRepairer(code, IDocument.DEFAULT_CONTENT_TYPE);
        DefaultDamagerRepairer comment = new DefaultDamagerRepairer(single(TokenKind.COMMENT));
        r.setDamager(comment, CsfPartitions.COMMENT);
        r.setRepairer(comment, CsfPartitions.COMMENT);
        DefaultDamagerRepairer string = new DefaultDamagerRepairer(single(TokenKind.STRING));
        r.setDamager(string, CsfPartitions.STRING);
        r.setRepairer(string, CsfPartitions.STRING);
        return r;
    }

    private static RuleBasedScanner single(TokenKind kind) {
        RuleBasedScanner s = new RuleBasedScanner();
        s.setDefaultReturnToken(CsfColors.token(kind));
        return s;
    }

    @Override
    public ITextHover getTextHover(ISourceViewer viewer, String contentType) {
        return IDocument.DEFAULT_CONTENT_TYPE.equals(contentType) ? new CsfTextHover(editor) : super.getTextHover(viewer, contentType);
    }

    /** Asynchronous: the processor runs off the UI thread, so a slow server never freezes typing. */
    @Override
    public IContentAssistant getContentAssistant(ISourceViewer viewer) {
        ContentAssistant assistant = new ContentAssistant(true);
        assistant.setDocumentPartitioning(CsfPartitions.PARTITIONING);
        completion = new CsfContentAssistProcessor(editor);
        assistant.addContentAssistProcessor(completion, IDocument.DEFAULT_CONTENT_TYPE);
        assistant.enableAutoActivation(true);
        assistant.setAutoActivationDelay(200);
        assistant.enableAutoInsert(false);
        assistant.setProposalPopupOrientation(IContentAssistant.PROPOSAL_OVERLAY);
        assistant.setContextInformationPopupOrientation(IContentAssistant.CONTEXT_INFO_ABOVE);
        assistant.setInformationControlCreator(getInformationControlCreator(viewer));
        return assistant;
    }

    /** The completion processor of the assistant (for tests). */
    CsfContentAssistProcessor completionProcessor() {
        return completion;
    }

    @Override
    public IQuickAssistAssistant getQuickAssistAssistant(ISourceViewer viewer) {
        QuickAssistAssistant assistant = new QuickAssistAssistant();
        assistant.setQuickAssistProcessor(new CsfQuickAssistProcessor(editor));
        assistant.setInformationControlCreator(getInformationControlCreator(viewer));
        return assistant;
    }

    @Override
    public IHyperlinkDetector[] getHyperlinkDetectors(ISourceViewer viewer) {
        IHyperlinkDetector[] platform = super.getHyperlinkDetectors(viewer);
        IHyperlinkDetector[] all = new IHyperlinkDetector[(platform == null ? 0 : platform.length) + 1];
        all[0] = new CsfHyperlinkDetector(editor);
        if (platform != null) {
            System.arraycopy(platform, 0, all, 1, platform.length);
        }
        return all;
    }

    @Override
    public ICodeMiningProvider[] getCodeMiningProviders(ISourceViewer viewer) {
        return new ICodeMiningProvider[] {new CsfCodeMinings(editor)};
    }
}
