package dev.csfstudio.runtime.report;

import dev.csfstudio.program.Program;
import dev.csfstudio.program.Section;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 of everything about a {@link Program} that decides how it runs: every section (name, kind, VM,
 * address, bytes), the VMs, queues and jobs in order and the entry stream. Source text, lines and symbols
 * do not count, so a comment edited after a core dump still lets the dump be rebuilt; a changed byte does not.
 */
public final class ProgramFingerprint {

    private ProgramFingerprint() {
    }

    public static String of(Program program) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the Java runtime", e);
        }
        text(digest, program.entry());
        for (String vm : program.vms()) {
            text(digest, "vm " + vm);
        }
        for (Program.QueueDecl q : program.queues()) {
            text(digest, "queue " + q.name() + " " + q.vm());
        }
        for (Program.Job job : program.jobs()) {
            text(digest, "job " + job.queue() + " " + job.stream());
        }
        for (Section s : program.sections()) {
            text(digest, "section " + s.name() + " " + s.kind() + " " + s.vm());
            digest.update(ByteBuffer.allocate(16).putLong(s.address()).putLong(s.size()).array());
            digest.update(s.bytes());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void text(MessageDigest digest, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
        digest.update(bytes);
    }
}
