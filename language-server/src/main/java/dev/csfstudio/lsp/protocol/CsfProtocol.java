package dev.csfstudio.lsp.protocol;

import java.util.List;

import com.google.gson.JsonObject;

import dev.csfstudio.rpc.ProtocolSchema;
import dev.csfstudio.rpc.ProtocolSchema.Absent;
import dev.csfstudio.rpc.ProtocolSchema.Direction;
import dev.csfstudio.rpc.ProtocolSchema.Message;

/**
 * The language server's custom messages, declared once: the server's endpoints take
 * and answer these records, {@link ProtocolSchema} writes them as {@code csf-protocol.json} (checked in under
 * {@code src/main/resources}, so in the jar), and the clients' types are checked against that file (VS Code's generated
 * {@code src/protocol.ts}, Eclipse's {@code ProtocolSchemaTest}). A field that may be absent is
 * {@link Absent}.
 */
public final class CsfProtocol {

    private CsfProtocol() {
    }

    public static final String RUN = "csf/run";
    public static final String TEST = "csf/test";
    public static final String RUN_FINISHED = "csf/runFinished";
    public static final String UPDATE_GOLDEN = "csf.updateGolden";
    public static final String ASSEMBLE = "csf.assemble";

    /** {@code csf/run}: the open document {@code uri}, from {@code stream} when given (else its entry). */
    public record RunParams(String uri, @Absent String stream) {
    }

    /** One render target a run wrote, as a PNG (base64). */
    public record RunImage(String buffer, int width, int height, String pngBase64) {
    }

    /** {@code csf/run}'s answer: the run's report (as {@code csf run --report} writes it) and its targets. */
    public record RunAnswer(JsonObject report, List<RunImage> renderTargets) {
    }

    /** {@code csf/test}: the document {@code uri}, open or as saved. */
    public record TestParams(String uri) {
    }

    /** An assembly error of a tested document (0-based line and character). */
    public record TestError(int line, int character, String message) {
    }

    /** One expectation's verdict; {@code image} and {@code golden} only for an image expectation. */
    public record TestExpectation(int line, String file, String text, boolean passed, String actual, String message,
                                  @Absent String image, @Absent String golden) {
    }

    /**
     * {@code csf/test}'s answer; {@code status} is absent when the document does not assemble, {@code omitted}
     * counts the expectations left out past the listed maximum.
     */
    public record TestAnswer(String uri, @Absent String status, @Absent Integer omitted, boolean passed,
                             List<TestExpectation> expectations, List<TestError> errors) {
    }

    /** A render target of a background run (no pixels: {@code csf/run} has them). */
    public record RunTarget(String buffer, int width, int height) {
    }

    /**
     * {@code csf/runFinished}, after each background run of a document version; {@code expected}: the stream's
     * {@code .expect} states this outcome (a fault it expects is no error).
     */
    public record RunFinished(String uri, int version, String status, boolean expected, @Absent Long instructions,
                              List<RunTarget> renderTargets) {
    }

    /** {@code workspace/executeCommand csf.updateGolden [uri, line]}'s answer: the file written and its size. */
    public record GoldenWritten(String written, String size) {
    }

    /** A section of an assembled program; {@code address} in hex ({@code 0x...}). */
    public record AssembledSection(String name, String kind, String address, long size) {
    }

    /** {@code workspace/executeCommand csf.assemble [uri]}'s answer: the diagnostics' headlines and the sections. */
    public record AssembleAnswer(boolean ok, List<String> errors, List<String> warnings,
                                 List<AssembledSection> sections) {
    }

    /** Every custom message of the language server, in the order the schema lists them. */
    public static final List<Message> MESSAGES = List.of(
            new Message(RUN, Direction.CLIENT_TO_SERVER, RunParams.class, RunAnswer.class),
            new Message(TEST, Direction.CLIENT_TO_SERVER, TestParams.class, TestAnswer.class),
            new Message(UPDATE_GOLDEN, Direction.CLIENT_TO_SERVER, null, GoldenWritten.class),
            new Message(ASSEMBLE, Direction.CLIENT_TO_SERVER, null, AssembleAnswer.class),
            new Message(RUN_FINISHED, Direction.SERVER_TO_CLIENT, RunFinished.class, null));

    /** The checked-in schema's path inside the jar (and below {@code src/main/resources}). */
    public static final String SCHEMA_RESOURCE = "dev/csfstudio/lsp/protocol/csf-protocol.json";

    /** The schema of {@link #MESSAGES}, as {@code csf-protocol.json} holds it. */
    public static String schema() {
        return ProtocolSchema.json("The CSF language server's custom messages (generated from"
                + " dev.csfstudio.lsp.protocol.CsfProtocol; csf.updateGolden [uri, line] and"
                + " csf.assemble [uri] are workspace/executeCommand commands)", MESSAGES);
    }
}
