package dev.csfstudio.asm.source;

import dev.csfstudio.asm.Assembler;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scanners' byte view of source text keeps ASCII and every character's offset. */
class SourceTextTest {

    @TempDir
    Path dir;

    @Test
    void asciiBytesAreTheCharacters() {
        assertArrayEquals("MOVE32 r1, #2".getBytes(StandardCharsets.US_ASCII), SourceText.of("MOVE32 r1, #2").bytes());
    }

    @Test
    void everyOtherCharacterIsOneQuestionMarkEvenASurrogatePair() {
        SourceText t = SourceText.of("é\uD83D\uDE00Ł;");
        assertArrayEquals(new byte[] {'?', '?', '?', '?', ';'}, t.bytes());
        assertEquals('Ł', t.charAt(3));
    }

    @Test
    void aUtf8FileReadsAsReadStringReadsIt() throws IOException {
        Path file = dir.resolve("u.csf");
        Files.writeString(file, "// café \uD83D\uDE00\nNOP\n", StandardCharsets.UTF_8);
        SourceText t = SourceText.read(file);
        assertEquals(Files.readString(file), t.text());
        assertEquals(t.text().length(), t.bytes().length);
    }

    @Test
    void anAsciiFileIsCutFromTheBytesRead() throws IOException {
        Path file = dir.resolve("a.csf");
        Files.writeString(file, "NOP ; what?\nJUMP d2, r4\n", StandardCharsets.UTF_8);
        SourceText t = SourceText.read(file);
        assertEquals("what?", t.substring(6, 11));
        assertEquals('?', t.charAt(10));
        assertEquals(Files.readString(file), t.text());
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheText() throws IOException {
        Path file = dir.resolve("bom.csf");
        Files.write(file, new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 'N', 'O', 'P', '\n'});
        assertEquals("NOP\n", SourceText.read(file).text());
        assertEquals(List.of(), new Assembler().assemble(file).diagnostics());
    }

    @Test
    void malformedUtf8IsAnError() throws IOException {
        Path file = dir.resolve("bad.csf");
        Files.write(file, new byte[] {'N', 'O', 'P', (byte) 0xC3});
        assertThrows(CharacterCodingException.class, () -> SourceText.read(file));
    }

    @Test
    void malformedUtf8IsReportedAtItsByteAndPosition() throws IOException {
        Path file = dir.resolve("bad.csf");
        Files.write(file, new byte[] {'N', 'O', 'P', '\n', ' ', (byte) 0xC3, (byte) 0xA9, 'N', (byte) 0xFF, '\n'});
        List<Diagnostic> d = new Assembler().assemble(file).diagnostics();
        assertEquals(List.of(Diagnostic.error(SourceRange.at(file, 2, 4, 1), DiagnosticCode.ENCODING, "invalid UTF-8 at byte 8")), d);
    }

    @Test
    void malformedUtf8InAnIncludedFileNamesTheByteLineAndColumn() throws IOException {
        Files.write(dir.resolve("inc.csf"), new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 'N', 'O', 'P', (byte) 0x80});
        Path main = Files.writeString(dir.resolve("main.csf"), "NOP\n.include \"inc.csf\"\n");
        Diagnostic d = new Assembler().assemble(main).errors().get(0);
        assertEquals("cannot read \"inc.csf\": invalid UTF-8 at byte 6 (line 1, column 4)", d.message());
        assertEquals(2, d.range().line());
    }

    @Test
    void aFileWithoutAKnownSizeIsReadToItsEnd() throws IOException {
        Path proc = Path.of("/proc/self/status");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(proc) && Files.size(proc) == 0);
        assertTrue(SourceText.read(proc).text().contains("Name:"));
    }

    @Test
    void aDeviceIsNeverReadAsInput() {
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero));
        IOException e = assertThrows(IOException.class, () -> SourceText.read(zero, 1 << 20));
        assertEquals("a character device, not a file (a device is never read as input)", e.getMessage());
    }
}
