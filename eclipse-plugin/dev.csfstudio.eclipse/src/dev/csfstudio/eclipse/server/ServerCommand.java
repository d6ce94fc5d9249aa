package dev.csfstudio.eclipse.server;

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

    /**
     * What the resolution may look at. Paths are strings in the host's own syntax ({@code C:\\...} on Windows),
     * so the Windows and macOS rules can be tested on any machine.
     */
    public interface Host {
        String env(String name);

        boolean isFile(String path);

        /** The jar bundled with the plugin ({@code server/csf.jar}), or null when the bundle has none. */
        String bundledJar();

        boolean windows();

        /** macOS: the JDKs live in /Library/Java/JavaVirtualMachines/NAME/Contents/Home. */
        default boolean mac() {
            return false;
        }

        /** The names of the folders in a folder (empty when it does not exist). */
        default List<String> folders(String dir) {
            return List.of();
        }

        /** The java executable of the JVM this runs in (the last fallback), or null. */
        default String runningJava() {
            return null;
        }
    }

    /** Where macOS keeps JDKs, for all users and for one. */
    static final String MAC_JVMS = "/Library/Java/JavaVirtualMachines";

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

    private static String home(Host host) {
        return host.env("HOME") != null ? host.env("HOME") : host.env("USERPROFILE");
    }

    private static String expandHome(String p, Host host) {
        String home = home(host);
        if (home != null && (p.equals("~") || p.startsWith("~/") || p.startsWith("~\\"))) {
            return home + p.substring(1);
        }
        return p;
    }

    /** Joins path parts with the host's separator (no doubled separator after a trailing one). */
    static String join(Host host, String first, String... more) {
        String sep = host.windows() ? "\\" : "/";
        StringBuilder b = new StringBuilder(first);
        for (String m : more) {
            if (b.length() > 0 && b.charAt(b.length() - 1) != '/' && b.charAt(b.length() - 1) != '\\') {
                b.append(sep);
            }
            b.append(m);
        }
        return b.toString();
    }

    /** The java executables to look for in a bin folder: javaw.exe (no console window) before java.exe on Windows. */
    private static List<String> executables(Host host) {
        return host.windows() ? List.of("javaw.exe", "java.exe") : List.of("java");
    }

    /** The java in HOME/bin, or null. */
    private static String javaIn(Host host, String javaHome) {
        for (String exe : executables(host)) {
            String candidate = join(host, javaHome, "bin", exe);
            if (host.isFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String setting(String label) {
        return "\"" + label + "\" (" + PAGE + ")";
    }

    public static Resolution resolve(Settings settings, Host host) {
        return resolve(settings, host, "lsp");
    }

    /**
     * The command line of `csf SUBCOMMAND` (lsp: the language server; debug: the debug adapter), with the same
     * Java and jar. A "Server command" override ending in `lsp` has that word replaced by the subcommand.
     */
    public static Resolution resolve(Settings settings, Host host, String subcommand) {
        String override = blankToNull(settings.command());
        if (override != null) {
            List<String> words = split(override, host.windows());
            String exe = expandHome(words.get(0), host);
            boolean looksLikePath = exe.contains("/") || exe.contains("\\");
            if (looksLikePath && !host.isFile(exe)) {
                return new Error("The CSF language server command starts with " + exe + ", which does not exist. Fix "
                        + setting(COMMAND_LABEL) + " (e.g. /path/to/csf-studio/csf lsp) or clear it to use the bundled server.",
                        COMMAND);
            }
            words.set(0, exe);
            if (!subcommand.equals("lsp") && words.size() > 1 && words.get(words.size() - 1).equals("lsp")) {
                words.set(words.size() - 1, subcommand);
            }
            return new Ok(words, COMMAND_LABEL);
        }

        String configuredJar = blankToNull(settings.jar());
        String jar = configuredJar != null ? expandHome(configuredJar, host) : host.bundledJar();
        if (jar == null || !host.isFile(jar)) {
            return new Error(configuredJar != null
                    ? "The CSF server jar does not exist: " + jar + ". Point " + setting(JAR_LABEL)
                            + " at csf.jar (built by ./mvnw -pl cli -am package as cli/target/csf.jar)."
                    : "The CSF server jar bundled with the plugin is missing" + (jar == null ? "" : ": " + jar)
                            + ". Set " + setting(JAR_LABEL) + " to a csf.jar or set " + setting(COMMAND_LABEL) + ".",
                    JAR);
        }
        String exeName = executables(host).get(0);
        String java = null;
        String source = null;
        String configuredHome = blankToNull(settings.javaHome());
        if (configuredHome != null) {
            String home = expandHome(configuredHome, host);
            java = javaIn(host, home);
            if (java == null) {
                return new Error("The Java home for the CSF language server is " + configuredHome + " but "
                        + join(host, home, "bin", exeName) + " does not exist. Set " + setting(JAVA_HOME_LABEL)
                        + " to a Java 17+ installation folder (the one that contains bin" + (host.windows() ? "\\" : "/")
                        + exeName + ").", JAVA_HOME);
            }
            source = JAVA_HOME_LABEL;
        }
        String badJavaHome = "";
        if (java == null) {
            String envHome = blankToNull(host.env("JAVA_HOME"));
            if (envHome != null) {
                java = javaIn(host, envHome);
                if (java != null) {
                    source = "JAVA_HOME";
                } else {
                    badJavaHome = " (JAVA_HOME is " + envHome + " but has no bin" + (host.windows() ? "\\" : "/") + exeName + ")";
                }
            }
        }
        if (java == null) {
            String pathVar = host.env("PATH") != null ? host.env("PATH") : host.env("Path");
            if (pathVar != null) {
                for (String dir : pathVar.split(host.windows() ? ";" : ":")) {
                    String d = dir.strip().replace("\"", ""); // Windows PATH entries may be quoted
                    for (String exe : d.isEmpty() ? List.<String>of() : executables(host)) {
                        if (java == null && host.isFile(join(host, d, exe))) {
                            java = join(host, d, exe);
                            source = "PATH";
                        }
                    }
                }
            }
        }
        if (java == null && host.mac()) {
            java = macJava(host);
            source = "/Library/Java/JavaVirtualMachines";
        }
        if (java == null && host.runningJava() != null && host.isFile(host.runningJava())) {
            java = host.runningJava();
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
            command.addAll(split(vmArgs, host.windows()));
        }
        command.add("-jar");
        command.add(jar);
        command.add(subcommand);
        return new Ok(command, source);
    }

    /**
     * The newest JDK in /Library/Java/JavaVirtualMachines (the user's ~/Library/... first), by the version in its
     * folder name (jdk-21.0.2.jdk beats jdk-17.jdk and temurin-8.jdk), or null.
     */
    private static String macJava(Host host) {
        List<String> roots = new ArrayList<>();
        if (home(host) != null) {
            roots.add(join(host, home(host), MAC_JVMS.substring(1)));
        }
        roots.add(MAC_JVMS);
        for (String root : roots) {
            List<String> names = new ArrayList<>(host.folders(root));
            names.sort(java.util.Comparator.comparing(ServerCommand::versionKey).reversed());
            for (String name : names) {
                String java = javaIn(host, join(host, root, name, "Contents", "Home"));
                if (java != null) {
                    return java;
                }
            }
        }
        return null;
    }

    /** A sortable key of the first version number in a JDK folder name: "jdk-21.0.2.jdk" -> 21, 0, 2. */
    static String versionKey(String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?").matcher(name);
        if (!m.find()) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int g = 1; g <= 3; g++) {
            b.append(String.format(java.util.Locale.ROOT, "%05d", m.group(g) == null ? 0 : Integer.parseInt(m.group(g))));
        }
        return b.toString();
    }

    /**
     * Splits a command line at blanks; "double" and 'single' quotes group; a backslash escapes a quote or backslash
     * in double quotes, except on Windows, where it is a path separator ("C:\\Program Files\\csf\\csf.cmd" lsp).
     */
    public static List<String> split(String line, boolean windows) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && !windows && quote == '"' && i + 1 < line.length()
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
