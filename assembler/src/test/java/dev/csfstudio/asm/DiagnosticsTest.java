package dev.csfstudio.asm;

import dev.csfstudio.program.SourceRange;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.Severity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each kind of problem: its code, its message and the exact range it points at. */
class DiagnosticsTest {

    private static Diagnostic only(String source) {
        AssemblyResult r = Sources.assemble(source);
        assertEquals(1, r.diagnostics().size(), () -> r.diagnostics().toString());
        return r.diagnostics().get(0);
    }

    private static SourceRange at(int line, int col, int endCol) {
        return new SourceRange(Sources.MAIN, line, col, line, endCol);
    }

    @Test
    void unknownMnemonicSuggestsTheClosest() {
        Diagnostic d = only("BRNCH.ne r4, #0\n");
        assertEquals("unknown-mnemonic", d.code().id());
        assertEquals("unknown mnemonic 'BRNCH'; did you mean 'BRANCH'?", d.message());
        assertEquals(List.of("BRANCH"), d.suggestions());
        assertEquals(at(1, 1, 6), d.range());
    }

    @Test
    void unknownModifierSuggestsOnlyThisInstructionsModifiers() {
        Diagnostic d = only("BRANCH.nee r4, #0\n");
        assertEquals("unknown-modifier", d.code().id());
        assertEquals("unknown modifier '.nee' for BRANCH; did you mean '.ne'?", d.message());
        assertEquals("ne", d.suggestions().get(0));
        assertEquals(at(1, 8, 11), d.range());
    }

    @Test
    void missingRequiredModifierListsTheChoices() {
        Diagnostic d = only("BRANCH r4, #0\n");
        assertEquals("missing-modifier", d.code().id());
        assertEquals("BRANCH needs a cond modifier: one of .le, .gt, .eq, .ne, .lt, .ge, .always", d.message());
    }

    @Test
    void immediateOutOfRangeStatesTheAllowedRange() {
        Diagnostic d = only("LOAD_MULTIPLE r0, [d40 + 70000]\n");
        assertEquals("out-of-range", d.code().id());
        assertEquals("immediate 70000 out of range for LOAD_MULTIPLE offset: allowed -32768..32767", d.message());
        assertEquals(at(1, 26, 31), d.range());
    }

    @Test
    void move32AcceptsNegativesThatFitAndRejectsBeyond() {
        Diagnostic d = only("MOVE32 r0, #4294967296\n");
        assertEquals("immediate 4294967296 out of range for MOVE32 imm: allowed -2147483648..4294967295", d.message());
    }

    @Test
    void registerBeyondTheFileIsAnError() {
        Diagnostic d = only("MOVE32 r96, #0\n");
        assertEquals("register r96 out of range: allowed r0..r95", d.message());
        assertEquals(at(1, 8, 11), d.range());
    }

    @Test
    void oddRegisterPairIsAWarning() {
        AssemblyResult r = Sources.assemble("MOVE48 d41, #0\n");
        assertTrue(!r.hasErrors());
        assertEquals("odd-register-pair", r.warnings().get(0).code().id());
        assertEquals(Severity.WARNING, r.warnings().get(0).severity());
    }

    @Test
    void byteCountMustBeAMultipleOfEight() {
        Diagnostic d = only("PROT_REGION #12\n");
        assertEquals("byte count 12 for PROT_REGION must be a multiple of 8", d.message());
    }

    @Test
    void registerTupleSpansAtMostSixteenRegisters() {
        Diagnostic d = only("LOAD_MULTIPLE r0:r16, [d40]\n");
        assertEquals("r16 is too far from the base register r0: allowed r0..r15", d.message());
    }

    @Test
    void registerTupleMustAscend() {
        Diagnostic d = only("LOAD_MULTIPLE r3:r1, [d40]\n");
        assertEquals("registers must be listed in ascending order: r1 after r3", d.message());
    }

    @Test
    void wrongOperandCountShowsTheSignature() {
        Diagnostic d = only("MOVE32 r1\n");
        assertEquals("operand-count", d.code().id());
        assertTrue(d.message().startsWith("MOVE32 takes 2 operands, got 1"), d.message());
    }

    @Test
    void undefinedSymbolSuggestsAKnownName() {
        Diagnostic d = only(".buffer data\ncolour: .word colr\n");
        assertEquals("undefined-symbol", d.code().id());
        assertEquals("undefined symbol 'colr'; did you mean 'colour'?", d.message());
        assertEquals(at(2, 15, 19), d.range());
    }

    @Test
    void duplicateSymbolPointsToTheFirstDefinition() {
        AssemblyResult r = Sources.assemble("a: NOP\na: NOP\nBRANCH.ne r0, a\n");
        Diagnostic d = r.errors().get(0);
        assertEquals("duplicate-symbol", d.code().id());
        assertEquals(at(2, 1, 2), d.range());
        assertEquals(at(1, 1, 2), d.related().get(0).range());
    }

