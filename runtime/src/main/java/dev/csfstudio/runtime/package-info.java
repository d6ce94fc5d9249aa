/**
 * The simulated Mali-G610 command stream frontend, and the session API a debugger drives it with.
 *
 * <h2>Running to the end</h2>
 * {@link dev.csfstudio.runtime.Simulator#run} loads a {@link dev.csfstudio.program.Program} and runs it until
 * it ends; the {@link dev.csfstudio.runtime.RunReport} says how (faults, deadlocks and timeouts are data,
 * never exceptions) and {@link dev.csfstudio.runtime.RunOutput#summary} is what {@code csf run} prints of it. The
 * runtime builds values: {@code report.json} and {@code core.json} are written (and a core dump read) at the edges,
 * by the {@code json} module.
 *
 * <h2>Running under control: {@link dev.csfstudio.runtime.Machine}</h2>
 * {@code Machine.load(program, options)} places a program on a fresh device (or says why it cannot). Then:
 * <ul>
 *   <li><b>Run</b>: {@code resume()}, {@code step(queue)}, {@code stepOver(queue)} (a CALL runs to its
 *       return), {@code stepOut(queue)}, and {@code requestPause()} from another thread. Each answers a
 *       {@link dev.csfstudio.runtime.StopReason}: stepped, breakpoint, data breakpoint (which range, which
 *       instruction or executor wrote it, old and new bytes), waiting (a stepped queue blocked in SYNC_WAIT,
 *       with address, condition and values), paused; or the run's end: done, fault (VA, VM, AS slot, why,
 *       line), deadlock, timeout (step budget or wall clock), cancelled. The scheduler decides the order
 *       of execution as in a run that never stops: stops change nothing.</li>
 *   <li><b>Breakpoints</b> by GPU VA per VM, {@code addBreakpoint(vm, va)}: stamped into the decoded-page
 *       cache, so the interpreter's loop has no check for them. <b>Data breakpoints</b>,
 *       {@code addDataBreakpoint(vm, va, length)}: GPU writes (STORE_MULTIPLE, STORE_STATE, SYNC_*, the
 *       fragment clear) look at one flag per physical frame. A request that cannot be honoured (unmapped,
 *       unaligned, unknown VM) is a {@link dev.csfstudio.runtime.Result.Refused} with the reason.</li>
 *   <li><b>State</b>: {@code queues()} / {@code queue(name)} ({@link dev.csfstudio.runtime.QueueView}:
 *       state, what it waits on, jobs, registers, {@link dev.csfstudio.runtime.CallFrame call stack} with
 *       source lines and the kernel ring buffer's frame marked), {@code syncObjects()},
 *       {@code readMemory(vm, va, n)} ({@link dev.csfstudio.runtime.MemoryRead}: mapped spans and
 *       unreadable ones, page by page through the VM's page tables), {@code pageWalk(vm, va)}
 *       ({@link dev.csfstudio.runtime.PageWalk}: every level, as UMR's {@code --vm-decode}),
 *       {@code framebuffer(queue)} (the FBD d40 points at and each render target as its memory is now,
 *       PNG included). <b>Edits</b>: {@code setRegister}, {@code setRegister64}, {@code writeMemory}
 *       (refused, writing nothing, when a byte is unmapped; decoded pages are dropped, so a patched
 *       instruction executes as written).</li>
 *   <li><b>Going back</b>: after {@code recordHistory()}, {@code restoreTo(position)},
 *       {@code stepBack(queue)} and {@code reverseResume()}. A position counts every queue's instructions,
 *       the kernel ring buffers' included. Snapshots (memory copy-on-write, everything else copied) are
 *       taken every 2^17 steps, longer (up to 2^21) after intervals that made many frames be copied;
 *       earlier positions are reached by restoring one and re-executing, which is exact because the
 *       device is deterministic. Snapshots hold at most 256 MiB by default ({@code recordHistory(cap)}):
 *       beyond it the oldest are dropped (the start of history moves forward). An edit becomes part
 *       of history at its position; running on from before it leaves it behind.</li>
 *   <li><b>Post-mortem</b>: a {@link dev.csfstudio.runtime.PostMortem} is a core dump's saved state, and
 *       {@code rebuild(program, history)} gives a live machine stopped where the run ended (the dump carries the
 *       program's SHA-256, the step budget and the position).</li>
 * </ul>
 * A machine is used from one thread at a time; only {@code requestPause} may come from another.
 *
 * <h2>Parts</h2>
 * {@link dev.csfstudio.runtime.Machine} is the API over three sub-packages: {@code device} (the simulated
 * hardware), {@code control} (the scheduling loop, run-control goals and time travel) and {@code report} (what
 * the device says). Everything another module uses is in this package.
 *
 * <h2>Layers</h2>
 * {@link dev.csfstudio.runtime.device.PhysicalMemory} (scattered 4 KiB frames) →
 * {@link dev.csfstudio.runtime.device.AddressSpace} (page tables in that memory) →
 * {@link dev.csfstudio.runtime.device.Mmu} (8 slots, TLBs) → {@code GroupScheduler} (8 CSG slots) →
 * {@link dev.csfstudio.runtime.device.Queue} → {@code Interpreter} (decoded-page cache) → {@code FragmentClear};
 * {@link dev.csfstudio.runtime.HostAccess} is how everything outside the GPU touches memory.
 */
package dev.csfstudio.runtime;

import dev.csfstudio.runtime.device.AddressSpace;
import dev.csfstudio.runtime.device.Breakpoints;
import dev.csfstudio.runtime.device.FragmentClear;
import dev.csfstudio.runtime.device.GroupScheduler;
import dev.csfstudio.runtime.device.Interpreter;
import dev.csfstudio.runtime.device.Mmu;
import dev.csfstudio.runtime.device.PhysicalMemory;
import dev.csfstudio.runtime.device.Queue;
