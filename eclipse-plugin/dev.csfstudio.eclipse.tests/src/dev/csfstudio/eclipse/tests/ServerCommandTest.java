package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.core.ServerCommand;
import dev.csfstudio.eclipse.core.ServerCommand.Settings;

class ServerCommandTest {

    /** A fake machine: the files that exist and the environment. */
    private static final class FakeHost implements ServerCommand.Host {
        final Map<String, String> env = new HashMap<>();
        final Set<Path> files = new HashSet<>();
        Path bundled = Path.of("/eclipse/plugins/csf/server/csf.jar");
        Path running;

        FakeHost file(String p) {
            files.add(Path.of(p));
            return this;
        }

        @Override
        public String env(String name) {
            return env.get(name);
        }

        @Override
        public boolean isFile(Path p) {
            return files.contains(p);
        }

        @Override
        public Path bundledJar() {
            return bundled;
        }

        @Override
        public boolean windows() {
            return false;
        }

        @Override
        public Path runningJava() {
            return running;
        }
    }

    private static final Settings NONE = new Settings("", "", "", "");

    private static ServerCommand.Ok ok(ServerCommand.Resolution r) {
        return assertInstanceOf(ServerCommand.Ok.class, r, () -> r.toString());
    }

    private static ServerCommand.Error error(ServerCommand.Resolution r) {
        return assertInstanceOf(ServerCommand.Error.class, r, () -> r.toString());
    }

    @Test
    void defaultsRunTheBundledJarWithJavaFromJavaHome() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar").file("/jdk/bin/java");
        h.env.put("JAVA_HOME", "/jdk");
        ServerCommand.Ok ok = ok(ServerCommand.resolve(NONE, h));
        assertEquals(List.of("/jdk/bin/java", "-jar", "/eclipse/plugins/csf/server/csf.jar", "lsp"), ok.command());
        assertEquals("JAVA_HOME", ok.source());
    }

    @Test
    void javaHomePreferenceWinsOverEnvironment() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar").file("/jdk/bin/java").file("/pref-jdk/bin/java");
        h.env.put("JAVA_HOME", "/jdk");
        ServerCommand.Ok ok = ok(ServerCommand.resolve(new Settings("/pref-jdk", "", "", ""), h));
        assertEquals("/pref-jdk/bin/java", ok.command().get(0));
    }

    @Test
    void missingJavaHomePreferenceNamesThatPreference() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar");
        ServerCommand.Error e = error(ServerCommand.resolve(new Settings("/nope", "", "", ""), h));
        assertEquals(ServerCommand.JAVA_HOME, e.preference());
        assertTrue(e.message().contains("\"Java home\""), e.message());
        assertTrue(e.message().contains("/nope/bin/java"), e.message());
    }

    @Test
    void noJavaAnywhereIsAnErrorOnJavaHome() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar");
        h.env.put("PATH", "/usr/bin:/bin");
        h.env.put("JAVA_HOME", "/broken");
        ServerCommand.Error e = error(ServerCommand.resolve(NONE, h));
        assertEquals(ServerCommand.JAVA_HOME, e.preference());
        assertTrue(e.message().contains("JAVA_HOME is /broken"), e.message());
    }

    @Test
    void javaOnPathThenTheRunningJavaAreFallbacks() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar").file("/usr/bin/java").file("/ide/jre/bin/java");
        h.env.put("PATH", "/opt/x:/usr/bin");
        h.running = Path.of("/ide/jre/bin/java");
        assertEquals("/usr/bin/java", ok(ServerCommand.resolve(NONE, h)).command().get(0));
        h.env.remove("PATH");
        assertEquals("/ide/jre/bin/java", ok(ServerCommand.resolve(NONE, h)).command().get(0));
    }

    @Test
    void missingJarPreferenceNamesServerJar() {
        FakeHost h = new FakeHost().file("/jdk/bin/java");
        h.env.put("JAVA_HOME", "/jdk");
        ServerCommand.Error e = error(ServerCommand.resolve(new Settings("", "/tmp/none.jar", "", ""), h));
        assertEquals(ServerCommand.JAR, e.preference());
        assertTrue(e.message().contains("/tmp/none.jar") && e.message().contains("\"Server jar\""), e.message());
    }

    @Test
    void missingBundledJarSaysSo() {
        FakeHost h = new FakeHost().file("/jdk/bin/java");
        h.bundled = null;
        h.env.put("JAVA_HOME", "/jdk");
        ServerCommand.Error e = error(ServerCommand.resolve(NONE, h));
        assertEquals(ServerCommand.JAR, e.preference());
        assertTrue(e.message().contains("bundled"), e.message());
    }

    @Test
    void vmArgsGoBeforeTheJar() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar").file("/jdk/bin/java");
        h.env.put("JAVA_HOME", "/jdk");
        List<String> c = ok(ServerCommand.resolve(new Settings("", "", "", "-Xmx1g \"-Dx=a b\""), h)).command();
        assertEquals(List.of("/jdk/bin/java", "-Xmx1g", "-Dx=a b", "-jar", "/eclipse/plugins/csf/server/csf.jar", "lsp"), c);
    }

    @Test
    void commandOverridesEverythingAndKeepsQuotedWords() {
        FakeHost h = new FakeHost().file("/opt/csf studio/csf");
        h.bundled = null;
        ServerCommand.Ok ok = ok(ServerCommand.resolve(new Settings("/nope", "/nope.jar", "'/opt/csf studio/csf' lsp --port 0", ""), h));
        assertEquals(List.of("/opt/csf studio/csf", "lsp", "--port", "0"), ok.command());
    }

    @Test
    void commandPathThatDoesNotExistNamesServerCommand() {
        ServerCommand.Error e = error(ServerCommand.resolve(new Settings("", "", "/opt/csf lsp", ""), new FakeHost()));
        assertEquals(ServerCommand.COMMAND, e.preference());
        assertTrue(e.message().contains("\"Server command\""), e.message());
    }

    @Test
    void bareCommandNameIsLeftToThePath() {
        assertEquals(List.of("csf", "lsp"), ok(ServerCommand.resolve(new Settings("", "", "csf lsp", ""), new FakeHost())).command());
    }

    @Test
    void tildeExpandsToHome() {
        FakeHost h = new FakeHost().file("/home/me/csf.jar").file("/jdk/bin/java");
        h.env.put("HOME", "/home/me");
        h.env.put("JAVA_HOME", "/jdk");
        assertEquals("/home/me/csf.jar", ok(ServerCommand.resolve(new Settings("", "~/csf.jar", "", ""), h)).command().get(2));
    }
}
