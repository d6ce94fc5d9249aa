package dev.csfstudio.asm.lint;

import dev.csfstudio.asm.layout.SectionBuilder;
import dev.csfstudio.asm.layout.Statement;
import dev.csfstudio.asm.layout.StatementTable;

import dev.csfstudio.isa.Arch;
import dev.csfstudio.isa.Async;
import dev.csfstudio.isa.BitField;
import dev.csfstudio.isa.Decoder;
import dev.csfstudio.isa.Execution;
import dev.csfstudio.isa.InstructionDef;
import dev.csfstudio.isa.OperandSpec;
import dev.csfstudio.isa.RegisterAccess;
import dev.csfstudio.isa.Scoreboard;
import dev.csfstudio.isa.ScoreboardMessages;
import dev.csfstudio.program.Diagnostic;
import dev.csfstudio.program.DiagnosticCode;
import dev.csfstudio.program.Program;
import dev.csfstudio.program.SectionKind;
import dev.csfstudio.program.Severity;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The scoreboard check after layout, with the rules of mesa's load/store tracker ({@code cs_builder.h}): over each
 * job's control-flow graph (BRANCH, CALL and JUMP to a stream address a MOVE48/MOVE32 pair just before them names,
 * buffers returning at their end), a register read or written while a LOAD_MULTIPLE into it may be in flight, and a
 * register written while a STORE_MULTIPLE may still read it, on some path without a WAIT on the entry the operation
 * signals (each with the WAIT that makes the line safe as its suggestion). Every stream instruction is also checked
 * alone: a deferred operation waiting for the entry it signals, an entry past the architecture's count, a wait mask
 * naming entries nothing in the program signals. All are warnings: the words are valid encodings and a stream that
 * shows a hazard or deadlock on the simulated device must assemble. What the table says an instruction does with
 * the scoreboard is {@link Scoreboard}; which registers it reads and writes, {@link RegisterAccess}. Where the check
 * cannot see (a CALL or JUMP it cannot resolve, an entry selection it does not know) it says nothing.
 */
public final class ScoreboardCheck {

    /** The entries selected for endpoint tasks and other operations when a queue's first job starts. */
    static final int INITIAL_ENTRY = 0;
    /**
     * Instructions the walk may step through per stream instruction of the program before it stops. Paths meet at
     * labels and each place keeps one joined state, so a walk is about one step per instruction plus one more pass
     * over a loop for each register or entry its state gains (mesa's tracker streams: 1 to 2; bench/asm.sh's
     * million-line source: under 1.3, look-backs included); only sources of many nested loops, each adding to the state around all the others,
     * come near this.
     */
    static final int STEPS_PER_INSTRUCTION = 64;

    private final StatementTable statements;
    private final Arch arch;
    private final int registers;
    private final int entries;
    private final int allEntries;
    private final Decoder decoder;
    private final RegisterAccess access;
    /** Longs a register set takes. */
    private final int words;
    /**
     * Per register: the last LOAD/STORE_MULTIPLE the walk met that lists it, the operation a warning names (on a
     * straight line the one in flight; where paths meet, one of those that may be).
     */
    private final int[] lastListed;
    /** Per section id: the row of the instruction at each 8-byte slot, -1 where none; null for a section without. */
    private final int[][] slots;
    /** Per section id: whether a label or branch target is at each slot (paths meet there). */
    private final boolean[][] targets;
    private final Hazards loadHazards;
    private final Hazards storeHazards;
    /** Steps the walk may take over all jobs (-1: {@link #STEPS_PER_INSTRUCTION} per stream instruction). */
    private long budget;
    /** Whether the walk stopped at its budget; the instruction it was walking from then. */
    private boolean gaveUp;
    private int stoppedAt = -1;
    /** Steps taken: instructions walked, and those looked back over to resolve a CALL or JUMP. */
    private long steps;

    private ScoreboardCheck(StatementTable statements, Arch arch, long budget) {
        this.statements = statements;
        this.arch = arch;
        this.registers = arch.registerCount();
        this.entries = arch.scoreboardEntries();
        this.allEntries = (1 << entries) - 1;
        this.decoder = new Decoder(arch.instructionSet());
        this.access = new RegisterAccess(registers);
        this.words = access.words();
        this.lastListed = new int[registers];
        this.slots = new int[statements.sectionCount()][];
        this.targets = new boolean[statements.sectionCount()][];
        this.loadHazards = new Hazards(statements.size());
        this.storeHazards = new Hazards(statements.size());
        this.budget = budget;
    }

