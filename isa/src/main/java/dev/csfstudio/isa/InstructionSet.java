package dev.csfstudio.isa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An instruction table, loaded from a text resource ({@code v10.isa}, {@code v12.isa}, {@code v13.isa}) so that
 * adding an opcode or a field is a data change. Encoder, decoder, disassembler, assembler and editor features all
 * read it.
 */
public final class InstructionSet {

    private final String name;
    private final int registerCount;
    private final int scoreboardEntries;
    private final List<NamedRegister> namedRegisters;
    private final Map<String, EnumType> enums;
    /** Per opcode: the index in {@link #instructions} of its one definition, -1 for none, {@link #BY_SUB_OPCODE}. */
    private final int[] byOpcode = new int[256];
    /** Per sub-opcoded opcode: the field selecting its definition and the definitions' indices by its value. */
    private final BitField[] subOpcodeFields = new BitField[256];
    private final int[][] bySubOpcode = new int[256][];
    private static final int BY_SUB_OPCODE = -2;
    private final Map<String, InstructionDef> byName = new LinkedHashMap<>();
    private final List<InstructionDef> instructions;
    private final List<InstructionDef> forms;
    private final List<InstructionDef> allDefinitions;

    private InstructionSet(String name, int registerCount, int scoreboardEntries, List<NamedRegister> namedRegisters,
                           Map<String, EnumType> enums, List<InstructionDef> instructions, List<InstructionDef> forms,
                           Map<Integer, BitField> subOpcodes) {
        this.name = name;
        this.registerCount = registerCount;
        this.scoreboardEntries = scoreboardEntries;
        this.namedRegisters = List.copyOf(namedRegisters);
        this.enums = Collections.unmodifiableMap(enums);
        this.instructions = List.copyOf(instructions);
        this.forms = List.copyOf(forms);
        List<InstructionDef> all = new ArrayList<>(instructions);
        all.addAll(forms);
        this.allDefinitions = List.copyOf(all);
        Arrays.fill(byOpcode, -1);
        for (Map.Entry<Integer, BitField> e : subOpcodes.entrySet()) {
            byOpcode[e.getKey()] = BY_SUB_OPCODE;
            subOpcodeFields[e.getKey()] = e.getValue();
            bySubOpcode[e.getKey()] = new int[(int) e.getValue().max() + 1];
            Arrays.fill(bySubOpcode[e.getKey()], -1);
        }
        for (int i = 0; i < this.instructions.size(); i++) {
            InstructionDef def = this.instructions.get(i);
            BitField selector = subOpcodeFields[def.opcode()];
            if (selector == null) {
                byOpcode[def.opcode()] = i;
            } else {
                bySubOpcode[def.opcode()][(int) def.field(SUB_OPCODE).orElseThrow().defaultValue()] = i;
            }
        }
        for (InstructionDef def : allDefinitions) {
            byName.put(def.mnemonic(), def);
            for (String alias : def.aliases()) {
                byName.put(alias, def);
            }
        }
    }

    private static final class V10 {
        static final InstructionSet SET = load("v10");
    }

    private static final class V12 {
        static final InstructionSet SET = load("v12");
    }

    private static final class V13 {
        static final InstructionSet SET = load("v13");
    }

    /** The Mali v10 (Mali-G610) instruction set. */
    public static InstructionSet v10() {
        return V10.SET;
    }

    /** The Mali v12 (Mali-G720/G725) instruction set. */
    public static InstructionSet v12() {
        return V12.SET;
    }

    /** The Mali v13 (Mali-G925) instruction set. */
    public static InstructionSet v13() {
        return V13.SET;
    }

    public String name() {
        return name;
    }

    /** 32-bit registers per queue (96 on v10, 128 on v12 and v13). */
    public int registerCount() {
        return registerCount;
    }

    /** Scoreboard entries per queue (mesa's CS_MAX_SB_COUNT: 8 on v10, 16 on v12). */
    public int scoreboardEntries() {
        return scoreboardEntries;
    }

    public List<NamedRegister> namedRegisters() {
        return namedRegisters;
    }

    public Map<String, EnumType> enums() {
        return enums;
    }

