package dev.csfstudio.eclipse.text;

import org.eclipse.core.filebuffers.IDocumentSetupParticipant;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension3;
import org.eclipse.jface.text.IDocumentPartitioner;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.FastPartitioner;
import org.eclipse.jface.text.rules.IPredicateRule;
import org.eclipse.jface.text.rules.PatternRule;
import org.eclipse.jface.text.rules.RuleBasedPartitionScanner;
import org.eclipse.jface.text.rules.Token;

/**
 * The CSF partitioning: comments ({@code //} and {@code ;} to the end of the line), strings, and code.
 * Installed on every {@code .csf} document by the file buffers (extension point documentSetup).
 */
public final class CsfPartitions implements IDocumentSetupParticipant {

    public static final String PARTITIONING = "__csf_partitioning";
    public static final String COMMENT = "__csf_comment";
    public static final String STRING = "__csf_string";
    public static final String[] TYPES = {COMMENT, STRING};
    public static final String[] ALL_CONTENT_TYPES = {IDocument.DEFAULT_CONTENT_TYPE, COMMENT, STRING};

    /** The partition scanner (strings first so a ';' inside one is no comment). */
    public static RuleBasedPartitionScanner scanner() {
        RuleBasedPartitionScanner s = new RuleBasedPartitionScanner();
        Token string = new Token(STRING);
        Token comment = new Token(COMMENT);
        s.setPredicateRules(new IPredicateRule[] {
            new PatternRule("\"", "\"", string, '\\', true, true),
            new EndOfLineRule("//", comment),
            new EndOfLineRule(";", comment),
        });
        return s;
    }

    /** Installs the CSF partitioner on a document unless it already has one. */
    public static void install(IDocument document) {
        if (document instanceof IDocumentExtension3 d && d.getDocumentPartitioner(PARTITIONING) == null) {
            IDocumentPartitioner p = new FastPartitioner(scanner(), TYPES);
            d.setDocumentPartitioner(PARTITIONING, p);
            p.connect(document);
        }
    }

    @Override
    public void setup(IDocument document) {
        install(document);
    }
}