    /**
     * Checks the streams of {@code statements} as {@code jobs} run them and reports what it finds. The walk stops
     * after {@code steps} instructions (-1: the default, {@link #STEPS_PER_INSTRUCTION} per stream instruction), keeps
     * what it found until then and says once, as a note at the instruction it was walking from, that it stopped.
     */
    public static void run(StatementTable statements, List<Program.Job> jobs, Arch arch, long steps,
                           Consumer<Diagnostic> report) {
        new ScoreboardCheck(statements, arch, steps).check(jobs, report);
    }

    private void check(List<Program.Job> jobs, Consumer<Diagnostic> report) {
        boolean tracked = false;
        int signalled = 1 << INITIAL_ENTRY;
        boolean signalsUnknown = false;
        boolean endpointOps = false;
        boolean otherOps = false;
        int selectedEndpoints = 1 << INITIAL_ENTRY;
        int selectedOthers = 1 << INITIAL_ENTRY;
        List<Integer> waiting = new ArrayList<>();
        long instructions = 0;
        for (int i = 0, n = statements.size(); i < n; i++) {
            Statement s = statements.get(i);
            if (!s.instruction() || !s.emitted() || s.section().kind != SectionKind.STREAM) {
                continue;
            }
            place(i, s);
            instructions++;
            InstructionDef def = def(s);
            if (def == null) {
                continue;
            }
            long word = s.word();
            Scoreboard mode = def.scoreboard();
            Scoreboard.Bound fields = bound(def);
            int mask = fields.waitMask(word);
            int slot = fields.signalSlot(word);
            checkAlone(i, def, fields, mask, slot, word, report);
            checkStateValue(i, def, word, report);
            if (mask == Scoreboard.INDIRECT || mode == Scoreboard.RESELECT
                    || (fields.isAsynchronous(word) && slot == Scoreboard.INDIRECT
                    && mode != Scoreboard.SIGNAL_OTHER && mode != Scoreboard.SIGNAL_ENDPOINT)) {
                signalsUnknown = true;
            }
            if (mask > 0) {
                waiting.add(i);
            }
            if (slot >= 0) {
                signalled |= 1 << slot;
            }
            switch (mode) {
                case SIGNAL_ENDPOINT -> endpointOps = true;
                case SIGNAL_OTHER -> {
                    otherOps = true;
                    tracked = true;
                }
                case SELECT -> {
                    selectedEndpoints |= 1 << Math.min(fields.selectedEndpoint(word), 31);
                    selectedOthers |= 1 << Math.min(fields.selectedOther(word), 31);
                }
                case RESELECT -> tracked = true; // v12's SET_STATE selections and masks: followed along paths
                case NONE, SIGNAL_SLOT, DEFERRED, WAIT -> {
                }
            }
        }
        if (endpointOps) {
            signalled |= selectedEndpoints;
        }
        if (otherOps) {
            signalled |= selectedOthers;
        }
        if (!signalsUnknown) {
            for (int row : waiting) {
                InstructionDef def = def(row);
                int unsignalled = bound(def).waitMask(statements.get(row).word()) & ~signalled & allEntries;
                if (unsignalled != 0) {
                    report.accept(Diagnostic.warning(statements.get(row).range(), DiagnosticCode.SCOREBOARD_UNSIGNALLED_WAIT,
                            "wait mask names " + ScoreboardMessages.entryList(unsignalled) + " that nothing in the program signals"));
                }
            }
        }
        if (tracked) {
            if (budget < 0) {
                budget = Math.max(1L << 16, STEPS_PER_INSTRUCTION * instructions);
            }
            new Flow().jobs(jobs);
            // What the walk met before it stopped stands: each place's state only grows as paths join, so a
            // register in flight there is in flight on some path however far the walk would have gone on.
            reportHazards(report);
            reportIndirectSelfWaits(report);
            if (gaveUp) {
                report.accept(new Diagnostic(Severity.NOTE, statements.get(stoppedAt).range(),
                        DiagnosticCode.SCOREBOARD_CHECK_STOPPED, "the scoreboard check stopped here after " + budget
                        + " steps: what it found before holds, what it had not yet walked is unchecked", List.of(),
                        List.of()));
            }
        }
    }

