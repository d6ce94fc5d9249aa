package dev.csfstudio.asm;

public enum SymbolKind {
    LABEL, LOCAL_LABEL, CONSTANT, STREAM, BUFFER
}