    /** The instructions words decode to: one per opcode, or per opcode and sub-opcode where the table splits one. */
    public List<InstructionDef> instructions() {
        return instructions;
    }

    /** Preset forms of instructions ({@code MOVE_REG32} for {@code LOGIC_OP32.mov_a}): source spellings only. */
    public List<InstructionDef> forms() {
        return forms;
    }

    /** Everything a source line can name: the instructions, then the preset forms. */
    public List<InstructionDef> allDefinitions() {
        return allDefinitions;
    }

    /** The field every definition of a sub-opcoded opcode holds its sub-opcode in (v13's ARITH_* opcodes). */
    public static final String SUB_OPCODE = "sub_opcode";

    /**
     * The one definition of an opcode; empty for an unknown opcode and for one whose words a sub-opcode field
     * splits among several definitions (ask {@link #byWord}).
     */
    public Optional<InstructionDef> byOpcode(int opcode) {
        return opcode >= 0 && opcode < 256 && byOpcode[opcode] >= 0 ? Optional.of(instructions.get(byOpcode[opcode]))
                : Optional.empty();
    }

    /** The definition a word decodes to: by its opcode, then by its sub-opcode where the opcode has one. */
    public Optional<InstructionDef> byWord(long word) {
        int index = indexOf(word);
        return index < 0 ? Optional.empty() : Optional.of(instructions.get(index));
    }

    /** The index in {@link #instructions()} of the definition a word decodes to, -1 when none does. */
    public int indexOf(long word) {
        int opcode = (int) InstructionDef.OPCODE.extract(word);
        int index = byOpcode[opcode];
        return index != BY_SUB_OPCODE ? index : bySubOpcode[opcode][(int) subOpcodeFields[opcode].extract(word)];
    }

    /** The field selecting among an opcode's definitions, empty when the opcode has at most one. */
    public Optional<BitField> subOpcodeField(int opcode) {
        return opcode >= 0 && opcode < 256 ? Optional.ofNullable(subOpcodeFields[opcode]) : Optional.empty();
    }

    /** Looks a mnemonic, alias or preset form up in any letter case. */
    public Optional<InstructionDef> byMnemonic(String mnemonic) {
        return Optional.ofNullable(byName.get(mnemonic.toUpperCase(Locale.ROOT)));
    }

    /** Every mnemonic, alias and preset form, for suggestions. */
    public Collection<String> spellings() {
        return Collections.unmodifiableSet(byName.keySet());
    }

    /** Parses the table format described at the top of {@code v10.isa} (and, for preset forms, {@code v12.isa}). */
    static InstructionSet load(String name) {
        return new TableReader(name).read(TableText.rows(name + ".isa"));
    }

    private static final class TableReader {
        private final String table;
        private int registers = 0;
        private final List<NamedRegister> named = new ArrayList<>();
        private final Map<String, EnumType> enums = new LinkedHashMap<>();
        private final List<InstructionDef> defs = new ArrayList<>();
        private final List<InstructionDef> forms = new ArrayList<>();
        private final Set<String> spellings = new HashSet<>();
        private final Set<Integer> opcodes = new HashSet<>();
        private final Map<Integer, BitField> subOpcodes = new LinkedHashMap<>();
        private final Set<String> subOpcodeUses = new HashSet<>();
        // a pandecode-only field of the instruction being read (see "field ... pandecode" in v13.isa's header)
        private List<BitField> views;
        private final Map<String, List<String>> pandecodeNames = new LinkedHashMap<>();
        private int lineNo;
        // the instruction being read, and its preset forms (built once the instruction is complete)
        private Integer opcode;
        private int opcodeLine;
        private String mnemonic;
        private List<String> aliases;
        private String doc;
        private List<BitField> fields;
        private List<Modifier> modifiers;
        private List<OperandSpec> operands;
        private List<String> explicit;
        private String pandecode;
        private TableText.Row execRow;
        private Scoreboard scoreboard;
        private int scoreboardEntries = 0;
        private final List<TableText.Row> formRows = new ArrayList<>();

        TableReader(String table) {
            this.table = table;
        }

