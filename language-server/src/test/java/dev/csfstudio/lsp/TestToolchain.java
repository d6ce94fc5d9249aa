package dev.csfstudio.lsp;

/** The toolchain tests run against: the real assembler, formatter and simulator. */
final class TestToolchain {

    private TestToolchain() {
    }

    static Toolchain get() {
        return Toolchain.standard();
    }
}
