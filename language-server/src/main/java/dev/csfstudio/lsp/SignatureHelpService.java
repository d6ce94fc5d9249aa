package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.ParameterInformation;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureInformation;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Tuple;

import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.InstructionSet;
import dev.csfstudio.isa.OperandSpec;

/** Signature help for an instruction's operands, from the ISA table. */
public final class SignatureHelpService {

    private final InstructionSet isa;

    public SignatureHelpService(InstructionSet isa) {
        this.isa = isa;
    }

    public Optional<SignatureHelp> signatureHelp(TextDocument doc, Position position) {
        String text = doc.line(position.getLine());
        int column = Math.min(position.getCharacter(), text.length());
        SourceLine line = SourceLine.scan(text);
        if (line.inCommentOrString(column)) {
            return Optional.empty();
        }
        Optional<SourceLine.Token> head = line.head().filter(h -> h.kind() == SourceLine.Kind.MNEMONIC);
        int index = line.operandIndexAt(column);
        if (head.isEmpty() || index < 0) {
            return Optional.empty();
        }
        Optional<InstructionDef> def = isa.byMnemonic(head.get().text());
        if (def.isEmpty() || def.get().operands().isEmpty()) {
            return Optional.empty();
        }
        SignatureInformation info = signature(def.get());
        SignatureHelp help = new SignatureHelp(List.of(info), 0, Math.min(index, def.get().operands().size() - 1));
        return Optional.of(help);
    }

    /** Parameters are given as offsets into the signature label, so identical placeholders stay distinct. */
    static SignatureInformation signature(InstructionDef def) {
        String label = def.signature();
        List<ParameterInformation> params = new ArrayList<>();
        int from = label.indexOf(' ');
        for (OperandSpec op : def.operands()) {
            String placeholder = op.optional() ? "[" + op.kind().placeholder() + "]" : op.kind().placeholder();
            int at = label.indexOf(placeholder, from);
            StringBuilder bits = new StringBuilder();
            for (BitField f : op.fields()) {
                bits.append(bits.length() == 0 ? "" : ", ").append(f.name()).append(f.bits());
            }
            ParameterInformation p = new ParameterInformation();
            p.setLabel(Either.forRight(Tuple.two(at, at + placeholder.length())));
            p.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, op.doc() + " — " + bits));
            params.add(p);
            from = at + placeholder.length();
        }
        SignatureInformation info = new SignatureInformation(label);
        info.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, def.doc()));
        info.setParameters(params);
        return info;
    }
}