    /** The checks of one instruction that need no path: its own slot in its wait mask, entries past the count. */
    private void checkAlone(int row, InstructionDef def, Scoreboard.Bound fields, int mask, int slot, long word,
                            Consumer<Diagnostic> report) {
        if (mask > 0 && slot >= 0 && (mask & (1 << slot)) != 0) {
            // The runtime stops at the same line with the same words (a self_wait hazard).
            report.accept(Diagnostic.warning(statements.get(row).range(), DiagnosticCode.SCOREBOARD_SELF_WAIT,
                    ScoreboardMessages.selfWait(def.mnemonic(), slot, mask)));
        }
        int past = (mask > 0 ? mask & ~allEntries : 0) | beyond(slot) | beyond(fields.selectedEndpoint(word))
                | beyond(fields.selectedOther(word));
        if (past != 0) {
            // The runtime faults at the same line with the same words (INVALID_INSTRUCTION).
            report.accept(Diagnostic.warning(statements.get(row).range(), DiagnosticCode.SCOREBOARD_ENTRY_RANGE,
                    ScoreboardMessages.entryRange(def.mnemonic(), past, arch.spelling(), entries)));
        }
    }

    /**
     * v12's SET_STATE_IMM32 giving a selection an entry past the count, or a mask entries past it: the runtime faults
     * at the same line with the same words (INVALID_INSTRUCTION). SET_STATE's register value is not known here.
     */
    private void checkStateValue(int row, InstructionDef def, long word, Consumer<Diagnostic> report) {
        if (def.semantics().action() != Execution.SET_STATE_IMM32) {
            return; // the common case first: no role looked up for every other instruction
        }
        BitField stateField = def.semantics().role("state").orElse(null);
        BitField valueField = def.semantics().role("value").orElse(null);
        if (stateField == null || valueField == null) {
            return;
        }
        Optional<String> past = ScoreboardMessages.stateRange(stateField.extract(word), valueField.extract(word),
                arch.spelling(), entries);
        if (past.isPresent()) {
            report.accept(Diagnostic.warning(statements.get(row).range(), DiagnosticCode.SCOREBOARD_ENTRY_RANGE,
                    past.get()));
        }
    }

    /** The bit of {@code entry} when it is past the architecture's count, else 0. */
    private int beyond(int entry) {
        return entry >= entries ? 1 << entry : 0;
    }

    /** Records row {@code i} at its slot of its section. */
    private void place(int i, Statement s) {
        SectionBuilder section = s.section();
        int id = s.sectionId();
        if (slots[id] == null) {
            slots[id] = new int[(int) Math.min(Integer.MAX_VALUE - 8, (section.size() + 7) / 8)];
            targets[id] = new boolean[slots[id].length];
            java.util.Arrays.fill(slots[id], -1);
            for (int t = 0, n = section.jumpTargetCount(); t < n; t++) {
                long offset = section.jumpTarget(t);
                // A branch may point outside its section (a numeric offset): no place of it, then.
                if (offset >= 0 && offset % 8 == 0 && offset / 8 < targets[id].length) {
                    targets[id][(int) (offset / 8)] = true;
                }
            }
        }
        int slot = s.offset() / 8;
        if (s.offset() % 8 == 0 && slot < slots[id].length) {
            slots[id][slot] = i;
        }
    }

    /** Each instruction's scoreboard fields, looked up once. */
    private final Map<InstructionDef, Scoreboard.Bound> bound = new java.util.IdentityHashMap<>();

    private Scoreboard.Bound bound(InstructionDef def) {
        Scoreboard.Bound b = bound.get(def);
        if (b == null) {
            b = def.scoreboard().bind(def);
            bound.put(def, b);
        }
        return b;
    }

    private InstructionDef def(int row) {
        return def(statements.get(row));
    }

