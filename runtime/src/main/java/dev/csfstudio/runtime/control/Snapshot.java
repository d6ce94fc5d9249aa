package dev.csfstudio.runtime.control;

import java.util.List;
import java.util.Map;
import dev.csfstudio.runtime.device.GroupScheduler;
import dev.csfstudio.runtime.device.Queue;
import dev.csfstudio.runtime.report.RunRecorder;

/**
 * Everything that decides what a device does next, at one position: memory (frames shared with the live
 * memory, copied on write), every queue, the scheduler and MMU bindings, the step meter's counts, what
 * the recorder has recorded, the sync objects seen and where the scheduling loop stands. Not in it: the
 * TLBs and walk caches (emptied on restore; they only ever cache page tables that never change) and the
 * decoded-page cache (dropped for every frame that differs).
 *
 * @param position instructions executed by every queue, the kernel ring buffers' included
 * @param steps    position plus fragment work steps: what the interval between snapshots is measured in
 * @param exact    the state a debugger was shown (the start of history, an edit): the one to use for a
 *                 restore to exactly {@code position}; a periodic snapshot may be a moment later than the
 *                 earliest state at its position, so a restore to exactly there re-executes from before
 */
public record Snapshot(long position, long steps, boolean exact, byte[][] memory, List<Queue.Saved> queues,
                GroupScheduler.Saved scheduler, long[] meter, RunRecorder.Saved recorder,
                Map<String, Map<Long, Integer>> syncs, RunLoop.Loop loop) {
}
