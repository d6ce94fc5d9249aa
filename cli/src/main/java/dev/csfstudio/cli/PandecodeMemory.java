package dev.csfstudio.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The memory a pandecode dump prints: mesa's {@code pandecode_dump_mappings} (decode_common.c) writes each mapped
 * buffer as {@code Buffer: NAME gpu ADDR} (the address in hex), a blank line, then util's {@code u_hexdump} of its
 * bytes: rows of an offset ({@code %06X}), two spaces and up to sixteen {@code %02X } bytes, where a row that
 * starts an aligned run of at least 32 zero bytes prints {@code *} instead and the next row's offset says where
 * the bytes resume. A run of zeros at the very end leaves the buffer's length unsaid: at least 32 such bytes are
 * assumed, and a note says so.
 */
final class PandecodeMemory {

    /** A printed buffer: its bytes at its GPU address, named as the dump names it (made an identifier). */
    record RecoveredBuffer(String name, long address, byte[] bytes, int line) {
        long end() {
            return address + bytes.length;
        }
    }

    /** The largest section the assembler takes. */
    static final int MAX_BYTES = 1 << 28;

    private static final Pattern HEAD = Pattern.compile("^Buffer: (.*\\S)\\s+gpu\\s+([0-9a-fA-F]+)\\s*$");
    private static final Pattern ROW = Pattern.compile("^([0-9A-Fa-f]{6,})  (.*)$");
    private static final Pattern BYTE = Pattern.compile("[0-9A-Fa-f]{2}");

    private PandecodeMemory() {
    }

    /** The buffers {@code lines} print; problems and notes are added to the lists given. */
    static List<RecoveredBuffer> read(List<String> lines, List<PandecodeTrace.Problem> problems, List<String> notes) {
        List<RecoveredBuffer> buffers = new ArrayList<>();
        Set<String> names = new HashSet<>(List.of("main"));
        for (int n = 0; n < lines.size(); n++) {
            Matcher head = HEAD.matcher(lines.get(n));
            if (!head.matches()) {
                continue;
            }
            int headLine = n + 1;
            String digits = head.group(2).replaceFirst("^0+(?=.)", "");
            long address = digits.length() > 12 ? -1 : Long.parseLong(digits, 16);
            byte[] bytes = new byte[64];
            int size = 0;
            int zeroRunAt = -1;
            boolean tooLarge = false;
            int k = n + 1;
            while (k < lines.size() && lines.get(k).isBlank()) {
                k++;
            }
            for (; k < lines.size(); k++) {
                Matcher row = ROW.matcher(lines.get(k));
                if (!row.matches() || row.group(1).length() > 8) {
                    break;
                }
                long offset = Long.parseLong(row.group(1), 16);
                String rest = row.group(2).strip();
                zeroRunAt = rest.equals("*") ? (int) Math.min(offset, MAX_BYTES) : -1;
                if (zeroRunAt >= 0) {
                    continue;
                }
                String[] tokens = rest.isEmpty() ? new String[0] : rest.split("\\s+");
                if (offset + tokens.length > MAX_BYTES) {
                    tooLarge = true;
                    break;
                }
                for (int i = 0; i < tokens.length && BYTE.matcher(tokens[i]).matches(); i++) {
                    int at = (int) offset + i;
                    if (at >= bytes.length) {
                        bytes = Arrays.copyOf(bytes, Math.max(at + 1, Math.min(MAX_BYTES, 2 * bytes.length)));
                    }
                    bytes[at] = (byte) Integer.parseInt(tokens[i], 16);
                    size = Math.max(size, at + 1);
                }
            }
            String name = identifier(head.group(1), address, names);
            if (zeroRunAt >= 0) {
                size = Math.max(size, zeroRunAt + 32);
                notes.add("trace line " + headLine + ": buffer " + name + " ends in zeros the dump does not count: "
                        + (size - zeroRunAt) + " assumed");
            }
            if (address < 0 || address + size > PandecodeTrace.VA_LIMIT) {
                problems.add(new PandecodeTrace.Problem(headLine, head.start(2) + 1, "buffer " + head.group(1) + " at 0x"
                        + head.group(2) + " ends past the 48-bit GPU address space (0x1000000000000)"));
            } else if (tooLarge) {
                problems.add(new PandecodeTrace.Problem(headLine, 1, "buffer " + head.group(1) + " holds more than the "
                        + MAX_BYTES + " bytes a section may"));
            } else if (size > 0) {
                buffers.add(new RecoveredBuffer(name, address, Arrays.copyOf(bytes, size), headLine));
            }
            n = k - 1;
        }
        return buffers;
    }

    /** The dump's name for a buffer as a name the assembler takes, made unique with its address if need be. */
    private static String identifier(String printed, long address, Set<String> taken) {
        StringBuilder out = new StringBuilder();
        for (char c : printed.toCharArray()) {
            out.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        if (out.length() == 0 || Character.isDigit(out.charAt(0))) {
            out.insert(0, "buffer_");
        }
        String name = out.toString();
        if (!taken.add(name)) {
            name = name + String.format(Locale.ROOT, "_%x", address);
            taken.add(name);
        }
        return name;
    }
}
