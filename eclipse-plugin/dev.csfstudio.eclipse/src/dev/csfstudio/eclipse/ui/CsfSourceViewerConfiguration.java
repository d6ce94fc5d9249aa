package dev.csfstudio.eclipse.ui;

import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.contentassist.ContentAssistant;
import org.eclipse.jface.text.contentassist.IContentAssistant;
import org.eclipse.jface.text.presentation.IPresentationReconciler;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.editors.text.TextSourceViewerConfiguration;

import dev.csfstudio.eclipse.text.CsfPartitions;
import dev.csfstudio.eclipse.text.CsfScanner;
import dev.csfstudio.eclipse.text.TokenKind;

/** Partitions, colouring, hover and content assist of the CSF editor. */
public final class CsfSourceViewerConfiguration extends TextSourceViewerConfiguration {

    private final CsfEditor editor;

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

    @Override
    public IContentAssistant getContentAssistant(ISourceViewer viewer) {
        ContentAssistant assistant = new ContentAssistant();
        assistant.setDocumentPartitioning(CsfPartitions.PARTITIONING);
        assistant.setContentAssistProcessor(new CsfContentAssistProcessor(editor), IDocument.DEFAULT_CONTENT_TYPE);
        assistant.enableAutoActivation(true);
        assistant.setAutoActivationDelay(200);
        assistant.enableAutoInsert(false);
        assistant.setProposalPopupOrientation(IContentAssistant.PROPOSAL_OVERLAY);
        assistant.setInformationControlCreator(getInformationControlCreator(viewer));
        return assistant;
    }
}