        InstructionSet read(List<TableText.Row> rows) {
            for (TableText.Row row : rows) {
                lineNo = row.line();
                // doc and pandecode lines are free text after their keyword: never split into words
                switch (row.keyword()) {
                    case "pandecode" -> pandecode = rest(row.text(), 1);
                    case "doc" -> doc = rest(row.text(), 1);
                    default -> readWords(row);
                }
            }
            finish();
            if (registers <= 0) {
                throw error("missing 'registers'");
            }
            if (scoreboardEntries < 0 || scoreboardEntries > 16) {
                throw error("'scoreboard_entries' must be 0..16 (0 or absent: the table models no scoreboard)");
            }
            for (Map.Entry<Integer, BitField> e : subOpcodes.entrySet()) {
                if (!opcodes.contains(e.getKey())) {
                    throw error("subopcode " + e.getKey() + " has no instruction " + e.getKey() + ".N");
                }
            }
            return new InstructionSet(table, registers, scoreboardEntries, named, enums, defs, forms, subOpcodes);
        }

        private void readWords(TableText.Row row) {
            String text = row.text();
            String[] words = row.words();
            switch (words[0]) {
                case "registers" -> registers = Integer.parseInt(words[1]);
                case "scoreboard_entries" -> scoreboardEntries = Integer.parseInt(words[1]);
                case "register" -> named.add(new NamedRegister(words[1], words[2], rest(text, 3)));
                case "enum" -> enums.put(words[1], TableText.enumType(words));
                case "subopcode" -> readSubOpcode(words);
                case "instruction" -> {
                    finish();
                    lineNo = row.line(); // finishing the previous instruction points at its own line
                    opcodeLine = row.line();
                    String[] number = words[1].split("\\.", 2);
                    opcode = Integer.parseInt(number[0]);
                    mnemonic = words[2];
                    aliases = List.of(Arrays.copyOfRange(words, 3, words.length));
                    doc = "";
                    fields = new ArrayList<>();
                    modifiers = new ArrayList<>();
                    operands = new ArrayList<>();
                    explicit = new ArrayList<>();
                    views = new ArrayList<>();
                    pandecode = null;
                    execRow = null;
                    scoreboard = Scoreboard.NONE;
                    BitField selector = subOpcodes.get(opcode);
                    if (opcode < 0 || opcode > 255 || (number.length == 1 ? !opcodes.add(opcode) : selector == null)) {
                        throw error("opcode " + words[1] + " is outside 0..255, used twice, or has a sub-opcode"
                                + " no 'subopcode' line declared");
                    }
                    if (selector != null) {
                        long sub = Long.decode(number[1]);
                        if (!selector.fits(sub) || !subOpcodeUses.add(words[1])) {
                            throw error("sub-opcode " + words[1] + " does not fit " + selector.bits()
                                    + " or is used twice");
                        }
                        fields.add(new BitField(SUB_OPCODE, selector.msb(), selector.lsb(), false, sub));
                    }
                }
                case "pdnames" -> pandecodeNames.put(words[1], nameTable(words));
                case "field" -> readField(words);
                case "flag" -> modifiers.add(new Modifier.Flag(words[1],
                        field(words.length > 2 && !words[2].equals("inverted") ? words[2] : words[1]),
                        List.of(words).contains("inverted")));
                case "choice" -> modifiers.add(new Modifier.Choice(field(words[1]), enumType(words[1], words[2]),
                        option(words, "pattern", "{}"), List.of(words).contains("required"),
                        List.of(words).contains("optional")));
                case "number" -> modifiers.add(new Modifier.Number(field(words[1]), words[2],
                        List.of(words).contains("optional")));
                case "operand" -> readOperand(text, words);
                case "exec" -> {
                    if (mnemonic == null || execRow != null) {
                        throw error("'exec' outside an instruction or given twice");
                    }
                    execRow = row;
                }
                case "scoreboard" -> {
                    if (mnemonic == null || scoreboard != Scoreboard.NONE) {
                        throw error("'scoreboard' outside an instruction or given twice");
                    }
                    try {
                        scoreboard = Scoreboard.of(words[1]);
                    } catch (IllegalArgumentException e) {
                        throw error("unknown scoreboard mode " + words[1]);
                    }
                }
                case "form" -> {
                    if (mnemonic == null) {
                        throw error("'form' outside an instruction");
                    }
                    formRows.add(row);
                }
                default -> throw error("unknown keyword " + words[0]);
            }
        }

