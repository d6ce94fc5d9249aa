package dev.csfstudio.debug;

import dev.csfstudio.asm.diagnostic.DiagnosticException;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.expr.ExpressionText;
import dev.csfstudio.asm.symbols.NameScope;
import dev.csfstudio.isa.DescriptorDef;
import dev.csfstudio.isa.DescriptorField;
import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;
import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.MemoryRead;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.Result;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The debugger's expressions, evaluated in a stopped queue: the assembler's expression language, read by its
 * {@link ExpressionText} (same tokens, operators, precedence, numbers, functions {@code sizeof lo32 hi32 fbd} and
 * messages), in the debugger's dialect (memory reads {@code [va]}, {@code byte/hword/word/dword [va]}, comparisons
 * {@code == != < <= > >=}, unsigned, and {@code ! && ||}), over names that are registers ({@code r4}, {@code d40},
 * named ones such as {@code framebuffer_pointer}) and the program's labels, constants, streams and buffers; a local
 * label reference ({@code 1b}, {@code 1f}) counts from the queue's current instruction.
 */
final class Expressions {

    /** What an expression may name: {@code localLabels} are the program's, which {@link Program} does not keep. */
    record Scope(Program program, Machine machine, QueueView queue, List<Symbol> localLabels) {
    }

    /** Every unary operator, bracket and call nests one level; an expression may nest this deep. */
    static final int MAX_NESTING = ExpressionText.MAX_NESTING;

    private Expressions() {
    }

    /** The value of {@code text}, or why it has none (with the column where it went wrong). */
    static Result<Long> evaluate(String text, Scope scope) {
        try {
            return Result.ok(ExpressionText.evaluate(text, new Names(scope), (va, size, at) -> read(scope, va, size, at)));
        } catch (DiagnosticException e) {
            return Result.refused("column " + e.diagnostic().range().column() + ": " + e.diagnostic().message());
        }
    }

    private static DiagnosticException error(SourceRange at, String message) {
        return DiagnosticException.error(at, dev.csfstudio.program.DiagnosticCode.SYNTAX, message);
    }

    /** {@code size} bytes at {@code va}, little-endian, in the queue's VM. */
    private static long read(Scope scope, long va, int size, SourceRange at) {
        Result<MemoryRead> r = scope.machine().readMemory(scope.queue().vm(), va, size);
        if (r instanceof Result.Refused<MemoryRead> refused) {
            throw error(at, refused.reason());
        }
        MemoryRead read = r.orElseThrow();
        if (read.readablePrefix().length < size) {
            throw error(at, "GPU VA " + ValueText.hex(va) + " is not readable in VM " + scope.queue().vm() + " ("
                    + read.spans().stream().filter(s -> s instanceof MemoryRead.Unreadable).findFirst()
                    .map(s -> ((MemoryRead.Unreadable) s).reason()).orElse("unmapped") + ")");
        }
        ByteBuffer b = ByteBuffer.wrap(read.readablePrefix()).order(ByteOrder.LITTLE_ENDIAN);
        return switch (size) {
            case 1 -> b.get() & 0xffL;
            case 2 -> b.getShort() & 0xffffL;
            case 4 -> b.getInt() & 0xffff_ffffL;
            default -> b.getLong();
        };
    }

    /** The names of a stopped queue, as the assembler's {@link ExpressionEvaluator.Scope} resolves a program's. */
    private record Names(Scope scope) implements ExpressionEvaluator.Scope {

        @Override
        public long symbol(String name, SourceRange range) {
            Optional<Long> register = register(name);
            if (register.isPresent()) {
                return register.get();
            }
            Symbol s = scope.program().symbols().get(name);
            if (s != null) {
                return s.value();
            }
            int count = scope.queue().registers().length;
            throw error(range, "'" + name + "' is not a register (r0..r" + (count - 1) + ", d0..d" + (count - 2)
                    + "), label or constant of the program");
        }

