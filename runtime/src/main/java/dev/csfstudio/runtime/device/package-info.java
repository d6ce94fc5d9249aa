/**
 * The simulated hardware: physical memory, the MMU and its address spaces, queues and the group scheduler, the
 * interpreter with its decoded pages and asynchronous unit, the fragment executor, and the breakpoints and
 * watches GPU execution looks at. Internal to the runtime (its public members are for the other sub-packages);
 * other modules use {@link dev.csfstudio.runtime.Machine}.
 */
package dev.csfstudio.runtime.device;
