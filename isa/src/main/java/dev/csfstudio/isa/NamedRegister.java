package dev.csfstudio.isa;

/** A register with a fixed meaning, e.g. d40 = the fragment job's framebuffer pointer. */
public record NamedRegister(String register, String name, String doc) {
}
