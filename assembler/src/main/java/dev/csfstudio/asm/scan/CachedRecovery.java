package dev.csfstudio.asm.scan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RuleContext;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * ANTLR's default error recovery with the tokens that may follow a parser state remembered per state and rule
 * invocation stack: deciding whether a missing token explains an error asks for that set, which ANTLR works
 * out through the whole stack every time, and a file of broken lines asks for the same few sets again and again.
 */
final class CachedRecovery extends DefaultErrorStrategy {

    /** Enough for every state and stack of lines nested a few levels; deeper ones start it afresh. */
    private static final int MAX_SETS = 4096;

    private record Place(int state, List<Integer> invokingStates) {
    }

    private final Map<Place, IntervalSet> follows = new HashMap<>();

    @Override
    protected boolean singleTokenInsertion(Parser recognizer) {
        // the error is a missing token when the current one may come right after the state it leads to
        ATNState current = recognizer.getInterpreter().atn.states.get(recognizer.getState());
        ATNState afterMissing = current.transition(0).target;
        if (!follow(recognizer, afterMissing).contains(recognizer.getInputStream().LA(1))) {
            return false;
        }
        reportMissingToken(recognizer);
        return true;
    }

    private IntervalSet follow(Parser recognizer, ATNState state) {
        List<Integer> stack = new ArrayList<>();
        for (RuleContext c = recognizer.getContext(); c != null; c = c.parent) {
            stack.add(c.invokingState);
        }
        if (follows.size() >= MAX_SETS) {
            follows.clear();
        }
        return follows.computeIfAbsent(new Place(state.stateNumber, stack),
                p -> recognizer.getATN().nextTokens(state, recognizer.getContext()));
    }
}
