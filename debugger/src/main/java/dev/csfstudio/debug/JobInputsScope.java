package dev.csfstudio.debug;

import dev.csfstudio.runtime.JobInputs;
import dev.csfstudio.runtime.QueueView;
import org.eclipse.lsp4j.debug.Variable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The <em>Job inputs</em> scope of a queue stopped on a RUN_*: what the job will read when it runs, decoded as the
 * run report decodes it ({@link JobInputs}): one variable per input (its registers and value, a memory reference
 * when the value is a mapped address), each descriptor it holds or points at as a container of its fields (with the
 * descriptor's memory reference), and pandecode's note about a bad pointer.
 */
final class JobInputsScope {

    static final String NAME = "Job inputs";

    private JobInputsScope() {
    }

    /** The job the queue's next instruction starts, if it is a RUN_*. */
    static Optional<JobInputs.Job> at(Session session, QueueView q) {
        return JobInputs.atPc(session.machine(), q);
    }

    /**
     * The scope's variables.
     *
     * @param handle gives a container its {@code variablesReference}
     */
    static List<Variable> variables(Session session, QueueView q, JobInputs.Job job,
                                    Function<Supplier<List<Variable>>, Integer> handle) {
        List<Variable> out = new ArrayList<>();
        for (JobInputs.Input in : job.inputs()) {
            String name = in.name() + " " + in.registers();
            Variable v = in.registers().startsWith("d")
                    ? Variables.address(session, q.vm(), q.vm(), name, in.value(), in.registers())
                    : Variables.leaf(name, in.text(), null, in.registers());
            v.setValue(in.text() + (in.note() == null ? "" : " (" + in.note() + ")"));
            if (!in.descriptors().isEmpty() || in.note() != null) {
                v.setVariablesReference(handle.apply(() -> descriptors(q, in, handle)));
            }
            out.add(v);
        }
        return out;
    }

    private static List<Variable> descriptors(QueueView q, JobInputs.Input in,
                                              Function<Supplier<List<Variable>>, Integer> handle) {
        List<Variable> out = new ArrayList<>();
        if (in.note() != null) {
            out.add(Variables.leaf("note", in.note(), null, null));
        }
        for (JobInputs.Descriptor d : in.descriptors()) {
            Variable v = Variables.leaf(d.label(), d.name() + (d.address() >= 0 ? " at " + ValueText.hex(d.address())
                    : " in registers") + ", " + d.fields().size() + " fields", d.name(), null);
            if (d.address() >= 0) {
                v.setMemoryReference(ValueText.memoryReference(q.vm(), d.address(), q.vm()));
            }
            v.setVariablesReference(handle.apply(() -> d.fields().stream()
                    .map(f -> Variables.leaf(f.name(), f.text(), null, null)).toList()));
            out.add(v);
        }
        return out;
    }
}
