package dev.csfstudio.runtime;

/**
 * A handler SET_EXCEPTION_HANDLER installed on a queue: the stream at {@code address} of {@code length} bytes
 * the CS runs on an exception of {@code type} (genxml's "CS Exception type": {@code tiler_oom} = 2 is the one it
 * names), with {@code typeName} that enumeration's name or the number. {@code installedAt} is the
 * SET_EXCEPTION_HANDLER's GPU VA. A later SET_EXCEPTION_HANDLER of the same type replaces it.
 */
public record ExceptionHandler(int type, String typeName, long address, long length, long installedAt) {
}