    @Test
    void unknownDirectiveSuggestsTheClosest() {
        Diagnostic d = only(".buffr x\n");
        assertEquals("unknown directive '.buffr'; did you mean '.buffer'?", d.message());
    }

    @Test
    void dataInAStreamSuggestsABuffer() {
        Diagnostic d = only(".word 1\n");
        assertEquals("misplaced-statement", d.code().id());
        assertTrue(d.message().contains("put data in a .buffer"), d.message());
    }

    @Test
    void instructionInABufferIsAnError() {
        Diagnostic d = only(".buffer b\nNOP\n");
        assertEquals("instruction in buffer 'b'; instructions belong in a .stream", d.message());
    }

    @Test
    void dataValuesAreRangeCheckedPerWidth() {
        Diagnostic d = only(".buffer b\n.byte 256\n");
        assertEquals("value 256 out of range for .byte: allowed -128..255", d.message());
    }

    @Test
    void aMegabyteDecimalLiteralIsRejectedByItsLength() {
        Diagnostic d = only("MOVE32 r0, #" + "9".repeat(1_000_000) + "\n");
        assertEquals("number 99999999999999999999... does not fit in 64 bits (1000000 digits)", d.message());
    }

    @Test
    void leadingZerosDoNotCountTowardsTheLength() {
        assertEquals(7, Sources.word("MOVE32 r0, #" + "0".repeat(100) + "7") & 0xffff_ffffL);
        assertEquals(0x12, Sources.word("MOVE32 r0, #0x" + "0".repeat(100) + "12") & 0xffff_ffffL);
    }

