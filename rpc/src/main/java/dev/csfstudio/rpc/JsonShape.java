package dev.csfstudio.rpc;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.lsp4j.jsonrpc.messages.Either;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * What a message body is before anything builds objects from it, found in one pass over its tokens
 * without recursion: why it is not JSON, or whether it is an object, how deeply it nests and which of
 * the members of its protocol's {@link Dialect} it has.
 *
 * @param problem  why the text is not JSON, or null when it is
 * @param object   whether the value is a JSON object
 * @param depth    deepest nesting of objects and arrays (a flat object is 1)
 * @param call     whether the object has the dialect's call member as a string ({@code method}, {@code command})
 * @param response whether the object has a member only responses have
 * @param id       the object's id member when it is a string or number (also when the text is only the
 *                 start of a message, as long as the id came before the text broke off)
 */
record JsonShape(String problem, boolean object, int depth, boolean call, boolean response,
                 Either<String, Number> id) {

    static JsonShape of(String text, Dialect dialect) {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setNestingLimit(Integer.MAX_VALUE); // the depth is measured here, and the reader keeps no recursion
        Either<String, Number> id = null;
        try {
            boolean object = reader.peek() == JsonToken.BEGIN_OBJECT;
            int depth = 0;
            int deepest = 0;
            boolean call = false;
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
                            if (name.equals(dialect.call())) {
                                call = reader.peek() == JsonToken.STRING;
                            } else if (name.equals(dialect.id())) {
                                id = id(reader);
                            } else if (dialect.responses().contains(name)) {
                                response = true;
                            }
                        }
                    }
                    default -> reader.skipValue();
                }
            } while (depth > 0);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                return problem("more text after the JSON value", id);
            }
            return new JsonShape(null, object, deepest, call, response, id);
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            Matcher at = WHERE.matcher(String.valueOf(e.getMessage()));
            return problem("the body is not JSON" + (at.find() ? " (it breaks at " + at.group() + ")" : ""), id);
        }
    }

    /** Where Gson's reader stopped, as its exception says it. */
    private static final Pattern WHERE = Pattern.compile("line \\d+ column \\d+");

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
