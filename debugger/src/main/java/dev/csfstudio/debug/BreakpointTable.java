package dev.csfstudio.debug;

import dev.csfstudio.runtime.InstructionBreakpoint;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.Result;
import org.eclipse.lsp4j.debug.Breakpoint;
import org.eclipse.lsp4j.debug.Source;
import org.eclipse.lsp4j.debug.SourceBreakpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * The client's breakpoints (by source line and by GPU VA) and the machine breakpoints they became: one
 * machine breakpoint per instruction however many client breakpoints share it. What a hit means
 * (condition, hit count, log message) is decided here too.
 */
final class BreakpointTable {

    /** One client breakpoint as placed. {@code hits} counts hits whose condition held. */
    static final class Entry {
        final int id;
        final Optional<String> condition;
        final Optional<LongPredicate> hitCondition;
        final Optional<String> logMessage;
        final List<InstructionBreakpoint> placed;
        long hits;

        Entry(int id, Optional<String> condition, Optional<LongPredicate> hitCondition, Optional<String> logMessage,
              List<InstructionBreakpoint> placed) {
            this.id = id;
            this.condition = condition;
            this.hitCondition = hitCondition;
            this.logMessage = logMessage;
            this.placed = placed;
        }
    }

    /** What a hit asks the debugger to do: stop (for these client breakpoints), log lines, or go on. */
    record Decision(List<Integer> stopFor, List<String> logs) {
        boolean stops() {
            return !stopFor.isEmpty();
        }
    }

    /** Evaluates a condition or a log message's {@code {expression}} in the stopped queue. */
    interface Evaluator {
        Result<Long> evaluate(String expression);
    }

    private final Map<Path, List<Entry>> bySource = new HashMap<>();
    /** What the client last asked for, by source and by address: placed again on a restart. */
    private final Map<Path, Source> sources = new HashMap<>();
    private final Map<Path, SourceBreakpoint[]> requestedBySource = new HashMap<>();
    private org.eclipse.lsp4j.debug.InstructionBreakpoint[] requestedByAddress = {};
    private String addressVm = "main";
    private List<Entry> byAddress = List.of();
    private final Map<InstructionBreakpoint, List<Entry>> byPlace = new HashMap<>();
    private int nextId = 1;
    /** What the last setBreakpoints of each source and the last setInstructionBreakpoints answered. */
    private final Map<Path, List<Breakpoint>> answeredBySource = new HashMap<>();
    private List<Breakpoint> answeredByAddress = List.of();

    /** Replaces the breakpoints of {@code source} (DAP {@code setBreakpoints}); answers them in order. */
    List<Breakpoint> setSourceBreakpoints(Session session, Source source, SourceBreakpoint[] requested) {
        Path file = SourceMap.key(Path.of(source.getPath()));
        forget(session.machine(), bySource.remove(file));
        sources.put(file, source);
        requestedBySource.put(file, requested);
        List<Entry> entries = new ArrayList<>();
        List<Breakpoint> answer = new ArrayList<>();
        for (SourceBreakpoint b : requested == null ? new SourceBreakpoint[0] : requested) {
            Breakpoint out = new Breakpoint();
            out.setId(nextId++);
            out.setSource(source);
            out.setLine(b.getLine());
            Optional<LongPredicate> hits = Optional.empty();
            String problem = null;
            if (b.getHitCondition() != null && !b.getHitCondition().isBlank()) {
                Result<LongPredicate> parsed = HitCondition.parse(b.getHitCondition());
                hits = parsed.toOptional();
                problem = parsed instanceof Result.Refused<LongPredicate> r ? r.reason() : null;
            }
            SourceMap.Resolution where = session.sources().resolve(file, b.getLine());
            if (where instanceof SourceMap.Unplaceable u) {
                problem = u.reason();
            }
            if (problem != null) {
                out.setVerified(false);
                out.setMessage(problem);
            } else {
                SourceMap.Placed placed = (SourceMap.Placed) where;
                List<InstructionBreakpoint> set = new ArrayList<>();
                for (SourceMap.Location l : placed.locations()) {
                    place(session.machine(), l.vm(), l.va()).toOptional().ifPresent(set::add);
                }
                out.setVerified(!set.isEmpty());
                out.setLine(placed.line());
                if (placed.line() != b.getLine()) {
                    out.setMessage("moved from line " + b.getLine() + " to the next instruction, line " + placed.line());
                }
                Entry e = new Entry(out.getId(), text(b.getCondition()), hits, text(b.getLogMessage()), set);
                entries.add(e);
                set.forEach(p -> byPlace.computeIfAbsent(p, k -> new ArrayList<>()).add(e));
            }
            answer.add(out);
        }
        bySource.put(file, entries);
        answeredBySource.put(file, List.copyOf(answer));
        return answer;
    }

