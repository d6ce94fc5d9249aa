package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;

import static dev.csfstudio.runtime.Sessions.breakAt;
import static dev.csfstudio.runtime.Sessions.line;
import static dev.csfstudio.runtime.Sessions.load;
import static dev.csfstudio.runtime.Sessions.register;
import static dev.csfstudio.runtime.Sessions.stepTo;
import static dev.csfstudio.runtime.Sessions.va;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.Queue;

/** What a stopped machine shows and lets a debugger change: registers, stacks, queues, sync objects, memory. */
class MachineStateTest {

    static final String ADD = """
            .buffer data, size=8
            .stream main
                MOVE32  r1, #1
                ADD_IMMEDIATE32 r2, r1, #1
                ADD_IMMEDIATE64 d4, d6, #1
            """;

    @Test
    void aRegisterSetWhileStoppedIsWhatTheNextInstructionReads() {
        Machine m = load(ADD);
        stepTo(m, "main", 4);
        assertEquals(100, m.setRegister("main", 1, 100).orElseThrow());
        m.step("main");
        assertEquals(101, register(m, "main", 2));
    }

    @Test
    void registersReadUnsignedAndNegativeValuesAreTheirTwosComplement() {
        Machine m = load(ADD);
        assertEquals(0xffff_ffffL, m.setRegister("main", 7, -1).orElseThrow());
        assertEquals(0xffff_ffffL, register(m, "main", 7));
    }

    @Test
    void aRegisterPairIsSetAsOne64BitValue() {
        Machine m = load(ADD);
        stepTo(m, "main", 5);
        m.setRegister64("main", 6, 0x1_ffff_ffffL).orElseThrow();
        m.step("main");
        QueueView q = m.queue("main").orElseThrow();
        assertEquals(0x2_0000_0000L, q.register64(4));
    }

    @Test
    void registersThatDoNotExistAndValuesThatDoNotFitAreRefused() {
        Machine m = load(ADD);
        assertEquals("register r96 does not exist (r0..r95)",
                assertInstanceOf(Result.Refused.class, m.setRegister("main", 96, 0)).reason());
        assertEquals("register pair d95 does not exist (d0..d94)",
                assertInstanceOf(Result.Refused.class, m.setRegister64("main", 95, 0)).reason());
        assertTrue(assertInstanceOf(Result.Refused.class, m.setRegister("main", 1, 1L << 32)).reason()
                .contains("does not fit"));
        assertEquals("no queue named 'x'", assertInstanceOf(Result.Refused.class, m.setRegister("x", 1, 0)).reason());
    }

    @Test
    void theCallStackShowsEachFrameWithItsLineAndWhereItReturns() {
        Machine m = load(MachineSteppingTest.CALLS);
        stepTo(m, "main", 9);
        List<CallFrame> stack = m.queue("main").orElseThrow().callStack();
        assertEquals(List.of(2, 1, 0), stack.stream().map(CallFrame::depth).toList());
        assertEquals(9, stack.get(0).line().line());
        assertEquals(5, stack.get(1).line().line(), "an outer frame stands at its CALL");
        assertEquals(m.program().jobs().get(0).declaration(), stack.get(2).line());
        assertEquals(List.of(false, false, true), stack.stream().map(CallFrame::kernel).toList());
        assertEquals(va(m.program(), 6), stack.get(0).returnAddress().getAsLong());
        assertTrue(stack.get(2).returnAddress().isEmpty(), "the ring buffer's frame returns nowhere");
        assertEquals(m.program().section("sub").orElseThrow().address(), stack.get(0).start());
        assertEquals(m.program().section("sub").orElseThrow().end(), stack.get(0).end());
    }

    @Test
    void queuesSayWhetherTheyRunWaitOrAreIdleAndWhatIsPending() {
        Machine m = load(MachineSteppingTest.RELEASE);
        assertEquals(List.of(Queue.State.IDLE, Queue.State.IDLE),
                m.queues().stream().map(QueueView::state).toList());
        assertEquals(1, m.queue("a").orElseThrow().jobsPending());
        stepTo(m, "a", 9);
        m.step("a");
        QueueView a = m.queue("a").orElseThrow();
        assertEquals(Queue.State.WAITING, a.state());
        assertEquals(">", a.waitingOn().orElseThrow().condition());
        m.resume();
        assertEquals(List.of(Queue.State.IDLE, Queue.State.IDLE),
                m.queues().stream().map(QueueView::state).toList());
        assertEquals(0, m.queue("a").orElseThrow().jobsPending());
    }

