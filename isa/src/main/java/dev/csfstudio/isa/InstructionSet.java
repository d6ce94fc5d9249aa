package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The instruction table, loaded from a text resource ({@code v10.isa}) so that adding an opcode or a
 * field is a data change. Encoder, decoder, disassembler, assembler and editor features all read it.
 */
public final class InstructionSet {

    private static volatile InstructionSet v10;

    private final String name;
    private final int registerCount;
    private final List<NamedRegister> namedRegisters;
    private final Map<String, EnumType> enums;
    private final InstructionDef[] byOpcode = new InstructionDef[256];
    private final Map<String, InstructionDef> byName = new LinkedHashMap<>();
    private final List<InstructionDef> instructions;

    private InstructionSet(String name, int registerCount, List<NamedRegister> namedRegisters,
                           Map<String, EnumType> enums, List<InstructionDef> instructions) {
        this.name = name;
        this.registerCount = registerCount;
        this.namedRegisters = List.copyOf(namedRegisters);
        this.enums = Collections.unmodifiableMap(enums);
        this.instructions = List.copyOf(instructions);
        for (InstructionDef def : instructions) {
            byOpcode[def.opcode()] = def;
            byName.put(def.mnemonic(), def);
            for (String alias : def.aliases()) {
                byName.put(alias, def);
            }
        }
    }

    /** The Mali v10 (Mali-G610) instruction set. */
    public static InstructionSet v10() {
        InstructionSet set = v10;
        if (set == null) {
            synchronized (InstructionSet.class) {
                set = v10;
                if (set == null) {
                    set = v10 = load("v10");
                }
            }
        }
        return set;
    }

    public String name() {
        return name;
    }

    /** 32-bit registers per queue (96 on v10). */
    public int registerCount() {
        return registerCount;
    }

    public List<NamedRegister> namedRegisters() {
        return namedRegisters;
    }

    public Map<String, EnumType> enums() {
        return enums;
    }

    public List<InstructionDef> instructions() {
        return instructions;
    }

    public Optional<InstructionDef> byOpcode(int opcode) {
        return opcode >= 0 && opcode < 256 ? Optional.ofNullable(byOpcode[opcode]) : Optional.empty();
    }

    /** Looks a mnemonic or alias up in any letter case. */
    public Optional<InstructionDef> byMnemonic(String mnemonic) {
        return Optional.ofNullable(byName.get(mnemonic.toUpperCase(Locale.ROOT)));
    }

    /** Every mnemonic and alias, for suggestions. */
    public Collection<String> spellings() {
        return Collections.unmodifiableSet(byName.keySet());
    }

    /** Parses the table format described at the top of {@code v10.isa}. */
    static InstructionSet load(String name) {
        return new TableReader(name).read(TableText.rows(name + ".isa"));
    }

    private static final class TableReader {
        private final String table;
        private int registers = 0;
        private final List<NamedRegister> named = new ArrayList<>();
        private final Map<String, EnumType> enums = new LinkedHashMap<>();
        private final List<InstructionDef> defs = new ArrayList<>();
        private int lineNo;
        // the instruction being read
        private Integer opcode;
        private String mnemonic;
        private List<String> aliases;
        private String doc;
        private List<BitField> fields;
        private List<Modifier> modifiers;
        private List<OperandSpec> operands;
        private List<String> explicit;
        private String pandecode;
        private final Map<String, List<String>> pandecodeNames = new LinkedHashMap<>();

        TableReader(String table) {
            this.table = table;
        }

