package dev.csfstudio.lsp;

import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorSet;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A {@code .desc NAME, field=value, ...} line: the descriptor its first operand names (any of the architecture's
 * descriptor table but those {@code .fbd} and {@code .rt} write), for completion and hover.
 */
final class DescLine {

    static final String DIRECTIVE = ".desc";

    private DescLine() {
    }

    static boolean is(SourceLine line) {
        return line.head().map(h -> h.text().equalsIgnoreCase(DIRECTIVE)).orElse(false);
    }

    /** The descriptors {@code .desc} can name. */
    static List<DescriptorDef> nameable(DescriptorSet set) {
        return set.all().stream().filter(d -> !d.name().equals(DescriptorSet.FRAMEBUFFER_PARAMETERS)
                && !d.name().equals(DescriptorSet.PADDING) && !d.name().equals(DescriptorSet.ZS_CRC_EXTENSION)
                && !d.name().equals(DescriptorSet.RENDER_TARGET)).toList();
    }

    /** The first operand's token, if the line has one. */
    static Optional<SourceLine.Token> nameToken(SourceLine line) {
        int after = line.head().map(SourceLine.Token::end).orElse(Integer.MAX_VALUE);
        return line.tokens().stream().filter(t -> t.start() >= after).findFirst()
                .filter(t -> t.kind() != SourceLine.Kind.COMMA && t.kind() != SourceLine.Kind.COMMENT);
    }

    /** Whether {@code column} is in the first operand (before the first comma after {@code .desc}). */
    static boolean atName(SourceLine line, int column) {
        int after = line.head().map(SourceLine.Token::end).orElse(Integer.MAX_VALUE);
        return column > after && line.tokens().stream()
                .noneMatch(t -> t.kind() == SourceLine.Kind.COMMA && t.start() >= after && t.start() < column);
    }

    /** The descriptor the line names, if it names one {@code .desc} can write. */
    static Optional<DescriptorDef> descriptor(SourceLine line, DescriptorSet set) {
        if (!is(line)) {
            return Optional.empty();
        }
        return nameToken(line).map(t -> t.text().toLowerCase(Locale.ROOT))
                .flatMap(name -> nameable(set).stream().filter(d -> d.name().equals(name)).findFirst());
    }

    /** One line about a descriptor: its size and fields. */
    static String summary(DescriptorDef d) {
        return d.size() + " bytes, " + d.fields().size() + " fields";
    }
}