        /** {@code pdnames T NAME ...}: {@code NAME*N} stands for N copies of NAME. */
        private List<String> nameTable(String[] words) {
            List<String> names = new ArrayList<>();
            for (String w : Arrays.copyOfRange(words, 2, words.length)) {
                int star = w.lastIndexOf('*');
                int copies = star > 0 ? Integer.parseInt(w.substring(star + 1)) : 1;
                for (int i = 0; i < copies; i++) {
                    names.add(star > 0 ? w.substring(0, star) : w);
                }
            }
            return names;
        }

        /** {@code subopcode OPCODE MSB:LSB}: the opcode's words are split among definitions by that field. */
        private void readSubOpcode(String[] words) {
            int op = Integer.parseInt(words[1]);
            String[] bits = words[2].split(":");
            BitField f = new BitField(SUB_OPCODE, Integer.parseInt(bits[0]), Integer.parseInt(bits[1]), false, 0);
            if (op < 0 || op > 255 || opcodes.contains(op) || subOpcodes.put(op, f) != null
                    || (f.mask() & InstructionDef.OPCODE.mask()) != 0 || f.width() > 8) {
                throw error("subopcode " + words[1] + ": opcode outside 0..255, declared twice or after its"
                        + " instructions, or a field over the opcode or wider than 8 bits");
            }
            opcodes.add(op);
        }

        private void readField(String[] words) {
            String[] bits = words[2].split(":");
            boolean signed = List.of(words).contains("signed");
            long dflt = Long.decode(option(words, "default", "0"));
            BitField f = new BitField(words[1], Integer.parseInt(bits[0]), Integer.parseInt(bits[1]), signed, dflt);
            if (List.of(words).contains("pandecode")) {
                views.add(f);
                return;
            }
            if (!f.fits(dflt)) {
                throw error(mnemonic + ": default " + dflt + " does not fit field " + f.name() + " " + f.bits());
            }
            fields.add(f);
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
            List<String> flags = new ArrayList<>();
            for (String w : words) {
                if (w.startsWith("doc=")) {
                    break; // the documentation's words are no flags
                }
                flags.add(w);
            }
            String enumName = option(words, "enum", null);
            operands.add(new OperandSpec(kind, fs, flags.contains("wrap"), flags.contains("optional"),
                    enumName == null ? null : enumType(words[2], enumName), docOf(text), flags.contains("write")));
        }

        private void finish() {
            if (mnemonic == null) {
                return;
            }
            if (pandecode == null) {
                throw error(mnemonic + " has no pandecode template");
            }
            lineNo = opcodeLine;
            PandecodeTemplate template;
            try {
                List<BitField> printable = new ArrayList<>(fields);
                printable.addAll(views);
                template = PandecodeTemplate.parse(pandecode, printable, pandecodeNames);
            } catch (IllegalArgumentException e) {
                throw error(e.getMessage());
            }
            long seen = InstructionDef.OPCODE.mask();
            for (BitField f : fields) {
                if ((seen & f.mask()) != 0) {
                    throw error(mnemonic + ": field " + f.name() + " overlaps another field");
                }
                seen |= f.mask();
            }
            Semantics semantics = Semantics.RECORDED;
            if (execRow != null) {
                lineNo = execRow.line();
                semantics = semantics(execRow.words());
                lineNo = opcodeLine;
            }
            Async.Kind asyncKind = scoreboard.asyncKind();
            if (asyncKind != null) {
                semantics = semantics.withAsync(asyncKind.ownFields()
                        ? new Async(asyncKind, field("wait_mask"), optionalField("signal_slot"), optionalField("defer_mode"))
                        : new Async(asyncKind, null, null, null));
            }
            InstructionDef def = new InstructionDef(opcode, mnemonic, aliases, doc, fields, modifiers, operands,
                    explicit, template, null, semantics, scoreboard);
            claim(def);
            defs.add(def);
            for (TableText.Row row : formRows) {
                lineNo = row.line();
                InstructionDef form = form(def, row);
                claim(form);
                forms.add(form);
            }
            formRows.clear();
            mnemonic = null;
        }

