package dev.csfstudio.lsp;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;

import org.eclipse.lsp4j.jsonrpc.messages.Either;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * What a message body is before anything builds objects from it, found in one pass over its tokens
 * without recursion: why it is not JSON, or whether it is an object, how deeply it nests and which of
 * the JSON-RPC members it has.
 *
 * @param problem  why the text is not JSON, or null when it is
 * @param object   whether the value is a JSON object
 * @param depth    deepest nesting of objects and arrays (a flat object is 1)
 * @param method   whether the object has a string {@code method}
 * @param response whether the object has a {@code result} or {@code error}
 * @param id       the object's {@code id} when it is a string or number (also when the text is only the
 *                 start of a message, as long as the id came before the text broke off)
 */
record JsonShape(String problem, boolean object, int depth, boolean method, boolean response,
                 Either<String, Number> id) {

    static JsonShape of(String text) {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setNestingLimit(Integer.MAX_VALUE); // the depth is measured here, and the reader keeps no recursion
        Either<String, Number> id = null;
        try {
            boolean object = reader.peek() == JsonToken.BEGIN_OBJECT;
            int depth = 0;
            int deepest = 0;
            boolean method = false;
            boolean response = false;
            do {
                switch (reader.peek()) {
                    case BEGIN_OBJECT -> {
                        reader.beginObject();
                        deepest = Math.max(deepest, ++depth);
                    }
                    case BEGIN_ARRAY -> {
                        reader.beginArray();
                        deepest = Math.max(deepest, ++depth);
                    }
                    case END_OBJECT -> {
                        reader.endObject();
                        depth--;
                    }
                    case END_ARRAY -> {
                        reader.endArray();
                        depth--;
                    }
                    case NAME -> {
                        String name = reader.nextName();
                        if (object && depth == 1) {
                            switch (name) {
                                case "method" -> method = reader.peek() == JsonToken.STRING;
                                case "result", "error" -> response = true;
                                case "id" -> id = id(reader);
                                default -> { }
                            }
                        }
                    }
                    default -> reader.skipValue();
                }
            } while (depth > 0);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                return problem("more text after the JSON value", id);
            }
            return new JsonShape(null, object, deepest, method, response, id);
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            return problem(e.getMessage() == null ? e.getClass().getSimpleName() : ErrorResponses.shorten(e.getMessage()),
                    id);
        }
    }

    /** Reads the id when it is a string or number; leaves any other value for the caller's loop. */
    private static Either<String, Number> id(JsonReader reader) throws IOException {
        JsonToken t = reader.peek();
        if (t == JsonToken.STRING) {
            return Either.forLeft(reader.nextString());
        }
        if (t == JsonToken.NUMBER) {
            BigDecimal n = new BigDecimal(reader.nextString());
            return Either.forRight(n.scale() <= 0 && n.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
                    ? (Number) n.longValueExact() : n);
        }
        return null;
    }

    private static JsonShape problem(String why, Either<String, Number> id) {
        return new JsonShape(why, false, 0, false, false, id);
    }
}
