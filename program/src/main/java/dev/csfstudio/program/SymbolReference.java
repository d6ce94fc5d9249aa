package dev.csfstudio.program;

/** A use of a symbol in the source, for go-to-definition, find-references and rename. */
public record SymbolReference(String name, SourceRange range, Symbol target) {
}
