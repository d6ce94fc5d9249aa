package dev.csfstudio.eclipse.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Preferences -> the command line that starts {@code csf lsp} on stdio, or a message that names the
 * preference to fix. No Eclipse API: tests pass a fake {@link Host}.
 */
public final class ServerCommand {

    /** Preference keys of the plugin's instance scope, and their labels on the preference page. */
    public static final String JAVA_HOME = "server.javaHome";
    public static final String JAR = "server.jar";
    public static final String COMMAND = "server.command";
    public static final String VM_ARGS = "server.vmArgs";
    public static final String PAGE = "Window > Preferences > CSF Studio";
    public static final String JAVA_HOME_LABEL = "Java home";
    public static final String JAR_LABEL = "Server jar";
    public static final String COMMAND_LABEL = "Server command";

    /** The values of the server preferences (null or blank means unset). */
    public record Settings(String javaHome, String jar, String command, String vmArgs) {
    }

    /** What the resolution may look at. */
    public interface Host {
        String env(String name);

        boolean isFile(Path p);

        /** The jar bundled with the plugin ({@code server/csf.jar}), or null when the bundle has none. */
        Path bundledJar();

        boolean windows();

        /** The java executable of the JVM this runs in (the last fallback), or null. */
        default Path runningJava() {
            return null;
        }
    }

    public sealed interface Resolution permits Ok, Error {
    }

    /** @param source where java came from: the Java home preference, JAVA_HOME, PATH or the command preference */
    public record Ok(List<String> command, String source) implements Resolution {
    }

    /** @param preference the key of the preference to fix; message names it as the page shows it */
    public record Error(String message, String preference) implements Resolution {
    }

    private ServerCommand() {
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static String expandHome(String p, Host host) {
        String home = host.env("HOME") != null ? host.env("HOME") : host.env("USERPROFILE");
        if (home != null && (p.equals("~") || p.startsWith("~/") || p.startsWith("~\\"))) {
            return home + p.substring(1);
        }
        return p;
    }

    private static String setting(String label) {
        return "\"" + label + "\" (" + PAGE + ")";
    }

    public static Resolution resolve(Settings settings, Host host) {
        String override = blankToNull(settings.command());
        if (override != null) {
            List<String> words = split(override);
            String exe = expandHome(words.get(0), host);
            boolean looksLikePath = exe.contains("/") || exe.contains("\\");
            if (looksLikePath && !host.isFile(Path.of(exe))) {
                return new Error("The CSF language server command starts with " + exe + ", which does not exist. Fix "
                        + setting(COMMAND_LABEL) + " (e.g. /path/to/csf-studio/csf lsp) or clear it to use the bundled server.",
                        COMMAND);
            }
            words.set(0, exe);
            return new Ok(words, COMMAND_LABEL);
        }

        String configuredJar = blankToNull(settings.jar());
        Path jar = configuredJar != null ? Path.of(expandHome(configuredJar, host)) : host.bundledJar();
        if (jar == null || !host.isFile(jar)) {
            return new Error(configuredJar != null
                    ? "The CSF server jar does not exist: " + jar + ". Point " + setting(JAR_LABEL)
                            + " at csf.jar (built by ./mvnw -pl cli -am package as cli/target/csf.jar)."
                    : "The CSF server jar bundled with the plugin is missing" + (jar == null ? "" : ": " + jar)
                            + ". Set " + setting(JAR_LABEL) + " to a csf.jar or set " + setting(COMMAND_LABEL) + ".",
                    JAR);
        }
        String exe = host.windows() ? "java.exe" : "java";
        String java = null;
        String source = null;
        String configuredHome = blankToNull(settings.javaHome());
        if (configuredHome != null) {
            Path candidate = Path.of(expandHome(configuredHome, host), "bin", exe);
            if (!host.isFile(candidate)) {
                return new Error("The Java home for the CSF language server is " + configuredHome + " but " + candidate
                        + " does not exist. Set " + setting(JAVA_HOME_LABEL)
                        + " to a Java 17+ installation folder (the one that contains bin/java).", JAVA_HOME);
            }
            java = candidate.toString();
            source = JAVA_HOME_LABEL;
        }
        String badJavaHome = "";
        if (java == null) {
            String envHome = blankToNull(host.env("JAVA_HOME"));
            if (envHome != null) {
                Path candidate = Path.of(envHome, "bin", exe);
                if (host.isFile(candidate)) {
                    java = candidate.toString();
                    source = "JAVA_HOME";
                } else {
                    badJavaHome = " (JAVA_HOME is " + envHome + " but has no bin/" + exe + ")";
                }
            }
        }
        if (java == null) {
            String pathVar = host.env("PATH") != null ? host.env("PATH") : host.env("Path");
            if (pathVar != null) {
                for (String dir : pathVar.split(host.windows() ? ";" : ":")) {
                    if (!dir.isEmpty() && host.isFile(Path.of(dir, exe))) {
                        java = Path.of(dir, exe).toString();
                        source = "PATH";
                        break;
                    }
                }
            }
        }
        if (java == null && host.runningJava() != null && host.isFile(host.runningJava())) {
            java = host.runningJava().toString();
            source = "the Java running Eclipse";
        }
        if (java == null) {
            return new Error("The CSF language server needs Java 17 or newer, and none was found" + badJavaHome
                    + ". Install a JDK and set " + setting(JAVA_HOME_LABEL) + " to its folder (or set JAVA_HOME, or put java on PATH).",
                    JAVA_HOME);
        }
        List<String> command = new ArrayList<>();
        command.add(java);
        String vmArgs = blankToNull(settings.vmArgs());
        if (vmArgs != null) {
            command.addAll(split(vmArgs));
        }
        command.add("-jar");
        command.add(jar.toString());
        command.add("lsp");
        return new Ok(command, source);
    }

    /** Splits a command line at blanks; "double" and 'single' quotes group, a backslash escapes in double quotes. */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < line.length()
                        && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            out.add(word.toString());
        }
        return out;
    }
}