    private InstructionDef def(Statement s) {
        InstructionDef def = s.def();
        if (def == null) {
            def = decoder.decode(s.word()).map(d -> d.def()).orElse(null);
        }
        return def == null || !def.isForm() ? def : def.formOf();
    }

    // ------------------------------------------------------------------------------------------------ the paths

    /** A CALL's return: the buffer to continue in after the called one ends. */
    private record Frame(int section, int slot, int end, Frame parent, int depth) {
    }

    /** A place execution reaches: a slot of a section, in a buffer ending at slot {@code end}, under a frame. */
    private record Position(Frame frame, int section, int slot, int end) {
    }

    /**
     * What may be in flight at a place, and which entries are selected (-1: not known): for each entry, the registers
     * loads signalling it may still write and those stores signalling it may still read, as bit sets ({@code words}
     * longs an entry); null when nothing is in flight.
     */
    private final class State {
        int endpoint = INITIAL_ENTRY;
        int other = INITIAL_ENTRY;
        /** v12's SET_STATE.sb_sel_deferred and sb_mask_wait (-1: not known); 0 at reset as the runtime has them. */
        int deferred = INITIAL_ENTRY;
        int waitMask = 0;
        /** Whether the place holding this state is on the worklist. */
        boolean queued;
        long[] load;
        long[] store;

        State copy() {
            State s = new State();
            s.endpoint = endpoint;
            s.other = other;
            s.deferred = deferred;
            s.waitMask = waitMask;
            s.load = load == null ? null : load.clone();
            s.store = store == null ? null : store.clone();
            return s;
        }

        /** Joins {@code in} into this state; whether this state grew. */
        boolean join(State in) {
            boolean changed = false;
            if (endpoint != in.endpoint && endpoint != -1) {
                endpoint = -1;
                changed = true;
            }
            if (other != in.other && other != -1) {
                other = -1;
                changed = true;
            }
            if (deferred != in.deferred && deferred != -1) {
                deferred = -1;
                changed = true;
            }
            if (waitMask != in.waitMask && waitMask != -1) {
                waitMask = -1;
                changed = true;
            }
            if (in.load != null) {
                if (load == null) {
                    load = new long[in.load.length];
                }
                changed |= or(load, in.load);
            }
            if (in.store != null) {
                if (store == null) {
                    store = new long[in.store.length];
                }
                changed |= or(store, in.store);
            }
            return changed;
        }

        private static boolean or(long[] into, long[] from) {
            boolean changed = false;
            for (int i = 0; i < into.length; i++) {
                long merged = into[i] | from[i];
                changed |= merged != into[i];
                into[i] = merged;
            }
            return changed;
        }

        /** The entries whose operations in {@code pending} (loads or stores) may still access register {@code r}. */
        int entriesOf(long[] pending, int r) {
            if (pending == null) {
                return 0;
            }
            int mask = 0;
            long bit = 1L << r;
            for (int e = 0, at = r >>> 6; e < entries; e++, at += words) {
                if ((pending[at] & bit) != 0) {
                    mask |= 1 << e;
                }
            }
            return mask;
        }

        /** The effect of a WAIT on the entries of {@code mask}. */
        void drain(int mask) {
            load = drained(load, mask);
            store = drained(store, mask);
        }

        private long[] drained(long[] pending, int mask) {
            if (pending == null) {
                return null;
            }
            boolean any = false;
            for (int e = 0; e < entries; e++) {
                for (int w = 0; w < words; w++) {
                    if ((mask & (1 << e)) != 0) {
                        pending[e * words + w] = 0;
                    }
                    any |= pending[e * words + w] != 0;
                }
            }
            return any ? pending : null;
        }
    }

    /**
     * The data flow over one job at a time: a state at each place paths meet (joined there, so each place holds one
     * state whatever the number of paths into it), a worklist of places whose state grew. A place in a job's own
     * stream (no CALL frame, the buffer ending with its section: every label of a plain stream) keeps its state in an
     * array by section and slot; the others, in a map. The walk stops, once, after {@link #budget} instructions.
     */
    private final class Flow {
        private final Map<Position, State> states = new HashMap<>();
        /** By section and slot: the states of places with no frame and the section's end as their buffer's end. */
        private final State[][] plain = new State[slots.length][];
        /** The plain places given a state in this job (section in the high half, slot in the low), to clear. */
        private long[] touched = new long[64];
        private int touchedCount;
        private final ArrayDeque<Position> work = new ArrayDeque<>();
        private State exit;

