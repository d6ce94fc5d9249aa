package dev.csfstudio.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.csfstudio.asm.scan.LineScanner;
import dev.csfstudio.asm.scan.PlainInstructionScanner;
import dev.csfstudio.asm.source.SourceText;
import dev.csfstudio.isa.Arch;
import java.nio.file.Path;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/** A data line of literals is read into the bytes its section holds, however many values it has. */
class DataLineBytesTest {

    @Test
    void valuesAreLittleEndianBytesOfTheirWidth() {
        byte[] line = SourceText.of("    .hword 0x1234, -2, 65535").bytes();
        LineScanner.DataLine d = (LineScanner.DataLine) ((PlainInstructionScanner.Result.Read) new PlainInstructionScanner(
                Arch.V10).scan(Path.of("/virtual/d.csf"), line, 0, line.length, 1)).statement();
        assertArrayEquals(new byte[] {0x34, 0x12, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff}, d.bytes());
    }

    @Test
    void aLongListAssemblesAsTheParserPathDoes() {
        StringJoiner values = new StringJoiner(", ");
        for (int i = 0; i < 100; i++) {
            values.add("0x" + Long.toHexString(0x0123456789abcdefL * (i + 1)));
        }
        String source = ".buffer b\n.dword " + values + "\n.byte 1, 2\n";
        PlainInstructionScannerPropertiesTest.assertSameResult(PlainInstructionScannerPropertiesTest.assemble(source, false),
                PlainInstructionScannerPropertiesTest.assemble(source, true), source);
    }
}
