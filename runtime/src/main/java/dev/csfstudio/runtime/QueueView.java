package dev.csfstudio.runtime;

import java.util.List;
import java.util.Optional;
import dev.csfstudio.runtime.device.Queue;

/**
 * A queue as a debugger shows it (a thread in DAP terms), read at a stop.
 *
 * @param waitingOn        what the queue waits for, while it is {@link Queue.State#WAITING}
 * @param jobsCompleted    jobs whose ring entry has finished; those after it are pending
 * @param pc               the next instruction (or, while idle, where the last job ended)
 * @param addressSpaceSlot the MMU slot the queue's VM had when the queue last ran
 * @param groupSlot        the CSG slot the queue's group is resident in, or -1 while it is not scheduled
 * @param instructions     user instructions it executed (its ring buffer's not counted)
 * @param registers        r0..r95, unsigned 32-bit values
 * @param callStack        innermost frame first
 * @param terminatedBy     the fault (or hazard stop) that terminated the queue's group: the queue runs no more
 *                         while the other groups run on
 * @param group            the queue's group (its own name unless declared with {@code group=})
 * @param completion       the queue's completion sync object (the kernel's, which the job ring's end raises)
 */
public record QueueView(String name, String vm, Queue.State state, Optional<SyncWait> waitingOn,
                        long jobsSubmitted, long jobsCompleted, long pc, int depth, int addressSpaceSlot,
                        int groupSlot, long instructions, long[] registers, List<CallFrame> callStack,
                        Optional<RunReport.Fault> terminatedBy, String group, RunReport.CompletionSync completion) {

    public long jobsPending() {
        return jobsSubmitted - jobsCompleted;
    }

    /** The 64-bit value of register pair dN (rN low, rN+1 high). */
    public long register64(int d) {
        return registers[d] | registers[d + 1] << 32;
    }
}