        void jobs(List<Program.Job> jobs) {
            Map<String, int[]> selections = new HashMap<>();
            for (Program.Job job : jobs) {
                int id = sectionId(job.stream());
                if (id < 0 || slots[id] == null) {
                    continue;
                }
                int[] selection = selections.computeIfAbsent(job.queue(),
                        q -> new int[] {INITIAL_ENTRY, INITIAL_ENTRY, INITIAL_ENTRY, 0});
                State start = new State(); // panthor's ring waits on every entry after each job: nothing in flight
                start.endpoint = selection[0];
                start.other = selection[1];
                start.deferred = selection[2];
                start.waitMask = selection[3];
                clear();
                exit = null;
                meet(new Position(null, id, 0, slots[id].length), start);
                while (!work.isEmpty()) {
                    Position p = work.poll();
                    State at = stateAt(p);
                    at.queued = false;
                    walk(p, at.copy());
                    if (gaveUp) {
                        work.clear();
                        return;
                    }
                }
                selection[0] = exit == null ? -1 : exit.endpoint;
                selection[1] = exit == null ? -1 : exit.other;
                selection[2] = exit == null ? -1 : exit.deferred;
                selection[3] = exit == null ? -1 : exit.waitMask;
            }
        }

        private void meet(Position p, State s) {
            State old = stateAt(p);
            if (old == null) {
                State first = s.copy();
                first.queued = true;
                put(p, first);
                work.add(p);
            } else if (old.join(s) && !old.queued) {
                old.queued = true;
                work.add(p);
            }
        }

        private boolean isPlain(Position p) {
            return p.frame() == null && p.end() == slots[p.section()].length;
        }

        private State stateAt(Position p) {
            if (isPlain(p)) {
                State[] section = plain[p.section()];
                return section == null ? null : section[p.slot()];
            }
            return states.get(p);
        }

        private void put(Position p, State s) {
            if (!isPlain(p)) {
                states.put(p, s);
                return;
            }
            if (plain[p.section()] == null) {
                plain[p.section()] = new State[slots[p.section()].length];
            }
            plain[p.section()][p.slot()] = s;
            if (touchedCount == touched.length) {
                touched = java.util.Arrays.copyOf(touched, touchedCount * 2);
            }
            touched[touchedCount++] = (long) p.section() << 32 | p.slot();
        }

        /** Forgets the last job's states. */
        private void clear() {
            states.clear();
            for (int i = 0; i < touchedCount; i++) {
                plain[(int) (touched[i] >>> 32)][(int) touched[i]] = null;
            }
            touchedCount = 0;
        }

        /** Walks from {@code p} in straight line to the next place paths may meet, or where control leaves. */
        private void walk(Position p, State s) {
            int section = p.section();
            int slot = p.slot();
            while (true) {
                if (slot >= p.end()) {
                    Frame f = p.frame();
                    if (f == null) {
                        exit = exit == null ? s : joined(exit, s);
                    } else {
                        meet(new Position(f.parent(), f.section(), f.slot(), f.end()), s);
                    }
                    return;
                }
                int row = slot < slots[section].length ? slots[section][slot] : -1;
                if (row < 0) {
                    return; // no instruction here: data, or past the section; nothing to say
                }
                if (slot != p.slot() && targets[section][slot]) {
                    meet(new Position(p.frame(), section, slot, p.end()), s);
                    return;
                }
                InstructionDef def = def(row);
                if (def == null) {
                    return;
                }
                long word = statements.get(row).word();
                if (++steps > budget) {
                    gaveUp = true;
                    stoppedAt = row;
                    return;
                }
                transfer(row, def, word, s);
                switch (def.semantics().flow()) {
                    case NEXT -> slot++;
                    case BRANCH -> {
                        BitField offset = def.semantics().role("offset").orElse(null);
                        int target = offset == null ? -1 : (int) (slot + 1 + offset.extract(word));
                        if (target >= 0 && target < p.end()) {
                            meet(new Position(p.frame(), section, target, p.end()), s);
                        }
                        if (def.semantics().neverFallsThrough(word)) {
                            return;
                        }
                        slot++;
                    }
                    case CALL -> {
                        Position callee = resolve(row, def, word, section, slot);
                        Frame f = p.frame();
                        int depth = f == null ? 1 : f.depth() + 1;
                        if (gaveUp) {
                            return;
                        }
                        if (callee != null && depth < arch.callDepth()) {
                            Frame back = new Frame(section, slot + 1, p.end(), f, depth);
                            meet(new Position(back, callee.section(), callee.slot(), callee.end()), s);
                            return;
                        }
                        // A callee it cannot see may wait or select anything: assume nothing after it.
                        s.drain(allEntries);
                        s.endpoint = -1;
                        s.other = -1;
                        s.deferred = -1;
                        s.waitMask = -1;
                        slot++;
                    }
                    case JUMP -> {
                        Position target = resolve(row, def, word, section, slot);
                        if (target != null && !gaveUp) {
                            meet(new Position(p.frame(), target.section(), target.slot(), target.end()), s);
                        }
                        return;
                    }
                }
            }
        }

