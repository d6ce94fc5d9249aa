package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The exceptions one architecture's GPU reports for a command stream, by panthor's codes and names, loaded from
 * {@code exceptions-v10.txt} or {@code exceptions-v12.txt} (their header says where each fact comes from): each
 * exception's class, and which of the simulator's short fault kinds raise it; the kinds that stop the simulator
 * without a hardware exception, and why; the MMU's access types.
 */
public final class ExceptionTable {

    /** How the GPU raises an exception: a CS's fatal event or fault event, an MMU fault or a GPU fault. */
    public enum ExceptionClass {
        CS_FATAL("cs_fatal"),
        CS_FAULT("cs_fault"),
        MMU_FAULT("mmu_fault"),
        GPU_FAULT("gpu_fault");

        private final String spelling;

        ExceptionClass(String spelling) {
            this.spelling = spelling;
        }

        /** The table's (and report.json's) spelling. */
        public String spelling() {
            return spelling;
        }

        /** The class the table spells {@code text}. */
        public static Optional<ExceptionClass> bySpelling(String text) {
            for (ExceptionClass c : values()) {
                if (c.spelling.equals(text)) {
                    return Optional.of(c);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * One exception.
     *
     * @param kinds the short fault kinds that raise it (empty: the model never raises it)
     * @param level a translation fault's page-table level (-1: the VA is outside the address space); only
     *              meaningful when {@code kinds} holds {@code translation}
     */
    public record ExceptionType(int code, String name, ExceptionClass exceptionClass, List<String> kinds, int level,
                                String doc) {
        public ExceptionType {
            kinds = List.copyOf(kinds);
        }
    }

    /** A short fault kind that stops the simulator with no hardware exception, and why. */
    public record NoException(String kind, String reason) {
    }

    private final List<ExceptionType> exceptions;
    private final Map<String, NoException> none;
    private final EnumType access;

    private ExceptionTable(List<ExceptionType> exceptions, Map<String, NoException> none, EnumType access) {
        this.exceptions = Collections.unmodifiableList(exceptions);
        this.none = Collections.unmodifiableMap(none);
        this.access = access;
    }

    private static final class V10 {
        static final ExceptionTable TABLE = load("exceptions-v10.txt");
    }

    private static final class V12 {
        static final ExceptionTable TABLE = load("exceptions-v12.txt");
    }

    public static ExceptionTable v10() {
        return V10.TABLE;
    }

    public static ExceptionTable v12() {
        return V12.TABLE;
    }

    /** Every exception, in code order. */
    public List<ExceptionType> all() {
        return exceptions;
    }

    /** The kinds with no hardware exception, in table order. */
    public List<NoException> noExceptions() {
        return List.copyOf(none.values());
    }

    /** The exception named {@code name} (panthor's spelling, any letter case). */
    public Optional<ExceptionType> byName(String name) {
        String wanted = name.toUpperCase(Locale.ROOT);
        for (ExceptionType e : exceptions) {
            if (e.name().equals(wanted)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * The exception fault kind {@code kind} raises; for {@code translation} the one of page-table level
     * {@code level}. Empty when the kind raises none ({@link #noException}).
     */
    public Optional<ExceptionType> forKind(String kind, int level) {
        for (ExceptionType e : exceptions) {
            if (e.kinds().contains(kind) && (!kind.equals(TRANSLATION) || e.level() == level)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** Why fault kind {@code kind} raises no hardware exception, when it raises none. */
    public Optional<NoException> noException(String kind) {
        return Optional.ofNullable(none.get(kind));
    }

    /** The AS_FAULTSTATUS access type of {@code name} ({@code read}, {@code write}, {@code execute}, {@code atomic}). */
    public int accessType(String name) {
        Long code = access.values().get(name.toLowerCase(Locale.ROOT));
        if (code == null) {
            throw new IllegalArgumentException("no access type " + name);
        }
        return code.intValue();
    }

    /** The fault kind whose rows carry a page-table level. */
    public static final String TRANSLATION = "translation";

    static ExceptionTable load(String resource) {
        List<ExceptionType> exceptions = new ArrayList<>();
        Map<String, NoException> none = new LinkedHashMap<>();
        EnumType access = null;
        for (TableText.Row row : TableText.rows(resource)) {
            String[] w = row.words();
            String where = resource + ":" + row.line();
            switch (w[0]) {
                case "enum" -> access = TableText.enumType(w);
                case "exception" -> exceptions.add(exception(where, row.text(), w));
                case "none" -> none.put(w[1], new NoException(w[1], doc(where, row.text())));
                default -> throw new IllegalStateException(where + ": unknown keyword " + w[0]);
            }
        }
        if (access == null || !access.name().equals("access")) {
            throw new IllegalStateException(resource + ": no enum access");
        }
        return new ExceptionTable(exceptions, none, access);
    }

    private static ExceptionType exception(String where, String text, String[] w) {
        if (w.length < 4 || !w[1].startsWith("0x")) {
            throw new IllegalStateException(where + ": exception CODE NAME CLASS [kind=..] [level=N] doc=..");
        }
        int code = Integer.parseInt(w[1].substring(2), 16);
        Optional<ExceptionClass> c = ExceptionClass.bySpelling(w[3]);
        if (c.isEmpty()) {
            throw new IllegalStateException(where + ": unknown class " + w[3]);
        }
        List<String> kinds = new ArrayList<>();
        int level = 0;
        for (int i = 4; i < w.length; i++) {
            if (w[i].startsWith("kind=")) {
                for (String k : w[i].substring(5).split(",")) {
                    kinds.add(k);
                }
            } else if (w[i].startsWith("level=")) {
                level = Integer.parseInt(w[i].substring(6));
            } else {
                throw new IllegalStateException(where + ": unknown option " + w[i]);
            }
        }
        return new ExceptionType(code, w[2], c.get(), kinds, level, doc(where, text));
    }

    private static String doc(String where, String text) {
        int at = text.indexOf("doc=");
        if (at < 0) {
            throw new IllegalStateException(where + ": no doc=");
        }
        return text.substring(at + 4);
    }
}
