package dev.csfstudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --arch v10|v12|v13} on asm, disasm and run: the architecture whose tables a command reads. */
class ArchOptionTest {

    // LOGIC_OP32.xor.direct r1, r2, r3 (v12 opcode 19) and MOVE32 r100, #0x5
    static final long XOR = 0x1301_0203_0000_0006L;
    static final long MOVE_R100 = 0x0264_0000_0000_0005L;

    @TempDir
    Path dir;

    private Path bin(long... words) throws IOException {
        return Files.write(dir.resolve("stream.bin"), GoldenVectors.littleEndian(words));
    }

    private static List<String> instructionLines(String source) {
        return DisassembleCommandTest.instructionLines(source);
    }

    @Test
    void disasmDecodesWithV12sTable() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", "--arch", "v12", bin(XOR, MOVE_R100).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("LOGIC_OP32.xor.direct r1, r2, r3", "MOVE32 r100, #0x5"), instructionLines(r.out()));
    }

    @Test
    void disasmOnV13DecodesAnArithWordByItsSubOpcode() throws IOException {
        // ARITH_REG32 (18) with sub-opcode 2 (SUB32) in bits 31:24; on v12 opcode 18 is UMIN32, whose text has none
        CsfInvocation r = CsfInvocation.run("disasm", "--arch", "v13", bin(0x1201_0302_0200_0000L).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of("SUB32 r1, r2, r3"), instructionLines(r.out()));
    }

    @Test
    void disasmDefaultsToV10WhereNeitherWordHasText() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", bin(XOR, MOVE_R100).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of(".inst 0x1301020300000006", ".inst 0x0264000000000005"), instructionLines(r.out()));
    }

    @Test
    void disasmPandecodeSyntaxPrintsV12sText() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", "--arch", "v12", "--syntax", "pandecode", bin(XOR).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(instructionLines(r.out()).get(0).startsWith("LOGIC_OP32"), r.out());
    }

    @Test
    void runOnV12GivesTheQueue128RegistersAndTheRingBufferItsTopRegisters() throws IOException {
        Path src = Files.writeString(dir.resolve("t.csf"), ".stream main\n    MOVE32 r1, #5\n");
        Path out = dir.resolve("out");
        CsfInvocation r = CsfInvocation.run("run", "--arch", "v12", "--out", out.toString(), src.toString());
        assertEquals(0, r.exitCode(), r.err());
        var report = JsonParser.parseString(Files.readString(out.resolve("report.json"))).getAsJsonObject();
        var registers = report.getAsJsonArray("registers");
        assertEquals(128, registers.size());
        // The job ring's end leaves d124 at the completion sync object and d126 at its increment, 1.
        String completion = report.getAsJsonArray("queues").get(0).getAsJsonObject()
                .getAsJsonObject("completion_sync").get("address").getAsString();
        assertEquals(Long.decode(completion), registers.get(124).getAsLong() | registers.get(125).getAsLong() << 32,
                "the ring's address register on v12 is d124");
        assertEquals(1, registers.get(126).getAsLong(), "the ring's value register on v12 is r126");
    }

    @Test
    void asmTakesTheArchitecture() throws IOException {
        Path src = Files.writeString(dir.resolve("t.csf"), ".stream main\n    MOVE32 r1, #5\n");
        CsfInvocation r = CsfInvocation.run("asm", "--arch", "v12", "--format", "hex", "-o", "-", src.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("0201000000000005"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"asm", "disasm", "run"})
    void anUnknownArchitectureIsRefusedWithTheChoices(String command) throws IOException {
        CsfInvocation r = CsfInvocation.run(command, "--arch", "v11", bin(0L).toString());
        assertEquals(Csf.ERROR, r.exitCode());
        assertTrue(r.err().contains("error: --arch: expected one of v10, v12, v13"), r.err());
    }

    @Test
    void theArchitectureIsReadInAnyLetterCase() throws IOException {
        CsfInvocation r = CsfInvocation.run("disasm", "--arch", "V12", bin(XOR).toString());
        assertEquals(0, r.exitCode(), r.err());
    }
}
