package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.csfstudio.eclipse.server.ServerCommand;
import dev.csfstudio.eclipse.server.ServerCommand.Settings;

class ServerCommandTest {

    /** A fake machine: the files and folders that exist, the environment, the operating system. */
    private static final class FakeHost implements ServerCommand.Host {
        final Map<String, String> env = new HashMap<>();
        final Set<String> files = new HashSet<>();
        final Map<String, List<String>> folders = new HashMap<>();
        String bundled = "/eclipse/plugins/csf/server/csf.jar";
        String running;
        boolean windows;
        boolean mac;

        FakeHost file(String p) {
            files.add(p);
            return this;
        }

        @Override
        public String env(String name) {
            return env.get(name);
        }

        @Override
        public boolean isFile(String p) {
            return files.contains(p);
        }

        @Override
        public String bundledJar() {
            return bundled;
        }

        @Override
        public boolean windows() {
            return windows;
        }

        @Override
        public boolean mac() {
            return mac;
        }

        @Override
        public List<String> folders(String dir) {
            return folders.getOrDefault(dir, List.of());
        }

        @Override
        public String runningJava() {
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
        h.running = "/ide/jre/bin/java";
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
    void theDebugAdapterRunsTheSameJavaAndJarWithDebug() {
        FakeHost h = new FakeHost().file("/jdk/bin/java").file("/eclipse/plugins/csf/server/csf.jar");
        h.env.put("JAVA_HOME", "/jdk");
        assertEquals(List.of("/jdk/bin/java", "-jar", "/eclipse/plugins/csf/server/csf.jar", "debug"),
                ok(ServerCommand.resolve(NONE, h, "debug")).command());
    }

    @Test
    void aServerCommandEndingInLspRunsDebugForTheDebugger() {
        assertEquals(List.of("csf", "debug"), ok(ServerCommand.resolve(new Settings("", "", "csf lsp", ""), new FakeHost(), "debug")).command());
        assertEquals(List.of("csf", "lsp"), ok(ServerCommand.resolve(new Settings("", "", "csf lsp", ""), new FakeHost())).command());
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

    @Test
    void windowsPrefersJavawFromJavaHomeWithSpacesInThePath() {
        FakeHost h = new FakeHost();
        h.windows = true;
        h.bundled = "C:\\Program Files\\Eclipse\\plugins\\csf\\server\\csf.jar";
        h.file(h.bundled).file("C:\\Program Files\\Java\\jdk-17\\bin\\java.exe").file("C:\\Program Files\\Java\\jdk-17\\bin\\javaw.exe");
        h.env.put("JAVA_HOME", "C:\\Program Files\\Java\\jdk-17");
        ServerCommand.Ok ok = ok(ServerCommand.resolve(NONE, h));
        // one argument each, spaces and all: ProcessBuilder quotes them for CreateProcess
        assertEquals(List.of("C:\\Program Files\\Java\\jdk-17\\bin\\javaw.exe", "-jar", h.bundled, "lsp"), ok.command());
    }

    @Test
    void windowsFindsJavaExeOnAPathOfSemicolonsAndQuotedEntries() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar").file("C:\\Java 17\\bin\\java.exe");
        h.windows = true;
        h.env.put("Path", "C:\\Windows\\system32;\"C:\\Java 17\\bin\";C:\\other");
        assertEquals("C:\\Java 17\\bin\\java.exe", ok(ServerCommand.resolve(NONE, h)).command().get(0));
    }

    @Test
    void windowsJavaHomeErrorNamesTheExecutableWithBackslashes() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar");
        h.windows = true;
        ServerCommand.Error e = error(ServerCommand.resolve(new Settings("D:\\jdk", "", "", ""), h));
        assertTrue(e.message().contains("D:\\jdk\\bin\\javaw.exe"), e.message());
    }

    @Test
    void windowsCommandKeepsBackslashesInsideQuotes() {
        FakeHost h = new FakeHost().file("C:\\Program Files\\csf\\csf.cmd");
        h.windows = true;
        ServerCommand.Ok ok = ok(ServerCommand.resolve(new Settings("", "", "\"C:\\Program Files\\csf\\csf.cmd\" lsp", ""), h));
        assertEquals(List.of("C:\\Program Files\\csf\\csf.cmd", "lsp"), ok.command());
    }

    @Test
    void macFindsTheNewestJdkInLibraryJavaVirtualMachines() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar")
                .file("/Library/Java/JavaVirtualMachines/temurin-17.jdk/Contents/Home/bin/java")
                .file("/Library/Java/JavaVirtualMachines/jdk-21.0.2.jdk/Contents/Home/bin/java")
                .file("/Applications/Eclipse.app/Contents/Eclipse/jre/bin/java");
        h.mac = true;
        h.folders.put("/Library/Java/JavaVirtualMachines", List.of("temurin-17.jdk", "jdk-21.0.2.jdk", "jdk-8.jdk"));
        h.running = "/Applications/Eclipse.app/Contents/Eclipse/jre/bin/java";
        ServerCommand.Ok ok = ok(ServerCommand.resolve(NONE, h));
        assertEquals("/Library/Java/JavaVirtualMachines/jdk-21.0.2.jdk/Contents/Home/bin/java", ok.command().get(0));
    }

    @Test
    void macPrefersTheUsersOwnJdks() {
        FakeHost h = new FakeHost().file("/eclipse/plugins/csf/server/csf.jar")
                .file("/Users/me/Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home/bin/java")
                .file("/Library/Java/JavaVirtualMachines/jdk-21.jdk/Contents/Home/bin/java");
        h.mac = true;
        h.env.put("HOME", "/Users/me");
        h.folders.put("/Users/me/Library/Java/JavaVirtualMachines", List.of("zulu-17.jdk"));
        h.folders.put("/Library/Java/JavaVirtualMachines", List.of("jdk-21.jdk"));
        assertEquals("/Users/me/Library/Java/JavaVirtualMachines/zulu-17.jdk/Contents/Home/bin/java",
                ok(ServerCommand.resolve(NONE, h)).command().get(0));
    }

    @Test
    void realServerStartsFromAJarPathWithSpaces() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("csf server with spaces");
        java.nio.file.Path jar = java.nio.file.Files.copy(dev.csfstudio.eclipse.CsfPlugin.getDefault().bundledServerJar(),
                dir.resolve("my csf.jar"));
        String javaExe = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        FakeHost h = new FakeHost().file(jar.toString()).file(javaExe);
        h.bundled = jar.toString();
        h.running = javaExe;
        dev.csfstudio.eclipse.server.CsfServerConnection c = dev.csfstudio.eclipse.server.CsfServerConnection.start(
                ok(ServerCommand.resolve(NONE, h)).command(), List.of(dir), new com.google.gson.JsonObject(),
                new dev.csfstudio.eclipse.server.CsfServerConnection.Listener() {
                    @Override
                    public void diagnostics(String uri, List<org.eclipse.lsp4j.Diagnostic> d, String text) {
                    }

                    @Override
                    public void log(String line) {
                    }
                });
        try {
            assertTrue(c.initializeResult().getCapabilities().getRenameProvider() != null);
        } finally {
            c.stop();
        }
    }
}