        private State joined(State a, State b) {
            State out = a.copy();
            out.join(b);
            return out;
        }
    }

    /** What one instruction does to the state, with the hazards it meets recorded first. */
    private void transfer(int row, InstructionDef def, long word, State s) {
        Scoreboard mode = def.scoreboard();
        if (s.load == null && s.store == null && mode != Scoreboard.SIGNAL_OTHER) {
            applyScoreboard(row, def, mode, word, s);
            return;
        }
        access.of(def, word);
        int fix = 0;
        boolean job = mode == Scoreboard.SIGNAL_ENDPOINT; // mesa waits for every load before a job: staging registers
        for (int w = 0; w < words && (s.load != null || s.store != null); w++) {
            long loads = 0;
            if (s.load != null) {
                for (int e = 0; e < entries; e++) {
                    loads |= s.load[e * words + w];
                }
            }
            for (long bits = job ? loads : access.accessedWord(w); bits != 0; bits &= bits - 1) {
                int r = 64 * w + Long.numberOfTrailingZeros(bits);
                int loading = s.entriesOf(s.load, r);
                if (loading != 0) {
                    loadHazards.add(row, r, loading, lastListed[r], !job && !access.reads(r));
                    fix |= loading;
                }
                int storing = access.writes(r) ? s.entriesOf(s.store, r) : 0;
                if (storing != 0) {
                    storeHazards.add(row, r, storing, lastListed[r], true);
                    fix |= storing;
                }
            }
        }
        if (fix != 0) {
            s.drain(fix); // as if the suggested WAIT were there: one missing WAIT is one warning
        }
        applyScoreboard(row, def, mode, word, s);
    }

    private void applyScoreboard(int row, InstructionDef def, Scoreboard mode, long word, State s) {
        switch (mode) {
            case WAIT -> {
                int mask = bound(def).waitMask(word);
                // WAIT.indirect: the mask SET_STATE.sb_mask_wait set, when this path knows it
                s.drain(mask != Scoreboard.INDIRECT ? mask : s.waitMask < 0 ? allEntries : s.waitMask);
            }
            case SELECT -> {
                s.endpoint = bound(def).selectedEndpoint(word);
                s.other = bound(def).selectedOther(word);
            }
            case RESELECT -> reselect(def, word, s);
            case SIGNAL_OTHER -> {
                if (s.other < 0 || s.other >= entries) {
                    return; // an entry it does not know: nothing to say
                }
                for (int w = 0; w < access.words(); w++) {
                    for (long bits = access.listedWord(w); bits != 0; bits &= bits - 1) {
                        int r = 64 * w + Long.numberOfTrailingZeros(bits);
                        if (r < registers) {
                            signal(s, r, s.other, row);
                        }
                    }
                }
            }
            case SIGNAL_SLOT, DEFERRED -> {
                Async async = def.semantics().async().orElse(null);
                if (async != null && async.indirect(word) && s.deferred >= 0 && s.waitMask >= 0
                        && (s.waitMask & (1 << s.deferred)) != 0) {
                    if (indirectSelfWaits == null) {
                        indirectSelfWaits = new int[statements.size()];
                        java.util.Arrays.fill(indirectSelfWaits, -1);
                    }
                    indirectSelfWaits[row] = s.waitMask << 16 | s.deferred;
                }
            }
            case NONE, SIGNAL_ENDPOINT -> {
            }
        }
    }

