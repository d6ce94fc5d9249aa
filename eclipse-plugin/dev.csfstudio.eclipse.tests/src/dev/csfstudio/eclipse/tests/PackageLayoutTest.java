package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.Platform;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * The packages of the two bundles, read from their class files (every class a class file names, whatever the
 * source wrote: imports, qualified names, signatures): no package depends on itself through others, and the LSP
 * client's feature packages are named as LSP4E names its own, so that one can be replaced by LSP4E's.
 */
class PackageLayoutTest {

    /** The package names under LSP4E's {@code org.eclipse.lsp4e.operations} this plugin uses. */
    private static final Set<String> LSP4E_OPERATIONS = Set.of("codeactions", "codelens", "completion", "declaration",
            "diagnostics", "folding", "format", "hover", "references", "rename", "semanticTokens", "symbols");

    private static final Pattern CLASS_NAME = Pattern.compile("dev/csfstudio/eclipse((?:/[a-z][A-Za-z0-9_]*)*)/[A-Z]");

    /** Package to the packages of both bundles its classes name (itself left out). */
    private static Map<String, Set<String>> dependencies() throws IOException {
        Map<String, Set<String>> deps = new TreeMap<>();
        for (String id : List.of("dev.csfstudio.eclipse", "dev.csfstudio.eclipse.debug")) {
            Bundle bundle = Platform.getBundle(id);
            assertTrue(bundle != null, id + " is in the test platform");
            readClasses(bundle, "/", deps);
        }
        return deps;
    }

    /** The host's own entries (getEntryPaths leaves out fragments, so the tests' classes are not read). */
    private static void readClasses(Bundle bundle, String path, Map<String, Set<String>> deps) throws IOException {
        Enumeration<String> entries = bundle.getEntryPaths(path);
        while (entries != null && entries.hasMoreElements()) {
            String entry = entries.nextElement();
            if (entry.endsWith("/")) {
                readClasses(bundle, entry, deps);
            } else if (entry.endsWith(".class") && entry.contains("dev/csfstudio/eclipse/")) {
                String own = packageOf(entry.substring(entry.indexOf("dev/csfstudio/eclipse/")));
                Set<String> uses = deps.computeIfAbsent(own, k -> new TreeSet<>());
                URL url = bundle.getEntry(entry);
                try (InputStream in = url.openStream()) {
                    // names in a class file's constant pool are modified UTF-8: ASCII for these packages
                    Matcher m = CLASS_NAME.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
                    while (m.find()) {
                        String used = ("dev/csfstudio/eclipse" + m.group(1)).replace('/', '.');
                        if (!used.equals(own)) {
                            uses.add(used);
                        }
                    }
                }
            }
        }
    }

    private static String packageOf(String classFile) {
        return classFile.substring(0, classFile.lastIndexOf('/')).replace('/', '.');
    }

    /** A cycle through {@code start}, as the packages on it, or an empty list. */
    private static List<String> cycleThrough(String start, Map<String, Set<String>> deps) {
        List<String> path = new ArrayList<>();
        return walk(start, start, deps, path, new TreeSet<>()) ? path : List.of();
    }

    private static boolean walk(String start, String at, Map<String, Set<String>> deps, List<String> path, Set<String> seen) {
        path.add(at);
        for (String next : deps.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                return true;
            }
            if (seen.add(next) && walk(start, next, deps, path, seen)) {
                return true;
            }
        }
        path.remove(path.size() - 1);
        return false;
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() throws IOException {
        Map<String, Set<String>> deps = dependencies();
        // what is read: the editor wires in the features, the features reach the server through its package
        assertTrue(deps.get("dev.csfstudio.eclipse.ui").contains("dev.csfstudio.eclipse.operations.hover"), deps::toString);
        assertTrue(deps.get("dev.csfstudio.eclipse.operations.hover").contains("dev.csfstudio.eclipse.server"), deps::toString);
        assertTrue(deps.get("dev.csfstudio.eclipse.debug.launch").contains("dev.csfstudio.eclipse.server"), deps::toString);
        Map<String, List<String>> cycles = new TreeMap<>();
        for (String p : deps.keySet()) {
            List<String> cycle = cycleThrough(p, deps);
            if (!cycle.isEmpty()) {
                cycles.put(p, cycle);
            }
        }
        assertEquals(Map.of(), cycles, "package -> a cycle through it");
    }

    @Test
    void featurePackagesAreNamedAsLsp4eNamesThem() throws IOException {
        Set<String> features = new TreeSet<>();
        for (String p : dependencies().keySet()) {
            if (p.startsWith("dev.csfstudio.eclipse.operations.")) {
                features.add(p.substring("dev.csfstudio.eclipse.operations.".length()));
            }
        }
        assertEquals(LSP4E_OPERATIONS, features);
    }

    @Test
    void theServerAndTheFeaturesDoNotKnowTheEditor() throws IOException {
        Map<String, Set<String>> deps = dependencies();
        for (Map.Entry<String, Set<String>> e : deps.entrySet()) {
            if (e.getKey().startsWith("dev.csfstudio.eclipse.operations.") || e.getKey().equals("dev.csfstudio.eclipse.server")
                    || e.getKey().equals("dev.csfstudio.eclipse.outline")) {
                assertTrue(!e.getValue().contains("dev.csfstudio.eclipse.ui"), e.getKey() + " uses " + e.getValue());
            }
        }
    }
}