    /** Replaces the breakpoints by GPU VA (DAP {@code setInstructionBreakpoints}) in {@code vm}. */
    List<Breakpoint> setInstructionBreakpoints(Session session, String vm, org.eclipse.lsp4j.debug.InstructionBreakpoint[] requested) {
        forget(session.machine(), byAddress);
        requestedByAddress = requested;
        addressVm = vm;
        List<Entry> entries = new ArrayList<>();
        List<Breakpoint> answer = new ArrayList<>();
        for (org.eclipse.lsp4j.debug.InstructionBreakpoint b : requested) {
            Breakpoint out = new Breakpoint();
            out.setId(nextId++);
            Optional<ValueText.Reference> ref = ValueText.parseReference(b.getInstructionReference());
            if (ref.isEmpty()) {
                out.setVerified(false);
                out.setMessage("'" + b.getInstructionReference() + "' is not a GPU VA (expected e.g. 0x1000000000)");
                answer.add(out);
                continue;
            }
            long va = ref.get().va() + (b.getOffset() == null ? 0 : b.getOffset());
            String in = ref.get().vm().orElse(vm);
            Result<InstructionBreakpoint> placed = place(session.machine(), in, va);
            out.setInstructionReference(ValueText.hex(va));
            if (placed instanceof Result.Refused<InstructionBreakpoint> r) {
                out.setVerified(false);
                out.setMessage(r.reason());
            } else {
                out.setVerified(true);
                session.program().lineAt(in, va).ifPresent(l -> {
                    out.setLine(l.range().line());
                    out.setSource(Frames.source(l.range().file()));
                });
                Entry e = new Entry(out.getId(), text(b.getCondition()), Optional.empty(), Optional.empty(),
                        List.of(placed.orElseThrow()));
                entries.add(e);
                byPlace.computeIfAbsent(placed.orElseThrow(), k -> new ArrayList<>()).add(e);
            }
            answer.add(out);
        }
        byAddress = entries;
        answeredByAddress = List.copyOf(answer);
        return answer;
    }

    /**
     * When the client set breakpoints and not one of them is verified, the reasons ({@code line 9: no
     * instruction on or after line 9 of a.csf}, ...): a run would pass them all by. Empty otherwise.
     */
    Optional<String> noneVerified() {
        List<Breakpoint> all = new ArrayList<>(answeredByAddress);
        answeredBySource.values().forEach(all::addAll);
        if (all.isEmpty() || all.stream().anyMatch(b -> Boolean.TRUE.equals(b.isVerified()))) {
            return Optional.empty();
        }
        return Optional.of(String.join("; ", all.stream().map(b -> (b.getLine() != null ? "line " + b.getLine()
                : b.getInstructionReference()) + ": " + b.getMessage()).toList()));
    }

    /** Places the client's breakpoints again on a fresh session's machine (DAP {@code restart}). */
    void placeAgain(Session fresh) {
        bySource.clear();
        byAddress = List.of();
        byPlace.clear();
        for (Map.Entry<Path, SourceBreakpoint[]> e : Map.copyOf(requestedBySource).entrySet()) {
            setSourceBreakpoints(fresh, sources.get(e.getKey()), e.getValue());
        }
        setInstructionBreakpoints(fresh, addressVm, requestedByAddress);
    }

    /**
     * A queue reached {@code hit}: counts it for each client breakpoint whose condition holds, and says
     * whether to stop and what to log. A condition that cannot be evaluated stops, saying why.
     */
    Decision onHit(InstructionBreakpoint hit, Evaluator evaluator) {
        List<Integer> stop = new ArrayList<>();
        List<String> logs = new ArrayList<>();
        for (Entry e : byPlace.getOrDefault(hit, List.of())) {
            if (e.condition.isPresent()) {
                Result<Long> c = evaluator.evaluate(e.condition.get());
                if (c instanceof Result.Refused<Long> r) {
                    logs.add("breakpoint condition '" + e.condition.get() + "': " + r.reason());
                    stop.add(e.id);
                    continue;
                }
                if (c.orElseThrow() == 0) {
                    continue;
                }
            }
            e.hits++;
            if (e.hitCondition.isPresent() && !e.hitCondition.get().test(e.hits)) {
                continue;
            }
            if (e.logMessage.isPresent()) {
                logs.add(LogMessage.interpolate(e.logMessage.get(), evaluator));
            } else {
                stop.add(e.id);
            }
        }
        // A machine breakpoint no client breakpoint owns (stop on entry's) always stops.
        return new Decision(byPlace.containsKey(hit) ? stop : List.of(0), logs);
    }

    private Result<InstructionBreakpoint> place(Machine machine, String vm, long va) {
        InstructionBreakpoint bp = new InstructionBreakpoint(vm, va);
        return byPlace.containsKey(bp) ? Result.ok(bp) : machine.addBreakpoint(vm, va);
    }

    private void forget(Machine machine, List<Entry> entries) {
        if (entries == null) {
            return;
        }
        for (Entry e : entries) {
            for (InstructionBreakpoint p : e.placed) {
                List<Entry> owners = byPlace.get(p);
                if (owners != null && owners.remove(e) && owners.isEmpty()) {
                    byPlace.remove(p);
                    machine.removeBreakpoint(p);
                }
            }
        }
    }

    private static Optional<String> text(String s) {
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(s);
    }
}
