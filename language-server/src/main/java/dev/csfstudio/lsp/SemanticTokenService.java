package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensLegend;

/** Semantic tokens for every line, from the line scanner: mnemonics, modifiers, registers, labels, ... */
public final class SemanticTokenService {

    /** Token types in legend order; a token's type is its index here. */
    public static final List<String> TYPES = List.of("keyword", "enumMember", "macro", "parameter", "number",
            "variable", "function", "property", "string", "comment", "operator");
    public static final List<String> MODIFIERS = List.of("declaration");

    public static SemanticTokensLegend legend() {
        return new SemanticTokensLegend(TYPES, MODIFIERS);
    }

    public SemanticTokens tokens(TextDocument doc) {
        List<Integer> data = new ArrayList<>();
        int prevLine = 0;
        int prevStart = 0;
        for (int lineNo = 0; lineNo < doc.lineCount(); lineNo++) {
            for (SourceLine.Token t : SourceLine.scan(doc.line(lineNo)).tokens()) {
                int type = typeOf(t.kind());
                if (type < 0 || t.end() <= t.start()) {
                    continue;
                }
                data.add(lineNo - prevLine);
                data.add(lineNo == prevLine ? t.start() - prevStart : t.start());
                data.add(t.end() - t.start());
                data.add(type);
                data.add(t.kind() == SourceLine.Kind.LABEL_DEFINITION ? 1 : 0);
                prevLine = lineNo;
                prevStart = t.start();
            }
        }
        return new SemanticTokens(data);
    }

    private static int typeOf(SourceLine.Kind kind) {
        return switch (kind) {
            case MNEMONIC -> 0;
            case MODIFIER -> 1;
            case DIRECTIVE -> 2;
            case REGISTER -> 3;
            case NUMBER -> 4;
            case SYMBOL -> 5;
            case LABEL_DEFINITION -> 6;
            case FIELD_NAME -> 7;
            case STRING -> 8;
            case COMMENT -> 9;
            case OPERATOR -> 10;
            case COMMA -> -1;
        };
    }
}
