package dev.csfstudio.program;

/**
 * A named value. Labels, streams and buffers are GPU virtual addresses; constants come from
 * {@code .equ}/{@code .set}.
 *
 * @param section the stream or buffer a label belongs to, or null
 */
public record Symbol(String name, SymbolKind kind, long value, SourceRange definition, String section) {
}