        /** Registers a definition's spellings, which must be unique across the table. */
        private void claim(InstructionDef def) {
            List<String> names = new ArrayList<>(def.aliases());
            names.add(def.mnemonic());
            for (String n : names) {
                if (!spellings.add(n.toUpperCase(Locale.ROOT))) {
                    throw error("mnemonic " + n + " is defined twice");
                }
            }
        }

        /**
         * {@code form MNEMONIC FIELD=VALUE... operands=F,... doc=...}: {@code base} with the given fields fixed
         * (VALUE is a name of the field's choice modifier or a number) and the base operands whose first field is
         * listed, in that order. The form keeps the base modifiers of fields it does not fix.
         */
        private InstructionDef form(InstructionDef base, TableText.Row row) {
            String[] words = row.words();
            if (words.length < 2) {
                throw error("form needs a mnemonic");
            }
            Map<String, Long> fixed = new LinkedHashMap<>();
            List<OperandSpec> taken = new ArrayList<>();
            for (String w : Arrays.copyOfRange(words, 2, words.length)) {
                int eq = w.indexOf('=');
                if (eq <= 0) {
                    throw error("form " + words[1] + ": expected FIELD=VALUE or operands=..., got " + w);
                }
                String key = w.substring(0, eq);
                String value = w.substring(eq + 1);
                if (key.equals("operands")) {
                    for (String f : value.split(",")) {
                        taken.add(operand(base, f, words[1]));
                    }
                } else {
                    Optional<BitField> f = base.field(key);
                    if (f.isEmpty()) {
                        throw error("form " + words[1] + ": " + base.mnemonic() + " has no field " + key);
                    }
                    fixed.put(key, presetValue(base, f.get(), value, words[1]));
                }
            }
            List<Modifier> kept = new ArrayList<>();
            for (Modifier m : base.modifiers()) {
                if (!fixed.containsKey(m.field().name())) {
                    kept.add(m);
                }
            }
            List<BitField> formFields = new ArrayList<>();
            for (BitField f : base.fields()) {
                boolean used = usedBy(taken, kept, f);
                if (fixed.containsKey(f.name()) && used) {
                    throw error("form " + words[1] + ": field " + f.name() + " is both fixed and an operand");
                }
                if (fixed.containsKey(f.name())) {
                    formFields.add(new BitField(f.name(), f.msb(), f.lsb(), f.signed(), fixed.get(f.name())));
                } else if (used) {
                    formFields.add(f);
                }
            }
            return new InstructionDef(base.opcode(), words[1], List.of(), docOf(row.text()), formFields,
                    List.copyOf(kept), taken, List.of(), base.pandecode(), base, base.semantics(),
                    base.scoreboard());
        }

        /** The operand of {@code base} whose first field is {@code fieldName}, for preset form {@code form}. */
        private OperandSpec operand(InstructionDef base, String fieldName, String form) {
            for (OperandSpec o : base.operands()) {
                if (o.field().name().equals(fieldName)) {
                    return o;
                }
            }
            throw error("form " + form + ": " + base.mnemonic() + " has no operand " + fieldName);
        }