    /**
     * v12's SET_STATE_IMM32 sets a selection or mask the check follows; SET_STATE sets it from a register the check
     * does not follow (not known after it); NEXT_SB_ENTRY frees and selects an entry the check does not compute, so
     * after it the check assumes nothing in flight and the selection unknown: it says nothing rather than guess.
     */
    private void reselect(InstructionDef def, long word, State s) {
        Execution action = def.semantics().action();
        if (action == Execution.NEXT_SB_ENTRY) {
            s.drain(allEntries);
            s.endpoint = -1;
            s.other = -1;
            s.deferred = -1;
            return;
        }
        BitField stateField = def.semantics().role("state").orElse(null);
        BitField valueField = def.semantics().role("value").orElse(null);
        if (stateField == null) {
            s.endpoint = -1;
            s.other = -1;
            s.deferred = -1;
            s.waitMask = -1;
            return;
        }
        long value = action == Execution.SET_STATE_IMM32 && valueField != null ? valueField.extract(word) : -1;
        int v = value < 0 || value > 0xffff ? -1 : (int) value;
        switch ((int) stateField.extract(word)) {
            case 0 -> s.endpoint = v;
            case 1 -> s.other = v;
            case 2 -> s.deferred = v;
            case 9 -> s.waitMask = v;
            default -> {
                // sb_mask_stream and undefined states: nothing the check follows
            }
        }
    }

    /**
     * Rows of indirect operations whose path-known deferred entry is in the path-known wait mask: the mask in the high
     * half, the entry in the low (-1: none).
     */
    private int[] indirectSelfWaits;

    private void reportIndirectSelfWaits(Consumer<Diagnostic> report) {
        if (indirectSelfWaits == null) {
            return;
        }
        for (int row = 0; row < indirectSelfWaits.length; row++) {
            int found = indirectSelfWaits[row];
            if (found != -1) {
                // SET_STATE.sb_sel_deferred is in SET_STATE.sb_mask_wait: the runtime's words at the same line.
                report.accept(Diagnostic.warning(statements.get(row).range(), DiagnosticCode.SCOREBOARD_SELF_WAIT,
                        ScoreboardMessages.selfWait(def(row).mnemonic(), found & 0xffff, found >>> 16)));
            }
        }
    }

    /** A load into {@code r} (the word writes it) or a store of it (the word reads it) signalling {@code entry}. */
    private void signal(State s, int r, int entry, int row) {
        if (access.writes(r)) {
            if (s.load == null) {
                s.load = new long[entries * words];
            }
            s.load[entry * words + (r >>> 6)] |= 1L << r;
        } else {
            if (s.store == null) {
                s.store = new long[entries * words];
            }
            s.store[entry * words + (r >>> 6)] |= 1L << r;
        }
        lastListed[r] = row;
    }

