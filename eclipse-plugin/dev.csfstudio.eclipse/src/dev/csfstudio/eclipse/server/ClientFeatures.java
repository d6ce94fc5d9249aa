package dev.csfstudio.eclipse.server;

import java.util.List;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionCapabilities;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionKindCapabilities;
import org.eclipse.lsp4j.CodeActionLiteralSupportCapabilities;
import org.eclipse.lsp4j.CodeLensCapabilities;
import org.eclipse.lsp4j.CompletionCapabilities;
import org.eclipse.lsp4j.CompletionItemCapabilities;
import org.eclipse.lsp4j.DefinitionCapabilities;
import org.eclipse.lsp4j.DocumentSymbolCapabilities;
import org.eclipse.lsp4j.ExecuteCommandCapabilities;
import org.eclipse.lsp4j.FoldingRangeCapabilities;
import org.eclipse.lsp4j.FormattingCapabilities;
import org.eclipse.lsp4j.HoverCapabilities;
import org.eclipse.lsp4j.InlayHintCapabilities;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.ParameterInformationCapabilities;
import org.eclipse.lsp4j.PublishDiagnosticsCapabilities;
import org.eclipse.lsp4j.ReferencesCapabilities;
import org.eclipse.lsp4j.RenameCapabilities;
import org.eclipse.lsp4j.SemanticTokensCapabilities;
import org.eclipse.lsp4j.SemanticTokensClientCapabilitiesRequests;
import org.eclipse.lsp4j.SignatureHelpCapabilities;
import org.eclipse.lsp4j.SignatureInformationCapabilities;
import org.eclipse.lsp4j.SymbolCapabilities;
import org.eclipse.lsp4j.SynchronizationCapabilities;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TokenFormat;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;

/** What the Eclipse client tells the server it handles: every feature the editor turns into an Eclipse one. */
public final class ClientFeatures {

    private ClientFeatures() {
    }

    public static ClientCapabilities capabilities() {
        TextDocumentClientCapabilities text = new TextDocumentClientCapabilities();
        text.setSynchronization(new SynchronizationCapabilities(false, false, true));
        text.setHover(new HoverCapabilities(List.of(MarkupKind.MARKDOWN, MarkupKind.PLAINTEXT), false));
        text.setCompletion(new CompletionCapabilities(new CompletionItemCapabilities(true)));
        SignatureInformationCapabilities signature = new SignatureInformationCapabilities(List.of(MarkupKind.PLAINTEXT));
        signature.setParameterInformation(new ParameterInformationCapabilities(true));
        text.setSignatureHelp(new SignatureHelpCapabilities(signature, false));
        text.setDefinition(new DefinitionCapabilities(false));
        text.setReferences(new ReferencesCapabilities(false));
        RenameCapabilities rename = new RenameCapabilities(true, false);
        text.setRename(rename);
        text.setFormatting(new FormattingCapabilities(false));
        CodeActionCapabilities actions = new CodeActionCapabilities(new CodeActionLiteralSupportCapabilities(
                new CodeActionKindCapabilities(List.of(CodeActionKind.QuickFix, CodeActionKind.Refactor,
                        CodeActionKind.RefactorRewrite))), false);
        text.setCodeAction(actions);
        DocumentSymbolCapabilities symbols = new DocumentSymbolCapabilities();
        symbols.setHierarchicalDocumentSymbolSupport(true);
        text.setDocumentSymbol(symbols);
        text.setFoldingRange(new FoldingRangeCapabilities());
        SemanticTokensCapabilities tokens = new SemanticTokensCapabilities(new SemanticTokensClientCapabilitiesRequests(true),
                List.of("keyword", "enumMember", "macro", "parameter", "number", "variable", "function", "property", "string",
                        "comment", "operator"), List.of("declaration"), List.of(TokenFormat.Relative));
        text.setSemanticTokens(tokens);
        text.setInlayHint(new InlayHintCapabilities());
        text.setCodeLens(new CodeLensCapabilities(false));
        text.setPublishDiagnostics(new PublishDiagnosticsCapabilities(true));
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setWorkspaceFolders(true);
        workspace.setSymbol(new SymbolCapabilities(false));
        workspace.setExecuteCommand(new ExecuteCommandCapabilities(false));
        return new ClientCapabilities(workspace, text, null);
    }
}
