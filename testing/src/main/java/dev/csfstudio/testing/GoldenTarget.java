package dev.csfstudio.testing;

import dev.csfstudio.program.output.OutputFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a golden PNG may be written from a run ({@code csf test --update-golden}, the language server's "Update
 * golden image"): the same rule as every output of {@code csf} (never over one of its inputs, the same file by
 * identity: {@link OutputFile#overwrittenInput}), and, since an {@code .expect image} line names the file rather
 * than the user's command line, also only a regular file or a new one, not through a symbolic link, not a
 * {@code .csf} source, and only below the trees the run may write to (the stream's tree, the editor's workspace).
 * The file's type is examined without opening it, so a FIFO never blocks.
 */
public final class GoldenTarget {

    private GoldenTarget() {
    }

    /**
     * Why {@code golden} must not be written, as one sentence naming it, or empty when it may be.
     *
     * @param trees  the directories the golden must lie below (after {@code ..} and symbolic links)
     * @param inputs the files the stream was assembled from (the stream and its includes)
     */
    public static Optional<String> refusal(Path golden, List<Path> trees, Collection<Path> inputs) {
        String shown = Locations.display(golden);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(golden, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            attributes = null; // a new golden
        } catch (IOException e) {
            return Optional.of("refusing to write golden " + shown + ": it cannot be examined (" + e.getMessage() + ")");
        }
        if (attributes != null && attributes.isSymbolicLink()) {
            return Optional.of("refusing to write golden " + shown + ": it is a symbolic link (write the file it"
                    + " points to by its own name)");
        }
        if (attributes != null && !attributes.isRegularFile()) {
            return Optional.of("refusing to write golden " + shown + ": it is not a regular file");
        }
        Path input = OutputFile.overwrittenInput(golden, inputs);
        if (input != null) {
            return Optional.of("refusing to write golden " + shown + ": it would overwrite the input "
                    + Locations.display(input));
        }
        if (golden.getFileName() != null
                && golden.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csf")) {
            return Optional.of("refusing to write golden " + shown + ": it names a .csf source, not a PNG");
        }
        if (!inside(golden, trees)) {
            return Optional.of("refusing to write golden " + shown + ": it is outside " + (trees.isEmpty()
                    ? "any folder (none is open to write in)" : trees.size() == 1 ? Locations.display(trees.get(0))
                    : "every one of " + trees.stream().map(Locations::display).toList()));
        }
        return Optional.empty();
    }

    /**
     * Whether {@code file} lies below one of {@code trees}, both by its spelling ({@code ..} resolved) and by its
     * nearest existing directory's real path (a linked directory cannot lead out).
     */
    private static boolean inside(Path file, List<Path> trees) {
        Path abs = file.toAbsolutePath().normalize();
        Path existing = abs.getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        Path real;
        try {
            real = existing == null ? null : existing.toRealPath();
        } catch (IOException e) {
            return false;
        }
        for (Path tree : trees) {
            Path t = tree.toAbsolutePath().normalize();
            Path realTree;
            try {
                realTree = t.toRealPath();
            } catch (IOException e) {
                continue;
            }
            if (abs.startsWith(t) && !abs.equals(t) && real != null && real.startsWith(realTree)) {
                return true;
            }
        }
        return false;
    }
}