        InstructionSet read(List<TableText.Row> rows) {
            for (TableText.Row row : rows) {
                lineNo = row.line();
                String text = row.text();
                String[] words = row.words();
                switch (words[0]) {
                    case "registers" -> registers = Integer.parseInt(words[1]);
                    case "register" -> named.add(new NamedRegister(words[1], words[2], rest(text, 3)));
                    case "enum" -> enums.put(words[1], TableText.enumType(words));
                    case "instruction" -> {
                        finish();
                        opcode = Integer.parseInt(words[1]);
                        mnemonic = words[2];
                        aliases = List.of(Arrays.copyOfRange(words, 3, words.length));
                        doc = "";
                        fields = new ArrayList<>();
                        modifiers = new ArrayList<>();
                        operands = new ArrayList<>();
                        explicit = new ArrayList<>();
                        pandecode = null;
                    }
                    case "pdnames" -> pandecodeNames.put(words[1], List.of(Arrays.copyOfRange(words, 2, words.length)));
                    case "pandecode" -> pandecode = rest(text, 1);
                    case "doc" -> doc = rest(text, 1);
                    case "field" -> readField(words);
                    case "flag" -> modifiers.add(new Modifier.Flag(words[1],
                            field(words.length > 2 && !words[2].equals("inverted") ? words[2] : words[1]),
                            List.of(words).contains("inverted")));
                    case "choice" -> modifiers.add(new Modifier.Choice(field(words[1]), enumType(words[2]),
                            option(words, "pattern", "{}"), List.of(words).contains("required")));
                    case "number" -> modifiers.add(new Modifier.Number(field(words[1]), words[2]));
                    case "operand" -> readOperand(text, words);
                    default -> throw error("unknown keyword " + words[0]);
                }
            }
            finish();
            if (registers <= 0) {
                throw error("missing 'registers'");
            }
            return new InstructionSet(table, registers, named, enums, defs);
        }

        private void readField(String[] words) {
            String[] bits = words[2].split(":");
            boolean signed = List.of(words).contains("signed");
            long dflt = Long.parseLong(option(words, "default", "0"));
            fields.add(new BitField(words[1], Integer.parseInt(bits[0]), Integer.parseInt(bits[1]), signed, dflt));
            if (List.of(words).contains("explicit")) {
                explicit.add(words[1]);
            }
        }

        private void readOperand(String text, String[] words) {
            OperandKind kind = OperandKind.valueOf(words[1].toUpperCase(Locale.ROOT));
            List<BitField> fs = new ArrayList<>();
            for (String f : words[2].split(",")) {
                fs.add(field(f));
            }
            int docAt = text.indexOf("doc=");
            String operandDoc = docAt < 0 ? "" : text.substring(docAt + 4);
            String head = docAt < 0 ? text : text.substring(0, docAt);
            String[] headWords = TableText.words(head);
            List<String> flags = List.of(headWords);
            String enumName = option(headWords, "enum", null);
            operands.add(new OperandSpec(kind, fs, flags.contains("wrap"), flags.contains("optional"),
                    enumName == null ? null : enumType(enumName), operandDoc));
        }

        private void finish() {
            if (mnemonic == null) {
                return;
            }
            if (pandecode == null) {
                throw error(mnemonic + " has no pandecode template");
            }
            PandecodeTemplate template;
            try {
                template = PandecodeTemplate.parse(pandecode, fields, pandecodeNames);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
            InstructionDef def = new InstructionDef(opcode, mnemonic, aliases, doc, fields, modifiers, operands,
                    explicit, template);
            long seen = InstructionDef.OPCODE.mask();
            for (BitField f : fields) {
                if ((seen & f.mask()) != 0) {
                    throw error(mnemonic + ": field " + f.name() + " overlaps another field");
                }
                seen |= f.mask();
            }
            defs.add(def);
            mnemonic = null;
        }

        private BitField field(String fieldName) {
            for (BitField f : fields) {
                if (f.name().equals(fieldName)) {
                    return f;
                }
            }
            throw error("no field " + fieldName + " in " + mnemonic);
        }

        private EnumType enumType(String enumName) {
            EnumType t = enums.get(enumName);
            if (t == null) {
                throw error("no enum " + enumName);
            }
            return t;
        }

        private static String option(String[] words, String key, String dflt) {
            for (String w : words) {
                if (w.startsWith(key + "=")) {
                    return w.substring(key.length() + 1);
                }
            }
            return dflt;
        }

        private static String rest(String text, int skipWords) {
            String s = text;
            for (int i = 0; i < skipWords; i++) {
                s = s.strip();
                int sp = s.indexOf(' ');
                s = sp < 0 ? "" : s.substring(sp);
            }
            return s.strip();
        }

        private IllegalStateException error(String message) {
            return new IllegalStateException(table + ".isa:" + lineNo + ": " + message);
        }
    }
}