        /** Whether one of the operands or modifiers reads field {@code f}. */
        private static boolean usedBy(List<OperandSpec> operands, List<Modifier> modifiers, BitField f) {
            for (OperandSpec o : operands) {
                if (o.fields().contains(f)) {
                    return true;
                }
            }
            for (Modifier m : modifiers) {
                if (m.field().equals(f)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * {@code exec ACTION [ROLE=FIELD ...]}: the action's roles bound to fields (by default the field named as
         * the role); a {@code cond} role's field must have a choice whose names are all conditions.
         */
        private Semantics semantics(String[] words) {
            if (words.length < 2) {
                throw error("exec needs an action (one of " + actionNames() + ")");
            }
            Execution action = null;
            for (Execution e : Execution.values()) {
                if (action == null && e.spelling().equals(words[1])) {
                    action = e;
                }
            }
            if (action == null) {
                throw error("unknown exec action " + words[1] + " (one of " + actionNames() + ")");
            }
            Map<String, String> bound = new LinkedHashMap<>();
            for (String w : Arrays.copyOfRange(words, 2, words.length)) {
                int eq = w.indexOf('=');
                if (eq <= 0 || !action.roles().contains(w.substring(0, eq))) {
                    throw error("exec " + words[1] + ": expected ROLE=FIELD with a role of " + action.roles() + ", got " + w);
                }
                bound.put(w.substring(0, eq), w.substring(eq + 1));
            }
            BitField[] slots = new BitField[Execution.SLOTS];
            Condition[] conditions = new Condition[0];
            for (int i = 0; i < Execution.SLOTS; i++) {
                String role = action.role(i);
                if (role == null) {
                    continue;
                }
                slots[i] = field(bound.getOrDefault(role, role));
                if (role.equals(Execution.CONDITION_ROLE)) {
                    conditions = conditions(slots[i]);
                }
            }
            return new Semantics(action, slots, conditions);
        }

        private Condition[] conditions(BitField cond) {
            EnumType type = null;
            for (Modifier m : modifiers) {
                if (type == null && m instanceof Modifier.Choice choice && m.field().equals(cond)) {
                    type = choice.type();
                }
            }
            if (type == null) {
                throw error(mnemonic + ": the condition field " + cond.name() + " has no choice");
            }
            Condition[] byValue = new Condition[(int) cond.max() + 1];
            for (Map.Entry<String, Long> e : type.values().entrySet()) {
                Optional<Condition> condition = Condition.named(e.getKey());
                if (condition.isEmpty()) {
                    List<String> names = new ArrayList<>();
                    for (Condition c : Condition.values()) {
                        names.add(c.name().toLowerCase(Locale.ROOT));
                    }
                    throw error(mnemonic + ": " + e.getKey() + " of enum " + type.name() + " is no condition (one of "
                            + names + ")");
                }
                byValue[e.getValue().intValue()] = condition.get();
            }
            return byValue;
        }

        private static String actionNames() {
            StringBuilder names = new StringBuilder();
            for (Execution e : Execution.values()) {
                names.append(names.length() == 0 ? "" : ", ").append(e.spelling());
            }
            return names.toString();
        }

        private long presetValue(InstructionDef base, BitField f, String value, String form) {
            Modifier named = null;
            for (Modifier m : base.modifiers()) {
                if (named == null && m.field().equals(f)) {
                    named = m;
                }
            }
            OptionalLong v = named == null ? OptionalLong.empty() : named.match(value);
            if (v.isEmpty() && value.matches("-?[0-9]+|0[xX][0-9a-fA-F]+")) {
                v = OptionalLong.of(Long.decode(value));
            }
            if (v.isEmpty() || !f.fits(v.getAsLong())) {
                throw error("form " + form + ": " + value + " is no value of " + base.mnemonic() + " field " + f.name()
                        + (named == null ? "" : " (one of " + String.join(", ", named.spellings()) + ")"));
            }
            return v.getAsLong();
        }

        /** The field {@code fieldName} of the instruction, null when it has none. */
        private BitField optionalField(String fieldName) {
            for (BitField f : fields) {
                if (f.name().equals(fieldName)) {
                    return f;
                }
            }
            return null;
        }

        private BitField field(String fieldName) {
            for (BitField f : fields) {
                if (f.name().equals(fieldName)) {
                    return f;
                }
            }
            throw error("no field " + fieldName + " in " + mnemonic);
        }

        /** The enumeration {@code enumName}, whose values must fit the field it names. */
        private EnumType enumType(String fieldName, String enumName) {
            EnumType t = enums.get(enumName);
            if (t == null) {
                throw error("no enum " + enumName);
            }
            BitField f = field(fieldName.split(",")[0]);
            for (Map.Entry<String, Long> e : t.values().entrySet()) {
                if (!f.fits(e.getValue())) {
                    throw error(mnemonic + ": enum " + enumName + " value " + e.getKey() + "=" + e.getValue()
                            + " does not fit field " + f.name() + " " + f.bits());
                }
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

        private static String docOf(String text) {
            int docAt = text.indexOf("doc=");
            return docAt < 0 ? "" : text.substring(docAt + 4);
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
