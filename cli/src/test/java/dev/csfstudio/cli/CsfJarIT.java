package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged {@code csf.jar}: its class files are all ones Java 17 verifies by type checking and archives
 * verified (the build rewrites picocli's Java 5 ones, src/build/java/ClassFileUpgrade.java), and the rewritten
 * picocli behaves as the original does on the test class path.
 */
class CsfJarIT {

    private static final Path JAR = Path.of("target", "csf.jar");
    private static final Path EXAMPLE = Path.of("..", "examples", "clear.csf");

    private static int majorVersion(byte[] classFile) {
        return (classFile[6] & 0xff) << 8 | (classFile[7] & 0xff);
    }

    private static List<String> classesOlderThanJava6() throws IOException {
        List<String> old = new ArrayList<>();
        try (ZipFile jar = new ZipFile(JAR.toFile())) {
            for (ZipEntry entry : jar.stream().toList()) {
                if (entry.getName().endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        if (majorVersion(in.readNBytes(8)) < 50) {
                            old.add(entry.getName());
                        }
                    }
                }
            }
        }
        return old;
    }

    @Test
    void everyClassFileIsJava6OrLater() throws IOException {
        assertEquals(List.of(), classesOlderThanJava6());
    }

    @Test
    void everyPicocliClassPassesVerification() throws Exception {
        List<String> names = new ArrayList<>();
        try (ZipFile jar = new ZipFile(JAR.toFile())) {
            jar.stream().map(ZipEntry::getName).filter(n -> n.startsWith("picocli/") && n.endsWith(".class"))
                    .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
        }
        assertTrue(names.size() > 100, "picocli's classes are in the jar: " + names.size());
        // A class loader of its own: the jar's picocli, not the test class path's. Initialising a class links
        // it, and linking verifies it; a wrong frame is a VerifyError here.
        try (URLClassLoader loader = new URLClassLoader(new URL[] {JAR.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            for (String name : names) {
                Class<?> cls = Class.forName(name, true, loader);
                assertEquals(loader, cls.getClassLoader(), name);
            }
        }
    }

    /** What {@code java -jar csf.jar ARGS} prints, stdout then stderr, and its exit code. */
    private static String jar(String... args) throws IOException, InterruptedException {
        return jarWith(List.of(), args);
    }

    /** {@link #jar} on a JVM given {@code options}. */
    private static String jarWith(List<String> options, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(options);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File(
                "/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return p.exitValue() + "\n" + out + "\n" + err;
    }

    private static String inProcess(String... args) {
        CsfInvocation run = CsfInvocation.run(args);
        return run.exitCode() + "\n" + run.out() + "\n" + run.err();
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "asm --help", "disasm --help", "run --help", "test --help", "debug --help",
        "lsp --help", "help run", "--version", "--bogus", "asm --bogus x.csf", "run", "disasm --base nine x.bin", "frobnicate",
        ""})
    void rewrittenPicocliPrintsWhatTheOriginalDoes(String line) throws Exception {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        assertEquals(inProcess(args), jar(args));
    }

    /**
     * ANTLR's lexer, parser and their ATN simulators stay unloaded while every line is one the plain scanner reads, as
     * every line of the bundled example is: making them is start-up work (a few of ANTLR's interfaces, which the
     * assembler's signatures name, may load).
     */
    @ParameterizedTest
    @ValueSource(strings = {"asm", "run"})
    void theExampleAndASourceOfPlainLinesLoadNoLexerOrParserOfAntlr(String command, @TempDir Path dir) throws Exception {
        Path plain = java.nio.file.Files.writeString(dir.resolve("plain.csf"),
                ".equ K, 4\nMOVE32 r4, K * 2\nloop: ADD_IMMEDIATE32 r4, r4, #-1\nBRANCH.ne r4, loop\nNOP\n");
        for (Path source : List.of(plain, EXAMPLE)) {
            String result = command.equals("asm")
                    ? jarWith(List.of("-verbose:class"), "asm", source.toString(), "-o", dir.resolve("out.bin").toString())
                    : jarWith(List.of("-verbose:class"), "run", source.toString(), "--out", dir.resolve("out").toString());
            assertTrue(result.startsWith("0\n"), result);
            assertTrue(result.contains("dev.csfstudio.asm.Assembly "), "the class list is printed: " + result);
            assertEquals(List.of(), result.lines().filter(l -> l.contains("org.antlr.v4.runtime.atn.")
                    || l.contains("dev.csfstudio.grammar.CsfLexer ") || l.contains("dev.csfstudio.grammar.CsfParser "))
                    .toList(), source.toString());
        }
    }

    /** The models built in code are complete enough that picocli warns about none of their options. */
    @ParameterizedTest
    @ValueSource(strings = {"asm", "run", "disasm"})
    void aCommandOnTheExamplePrintsNoWarningOfPicocli(String command, @TempDir Path dir) throws Exception {
        Path bin = dir.resolve("clear.bin");
        jar("asm", EXAMPLE.toString(), "-o", bin.toString());
        String result = switch (command) {
            case "asm" -> jar("asm", EXAMPLE.toString(), "--arch", "v10", "-o", dir.resolve("again.bin").toString());
            case "run" -> jar("run", EXAMPLE.toString(), "--arch", "v10", "--out", dir.resolve("out").toString());
            default -> jar("disasm", bin.toString(), "--arch", "v10");
        };
        assertTrue(result.startsWith("0\n"), result);
        assertTrue(result.endsWith("\n\n"), "nothing on stderr: " + result);
    }
}
