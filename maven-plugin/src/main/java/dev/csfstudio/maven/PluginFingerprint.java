package dev.csfstudio.maven;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import org.apache.maven.plugin.MojoExecutionException;

import dev.csfstudio.asm.Assembler;
import dev.csfstudio.grammar.Lexicon;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.program.Program;
import dev.csfstudio.runtime.Simulator;
import dev.csfstudio.testing.TestRun;

/**
 * What the incremental state is keyed on besides the settings: a SHA-256 of the plugin's own classes and the
 * toolchain's it runs (each module's jar, or its class directory in a build of the plugin), so that a rebuilt plugin
 * of the same version never reuses results an older one recorded.
 */
final class PluginFingerprint {

    /** One class of each module whose code decides an output or a result. */
    private static final List<Class<?>> MODULES = List.of(PluginFingerprint.class, Assembler.class, Program.class,
            Arch.class, Lexicon.class, Simulator.class, TestRun.class);

    private static volatile String current;

    private PluginFingerprint() {
    }

    /** This plugin's fingerprint, computed once per class loader. */
    static String current() throws MojoExecutionException {
        String f = current;
        if (f == null) {
            List<Path> locations = new ArrayList<>();
            for (Class<?> c : MODULES) {
                try {
                    Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                    if (!locations.contains(p)) {
                        locations.add(p);
                    }
                } catch (URISyntaxException | SecurityException | NullPointerException e) {
                    throw new MojoExecutionException("csf: cannot locate the classes of " + c.getName() + ": " + e, e);
                }
            }
            try {
                f = of(locations);
            } catch (IOException e) {
                throw new MojoExecutionException("csf: cannot read the plugin's own classes: " + e.getMessage(), e);
            }
            current = f;
        }
        return f;
    }

    /** SHA-256 over {@code locations} in order: a jar's bytes; a directory's files by relative name, each with its bytes. */
    static String of(List<Path> locations) throws IOException {
        MessageDigest digest = sha256();
        for (Path location : locations) {
            if (Files.isDirectory(location)) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(location)) {
                    files = walk.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : files) {
                    digest.update(location.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) 0);
                    add(digest, file);
                }
            } else {
                add(digest, location);
            }
            digest.update((byte) 0);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Adds {@code file}'s bytes to {@code digest}. */
    static void add(MessageDigest digest, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
