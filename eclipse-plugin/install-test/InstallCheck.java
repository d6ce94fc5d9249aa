import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.eclipse.core.runtime.adaptor.EclipseStarter;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * The last step of the install test (see pom.xml), run as a source file with only org.eclipse.osgi on the class
 * path: {@code java -cp org.eclipse.osgi_*.jar InstallCheck.java INSTALLATION REPOSITORY}.
 *
 * <ol>
 * <li>The repository holds the feature and exactly the plugin, LSP4J, LSP4J JSON-RPC and Gson (no platform
 * bundle). The p2 profile's state the director installed into (the bare platform) has none of them; its last
 * state has the feature as a root and all of them, each the very jar the repository holds.</li>
 * <li>The installation boots like Eclipse does (its config.ini, simpleconfigurator's bundles.info; the
 * application is not run, so no display is needed). The plugin and the bundles from the repository resolve,
 * the plugin starts and is wired to LSP4J, LSP4J JSON-RPC, Gson and the platform, the debugger bundle is wired to
 * the plugin (whose csf.jar gives it LSP4J's debug protocol) and the same JSON-RPC, and the plugin's plugin.xml is in
 * the extension registry (the CSF editor for *.csf).</li>
 * <li>The installed plugin starts its bundled language server ({@code server/csf.jar}) and completes the LSP
 * initialize handshake through the installed LSP4J and Gson.</li>
 * </ol>
 * Exits 1 with every failure listed.
 */
public final class InstallCheck {

    private static final String PLUGIN = "dev.csfstudio.eclipse";
    /** The debugger bundle: the adapter's protocol and LSP4J's debug protocol from the plugin's csf.jar. */
    private static final String DEBUGGER = "dev.csfstudio.eclipse.debug";
    private static final String FEATURE_GROUP = "dev.csfstudio.eclipse.feature.feature.group";
    /** Bundles the feature brings: the repository's plugins/, and nothing the base platform has. */
    private static final List<String> FROM_REPOSITORY = List.of(PLUGIN, "org.eclipse.lsp4j", "org.eclipse.lsp4j.jsonrpc",
            "com.google.gson", "org.commonmark", "org.commonmark.ext.gfm.tables", DEBUGGER);
    /** What the plugin must be wired to from the repository. */
    private static final List<String> PLUGIN_WIRES = List.of("org.eclipse.lsp4j", "org.eclipse.lsp4j.jsonrpc",
            "com.google.gson", "org.commonmark", "org.commonmark.ext.gfm.tables");
    /** What the debugger must be wired to: the plugin (the debug protocol), JSON-RPC, the platform's debug bundles. */
    private static final List<String> DEBUGGER_WIRES = List.of(PLUGIN, "org.eclipse.lsp4j.jsonrpc", "org.eclipse.debug.core",
            "org.eclipse.debug.ui");
    /** What the plugin must be wired to besides PLUGIN_WIRES: a sample of its platform requirements. */
    private static final List<String> FROM_PLATFORM = List.of("org.eclipse.ui", "org.eclipse.ui.editors", "org.eclipse.core.resources");

    private final List<String> failures = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java -cp org.eclipse.osgi.jar InstallCheck.java INSTALLATION REPOSITORY");
            System.exit(2);
        }
        InstallCheck check = new InstallCheck();
        Path installation = Path.of(args[0]).toAbsolutePath().normalize();
        Path repository = Path.of(args[1]).toAbsolutePath().normalize();
        check.platformIndependent(repository);
        check.profileHistory(installation);
        check.installedJars(installation, repository);
        if (check.failures.isEmpty()) {
            check.boot(installation);
        }
        if (!check.failures.isEmpty()) {
            System.err.println("[install-check] FAILED: the feature from " + repository + " is not correctly installed in "
                    + installation + ":");
            check.failures.forEach(f -> System.err.println("[install-check]   - " + f));
            System.exit(1);
        }
        System.out.println("[install-check] OK: " + FEATURE_GROUP + " installed from the repository into the bare platform;"
                + " " + String.join(", ", FROM_REPOSITORY) + " resolved, the plugin started and its language server initialized");
        // EclipseStarter leaves non-daemon threads behind
        System.exit(0);
    }

    private void fail(String message) {
        failures.add(message);
    }

    private static void log(String message) {
        System.out.println("[install-check] " + message);
    }

    // ---- 0. installable on every platform ----------------------------------------------------------------------

    /**
     * The repository's p2 metadata (content.jar's content.xml) gives the feature and every bundle it ships no
     * platform filter (osgi.os / osgi.ws / osgi.arch), so p2 installs them into an Eclipse on Windows, macOS or
     * Linux, on any architecture, as it does here.
     */
    private void platformIndependent(Path repository) throws IOException {
        Path contentJar = repository.resolve("content.jar");
        if (!Files.isRegularFile(contentJar)) {
            fail("no " + contentJar);
            return;
        }
        String content;
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(contentJar.toFile())) {
            java.util.zip.ZipEntry entry = zip.getEntry("content.xml");
            if (entry == null) {
                fail(contentJar + " has no content.xml");
                return;
            }
            try (InputStream in = zip.getInputStream(entry)) {
                content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        List<String> checked = new ArrayList<>();
        for (String id : concat(List.of(FEATURE_GROUP), FROM_REPOSITORY)) {
            java.util.regex.Matcher unit = Pattern.compile("<unit id='" + Pattern.quote(id) + "'.*?</unit>", Pattern.DOTALL)
                    .matcher(content);
            if (!unit.find()) {
                fail("the p2 metadata of " + repository + " has no unit " + id);
                continue;
            }
            // a unit's own filter and its requirements' filters alike: none may name the OS, windowing system or
            // architecture (the one filter there is, on the source-bundle requirement, names none)
            java.util.regex.Matcher filter = Pattern.compile("<filter>(.*?)</filter>", Pattern.DOTALL).matcher(unit.group());
            while (filter.find()) {
                if (filter.group(1).matches("(?s).*osgi\\.(os|ws|arch).*")) {
                    fail(id + " has a platform filter in the p2 metadata, so it installs on some platforms only: "
                            + filter.group(1).strip());
                }
            }
            checked.add(id);
        }
        log("p2 metadata: no platform filter on " + String.join(", ", checked) + " (installable on every platform)");
    }

    // ---- 1. the p2 profile before and after ---------------------------------------------------------------

    private void profileHistory(Path installation) throws IOException {
        Path registry = installation.resolve("p2/org.eclipse.equinox.p2.engine/profileRegistry");
        List<Path> states;
        try (Stream<Path> s = Files.exists(registry) ? Files.walk(registry) : Stream.empty()) {
            states = s.filter(p -> p.getFileName().toString().matches("\\d+\\.profile(\\.gz)?"))
                    .sorted(Comparator.comparingLong(InstallCheck::timestamp)).toList();
        }
        if (states.size() < 2) {
            fail("expected the p2 profile's states before and after the install under " + registry + ", found " + states);
            return;
        }
        // the state the director installed into: the newest one without the feature (the materialized platform)
        String before = null;
        for (Path state : states) {
            String content = read(state);
            if (!hasUnit(content, FEATURE_GROUP)) {
                before = content;
            }
        }
        String after = read(states.get(states.size() - 1));
        if (before == null || !hasUnit(before, "org.eclipse.ui") || !hasUnit(before, "org.eclipse.ui.editors")) {
            fail("no state of the p2 profile has the bare platform (org.eclipse.ui, org.eclipse.ui.editors) without "
                    + FEATURE_GROUP);
            return;
        }
        for (String id : FROM_REPOSITORY) {
            if (hasUnit(before, id)) {
                fail("the base platform already has " + id + ", so the test cannot show the repository provides it");
            }
            if (!hasUnit(after, id)) {
                fail("after the install, the profile lacks " + id);
            }
        }
        if (!hasUnit(after, FEATURE_GROUP)) {
            fail("after the install, the profile lacks " + FEATURE_GROUP);
        } else if (!Pattern.compile("<iuProperties id='" + Pattern.quote(FEATURE_GROUP)
                + "'[^>]*>\\s*<properties[^>]*>(?:(?!</iuProperties>).)*name='org.eclipse.equinox.p2.type.root' value='true'",
                Pattern.DOTALL).matcher(after).find()) {
            fail(FEATURE_GROUP + " is not an installed root (Help > About > Installation Details would not list it)");
        }
        log("p2 profile: the platform's state (" + units(before) + " units) lacks, the installed one (" + units(after)
                + " units) has " + FEATURE_GROUP + " as a root and " + String.join(", ", FROM_REPOSITORY));
    }

    private static long timestamp(Path state) {
        return Long.parseLong(state.getFileName().toString().replaceAll("\\D.*", ""));
    }

    private static String read(Path state) throws IOException {
        try (InputStream in = state.toString().endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(state))
                : Files.newInputStream(state)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static long units(String profile) {
        return Pattern.compile("<unit id='").matcher(profile).results().count();
    }

    private static boolean hasUnit(String profile, String id) {
        return profile.contains("<unit id='" + id + "'");
    }

    // ---- the installed jars are the repository's ---------------------------------------------------------------

    private void installedJars(Path installation, Path repository) throws IOException {
        // the repository holds the feature and the bundles it includes, nothing of the platform
        Set<String> shipped = new LinkedHashSet<>();
        try (Stream<Path> s = Files.list(repository.resolve("plugins"))) {
            s.map(p -> p.getFileName().toString().replaceAll("_[^_]*$", "")).sorted().forEach(shipped::add);
        }
        if (!shipped.equals(new java.util.TreeSet<>(FROM_REPOSITORY))) {
            fail(repository.resolve("plugins") + " should hold exactly " + FROM_REPOSITORY + " but holds " + shipped);
        }
        try (Stream<Path> s = Files.list(repository.resolve("features"))) {
            List<String> features = s.map(p -> p.getFileName().toString()).toList();
            if (features.size() != 1 || !features.get(0).startsWith("dev.csfstudio.eclipse.feature_")) {
                fail(repository.resolve("features") + " should hold only dev.csfstudio.eclipse.feature but holds " + features);
            }
        }
        Path bundlesInfo = installation.resolve("configuration/org.eclipse.equinox.simpleconfigurator/bundles.info");
        if (!Files.isRegularFile(bundlesInfo)) {
            fail("no " + bundlesInfo);
            return;
        }
        Map<String, String> installed = new HashMap<>();
        for (String line : Files.readAllLines(bundlesInfo)) {
            String[] f = line.split(",");
            if (!line.startsWith("#") && f.length >= 3) {
                installed.put(f[0], f[2]);
            }
        }
        for (String id : FROM_REPOSITORY) {
            String location = installed.get(id);
            if (location == null) {
                fail(id + " is not in " + bundlesInfo + " (installed but not configured to load)");
                continue;
            }
            Path jar = installation.resolve(location);
            Path fromRepository = repository.resolve("plugins").resolve(jar.getFileName());
            if (!Files.isRegularFile(jar)) {
                fail(id + ": " + jar + " does not exist");
            } else if (!Files.isRegularFile(fromRepository)) {
                fail(id + ": " + jar.getFileName() + " is not in " + repository.resolve("plugins"));
            } else if (Files.mismatch(jar, fromRepository) != -1) {
                fail(id + ": " + jar + " differs from " + fromRepository);
            }
        }
        log("bundles.info configures " + installed.size() + " bundles, the repository's jars among them");
    }

    // ---- 2 and 3. boot the installation ---------------------------------------------------------------------

    private void boot(Path installation) throws Exception {
        Path scratch = Files.createTempDirectory("csf-install-check");
        Map<String, String> props = new HashMap<>();
        props.put("osgi.install.area", installation.toUri().toString());
        props.put("osgi.configuration.area", installation.resolve("configuration").toUri().toString());
        props.put("osgi.instance.area", scratch.resolve("workspace").toUri().toString());
        props.put("osgi.user.area", scratch.resolve("user").toUri().toString());
        props.put("osgi.clean", "true");
        props.put("eclipse.ignoreApp", "true");
        props.put("osgi.noShutdown", "true");
        EclipseStarter.setInitialProperties(props);
        BundleContext context = EclipseStarter.startup(new String[] {"-consoleLog"}, null);
        try {
            inspect(context, scratch);
        } finally {
            EclipseStarter.shutdown();
        }
    }

    private void inspect(BundleContext context, Path scratch) throws Exception {
        context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(null);
        Map<String, Bundle> byName = new HashMap<>();
        int unresolved = 0;
        for (Bundle b : context.getBundles()) {
            byName.put(b.getSymbolicName(), b);
            if (b.getState() == Bundle.INSTALLED) {
                unresolved++;
            }
        }
        log("booted: " + context.getBundles().length + " bundles, " + unresolved + " unresolved");
        for (String id : FROM_REPOSITORY) {
            if (byName.get(id) == null) {
                fail(id + " is not installed in the framework");
            }
        }
        for (Bundle b : context.getBundles()) {
            if (FROM_REPOSITORY.contains(b.getSymbolicName()) && b.getState() == Bundle.INSTALLED) {
                fail(b.getSymbolicName() + " " + b.getVersion() + " does not resolve");
            }
        }
        Bundle plugin = byName.get(PLUGIN);
        if (!failures.isEmpty()) {
            return;
        }
        try {
            plugin.start();
        } catch (Exception e) {
            fail(PLUGIN + " does not start: " + e);
            return;
        }
        if (plugin.getState() != Bundle.ACTIVE) {
            fail(PLUGIN + " is not ACTIVE after start (state " + plugin.getState() + ")");
        }
        Set<String> wiredTo = wires(plugin, concat(PLUGIN_WIRES, FROM_PLATFORM));
        log(PLUGIN + " " + plugin.getVersion() + " ACTIVE, wired to " + wiredTo);
        Set<String> debuggerWires = wires(byName.get(DEBUGGER), DEBUGGER_WIRES);
        String jsonRpc = wiredTo.stream().filter(w -> w.startsWith("org.eclipse.lsp4j.jsonrpc ")).findFirst().orElse("none");
        if (!debuggerWires.contains(jsonRpc)) {
            fail(DEBUGGER + " should be wired to the plugin's LSP4J JSON-RPC (" + jsonRpc + "): " + debuggerWires);
        }
        log(DEBUGGER + " resolved, wired to " + debuggerWires);
        extensions(byName.get("org.eclipse.equinox.registry"));
        languageServer(plugin, scratch);
        assemblerInProcess(plugin, scratch);
    }

    /**
     * The project builder's way to the assembler: its classes load from the installed plugin's bundle class path
     * (server/csf.jar) and assemble a file in this JVM.
     */
    private void assemblerInProcess(Bundle plugin, Path scratch) throws Exception {
        Path source = scratch.resolve("two.csf");
        Files.writeString(source, ".stream main\n    NOP\n    NOP\n");
        Class<?> assembler = plugin.loadClass("dev.csfstudio.asm.Assembler");
        plugin.loadClass("dev.csfstudio.eclipse.build.CsfBuilder");
        Object result = assembler.getMethod("assemble", Path.class).invoke(assembler.getConstructor().newInstance(), source);
        Object program = result.getClass().getMethod("program").invoke(result);
        if (Boolean.TRUE.equals(result.getClass().getMethod("hasErrors").invoke(result)) || program == null) {
            fail("the installed plugin's in-process assembler did not assemble " + source + ": "
                    + result.getClass().getMethod("diagnostics").invoke(result));
            return;
        }
        log("the plugin's builder classes load and its in-process assembler assembled " + source.getFileName());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The plugin's plugin.xml reached the extension registry: the CSF editor is registered for *.csf. */
    /** The bundles `b` is wired to ("name version"), failing for each of `required` it is not wired to. */
    private Set<String> wires(Bundle b, List<String> required) {
        Set<String> wiredTo = new LinkedHashSet<>();
        for (BundleWire w : b.adapt(BundleWiring.class).getRequiredWires(null)) {
            wiredTo.add(w.getProvider().getSymbolicName() + " " + w.getProvider().getVersion());
        }
        for (String id : required) {
            if (wiredTo.stream().noneMatch(w -> w.startsWith(id + " "))) {
                fail(b.getSymbolicName() + " is not wired to " + id + " (wires: " + wiredTo + ")");
            }
        }
        return wiredTo;
    }

    private void extensions(Bundle registryBundle) throws Exception {
        if (registryBundle == null) {
            fail("no org.eclipse.equinox.registry bundle");
            return;
        }
        Class<?> factory = registryBundle.loadClass("org.eclipse.core.runtime.RegistryFactory");
        Class<?> registryType = registryBundle.loadClass("org.eclipse.core.runtime.IExtensionRegistry");
        Class<?> elementType = registryBundle.loadClass("org.eclipse.core.runtime.IConfigurationElement");
        Object registry = factory.getMethod("getRegistry").invoke(null);
        if (registry == null) {
            fail("no extension registry");
            return;
        }
        Object[] editors = (Object[]) registryType.getMethod("getConfigurationElementsFor", String.class)
                .invoke(registry, "org.eclipse.ui.editors");
        Method attribute = elementType.getMethod("getAttribute", String.class);
        boolean found = false;
        for (Object editor : editors) {
            if ("dev.csfstudio.eclipse.editor".equals(attribute.invoke(editor, "id"))
                    && "csf".equals(attribute.invoke(editor, "extensions"))) {
                found = true;
            }
        }
        Object[] ours = (Object[]) registryType.getMethod("getExtensions", String.class).invoke(registry, PLUGIN);
        if (!found) {
            fail("the extension registry has no CSF editor (dev.csfstudio.eclipse.editor for *.csf); " + ours.length
                    + " extensions from " + PLUGIN);
        } else {
            log("extension registry: " + ours.length + " extensions from " + PLUGIN + ", the CSF editor for *.csf among them");
        }
    }

    /** The installed plugin runs its bundled server and initializes it over the installed LSP4J and Gson. */
    private void languageServer(Bundle plugin, Path scratch) throws Exception {
        var entry = plugin.getEntry("server/csf.jar");
        if (entry == null) {
            fail(PLUGIN + " has no server/csf.jar");
            return;
        }
        Path jar = scratch.resolve("csf.jar");
        try (InputStream in = entry.openStream()) {
            Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        Class<?> connectionType = plugin.loadClass("dev.csfstudio.eclipse.server.CsfServerConnection");
        Class<?> listenerType = plugin.loadClass("dev.csfstudio.eclipse.server.CsfServerConnection$Listener");
        Class<?> jsonObject = plugin.loadClass("com.google.gson.JsonObject");
        List<String> serverLog = new ArrayList<>();
        Object listener = Proxy.newProxyInstance(listenerType.getClassLoader(), new Class<?>[] {listenerType},
                (proxy, method, args) -> {
                    if (method.getName().equals("log")) {
                        synchronized (serverLog) {
                            serverLog.add(String.valueOf(args[0]));
                        }
                    } else if (method.isDefault()) {
                        return null;
                    } else if (method.getName().equals("toString")) {
                        return "InstallCheck listener";
                    } else if (method.getName().equals("hashCode")) {
                        return System.identityHashCode(proxy);
                    } else if (method.getName().equals("equals")) {
                        return proxy == args[0];
                    }
                    return null;
                });
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Object connection;
        try {
            connection = connectionType.getMethod("start", List.class, List.class, jsonObject, listenerType)
                    .invoke(null, List.of(java, "-jar", jar.toString(), "lsp"), List.of(scratch), null, listener);
        } catch (java.lang.reflect.InvocationTargetException e) {
            fail("the installed plugin cannot start its language server: " + e.getCause() + "; server log: " + serverLog);
            return;
        }
        try {
            Object result = connectionType.getMethod("initializeResult").invoke(connection);
            Object capabilities = result == null ? null : result.getClass().getMethod("getCapabilities").invoke(result);
            Object hover = capabilities == null ? null : capabilities.getClass().getMethod("getHoverProvider").invoke(capabilities);
            if (hover == null) {
                fail("the language server's initialize result has no hover capability: " + result);
            } else {
                Object info = result.getClass().getMethod("getServerInfo").invoke(result);
                Object name = info == null ? null : info.getClass().getMethod("getName").invoke(info);
                log("the plugin's bundled language server (" + name + ") answered initialize through the installed"
                        + " LSP4J and Gson, with a hover provider");
            }
        } finally {
            connectionType.getMethod("stop").invoke(connection);
        }
    }
}
