package dev.csfstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.csfstudio.program.output.OutputFile;
import dev.csfstudio.isa.Disassembler;
import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.PandecodeText;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;

/** {@code csf disasm}: turns instruction words back into source that assembles to the same bytes. */
@Command(name = "disasm", mixinStandardHelpOptions = true, versionProvider = Csf.Version.class,
        description = {"Disassembles a binary command stream (little-endian 64-bit words) into CSF Studio source"
                + " that assembles back to the same bytes. Branch targets inside the stream become labels"
                + " L_<address>; words without a canonical form print as .inst.",
                "With --pandecode, FILE is a mesa PAN_MESA_DEBUG=trace dump (with or without the instruction"
                + " bytes) or a pandecode cs_binary listing: its instructions are rebuilt into one .stream per"
                + " buffer, at the GPU address the trace shows.",
                "With --syntax pandecode, each word prints exactly as mesa's pandecode prints it, after a"
                + " '.syntax pandecode' line."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:disassembled", "1:unreadable input, bad options"})
final class DisassembleCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "FILE.bin, or with --pandecode the trace text")
    Path input;

    @Option(names = "--pandecode", description = "FILE is a mesa pandecode trace; print its streams as source")
    boolean pandecode;

    /** The text disasm prints. */
    enum Syntax { csf, pandecode }

    @Option(names = "--syntax", paramLabel = "csf|pandecode",
            description = "csf (default): canonical source; pandecode: mesa's pandecode text of each word")
    Syntax syntax = Syntax.csf;

    @Option(names = "--base", paramLabel = "VA", converter = AddressConverter.class,
            description = "GPU address of the first word: names the labels and places the stream (.stream main, at=VA)")
    Long base;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the source here instead of stdout")
    String output;

    /** Added to the model by {@link Csf} (it is built in code, the rest from this class's annotations). */
    final ArchOption arch = new ArchOption();

    @Override
    public Integer call() {
        SourceAssembly.checkReadable(input);
        Path out = output == null ? null : OutputFiles.file("-o", output);
        OutputFiles.refuseOverwritingInputs("-o", out, List.of(input.toAbsolutePath()));
        OutputFile.Text text = pandecode ? fromTrace() : fromBinary();
        if (text == null) {
            return Csf.ERROR;
        }
        if (out != null) {
            OutputFiles.write(out, OutputFile.utf8(text));
        } else {
            PrintWriter stdout = spec.commandLine().getOut();
            try {
                text.writeTo(stdout);
            } catch (IOException e) {
                throw new UserError("cannot write to stdout: " + IoMessages.reason(e));
            }
            stdout.flush();
        }
        return Csf.OK;
    }

    /**
     * The source text, written once the output is open; the binary is read in pieces as it is written (a
     * 256 MiB stream is never in memory, as bytes, words or text).
     */
    private OutputFile.Text fromBinary() {
        InstructionWords words = words();
        long size = 8L * words.count();
        long start = base == null ? 0 : base;
        if ((start & 7) != 0) {
            throw new UserError(String.format(Locale.ROOT, "--base 0x%x is not 8-byte aligned", start));
        }
        long end = start + size;
        if (base != null && end > VA_LIMIT) {
            throw new UserError(String.format(Locale.ROOT, "--base 0x%x: %d instructions from there end at 0x%x, past"
                    + " the 48-bit GPU address space (the last base that fits is 0x%x)", start, size / 8, end,
                    VA_LIMIT - size));
        }
        return out -> {
            out.write(String.format(Locale.ROOT, "// %s: %d instructions\n", input.getFileName(), words.count()));
            writeArch(out);
            if (base != null) {
                out.write(String.format(Locale.ROOT, ".stream main, at=0x%x\n", start));
            }
            if (syntax == Syntax.pandecode) {
                writePandecode(out, words, arch.arch());
            } else {
                new StreamDisassembly(arch.arch()).write(out, words, StreamDisassembly.addressLabels(start));
            }
        };
    }

    /** {@code .arch} unless the source is for the default architecture, so that it assembles back without --arch. */
    private void writeArch(Writer out) throws IOException {
        if (arch.arch() != Arch.DEFAULT) {
            out.write(".arch " + arch.arch().spelling() + "\n");
        }
    }

    /** GPU virtual addresses are 48 bits. */
    private static final long VA_LIMIT = 1L << 48;

    /** Each word as pandecode prints it; a word whose pandecode text is undefined stays a raw word. */
    private static void writePandecode(Writer out, InstructionWords words, Arch arch) throws IOException {
        PandecodeText pandecode = new PandecodeText(arch.instructionSet());
        out.write(".syntax pandecode\n");
        words.forEach((i, w) -> out.write("    " + pandecode.print(w).orElseGet(() -> Disassembler.rawDirective(w)
                + " // pandecode's text of this word is undefined (a value past one of its name tables)") + "\n"));
    }

    /** The most problems of a trace printed; the rest are counted. */
    private static final int PROBLEMS_SHOWN = 100;

    /** Each problem at its trace line, {@code FILE:LINE:COL: error: message}, as the assembler prints its errors. */
    private void printProblems(List<PandecodeTrace.Problem> problems) {
        PrintWriter err = spec.commandLine().getErr();
        for (PandecodeTrace.Problem p : problems.subList(0, Math.min(problems.size(), PROBLEMS_SHOWN))) {
            err.println(input + ":" + p.line() + ":" + p.column() + ": error: " + p.message());
        }
        if (problems.size() > PROBLEMS_SHOWN) {
            err.println(input + ": " + (problems.size() - PROBLEMS_SHOWN) + " more errors not shown");
        }
        err.flush();
    }

    /** The source recovered from the trace; null when the trace has problems, each printed at its line. */
    private OutputFile.Text fromTrace() {
        List<String> lines;
        try {
            dev.csfstudio.asm.source.Devices.refuse(input);
            lines = Files.readAllLines(input, StandardCharsets.UTF_8);
        } catch (MalformedInputException e) {
            throw new UserError(input + ": not a text file (pandecode traces are text)");
        } catch (IOException e) {
            throw new UserError("cannot read " + input + ": " + IoMessages.reason(e));
        }
        PandecodeTrace.Recovery recovery = new PandecodeTrace(arch.arch()).read(lines);
        if (recovery.instructions() == 0) {
            throw new UserError(input + ": no command-stream instruction lines (eight hex bytes or pandecode's"
                    + " text of an instruction) found; is this a PAN_MESA_DEBUG=trace dump?");
        }
        if (!recovery.problems().isEmpty()) {
            printProblems(recovery.problems());
            return null;
        }
        List<PandecodeTrace.RecoveredStream> streams = recovery.streams();
        return out -> {
            out.write("// Recovered from " + input.getFileName() + ": " + recovery.instructions()
                    + " executed instructions in " + streams.size() + " stream(s)\n");
            writeArch(out);
            for (String note : recovery.notes()) {
                out.write("// " + note + "\n");
            }
            StreamDisassembly disassembly = new StreamDisassembly(arch.arch());
            for (PandecodeTrace.RecoveredStream stream : streams) {
                out.write("\n.stream " + stream.name());
                if (stream.address() >= 0) {
                    out.write(String.format(Locale.ROOT, ", at=0x%x", stream.address()));
                }
                out.write("\n");
                disassembly.write(out, InstructionWords.of(stream.words()), index -> stream.name() + "_L" + index);
            }
            for (PandecodeMemory.RecoveredBuffer buffer : recovery.buffers()) {
                writeBuffer(out, buffer, streams);
            }
        };
    }

    /**
     * A buffer the trace printed, at its address with its bytes ({@code .zero} for runs of zeros); one that holds a
     * recovered stream is that stream, written once.
     */
    private static void writeBuffer(Writer out, PandecodeMemory.RecoveredBuffer buffer,
                                    List<PandecodeTrace.RecoveredStream> streams) throws IOException {
        for (PandecodeTrace.RecoveredStream s : streams) {
            if (s.address() >= 0 && s.address() < buffer.end() && buffer.address() < s.address() + 8L * s.words().length) {
                out.write(String.format(Locale.ROOT, "\n// buffer %s at 0x%x holds stream %s: written as that stream\n",
                        buffer.name(), buffer.address(), s.name()));
                return;
            }
        }
        out.write(String.format(Locale.ROOT, "\n.buffer %s, at=0x%x\n", buffer.name(), buffer.address()));
        byte[] bytes = buffer.bytes();
        int at = 0;
        while (at < bytes.length) {
            int zeros = 0;
            while (at + zeros < bytes.length && bytes[at + zeros] == 0) {
                zeros++;
            }
            if (zeros >= 16 || at + zeros == bytes.length) {
                out.write("    .zero " + zeros + "\n");
                at += zeros;
                continue;
            }
            StringBuilder line = new StringBuilder("    .byte ");
            for (int i = at; i < Math.min(bytes.length, at + 16); i++) {
                line.append(i == at ? "" : ", ").append(String.format(Locale.ROOT, "0x%02x", bytes[i] & 0xff));
            }
            out.write(line.append('\n').toString());
            at = Math.min(bytes.length, at + 16);
        }
    }

    /**
     * The input's words: a regular file is read in pieces when they are written, anything else (a pipe, which
     * reads only once) whole, now.
     */
    private InstructionWords words() {
        boolean regular = Files.isRegularFile(input);
        byte[] bytes = null;
        long size;
        try {
            dev.csfstudio.asm.source.Devices.refuse(input);
            if (regular) {
                size = Files.size(input);
            } else {
                bytes = Files.readAllBytes(input);
                size = bytes.length;
            }
        } catch (IOException e) {
            throw new UserError("cannot read " + input + ": " + IoMessages.reason(e));
        }
        if (size % 8 != 0) {
            throw new UserError(input + ": " + size + " bytes is not a whole number of 8-byte instructions");
        }
        if (size / 8 >= Integer.MAX_VALUE) {
            throw new UserError(input + ": " + size / 8 + " instructions is more than the " + (Integer.MAX_VALUE - 1)
                    + " a disassembly takes; split the file");
        }
        return regular ? InstructionWords.inFile(input, (int) (size / 8)) : InstructionWords.of(words(bytes));
    }

    static long[] words(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long[] words = new long[bytes.length / 8];
        for (int i = 0; i < words.length; i++) {
            words[i] = buffer.getLong();
        }
        return words;
    }

    /** Accepts decimal, 0x hex and 0b binary addresses. */
    static final class AddressConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String v = value.strip().replace("_", "").toLowerCase(Locale.ROOT);
            try {
                long parsed;
                if (v.startsWith("0x")) {
                    parsed = Long.parseUnsignedLong(v.substring(2), 16);
                } else if (v.startsWith("0b")) {
                    parsed = Long.parseUnsignedLong(v.substring(2), 2);
                } else {
                    parsed = Long.parseLong(v);
                }
                if (parsed < 0 || parsed >= 1L << 48) {
                    throw new TypeConversionException("'" + value + "' is outside the 48-bit GPU address range");
                }
                return parsed;
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not an address (e.g. 0x10000)");
            }
        }
    }
}
