package dev.csfstudio.rpc;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The JSON schema of a server's custom messages, read from the records that declare them: the file a server
 * module checks in (its test fails when the records and the file differ) and each client checks its own types
 * against. Types: {@code string}, {@code number}, {@code boolean}, {@code object} (any JSON object),
 * {@code T[]}, or a record's simple name, described under {@code types}; {@code ?} after a field's name: it may
 * be absent.
 */
public final class ProtocolSchema {

    private ProtocolSchema() {
    }

    /** A record component the sender leaves out when it has no value (JSON {@code null} is never sent). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    public @interface Absent {
    }

    /** Who sends a message. */
    public enum Direction { CLIENT_TO_SERVER, SERVER_TO_CLIENT }

    /** A custom message: its name, who sends it, its parameter and answer records ({@code null}: none). */
    public record Message(String name, Direction direction, Class<? extends Record> params,
                          Class<? extends Record> result) {
    }

    /** The schema of {@code messages} as pretty-printed JSON ending in a newline. */
    public static String json(String description, List<Message> messages) {
        JsonObject root = new JsonObject();
        root.addProperty("description", description);
        JsonObject byName = new JsonObject();
        Map<String, JsonObject> types = new LinkedHashMap<>();
        Deque<Class<?>> pending = new ArrayDeque<>();
        for (Message m : messages) {
            JsonObject o = new JsonObject();
            o.addProperty("direction", m.direction().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            if (m.params() != null) {
                o.addProperty("params", m.params().getSimpleName());
                pending.add(m.params());
            }
            if (m.result() != null) {
                o.addProperty("result", m.result().getSimpleName());
                pending.add(m.result());
            }
            byName.add(m.name(), o);
        }
        while (!pending.isEmpty()) {
            Class<?> record = pending.poll();
            if (types.containsKey(record.getSimpleName())) {
                continue;
            }
            JsonObject fields = new JsonObject();
            types.put(record.getSimpleName(), fields);
            for (RecordComponent c : record.getRecordComponents()) {
                String name = c.getName() + (c.isAnnotationPresent(Absent.class) ? "?" : "");
                fields.addProperty(name, typeName(c.getGenericType(), pending));
            }
        }
        root.add("messages", byName);
        JsonObject typesJson = new JsonObject();
        types.forEach(typesJson::add);
        root.add("types", typesJson);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static String typeName(Type type, Deque<Class<?>> pending) {
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return typeName(p.getActualTypeArguments()[0], pending) + "[]";
        }
        if (!(type instanceof Class<?> c)) {
            throw new IllegalArgumentException("no schema type for " + type);
        }
        if (c == String.class) {
            return "string";
        }
        if (c == int.class || c == long.class || c == Integer.class || c == Long.class) {
            return "number";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (JsonElement.class.isAssignableFrom(c)) {
            return "object";
        }
        if (c.isRecord()) {
            pending.add(c);
            return c.getSimpleName();
        }
        throw new IllegalArgumentException("no schema type for " + c.getName());
    }
}
