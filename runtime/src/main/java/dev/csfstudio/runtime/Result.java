package dev.csfstudio.runtime;

import java.util.Optional;
import java.util.function.Function;

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

    /** {@code f} of the value; a refusal stays the same refusal. */
    default <U> Result<U> map(Function<? super T, ? extends U> f) {
        return flatMap(value -> ok(f.apply(value)));
    }

    /** The next request, made with the value; a refusal stays the same refusal and {@code next} is not made. */
    default <U> Result<U> flatMap(Function<? super T, Result<U>> next) {
        if (this instanceof Refused<T> r) {
            return refused(r.reason());
        }
        return next.apply(((Ok<T>) this).value());
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
