package dev.csfstudio.asm.directives;

import dev.csfstudio.asm.emit.ScannedExpectation;
import dev.csfstudio.asm.expr.ExpressionEvaluator;
import dev.csfstudio.asm.layout.Placement;
import dev.csfstudio.asm.layout.Statement;

import dev.csfstudio.grammar.CsfParser;
import dev.csfstudio.program.Expectation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code .expect} lines of one assembly: the VM in force at each (pass 1), and what they expect, read in
 * statement order once every address is known, from a tree or from a line the plain scanner read.
 */
public final class Expectations {

    private final Placement placement;
    /** The VM in force at each {@code .expect}, by its statement's row. */
    private final Map<Integer, String> vms = new HashMap<>();
    private final List<Expectation> read = new ArrayList<>();

    public Expectations(Placement placement) {
        this.placement = placement;
    }

    /** Pass 1: the VM in force at {@code s}, which a memory expectation reads in unless it names another. */
    public void place(Statement s) {
        vms.put(s.index(), placement.currentVm());
    }

    /** After layout, a parsed {@code .expect}. */
    public void read(Statement s, CsfParser.DirectiveContext d, ExpectationReader reader) {
        read.add(reader.read(d, vms.get(s.index())));
    }

    /** After layout, an {@code .expect} the plain scanner read, its names resolved by {@code scope}. */
    public void read(Statement s, ScannedExpectation x, ExpectationReader reader, ExpressionEvaluator.Scope scope) {
        read.add(reader.read(x, s.range(), s.text(), scope, vms.get(s.index())));
    }

    /** What the program expects, in source order (includes spliced in). */
    public List<Expectation> all() {
        return read;
    }
}
