package dev.csfstudio.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.lsp4j.FoldingRange;
import org.eclipse.lsp4j.FoldingRangeKind;

/** Folds each stream/buffer section and each block of two or more comment lines. */
public final class FoldingRangeService {

    public List<FoldingRange> ranges(TextDocument doc) {
        List<FoldingRange> ranges = new ArrayList<>();
        int sectionStart = -1;
        int lastContent = -1;
        int commentStart = -1;
        for (int lineNo = 0; lineNo < doc.lineCount(); lineNo++) {
            SourceLine line = SourceLine.scan(doc.line(lineNo));
            List<SourceLine.Token> tokens = line.tokens();
            boolean commentOnly = tokens.size() == 1 && tokens.get(0).kind() == SourceLine.Kind.COMMENT;
            if (commentOnly) {
                if (commentStart < 0) {
                    commentStart = lineNo;
                }
            } else {
                closeComment(ranges, commentStart, lineNo - 1);
                commentStart = -1;
            }
            Optional<SourceLine.Token> head = line.head();
            boolean section = head.isPresent() && (head.get().text().equalsIgnoreCase(".stream")
                    || head.get().text().equalsIgnoreCase(".buffer"));
            if (section) {
                closeSection(ranges, sectionStart, lastContent);
                sectionStart = lineNo;
            }
            if (!tokens.isEmpty() && !commentOnly) {
                lastContent = lineNo;
            }
        }
        closeComment(ranges, commentStart, doc.lineCount() - 1);
        closeSection(ranges, sectionStart, lastContent);
        return ranges;
    }

    private static void closeComment(List<FoldingRange> ranges, int start, int end) {
        if (start >= 0 && end > start) {
            FoldingRange r = new FoldingRange(start, end);
            r.setKind(FoldingRangeKind.Comment);
            ranges.add(r);
        }
    }

    private static void closeSection(List<FoldingRange> ranges, int start, int end) {
        if (start >= 0 && end > start) {
            FoldingRange r = new FoldingRange(start, end);
            r.setKind(FoldingRangeKind.Region);
            ranges.add(r);
        }
    }
}