    /**
     * The stream a CALL or JUMP at {@code row} goes to, when the instructions just before it in the same straight
     * line (no label between) set its address pair with MOVE48 and its length register with MOVE32, and the address
     * is an instruction of a stream of the same VM; null otherwise.
     */
    private Position resolve(int row, InstructionDef def, long word, int section, int slot) {
        int addr = -1;
        int length = -1;
        for (OperandSpec o : def.operands()) {
            if (o.kind().registerWidth() == 2) {
                addr = (int) o.first(word);
            } else if (o.kind().registerWidth() == 1) {
                length = (int) o.first(word);
            }
        }
        Long address = null;
        Long bytes = null;
        for (int at = slot - 1; at >= 0 && (address == null || bytes == null); at--) {
            if (++steps > budget) { // a long straight line before many CALLs: each looks back over it
                gaveUp = true;
                stoppedAt = row;
                return null;
            }
            int prev = slots[section][at];
            InstructionDef d = prev < 0 ? null : def(prev);
            if (d == null) {
                return null;
            }
            long w = statements.get(prev).word();
            access.of(d, w);
            boolean setsAddr = access.writes(addr) || access.writes(addr + 1);
            boolean setsLength = access.writes(length);
            Execution action = d.semantics().action();
            if (setsAddr && address == null) {
                if (action != Execution.MOVE48 || !access.writes(addr) || !access.writes(addr + 1)) {
                    return null;
                }
                address = d.semantics().role("imm").map(f -> f.extract(w)).orElse(null);
            } else if (setsLength && bytes == null) {
                if (action != Execution.MOVE32) {
                    return null;
                }
                bytes = d.semantics().role("imm").map(f -> f.extract(w) & 0xffffffffL).orElse(null);
            }
            if (targets[section][at]) {
                break; // another path may come in here
            }
        }
        if (address == null || bytes == null || bytes <= 0 || bytes % 8 != 0) {
            return null;
        }
        String vm = statements.sectionOf(section).vm;
        for (int id = 0; id < slots.length; id++) {
            SectionBuilder target = statements.sectionOf(id);
            if (slots[id] != null && target.vm.equals(vm) && address >= target.address
                    && address < target.address + target.size() && (address - target.address) % 8 == 0) {
                int start = (int) ((address - target.address) / 8);
                return new Position(null, id, start, (int) Math.min(slots[id].length, start + bytes / 8));
            }
        }
        return null;
    }

    private int sectionId(String name) {
        for (int id = 0; id < statements.sectionCount(); id++) {
            if (statements.sectionOf(id).name.equals(name)) {
                return id;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------------------------------------ reporting

    /**
     * What was found at each line, by row: the entries to wait for, the first register and the operation in flight
     * on it, whether more registers and whether a write met it. Columns, allocated when the first hazard is met.
     */
    private static final class Hazards {
        private static final byte WRITTEN = 1;
        private static final byte MORE = 2;
        private final int rows;
        int[] entries;
        int[] origin;
        short[] register;
        byte[] flags;

        Hazards(int rows) {
            this.rows = rows;
        }

        void add(int row, int r, int entryMask, int from, boolean write) {
            if (entries == null) {
                entries = new int[rows];
                origin = new int[rows];
                register = new short[rows];
                flags = new byte[rows];
            }
            if (entries[row] == 0) {
                origin[row] = from;
                register[row] = (short) r;
            } else if (register[row] != r) {
                flags[row] |= MORE;
            }
            entries[row] |= entryMask;
            flags[row] |= write ? WRITTEN : 0;
        }

        boolean at(int row) {
            return entries != null && entries[row] != 0;
        }
    }

    private void reportHazards(Consumer<Diagnostic> report) {
        for (int row = 0; row < statements.size(); row++) {
            if (loadHazards.at(row)) {
                report.accept(hazard(row, loadHazards, DiagnosticCode.SCOREBOARD_LOAD_IN_FLIGHT,
                        (loadHazards.flags[row] & Hazards.WRITTEN) != 0 ? "write of " : "read of ", "may still write it"));
            }
            if (storeHazards.at(row)) {
                report.accept(hazard(row, storeHazards, DiagnosticCode.SCOREBOARD_STORE_IN_FLIGHT, "write of ",
                        "may still read it"));
            }
        }
    }

    private Diagnostic hazard(int row, Hazards h, DiagnosticCode code, String access, String inFlight) {
        int origin = h.origin[row];
        String operation = def(origin).mnemonic();
        String wait = "WAIT #0x" + Integer.toHexString(h.entries[row]);
        String entriesText = ScoreboardMessages.entryList(h.entries[row]);
        String message = access + "r" + h.register[row] + ((h.flags[row] & Hazards.MORE) != 0 ? " and more" : "")
                + " while " + operation + " at line " + statements.get(origin).lineNo() + " (" + entriesText + ") " + inFlight
                + "; " + wait + " before line " + statements.get(row).lineNo();
        return Diagnostic.warning(statements.get(row).range(), code, message).withSuggestions(List.of(wait))
                .withRelated(List.of(new Diagnostic.Related(statements.get(origin).range(), operation + " in flight, signalling "
                        + entriesText)));
    }
}
