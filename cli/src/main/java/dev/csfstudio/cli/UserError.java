package dev.csfstudio.cli;

/** A problem with the user's input (missing file, bad bytes); printed as one line, exit code 1. */
final class UserError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }
}
