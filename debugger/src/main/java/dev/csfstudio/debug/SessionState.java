package dev.csfstudio.debug;

import java.util.Optional;

/**
 * Where a debug session is, as {@link SessionController} moves it: a closed set, one value at a time. Read by
 * the connection's thread (is the device running? may a pause reach it?) while the worker moves it on.
 */
sealed interface SessionState {

    /** The session's program, once one is launched. */
    default Optional<Session> session() {
        return Optional.empty();
    }

    /** No program is launched yet. */
    record Unlaunched() implements SessionState {
    }

    /** Launched and waiting for {@code configurationDone}, which starts the run. */
    record Configuring(Session current) implements SessionState {
        @Override
        public Optional<Session> session() {
            return Optional.of(current);
        }
    }

    /** The machine stands still: requests about its state are served. */
    record Stopped(Session current) implements SessionState {
        @Override
        public Optional<Session> session() {
            return Optional.of(current);
        }
    }

    /** The worker moves the machine; {@code interrupt} says what the client asked meanwhile. */
    record Running(Session current, Interrupt interrupt) implements SessionState {
        @Override
        public Optional<Session> session() {
            return Optional.of(current);
        }

        Running asked(Interrupt wanted) {
            return new Running(current, wanted);
        }
    }

    /** The run ended or the client ended it: moves are refused until {@code restart}. */
    record Ended(Optional<Session> last) implements SessionState {
        @Override
        public Optional<Session> session() {
            return last;
        }
    }

    /** Why a running machine was asked to pause at its next time slice. */
    enum Interrupt {
        /** Not asked to. */
        NONE,
        /** The client paused: the stop is reported. */
        PAUSE,
        /** The client restarts: the stop is not reported, the restart follows on the worker. */
        RESTART,
        /** The client ends the session: the stop is not reported. */
        TERMINATE
    }
}