    @Test
    void syncObjectsAreTheAddressesSyncInstructionsUsedWithTheirValuesNow() {
        Machine m = load(MachineSteppingTest.RELEASE);
        assertTrue(m.syncObjects().isEmpty());
        m.resume();
        long sync = m.program().section("sync").orElseThrow().address();
        assertEquals(List.of(new SyncObject("main", sync, 32, 1, java.util.OptionalLong.of(0))), m.syncObjects());
    }

    @Test
    void aReadAcrossAnUnmappedPageReturnsWhatIsMappedAndSaysWhatIsNot() {
        Machine m = load("""
                .buffer a, size=4096, at=0x100000
                .buffer b, size=4096, at=0x102000
                .stream main
                    MOVE32 r0, #0
                """);
        m.writeMemory("main", 0x100ff8, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}).orElseThrow();
        MemoryRead read = m.readMemory("main", 0x100ff8, 8 + 4096 + 8).orElseThrow();
        assertEquals(3, read.spans().size());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, read.readablePrefix());
        assertEquals(4096, read.unreadableAfterPrefix());
        MemoryRead.Unreadable hole = assertInstanceOf(MemoryRead.Unreadable.class, read.spans().get(1));
        assertEquals(0x101000, hole.address());
        assertEquals("not mapped in VM main", hole.reason());
        assertEquals(0x102000, read.spans().get(2).address());
        assertEquals(8, read.spans().get(2).length());
    }

    @Test
    void aReadPastTheAddressSpaceIsUnreadableNotAnError() {
        Machine m = load(ADD);
        MemoryRead read = m.readMemory("main", 1L << 48, 16).orElseThrow();
        assertEquals(0, read.readablePrefix().length);
        assertEquals(16, read.unreadableAfterPrefix());
    }

    @Test
    void aWriteTouchingUnmappedMemoryIsRefusedAndWritesNothing() {
        Machine m = load(ADD);
        long stream = m.program().section("main").orElseThrow().address();
        long pageEnd = (stream | 0xfff) + 1; // the last section's page: nothing maps the next one
        Result.Refused<Integer> r = assertInstanceOf(Result.Refused.class,
                m.writeMemory("main", pageEnd - 4, new byte[] {9, 9, 9, 9, 9, 9, 9, 9}));
        assertTrue(r.reason().contains("is not mapped in VM main"), r.reason());
        assertTrue(r.reason().endsWith("nothing written"), r.reason());
        assertArrayEquals(new byte[4], ((MemoryRead.Readable) m.readMemory("main", pageEnd - 4, 4).orElseThrow()
                .spans().get(0)).bytes());
    }

    @Test
    void aPatchedInstructionExecutesAsWritten() throws Exception {
        Machine m = load(ADD);
        stepTo(m, "main", 3); // the page holding the stream is decoded now
        long at = va(m.program(), 4);
        long word = ProgramFixture.insn("ADD_IMMEDIATE32", "dst", 2, "src", 1, "imm", 41);
        byte[] bytes = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(word).array();
        m.writeMemory("main", at, bytes).orElseThrow();
        m.resume();
        assertEquals(42, register(m, "main", 2));
    }

    @Test
    void aPageWalkShowsEveryLevelDownToThePage() {
        Machine m = load(ADD);
        long data = m.program().section("data").orElseThrow().address();
        PageWalk walk = m.pageWalk("main", data + 4).orElseThrow();
        assertEquals(4, walk.levels().size());
        assertEquals(List.of(PageWalk.Kind.TABLE, PageWalk.Kind.TABLE, PageWalk.Kind.TABLE, PageWalk.Kind.PAGE),
                walk.levels().stream().map(PageWalk.Level::kind).toList());
        assertEquals(walk.rootTable(), walk.levels().get(0).table());
        for (int l = 1; l < 4; l++) {
            assertEquals(walk.levels().get(l - 1).output(), walk.levels().get(l).table(), "each level names the next");
        }
        PageWalk.Level leaf = walk.levels().get(3);
        assertEquals(leaf.output() + 4, walk.physical().getAsLong());
        assertEquals(leaf.table() + 8L * leaf.index(), leaf.entryAddress());
        assertTrue(leaf.attributes().startsWith("AF=1"), leaf.attributes());
        assertEquals(0, walk.addressSpaceSlot());
        assertTrue(walk.lines().get(4).contains("page -> PA"), String.join("\n", walk.lines()));
    }

    @Test
    void aPageWalkOfAnUnmappedVaStopsAtTheFirstInvalidDescriptor() {
        Machine m = load(ADD);
        PageWalk walk = m.pageWalk("main", 0xdead0000L).orElseThrow();
        assertTrue(walk.physical().isEmpty());
        assertEquals(PageWalk.Kind.INVALID, walk.levels().get(walk.levels().size() - 1).kind());
        assertTrue(walk.outcome().contains("not mapped"), walk.outcome());
    }

    @Test
    void theFramebufferD40PointsAtShowsEachRenderTargetAsItsMemoryIsNow() throws Exception {
        Machine m = load(Corpus.assemble("run-clear-16x16.csf"));
        Sessions.stepTo(m, "main", 13); // the MOVEs ran, RUN_FRAGMENT is next
        FramebufferView before = m.framebuffer("main").orElseThrow();
        assertEquals(16, before.parameters().get("width"));
        FramebufferView.Image image = assertInstanceOf(FramebufferView.Image.class, before.targets().get(0));
        assertEquals(0, image.target().pixels()[0], "not cleared yet");
        m.step("main");
        m.step("main"); // the WAIT on the fragment job's entry: the clear has completed
        FramebufferView after = m.framebuffer("main").orElseThrow();
        RenderTarget rt = ((FramebufferView.Image) after.targets().get(0)).target();
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(rt.png()));
        assertEquals(0xffff0000, png.getRGB(15, 15));
    }

    @Test
    void aClearColourPokedBeforeTheFragmentJobIsTheColourItWrites() throws Exception {
        Machine m = load(Corpus.assemble("run-clear-16x16.csf"));
        Sessions.stepTo(m, "main", 13);
        FramebufferView.Target target = m.framebuffer("main").orElseThrow().targets().get(0);
        int clear0 = dev.csfstudio.isa.DescriptorSet.v10().get("render_target").field("clear0").orElseThrow()
                .byteOffset();
        m.writeMemory("main", target.address() + clear0, new byte[] {0, (byte) 0xff, 0, (byte) 0xff}).orElseThrow();
        assertEquals(0xff00ff00L, m.framebuffer("main").orElseThrow().targets().get(0).fields().get("clear0"));
        m.resume();
        RenderTarget rt = ((FramebufferView.Image) m.framebuffer("main").orElseThrow().targets().get(0)).target();
        assertEquals(0xff00ff00, rt.pixels()[0], "R | G << 8 | B << 16 | A << 24 of (0, 255, 0, 255)");
    }

    @Test
    void d40WithoutAFramebufferPointerIsRefusedWithTheReason() {
        Machine m = load(ADD);
        Result.Refused<FramebufferView> r = assertInstanceOf(Result.Refused.class, m.framebuffer("main"));
        assertEquals("d40 = 0x0 is not a framebuffer pointer (bit 0 must be set)", r.reason());
    }

    @Test
    void aRenderTargetTheJobDoesNotWriteIsShownWithTheReason() {
        Machine m = load("""
                .buffer color, size=64
                .buffer fb, align=64
                fbd: .fbd width=4, height=4
                     .rt format=R8G8B8A8, base=color, row_stride=16, write_enable=0
                .stream main
                    MOVE48 d40, fbd(fbd)
                """);
        m.resume();
        FramebufferView.Skipped skipped = assertInstanceOf(FramebufferView.Skipped.class,
                m.framebuffer("main").orElseThrow().targets().get(0));
        assertEquals("write_enable is 0", skipped.reason());
        assertFalse(skipped.fields().isEmpty());
    }
}
