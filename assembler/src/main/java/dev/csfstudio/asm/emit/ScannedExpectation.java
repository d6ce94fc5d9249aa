package dev.csfstudio.asm.emit;

import dev.csfstudio.asm.expr.SymbolicExpression;
import dev.csfstudio.asm.layout.Statement;

/**
 * An {@code .expect} line as the plain scanner read it, in the grammar's parts: the subject at 1-based columns
 * {@code subjectColumn..subjectEndColumn} (ends exclusive), its targets ({@code targetColumns} two a target, brackets
 * included), the comparison ({@code null} when none) at
 * {@code comparisonColumn}, the value ({@code null} when none) and the {@code key=value} options ({@code optionColumns}
 * two an option: key start, value end). Its own fixup: the expectation is read once every address is known.
 */
public record ScannedExpectation(String subject, int subjectColumn, int subjectEndColumn, Term[] targets,
                                 int[] targetColumns, String comparison, int comparisonColumn, Term value, String[] optionKeys,
                                 int[] optionColumns, Term[] optionValues) implements Fixup {

    /** What a target or a value is. */
    public enum Kind { EXPRESSION, BRACKETED, CALL, TUPLE, STRING }

    /**
     * A target or value: an {@code expression} (bracketed: {@code [expression]}), a call {@code name(args)} (its whole
     * {@code expression} too), a tuple {@code (args)} or a string (its token, which the line's text holds), at
     * {@code column..endColumn} (a bracketed expression's own, without the brackets); {@code argColumns} are each
     * argument's, two an argument.
     */
    public record Term(Kind kind, SymbolicExpression expression, String name, SymbolicExpression[] args, int[] argColumns,
                       int column, int endColumn) {
    }

    @Override
    public void handTo(Handler handler, Statement s, int index) {
        handler.expectation(s, index, this);
    }
}