    @Test
    void suggestionsAmongTheProgramsNamesStopOnceTheyWouldCostTooMuch() {
        // 2000 labels, each misspelt once: suggesting for all would look at 4 million names
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            text.append("label").append(i).append(": NOP\n");
        }
        for (int i = 0; i < 2000; i++) {
            text.append("BRANCH.ne r0, labl").append(i).append("\n");
        }
        List<Diagnostic> undefined = Sources.assemble(text.toString()).errors();
        assertEquals(2000, undefined.size());
        assertEquals(List.of("label0"), undefined.get(0).suggestions().subList(0, 1));
        assertEquals(List.of(), undefined.get(1999).suggestions());
        assertEquals("undefined symbol 'labl1999'", undefined.get(1999).message());
    }

    @Test
    void absurdNumberIsAnErrorNotATruncation() {
        Diagnostic d = only("MOVE32 r0, #0x" + "f".repeat(100) + "\n");
        assertTrue(d.message().contains("does not fit in 64 bits"), d.message());
    }

    @Test
    void divisionByZeroIsAnError() {
        Diagnostic d = only(".equ X, 4 / (2 - 2)\n");
        assertEquals("division-by-zero", d.code().id());
    }

    @Test
    void unusedLabelIsAWarning() {
        AssemblyResult r = Sources.assemble("spare: NOP\n");
        assertEquals("unused-label", r.warnings().get(0).code().id());
        assertTrue(r.program() != null);
    }

    @Test
    void labelUsedOnlyByABrokenLineIsNotReportedUnused() {
        AssemblyResult r = Sources.assemble("loop: NOP\nBRNCH.ne r4, loop\n");
        assertEquals(List.of("unknown-mnemonic"), r.diagnostics().stream().map(d -> d.code().id()).toList());
    }

    @Test
    void syncWaitAlwaysIsNoBranchSoWhatFollowsIsReachable() {
        AssemblyResult r = Sources.assemble("SYNC_WAIT32.always.inherit d50, r52\nNOP\n");
        assertEquals(List.of(), r.diagnostics());
    }

    @Test
    void codeAfterAnUnconditionalBranchIsUnreachable() {
        AssemblyResult r = Sources.assemble("top: BRANCH.always r0, top\nNOP\n");
        Diagnostic d = r.warnings().get(0);
        assertEquals("unreachable-code", d.code().id());
        assertEquals(2, d.range().line());
    }

    @Test
    void aMissingOperandAfterACommaAtTheEndOfTheFileIsASyntaxError() {
        AssemblyResult r = Sources.assemble("NOP NOP ,");
        assertEquals(List.of("syntax"), r.errors().stream().map(d -> d.code().id()).distinct().toList());
    }

    @Test
    void aBranchByZeroReachesTheNextInstruction() {
        AssemblyResult r = Sources.assemble("BRANCH.always r0, #0\nNOP\n");
        assertEquals(List.of(), r.diagnostics());
    }

    @Test
    void aBranchByAnOffsetReachesTheInstructionItLandsOn() {
        AssemblyResult r = Sources.assemble("BRANCH.always r0, #1\nNOP\nNOP\n");
        assertEquals(List.of(2), r.warnings().stream().map(d -> d.range().line()).toList());
    }

    @Test
    void aLaterBranchBackwardsReachesCodeAfterAJump() {
        AssemblyResult r = Sources.assemble("NOP\nJUMP d2, r4\nNOP\nBRANCH.ne r1, #-2\n");
        assertEquals(List.of(), r.diagnostics());
    }

    @Test
    void labelledCodeAfterABranchIsReachable() {
        AssemblyResult r = Sources.assemble("BRANCH.always r0, next\nnext: NOP\n");
        assertTrue(r.diagnostics().isEmpty(), () -> r.diagnostics().toString());
    }

    @Test
    void allSyntaxErrorsAreReportedInOneRun() {
        AssemblyResult r = Sources.assemble("MOVE32 r1, ]\nNOP\nMOVE32 r2, )\n");
        assertEquals(2, r.errors().size(), () -> r.errors().toString());
        assertEquals(1, r.errors().get(0).range().line());
        assertEquals(3, r.errors().get(1).range().line());
        assertEquals("syntax", r.errors().get(0).code().id());
    }

    @Test
    void unterminatedStringIsReported() {
        Diagnostic d = Sources.assemble(".include \"never closed\n").errors().get(0);
        assertEquals("unterminated string (missing closing \")", d.message());
        assertEquals(1, d.range().line());
        assertEquals(10, d.range().column());
    }

    @Test
    void programIsNullWhenThereIsAnError() {
        assertNull(Sources.assemble("BOGUS\n").program());
    }

    @Test
    void headlineIsGccStyle() {
        Diagnostic d = only("BRNCH.ne r4, #0\n");
        assertEquals(Sources.MAIN + ":1:1: error: unknown mnemonic 'BRNCH'; did you mean 'BRANCH'?", d.headline());
    }

    @Test
    void instructionInABufferPointsAtItsColumnOnALineLongerThan65535Characters() {
        String indent = " ".repeat(70_000);
        Diagnostic d = only(".buffer b\n" + indent + "MOVE32 r1, #1\n");
        assertEquals("misplaced-statement", d.code().id());
        assertEquals(at(2, 70_001, 70_014), d.range());
    }

    @Test
    void rawWordInABufferIsAnError() {
        Diagnostic d = only(".buffer b\n.inst 0\n");
        assertEquals("misplaced-statement", d.code().id());
    }

    @Test
    void unknownOpcodePayloadMustFitFiftySixBits() {
        Diagnostic d = only("UNKNOWN_10 0x100000000000000\n");
        assertEquals("out-of-range", d.code().id());
    }

    @Test
    void sectionOptionsBelongOnTheFirstDeclaration() {
        Diagnostic d = only(".buffer b\n.byte 0\n.buffer b, size=8\n");
        assertTrue(d.message().startsWith("options belong on the first .buffer b"), d.message());
    }

    @Test
    void unknownSectionOptionSuggests() {
        Diagnostic d = only(".buffer b, algn=8\n");
        assertEquals("unknown option 'algn'; did you mean 'align'?", d.message());
    }

    @Test
    void aSectionOptionGivenTwiceIsAnErrorAtTheSecond() {
        Diagnostic d = only(".stream s, at=0x10000, AT=0x20000\nNOP\n");
        assertEquals("duplicate-option", d.code().id());
        assertEquals("option 'at' is given twice: give it once", d.message());
        assertEquals(24, d.range().column());
    }

    @Test
    void aQueueOptionGivenTwiceIsAnError() {
        // the queue is not declared, so its .submit is an error too
        Diagnostic d = Sources.assemble(".vm a\n.vm b\n.stream s\nNOP\n.queue q, vm=a, vm=b\n").errors().get(0);
        assertEquals("duplicate-option", d.code().id());
        assertEquals(5, d.range().line());
        assertEquals(17, d.range().column());
    }

    @Test
    void anInjectionOptionGivenTwiceIsAnError() {
        Diagnostic d = only(".stream s\nNOP\n.queue q\n.submit q, s\n.inject tiler_oom, job=1, job=2\n");
        assertEquals("option 'job' is given twice: give it once", d.message());
    }

    @Test
    void anExpectationOptionGivenTwiceIsAnError() {
        Diagnostic d = only("NOP\n.expect status fault, line=1, line=2\n");
        assertEquals("duplicate-option", d.code().id());
        assertEquals(31, d.range().column());
    }

    @Test
    void sizesMustBeKnownWhereTheyAreUsed() {
        Diagnostic d = Sources.assemble(".buffer b\n.zero LATER\n.equ LATER, here\nhere: .byte 0\n").errors().get(0);
        assertEquals("not-constant", d.code().id());
    }

    @Test
    void duplicateModifierPointsAtTheFirst() {
        Diagnostic d = only("SYNC_WAIT32.gt.lt d50, r52\n");
        assertEquals("duplicate-modifier", d.code().id());
        assertEquals(1, d.related().size());
    }
}
