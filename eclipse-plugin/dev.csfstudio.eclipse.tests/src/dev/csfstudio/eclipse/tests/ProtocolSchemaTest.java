package dev.csfstudio.eclipse.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import dev.csfstudio.debug.CsfDebugProtocol;
import dev.csfstudio.eclipse.server.CsfServerConnection;
import dev.csfstudio.lsp.protocol.CsfProtocol;

/**
 * The Eclipse client against the servers' schemas in its bundled csf.jar: every custom message it declares is
 * one the servers have, with the servers' own records as its types (or JSON that {@code RunViewModel} reads
 * into them), and the jar's schema files are those records' schemas (no stale copy).
 */
class ProtocolSchemaTest {

    private static JsonObject schema(String resource) throws IOException {
        try (InputStream in = CsfProtocol.class.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, resource + " in the bundled csf.jar");
            return JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getAsJsonObject();
        }
    }

    private record Declared(String name, Type params, Type result) {
    }

    private static List<Declared> declared(Class<?> api) {
        List<Declared> out = new ArrayList<>();
        for (Method m : api.getDeclaredMethods()) {
            String name = messageName(m);
            if (name == null || !name.startsWith("csf")) {
                continue;
            }
            Type params = m.getGenericParameterTypes().length == 0 ? null : m.getGenericParameterTypes()[0];
            Type result = m.getGenericReturnType() instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : null;
            out.add(new Declared(name, params, result));
        }
        return out;
    }

    /** The value of the method's {@code @JsonRequest} or {@code @JsonNotification}, or null. */
    private static String messageName(Method m) {
        JsonRequest request = m.getAnnotation(JsonRequest.class);
        if (request != null) {
            return request.value();
        }
        JsonNotification notification = m.getAnnotation(JsonNotification.class);
        return notification != null ? notification.value() : null;
    }

    private static String simpleName(Type t) {
        return t instanceof Class<?> c ? c.getSimpleName() : String.valueOf(t);
    }

    private static void assertMatches(JsonObject schema, Declared d) {
        JsonObject messages = schema.getAsJsonObject("messages");
        assertTrue(messages.has(d.name()), d.name() + " is no message of " + messages.keySet());
        JsonObject m = messages.getAsJsonObject(d.name());
        if (d.params() != null) {
            assertEquals(m.get("params").getAsString(), simpleName(d.params()), d.name() + "'s params");
        }
        if (d.result() != null && d.result() != JsonObject.class) {
            assertEquals(m.get("result").getAsString(), simpleName(d.result()), d.name() + "'s result");
        }
    }

    @Test
    void theLanguageServersMessagesAreDeclaredWithItsRecords() throws IOException {
        JsonObject schema = schema(CsfProtocol.SCHEMA_RESOURCE);
        List<Declared> all = new ArrayList<>(declared(CsfServerConnection.CsfServer.class));
        all.addAll(declared(CsfServerConnection.Client.class));
        assertEquals(List.of(CsfProtocol.RUN, CsfProtocol.RUN_FINISHED), all.stream().map(Declared::name).sorted().toList());
        all.forEach(d -> assertMatches(schema, d));
    }

    /**
     * The debugger bundle speaks the adapter's own interface ({@code CsfDebugProtocol} of the bundled csf.jar), with
     * the very classes of LSP4J's debug protocol and JSON-RPC that interface is built on (a second copy of either
     * would make its proxy and its records other classes than the adapter's).
     */
    @Test
    void theDebuggerBundleSpeaksTheAdaptersOwnProtocol() throws Exception {
        Bundle debugger = Platform.getBundle("dev.csfstudio.eclipse.debug");
        assertNotNull(debugger);
        assertSame(CsfDebugProtocol.class, debugger.loadClass(CsfDebugProtocol.class.getName()));
        for (String shared : List.of("org.eclipse.lsp4j.debug.services.IDebugProtocolServer",
                "org.eclipse.lsp4j.debug.services.IDebugProtocolClient", "org.eclipse.lsp4j.debug.Capabilities",
                "org.eclipse.lsp4j.jsonrpc.debug.DebugLauncher", "org.eclipse.lsp4j.jsonrpc.Launcher",
                "org.eclipse.lsp4j.jsonrpc.services.JsonRequest")) {
            assertSame(CsfDebugProtocol.class.getClassLoader().loadClass(shared), debugger.loadClass(shared), shared);
        }
        List<Declared> all = declared(CsfDebugProtocol.class);
        assertEquals(List.of("csf/renderTargets"), all.stream().map(Declared::name).toList());
        JsonObject schema = schema(CsfDebugProtocol.SCHEMA_RESOURCE);
        all.forEach(d -> assertMatches(schema, d));
    }

    @Test
    void theBundledSchemasAreTheBundledRecords() throws IOException {
        assertEquals(JsonParser.parseString(CsfProtocol.schema()), schema(CsfProtocol.SCHEMA_RESOURCE));
        assertEquals(JsonParser.parseString(CsfDebugProtocol.schema()), schema(CsfDebugProtocol.SCHEMA_RESOURCE));
    }
}