        private Optional<Long> register(String name) {
            long[] regs = scope.queue().registers();
            String n = name.toLowerCase(Locale.ROOT);
            for (NamedRegister named : scope.program().arch().instructionSet().namedRegisters()) {
                if (named.name().equals(n)) {
                    n = named.register();
                }
            }
            if (n.length() > 1 && n.length() <= 4 && (n.charAt(0) == 'r' || n.charAt(0) == 'd')
                    && n.substring(1).chars().allMatch(Character::isDigit)) {
                int index = Integer.parseInt(n.substring(1));
                if (n.charAt(0) == 'r' && index < regs.length) {
                    return Optional.of(regs[index]);
                }
                if (n.charAt(0) == 'd' && index + 1 < regs.length) {
                    return Optional.of(scope.queue().register64(index));
                }
            }
            return Optional.empty();
        }

        /** {@code Nb}: the last label {@code N:} at or before the queue's instruction in its stream; {@code Nf}: the first after. */
        @Override
        public long localLabel(String ref, SourceRange range) {
            return local(ref, range).value();
        }

        private Symbol local(String ref, SourceRange range) {
            String name = ref.substring(0, ref.length() - 1);
            boolean backward = Character.toLowerCase(ref.charAt(ref.length() - 1)) == 'b';
            long pc = scope.queue().pc();
            Optional<Section> stream = scope.program().sectionAt(scope.queue().vm(), pc);
            Symbol found = null;
            for (Symbol s : scope.localLabels()) {
                if (!s.name().equals(name) || stream.isEmpty() || !stream.get().name().equals(s.section())) {
                    continue;
                }
                if (backward ? s.value() <= pc && (found == null || s.value() >= found.value())
                        : s.value() > pc && (found == null || s.value() < found.value())) {
                    found = s;
                }
            }
            if (found == null) {
                throw error(range, "no local label '" + name + ":' " + (backward ? "before" : "after")
                        + " the queue's instruction (" + ValueText.hex(pc) + ") for '" + ref + "'");
            }
            return found;
        }

        @Override
        public long call(String function, ExpressionEvaluator.Arguments args, SourceRange range) {
            String fn = function.toLowerCase(Locale.ROOT);
            if (!NameScope.FUNCTIONS.contains(fn)) {
                throw error(range, "unknown function '" + function + "'; known: " + String.join(", ", NameScope.FUNCTIONS));
            }
            if (args.count() != 1) {
                throw error(range, fn + "() takes one argument");
            }
            return switch (fn) {
                case "lo32" -> args.value(0) & 0xffff_ffffL;
                case "hi32" -> args.value(0) >>> 32;
                case "sizeof" -> {
                    String name = args.name(0);
                    Optional<Section> s = name == null ? Optional.empty() : scope.program().section(name);
                    if (s.isEmpty()) {
                        throw error(args.range(0), "sizeof() needs a stream or buffer name, got '" + args.text(0) + "'");
                    }
                    yield s.get().size();
                }
                default -> framebufferPointer(args);
            };
        }

        /** {@code fbd(label)}: the pointer the assembler makes of the {@code .fbd} at a label, from its bytes as assembled. */
        private long framebufferPointer(ExpressionEvaluator.Arguments args) {
            Symbol global = args.name(0) == null ? null : scope.program().symbols().get(args.name(0));
            Symbol label;
            if (global != null && global.kind() == SymbolKind.LABEL) {
                label = global;
            } else if (args.localRef(0) != null) {
                label = local(args.localRef(0), args.range(0));
            } else {
                throw error(args.range(0), "fbd() needs the label of a .fbd, got '" + args.text(0) + "'");
            }
            Optional<Section> section = scope.program().section(label.section());
            DescriptorSet descriptors = scope.program().arch().descriptors();
            DescriptorDef params = descriptors.get(DescriptorSet.FRAMEBUFFER_PARAMETERS);
            long offset = label.value() - section.map(Section::address).orElse(0L);
            if (section.isEmpty() || offset < 0 || offset + params.size() > section.get().size()
                    || label.value() % DescriptorSet.FBD_ALIGNMENT != 0) {
                throw error(args.range(0), "'" + args.text(0) + "' does not label a .fbd directive");
            }
            byte[] bytes = section.get().bytes();
            DescriptorField count = params.field("rt_count").orElseThrow();
            DescriptorField zsCrc = params.field("has_zs_crc_extension").orElseThrow();
            return DescriptorSet.framebufferPointer(label.value(), (int) count.read(bytes, (int) offset),
                    zsCrc.read(bytes, (int) offset) != 0);
        }
    }
}
