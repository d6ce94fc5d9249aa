package dev.csfstudio.debug;

import dev.csfstudio.isa.DescriptorSet;
import dev.csfstudio.isa.NamedRegister;
import dev.csfstudio.program.Symbol;
import dev.csfstudio.program.SymbolKind;
import dev.csfstudio.runtime.FramebufferView;
import dev.csfstudio.runtime.Machine;
import dev.csfstudio.runtime.MemoryRead;
import dev.csfstudio.runtime.QueueView;
import dev.csfstudio.runtime.Result;
import dev.csfstudio.runtime.RunReport;
import dev.csfstudio.runtime.ScoreboardView;
import dev.csfstudio.runtime.SyncObject;
import org.eclipse.lsp4j.debug.Scope;
import org.eclipse.lsp4j.debug.Variable;
import org.eclipse.lsp4j.debug.VariablePresentationHint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Scopes and variables of a stopped queue: registers (r0..r95), register pairs (dN), the named fragment
 * inputs, the inputs of the RUN_* it is stopped on ({@link JobInputsScope}), the framebuffer descriptor d40
 * points at with its render targets, sync objects, labels and constants. Containers get a
 * {@code variablesReference} handle that lives until the machine moves on.
 * Registers the last move changed carry the attribute {@value #CHANGED} and come first, with those that
 * hold a value, before the zeros; registers an in-flight load will write carry {@value #PENDING}, with the load
 * and its line after their value, and so do pairs (and the named fragment inputs) either half of which a load will
 * write, naming the half when only one is or when two loads write them.
 */
final class Variables {

    static final String REGISTERS = "Registers";
    static final String PAIRS = "Register pairs";

    private final List<Supplier<List<Variable>>> handles = new ArrayList<>();
    /** The queue whose registers a handle's variables are (what setVariable writes). */
    private final Map<Integer, String> registerHandles = new HashMap<>();
    /** The descriptor in memory a handle's variables are the fields of. */
    private final Map<Integer, DescriptorEdit> descriptorHandles = new HashMap<>();

    /** The attribute ({@code presentationHint.attributes}) of a register the last move changed. */
    static final String CHANGED = "changed";
    /** The attribute of a register an in-flight load will write: the value shown is not yet the loaded one. */
    static final String PENDING = "pending";

    /** Each queue's registers at the stop before the last one, and at the last one, on machine {@code seenOn}. */
    private Machine seenOn;
    private Map<String, long[]> before = Map.of();
    private Map<String, long[]> atStop = Map.of();

    /** The machine stopped: what its registers are now is what the next stop's changes are counted from. */
    void stopped(Machine m) {
        Map<String, long[]> now = new HashMap<>();
        for (QueueView q : m.queues()) {
            now.put(q.name(), q.registers().clone());
        }
        before = m == seenOn ? atStop : Map.of();
        atStop = now;
        seenOn = m;
    }

    /** Whether register {@code r} of {@code q} changed between the last two stops. */
    private boolean changed(QueueView q, int r) {
        long[] old = before.get(q.name());
        return old != null && old[r] != q.registers()[r];
    }

    /** Marks {@code v} as changed by the last move when {@code changed}; answers it. */
    private static Variable marked(Variable v, boolean changed) {
        if (changed) {
            VariablePresentationHint hint = new VariablePresentationHint();
            hint.setAttributes(new String[] {CHANGED});
            v.setPresentationHint(hint);
        }
        return v;
    }

    /**
     * Marks {@code v} as the register an in-flight load will write: its value text names the load and its line,
     * its presentation hint gets the {@link #PENDING} attribute (the value shown is not the one it will hold).
     */
    private static void pending(Variable v, RunReport.InFlight load) {
        pending(v, "pending: " + loadText(load));
    }

    /**
     * Marks the pair {@code d} (r{@code d}, r{@code d + 1}) as {@link #pending(Variable, RunReport.InFlight)} does a
     * register when an in-flight load will write either half: the load alone when one load writes both halves, else
     * each pending half with its load ({@code (pending r41: LOAD_MULTIPLE line 7)}).
     */
    private static void pendingPair(Variable v, Optional<ScoreboardView> scoreboard, int d) {
        Optional<RunReport.InFlight> low = scoreboard.flatMap(sb -> sb.pendingLoad(d));
        Optional<RunReport.InFlight> high = scoreboard.flatMap(sb -> sb.pendingLoad(d + 1));
        if (low.isEmpty() && high.isEmpty()) {
            return;
        }
        if (low.isPresent() && high.isPresent() && low.get().equals(high.get())) {
            pending(v, low.get());
            return;
        }
        pending(v, "pending " + low.map(op -> "r" + d + ": " + loadText(op)).orElse("")
                + (low.isPresent() && high.isPresent() ? ", " : "")
                + high.map(op -> "r" + (d + 1) + ": " + loadText(op)).orElse(""));
    }

    private static String loadText(RunReport.InFlight load) {
        return load.mnemonic() + (load.line() == null ? "" : " line " + load.line().line());
    }

    private static void pending(Variable v, String text) {
        v.setValue(v.getValue() + " (" + text + ")");
        VariablePresentationHint hint = v.getPresentationHint() == null ? new VariablePresentationHint()
                : v.getPresentationHint();
        List<String> attributes = new ArrayList<>(hint.getAttributes() == null ? List.of()
                : List.of(hint.getAttributes()));
        attributes.add(PENDING);
        hint.setAttributes(attributes.toArray(String[]::new));
        v.setPresentationHint(hint);
    }

    /** Forgets every handle: the machine has moved. */
    void reset() {
        handles.clear();
        registerHandles.clear();
        descriptorHandles.clear();
    }

    /**
     * Writes register {@code name} ({@code r4}, {@code d40}, {@code d40 framebuffer_pointer}) of the queue
     * whose registers {@code reference} lists, to the value of {@code expression}; answers the new variable.
     */
    Result<Variable> set(Session session, int reference, String name, String expression, String focus) {
        DescriptorEdit descriptor = descriptorHandles.get(reference);
        String queue = descriptor != null ? focus : registerHandles.get(reference);
        if (queue == null) {
            return Result.refused("only registers and descriptor fields can be set: '" + name + "' is neither (or"
                    + " the machine has moved on since it was shown)");
        }
        Machine m = session.machine();
        QueueView q = m.queue(queue).orElseThrow();
        Result<Long> value = Expressions.evaluate(expression, new Expressions.Scope(session.program(), m, q, session.localLabels()));
        if (value instanceof Result.Refused<Long> r) {
            return Result.refused("'" + expression + "': " + r.reason());
        }
        if (descriptor != null) {
            return descriptor.set(m, name, value.orElseThrow()).map(stored -> field(name, stored));
        }
        String register = name.split(" ")[0];
        int index;
        try {
            index = Integer.parseInt(register.substring(1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return Result.refused("'" + name + "' is not a register");
        }
        boolean pair = register.startsWith("d");
        Result<Long> written = pair ? m.setRegister64(queue, index, value.orElseThrow())
                : m.setRegister(queue, index, value.orElseThrow());
        return written.map(v -> pair ? address(session, q.vm(), q.vm(), name, v, register)
                : leaf(name, ValueText.word(v), "u32", register));
    }

    private int handle(Supplier<List<Variable>> children) {
        handles.add(children);
        return handles.size();
    }

    /** The children of {@code reference}; empty for a reference of an earlier stop. */
    List<Variable> children(int reference) {
        return reference >= 1 && reference <= handles.size() ? handles.get(reference - 1).get() : List.of();
    }

    List<Scope> scopes(Session session, String queue) {
        Machine m = session.machine();
        QueueView q = m.queue(queue).orElseThrow();
        List<Scope> out = new ArrayList<>();
        out.add(scope(REGISTERS, q.registers().length, () -> registers(q, m.scoreboard(queue)), "registers"));
        out.add(scope(PAIRS, q.registers().length / 2, () -> pairs(session, q, m.scoreboard(queue)), "registers"));
        List<NamedRegister> named = session.program().arch().instructionSet().namedRegisters();
        out.add(scope("Fragment inputs", named.size(), () -> fragmentInputs(session, q, named, m.scoreboard(queue)),
                "registers"));
        for (int i = 0; i < 3; i++) {
            registerHandles.put(out.get(i).getVariablesReference(), queue);
        }
        JobInputsScope.at(session, q).ifPresent(job -> out.add(scope(JobInputsScope.NAME, job.inputs().size(),
                () -> JobInputsScope.variables(session, q, job, this::handle), null)));
        out.add(scope("Framebuffer (d40)", null, () -> framebuffer(session, q), null));
        out.add(scope(ScoreboardScope.NAME, null, () -> ScoreboardScope.variables(m.scoreboard(queue).orElseThrow()), null));
        out.add(scope("Sync objects", null, () -> syncObjects(m), null));
        out.add(scope("Labels and constants", null, () -> symbols(session, q), null));
        return out;
    }

    private Scope scope(String name, Integer count, Supplier<List<Variable>> children, String hint) {
        Scope s = new Scope();
        s.setName(name);
        s.setVariablesReference(handle(children));
        s.setNamedVariables(count);
        s.setPresentationHint(hint);
        s.setExpensive(false);
        return s;
    }

    /**
     * r0..r95, the ones that hold a value or that the last move changed first (in index order), then the
     * zeros that stayed zero: what a stop is about stays at the top of a hundred rows.
     */
    private List<Variable> registers(QueueView q, Optional<ScoreboardView> scoreboard) {
        List<Variable> first = new ArrayList<>();
        List<Variable> zeros = new ArrayList<>();
        for (int r = 0; r < q.registers().length; r++) {
            boolean changed = changed(q, r);
            int index = r;
            Optional<RunReport.InFlight> load = scoreboard.flatMap(sb -> sb.pendingLoad(index));
            Variable v = marked(leaf("r" + r, ValueText.word(q.registers()[r]), "u32", "r" + r), changed);
            load.ifPresent(op -> pending(v, op));
            (q.registers()[r] != 0 || changed || load.isPresent() ? first : zeros).add(v);
        }
        first.addAll(zeros);
        return first;
    }

    /** d0..d94, in the order {@link #registers} has: pairs with a value or a change first. */
    private List<Variable> pairs(Session session, QueueView q, Optional<ScoreboardView> scoreboard) {
        List<Variable> first = new ArrayList<>();
        List<Variable> zeros = new ArrayList<>();
        for (int d = 0; d + 1 < q.registers().length; d += 2) {
            boolean changed = changed(q, d) || changed(q, d + 1);
            Variable v = marked(address(session, q.vm(), q.vm(), "d" + d, q.register64(d), "d" + d), changed);
            pendingPair(v, scoreboard, d);
            boolean pending = scoreboard.isPresent() && (scoreboard.get().pending(d) || scoreboard.get().pending(d + 1));
            (q.register64(d) != 0 || changed || pending ? first : zeros).add(v);
        }
        first.addAll(zeros);
        return first;
    }

    private List<Variable> fragmentInputs(Session session, QueueView q, List<NamedRegister> named,
                                          Optional<ScoreboardView> scoreboard) {
        List<Variable> out = new ArrayList<>();
        for (NamedRegister n : named) {
            String reg = n.register();
            int index = Integer.parseInt(reg.substring(1));
            String name = reg + " " + n.name();
            boolean pair = reg.startsWith("d");
            Variable v = pair ? address(session, q.vm(), q.vm(), name, q.register64(index), reg)
                    : leaf(name, ValueText.word(q.registers()[index]), "u32", reg);
            marked(v, changed(q, index) || pair && changed(q, index + 1));
            if (pair) {
                pendingPair(v, scoreboard, index);
            } else {
                scoreboard.flatMap(sb -> sb.pendingLoad(index)).ifPresent(op -> pending(v, op));
            }
            out.add(v);
        }
        return out;
    }

    private List<Variable> framebuffer(Session session, QueueView q) {
        Result<FramebufferView> fb = session.machine().framebuffer(q.name());
        if (fb instanceof Result.Refused<FramebufferView> r) {
            return List.of(leaf("d40", r.reason(), null, null));
        }
        FramebufferView view = fb.orElseThrow();
        List<Variable> out = new ArrayList<>();
        out.add(address(session, q.vm(), q.vm(), "address", view.address(), null));
        var descriptors = session.program().arch().descriptors();
        Variable params = container("parameters", view.parameters().size() + " fields", () -> fields(view.parameters()));
        descriptorHandles.put(params.getVariablesReference(),
                new DescriptorEdit(descriptors.get("framebuffer_parameters"), q.vm(), view.address()));
        out.add(params);
        for (FramebufferView.Target t : view.targets()) {
            String summary = t instanceof FramebufferView.Image i
                    ? i.target().width() + "x" + i.target().height() + " " + i.target().format().name() + " at "
                    + ValueText.hex(t.address())
                    : "not written: " + ((FramebufferView.Skipped) t).reason();
            Variable rt = container("render target " + t.index(), summary, () -> fields(t.fields()));
            rt.setMemoryReference(ValueText.memoryReference(q.vm(), t.address(), q.vm()));
            descriptorHandles.put(rt.getVariablesReference(),
                    new DescriptorEdit(descriptors.get(DescriptorSet.RENDER_TARGET), q.vm(), t.address()));
            out.add(rt);
        }
        return out;
    }

    private static List<Variable> fields(Map<String, Long> fields) {
        return fields.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> field(e.getKey(), e.getValue()))
                .toList();
    }

    private static Variable field(String name, long value) {
        return leaf(name, ValueText.hex(value) + " (" + Long.toUnsignedString(value) + ")", null, null);
    }

    private static List<Variable> syncObjects(Machine m) {
        List<Variable> out = new ArrayList<>();
        for (SyncObject s : m.syncObjects()) {
            String value = ValueText.hex(s.value()) + " (" + s.bits() + "-bit"
                    + (s.status().isPresent() ? ", status " + ValueText.hex(s.status().getAsLong()) : "") + ")";
            Variable v = leaf(s.vm() + ":" + ValueText.hex(s.address()), value, "sync" + s.bits(), null);
            v.setMemoryReference(s.vm() + ":" + ValueText.hex(s.address()));
            out.add(v);
        }
        return out;
    }

    private static List<Variable> symbols(Session session, QueueView q) {
        List<Variable> out = new ArrayList<>();
        session.program().symbols().values().stream()
                .filter(s -> s.kind() != SymbolKind.LOCAL_LABEL)
                .sorted(Comparator.comparing(Symbol::name))
                .forEach(s -> out.add(s.kind() == SymbolKind.CONSTANT
                        ? leaf(s.name(), ValueText.hex(s.value()) + " (" + s.value() + ")", "constant", s.name())
                        : address(session, vmOf(session, s, q), q.vm(), s.name(), s.value(), s.name())));
        return out;
    }

    private static String vmOf(Session session, Symbol s, QueueView q) {
        return s.section() == null ? q.vm() : session.program().section(s.section()).map(x -> x.vm()).orElse(q.vm());
    }

    private Variable container(String name, String summary, Supplier<List<Variable>> children) {
        Variable v = leaf(name, summary, null, null);
        v.setVariablesReference(handle(children));
        return v;
    }

    static Variable leaf(String name, String value, String type, String evaluateName) {
        Variable v = new Variable();
        v.setName(name);
        v.setValue(value);
        v.setType(type);
        v.setEvaluateName(evaluateName);
        v.setVariablesReference(0);
        return v;
    }

    /** A 64-bit value that carries a memory reference when it is a mapped GPU VA of {@code vm}. */
    static Variable address(Session session, String vm, String focusVm, String name, long value, String evaluateName) {
        Variable v = leaf(name, ValueText.dword(value), "u64", evaluateName);
        if (isMapped(session.machine(), vm, value)) {
            v.setMemoryReference(ValueText.memoryReference(vm, value, focusVm));
        }
        return v;
    }

    static boolean isMapped(Machine m, String vm, long va) {
        return m.readMemory(vm, va, 1).toOptional().map(r -> r.spans().get(0) instanceof MemoryRead.Readable)
                .orElse(false);
    }
}
