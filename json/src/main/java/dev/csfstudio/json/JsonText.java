package dev.csfstudio.json;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonWriter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/** A JSON tree as the files csf writes have it: Gson's pretty layout, and a newline at the end. */
public final class JsonText {

    private JsonText() {
    }

    /**
     * The tree as Gson's pretty printing writes it (two-space indent, nulls kept, no HTML escapes), through a
     * bare JsonWriter: building a Gson instance loads and initialises a hundred type-adapter classes, a tenth
     * of a small run's start-up, for a tree that needs none of them.
     */
    public static String of(JsonObject o) {
        StringWriter text = new StringWriter();
        try (JsonWriter w = new JsonWriter(text)) {
            w.setIndent("  ");
            w.setSerializeNulls(true);
            write(w, o);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.append('\n').toString();
    }

    private static void write(JsonWriter w, JsonElement e) throws IOException {
        if (e.isJsonObject()) {
            w.beginObject();
            for (Map.Entry<String, JsonElement> member : e.getAsJsonObject().entrySet()) {
                write(w.name(member.getKey()), member.getValue());
            }
            w.endObject();
        } else if (e.isJsonArray()) {
            w.beginArray();
            for (JsonElement item : e.getAsJsonArray()) {
                write(w, item);
            }
            w.endArray();
        } else if (e.isJsonNull()) {
            w.nullValue();
        } else {
            JsonPrimitive p = e.getAsJsonPrimitive();
            if (p.isNumber()) {
                w.value(p.getAsNumber());
            } else if (p.isBoolean()) {
                w.value(p.getAsBoolean());
            } else {
                w.value(p.getAsString());
            }
        }
    }
}
