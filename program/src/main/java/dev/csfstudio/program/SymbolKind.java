package dev.csfstudio.program;

public enum SymbolKind {
    LABEL, LOCAL_LABEL, CONSTANT, STREAM, BUFFER
}
