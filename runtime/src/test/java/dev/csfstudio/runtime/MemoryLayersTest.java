package dev.csfstudio.runtime;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.csfstudio.runtime.device.AddressSpace;
import dev.csfstudio.runtime.device.GpuFault;
import dev.csfstudio.runtime.device.Mmu;
import dev.csfstudio.runtime.device.PhysicalMemory;

/** PhysicalMemory, AddressSpace and Mmu. */
class MemoryLayersTest {

    @Test
    void consecutiveFramesAreNeverPhysicallyAdjacent() {
        PhysicalMemory mem = new PhysicalMemory(1024, 1);
        long previous = mem.allocateFrame();
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            long next = mem.allocateFrame();
            assertNotEquals(previous + PhysicalMemory.PAGE_SIZE, next);
            assertTrue(seen.add(next), "frame handed out twice");
            previous = next;
        }
    }

    @Test
    void frameNeverWrittenReadsZero() {
        PhysicalMemory mem = new PhysicalMemory(16, 1);
        long pa = mem.allocateFrame();
        assertEquals(0, mem.read64(pa + 8));
        assertTrue(!mem.materialised(pa));
    }

    @Test
    void physicalAccessAcrossAFrameBoundaryIsRejected() {
        PhysicalMemory mem = new PhysicalMemory(16, 1);
        long pa = mem.allocateFrame();
        assertThrows(IllegalArgumentException.class, () -> mem.read64(pa + PhysicalMemory.PAGE_SIZE - 4));
    }

    @Test
    void pageTableWalkFindsTheMappedFrame() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        AddressSpace as = new AddressSpace("main", mem);
        long frame = mem.allocateFrame();
        as.map(0x7f12_3456_7000L, frame);
        assertEquals(frame, as.walk(0x7f12_3456_7abcL));
        assertEquals(-1, as.walk(0x7f12_3456_8000L));
    }

    @Test
    void pageTablesAreAArch64DescriptorsInPhysicalMemory() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        AddressSpace as = new AddressSpace("main", mem);
        long frame = mem.allocateFrame();
        long va = (1L << 39) + (1L << 30) + (1L << 21) + 0x3000; // level indexes 1, 1, 1, 3
        as.map(va, frame);
        long l0 = mem.read64(as.rootTable() + 8 * 1);
        assertEquals(0b11, l0 & 0b11, "level-0 table descriptor");
        long l1 = mem.read64((l0 & AddressSpace.OUTPUT_ADDRESS) + 8 * 1);
        long l2 = mem.read64((l1 & AddressSpace.OUTPUT_ADDRESS) + 8 * 1);
        long l3 = mem.read64((l2 & AddressSpace.OUTPUT_ADDRESS) + 8 * 3);
        assertEquals(frame, l3 & AddressSpace.OUTPUT_ADDRESS);
        assertEquals(AddressSpace.ACCESS_FLAG | 0b11, l3 & ~AddressSpace.OUTPUT_ADDRESS);
        assertEquals(4, as.tableFrames());
    }

    @Test
    void vaBeyond48BitsNeverTranslates() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        AddressSpace as = new AddressSpace("main", mem);
        assertEquals(-1, as.walk(1L << 48));
        assertThrows(IllegalArgumentException.class, () -> as.map(1L << 48, mem.allocateFrame()));
    }

    @Test
    void tlbAnswersRepeatedTranslationsWithoutWalking() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        AddressSpace as = new AddressSpace("main", mem);
        as.map(0x1000, mem.allocateFrame());
        Mmu mmu = new Mmu();
        mmu.bind(0, as);
        mmu.translate(0, 0x1000, Access.READ);
        mmu.translate(0, 0x1008, Access.READ);
        mmu.translate(0, 0x1ff8, Access.READ);
        assertEquals(1, mmu.tableWalks());
        assertEquals(2, mmu.tlbHits());
    }

    @Test
    void sameVaInTwoSlotsTranslatesToDifferentFrames() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        AddressSpace a = new AddressSpace("a", mem);
        AddressSpace b = new AddressSpace("b", mem);
        long fa = mem.allocateFrame();
        long fb = mem.allocateFrame();
        a.map(0x5000, fa);
        b.map(0x5000, fb);
        Mmu mmu = new Mmu();
        mmu.bind(0, a);
        mmu.bind(1, b);
        assertEquals(fa + 4, mmu.translate(0, 0x5004, Access.READ));
        assertEquals(fb + 4, mmu.translate(1, 0x5004, Access.READ));
    }

    @Test
    void unmappedAddressIsATranslationFault() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        Mmu mmu = new Mmu();
        mmu.bind(0, new AddressSpace("main", mem));
        GpuFault f = assertThrows(GpuFault.class, () -> mmu.translate(0, 0x9000, Access.READ));
        assertEquals(FaultKind.TRANSLATION, f.kind);
        assertEquals(0x9000, f.va);
    }

    @Test
    void aTranslationFaultNamesTheFirstLevelWithoutAValidDescriptor() {
        PhysicalMemory mem = new PhysicalMemory(64, 1);
        Mmu mmu = new Mmu();
        AddressSpace as = new AddressSpace("main", mem);
        as.map(0x1000, mem.allocateFrame()); // valid descriptors at levels 0 to 2 for the first 2 MiB, a page at 3
        mmu.bind(0, as);

        assertEquals(3, faultLevel(mmu, 0x9000), "same 2 MiB, no page");
        assertEquals(2, faultLevel(mmu, 0x20_0000), "same GiB, no level-3 table");
        assertEquals(1, faultLevel(mmu, 0x4000_0000), "same 512 GiB, no level-2 table");
        assertEquals(0, faultLevel(mmu, 1L << 39), "no level-1 table");
        assertEquals(-1, faultLevel(mmu, 1L << 48), "outside the 48-bit address space");
    }

    private static int faultLevel(Mmu mmu, long va) {
        GpuFault f = assertThrows(GpuFault.class, () -> mmu.translate(0, va, Access.WRITE));
        assertEquals(Access.WRITE, f.access);
        return f.level;
    }
}
