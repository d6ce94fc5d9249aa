package dev.csfstudio.runtime;

import java.util.Optional;

/**
 * The answer to a request a debugger makes of a {@link Machine}: the value, or why it was refused (a
 * sentence for the user, such as "GPU VA 0x10 is not mapped in VM main"). Nothing is changed by a
 * refused request.
 */
public sealed interface Result<T> permits Result.Ok, Result.Refused {

    record Ok<T>(T value) implements Result<T> {
    }

    record Refused<T>(String reason) implements Result<T> {
    }

    static <T> Result<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Result<T> refused(String reason) {
        return new Refused<>(reason);
    }

    default Optional<T> toOptional() {
        return this instanceof Ok<T> ok ? Optional.of(ok.value()) : Optional.empty();
    }

    /** The value; for callers that have ruled out a refusal (tests, internal use). */
    default T orElseThrow() {
        if (this instanceof Refused<T> r) {
            throw new IllegalStateException(r.reason());
        }
        return ((Ok<T>) this).value();
    }
}
