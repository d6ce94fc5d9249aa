package dev.csfstudio.lsp;

import dev.csfstudio.isa.Arch;

import java.util.EnumMap;
import java.util.Map;

/** The editor features that read an architecture's tables, built once for each architecture a document uses. */
record ArchFeatures(CompletionService completion, HoverService hover, SignatureHelpService signatures,
                    NavigationService navigation, CodeActionService codeActions, SemanticTokenService semanticTokens) {

    private static final Map<Arch, ArchFeatures> BY_ARCH = new EnumMap<>(Arch.class);

    static synchronized ArchFeatures of(Arch arch) {
        return BY_ARCH.computeIfAbsent(arch, a -> new ArchFeatures(
                new CompletionService(a.instructionSet(), a.descriptors()),
                new HoverService(a.instructionSet(), a.descriptors()),
                new SignatureHelpService(a.instructionSet()),
                new NavigationService(a.instructionSet()),
                new CodeActionService(a.instructionSet()),
                new SemanticTokenService(a.instructionSet())));
    }
}
