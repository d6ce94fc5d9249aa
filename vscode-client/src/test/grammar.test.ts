// The TextMate grammar, tokenized by the same engine VS Code uses (vscode-textmate + oniguruma wasm).

import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const GRAMMAR = path.resolve(__dirname, '..', '..', 'syntaxes', 'csf.tmLanguage.json');

interface Token {
    text: string;
    scopes: string[];
}

let grammar: vsctm.IGrammar;

async function loadGrammar(): Promise<vsctm.IGrammar> {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
        onigLib: Promise.resolve({
            createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
            createOnigString: (s: string) => new oniguruma.OnigString(s),
        }),
        loadGrammar: async (scopeName: string) => scopeName === 'source.csf'
            ? vsctm.parseRawGrammar(fs.readFileSync(GRAMMAR, 'utf8'), GRAMMAR)
            : null,
    });
    const g = await registry.loadGrammar('source.csf');
    if (!g) {
        throw new Error('source.csf did not load');
    }
    return g;
}

function tokenize(line: string): Token[] {
    const r = grammar.tokenizeLine(line, vsctm.INITIAL);
    return r.tokens.map((t) => ({ text: line.substring(t.startIndex, t.endIndex), scopes: t.scopes }));
}

function show(tokens: Token[]): string {
    return tokens.map((t) => `${JSON.stringify(t.text)} ${t.scopes.slice(1).join(' ')}`).join('\n');
}

/** The scopes of the (n-th) token whose text is exactly `text`. */
function scopesOf(line: string, text: string, nth = 0): string[] {
    const tokens = tokenize(line);
    const matches = tokens.filter((t) => t.text === text);
    assert.ok(matches.length > nth, `no token ${JSON.stringify(text)} (#${nth}) in ${JSON.stringify(line)}:\n${show(tokens)}`);
    return matches[nth].scopes;
}

function assertScope(line: string, text: string, scope: string, nth = 0): void {
    const scopes = scopesOf(line, text, nth);
    assert.ok(scopes.includes(scope),
        `${JSON.stringify(text)} in ${JSON.stringify(line)} should be ${scope}, is ${scopes.join(' ')}\n${show(tokenize(line))}`);
}

/** Every token of the first occurrence of `text` in the line has `scope` (and nothing outside it is cut). */
function assertSpan(line: string, text: string, scope: string): void {
    const start = line.indexOf(text);
    assert.ok(start >= 0, `${JSON.stringify(text)} not in ${JSON.stringify(line)}`);
    const end = start + text.length;
    const r = grammar.tokenizeLine(line, vsctm.INITIAL);
    const inside = r.tokens.filter((t) => t.startIndex < end && t.endIndex > start);
    const all = show(tokenize(line));
    assert.ok(inside.length > 0 && inside[0].startIndex === start && inside[inside.length - 1].endIndex === end,
        `${JSON.stringify(text)} is not made of whole tokens:\n${all}`);
    for (const t of inside) {
        assert.ok(t.scopes.includes(scope), `${JSON.stringify(line.substring(t.startIndex, t.endIndex))} should be ${scope}:\n${all}`);
    }
}

function assertNoScope(line: string, text: string, prefix: string, nth = 0): void {
    const scopes = scopesOf(line, text, nth);
    assert.ok(!scopes.some((s) => s.startsWith(prefix)),
        `${JSON.stringify(text)} in ${JSON.stringify(line)} should not be ${prefix}*, is ${scopes.join(' ')}`);
}

describe('grammar source.csf', () => {
    before(async () => {
        grammar = await loadGrammar();
    });

    describe('comments', () => {
        it('// runs to the end of the line', () => {
            assertSpan('    MOVE32 r1, #0   // set r1, and r2', '// set r1, and r2', 'comment.line.double-slash.csf');
            assertScope('    MOVE32 r1, #0   // set r1, and r2', '#0', 'constant.numeric.decimal.csf');
        });
        it('; runs to the end of the line', () => {
            assertSpan('.equ BPP, 4 ; R8G8B8A8: four bytes', '; R8G8B8A8: four bytes', 'comment.line.semicolon.csf');
        });
        it('a whole-line comment after indentation', () => {
            assertSpan('   ; only a comment', '; only a comment', 'comment.line.semicolon.csf');
        });
        it('; inside a string is not a comment', () => {
            const tokens = tokenize('.include "a;b.csf"');
            assert.ok(!tokens.some((t) => t.scopes.some((s) => s.startsWith('comment'))), show(tokens));
            assertScope('.include "a;b.csf"', 'a;b.csf', 'string.quoted.double.csf');
        });
    });

    describe('labels', () => {
        it('name: at line start is a label definition', () => {
            assertScope('loop:   ADD_IMMEDIATE32 r4, r4, #-1', 'loop', 'entity.name.label.csf');
            assertScope('loop:   ADD_IMMEDIATE32 r4, r4, #-1', ':', 'punctuation.separator.label.csf');
        });
        it('a label followed by a comment', () => {
            assertScope('fbd:   // the descriptor', 'fbd', 'entity.name.label.csf');
            assertSpan('fbd:   // the descriptor', '// the descriptor', 'comment.line.double-slash.csf');
        });
        it('a label alone on its line', () => {
            assertScope('fbd:', 'fbd', 'entity.name.label.csf');
        });
        it('numeric label 1:', () => {
            assertScope('1:  WAIT #0x1', '1', 'entity.name.label.numeric.csf');
        });
        it('several labels before a statement', () => {
            assertScope('a: 2: b: NOP', 'b', 'entity.name.label.csf');
            assertScope('a: 2: b: NOP', '2', 'entity.name.label.numeric.csf');
            assertScope('a: 2: b: NOP', 'NOP', 'keyword.other.mnemonic.csf');
        });
        it('local references 1b and 1f', () => {
            assertScope('    BRANCH.ne r4, 1b', '1b', 'variable.other.label.local.csf');
            assertScope('    BRANCH.al r0, 12F', '12F', 'variable.other.label.local.csf');
        });
        it('a label used as an operand is a symbol, not a definition', () => {
            assertScope('    BRANCH.ne r4, loop', 'loop', 'variable.other.symbol.csf');
            assertNoScope('    BRANCH.ne r4, loop', 'loop', 'entity.name');
        });
    });

    describe('directives', () => {
        it('.stream at line start', () => {
            assertScope('.stream main', '.stream', 'keyword.control.directive.csf');
        });
        it('indented .buffer', () => {
            assertScope('    .buffer color, size=16 * 16 * 4', '.buffer', 'keyword.control.directive.csf');
        });
        it('.fbd after a label', () => {
            assertScope('fbd:    .fbd width=16, height=16', '.fbd', 'keyword.control.directive.csf');
        });
        it('any .word is a directive (.rt, .equ, .inst, .dword)', () => {
            for (const d of ['.rt', '.equ', '.inst', '.dword', '.someday']) {
                assertScope(`${d} 1`, d, 'keyword.control.directive.csf');
            }
        });
        it('key=value arguments: the key is a parameter', () => {
            const line = '.rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=0xff0000ff';
            assertScope(line, 'format', 'variable.parameter.key.csf');
            assertScope(line, 'row_stride', 'variable.parameter.key.csf');
            assertScope(line, '=', 'keyword.operator.assignment.csf');
            assertScope(line, 'linear', 'variable.other.symbol.csf');
            assertScope(line, '0xff0000ff', 'constant.numeric.hex.csf');
        });
    });

    describe('mnemonics', () => {
        it('UPPER case at statement start', () => {
            assertScope('    MOVE32 r42, #0', 'MOVE32', 'keyword.other.mnemonic.csf');
        });
        it('lower case at statement start', () => {
            assertScope('move48 d40, fbd(fbd)', 'move48', 'keyword.other.mnemonic.csf');
        });
        it('after a label', () => {
            assertScope('loop:   ADD_IMMEDIATE32 r4, r4, #-1', 'ADD_IMMEDIATE32', 'keyword.other.mnemonic.csf');
        });
        it('a dotted modifier: BRANCH.ne', () => {
            assertScope('    BRANCH.ne r4, loop', 'BRANCH', 'keyword.other.mnemonic.csf');
            assertScope('    BRANCH.ne r4, loop', 'ne', 'storage.modifier.csf');
        });
        it('a modifier with a value: RUN_FRAGMENT.tile_order=vertical', () => {
            const line = '    RUN_FRAGMENT.tile_order=vertical';
            assertScope(line, 'RUN_FRAGMENT', 'keyword.other.mnemonic.csf');
            assertScope(line, 'tile_order', 'storage.modifier.csf');
            assertScope(line, 'vertical', 'constant.other.modifier-value.csf');
        });
        it('several modifiers', () => {
            const line = 'FLUSH_CACHE2.clean_invalidate_l2.clean_invalidate_lsc.nop_other r0, #0x1, #0';
            assertScope(line, 'clean_invalidate_lsc', 'storage.modifier.csf');
            assertScope(line, 'nop_other', 'storage.modifier.csf');
        });
        it('only the first word of a statement is a mnemonic', () => {
            assertNoScope('    MOVE32 r42, WIDTH', 'WIDTH', 'keyword');
        });
    });

    describe('registers', () => {
        it('r0 and r95', () => {
            assertScope('MOVE32 r0, r95', 'r0', 'variable.language.register.csf');
            assertScope('MOVE32 r0, r95', 'r95', 'variable.language.register.csf');
        });
        it('d0..d94 in any case', () => {
            assertScope('ADD_IMM64 D40, d94, #8', 'D40', 'variable.language.register.csf');
            assertScope('ADD_IMM64 D40, d94, #8', 'd94', 'variable.language.register.csf');
            assertScope('MOVE32 R7, #1', 'R7', 'variable.language.register.csf');
        });
        it('r100 and d126 are registers too: which exist is for the server to say (v12 has r0..r127)', () => {
            assertScope('MOVE32 r100, d126', 'r100', 'variable.language.register.csf');
            assertScope('MOVE32 r100, d126', 'd126', 'variable.language.register.csf');
        });
        it('a register list r0:r1:r3 is registers, not labels', () => {
            const line = '    LOAD_MULTIPLE r0:r1:r3, [d40 + 8]';
            assertScope(line, 'r1', 'variable.language.register.csf');
            assertScope(line, 'r3', 'variable.language.register.csf');
            assertNoScope(line, 'r1', 'entity.name');
        });
        it('a word that only starts like a register is a symbol', () => {
            assertScope('MOVE32 r1, rows', 'rows', 'variable.other.symbol.csf');
        });
    });

    describe('numbers', () => {
        it('decimal', () => {
            assertScope('.equ WIDTH, 16', '16', 'constant.numeric.decimal.csf');
        });
        it('hex with underscores', () => {
            assertScope('.stream s, at=0x10_0000_0000', '0x10_0000_0000', 'constant.numeric.hex.csf');
        });
        it('binary', () => {
            assertScope('MOVE32 r1, 0b1010_0001', '0b1010_0001', 'constant.numeric.binary.csf');
        });
        it('# belongs to the number', () => {
            assertScope('WAIT #0x1', '#0x1', 'constant.numeric.hex.csf');
        });
        it('a sign directly before the digits belongs to the number', () => {
            assertScope('ADD_IMMEDIATE32 r4, r4, #-1', '#-1', 'constant.numeric.decimal.csf');
            assertScope('LOAD32 r1, [d40 + -8]', '-8', 'constant.numeric.decimal.csf');
        });
        it('a minus between operands is an operator', () => {
            const line = 'MOVE32 r43, (HEIGHT - 1) << 16';
            assertScope(line, '-', 'keyword.operator.arithmetic.csf');
            assertScope(line, '1', 'constant.numeric.decimal.csf');
            assertScope(line, '<<', 'keyword.operator.shift.csf');
        });
        it('floats in clear_rgba', () => {
            assertScope('.rt clear_rgba=(0.0, 0.5, 1.0, 1.0)', '0.5', 'constant.numeric.float.csf');
        });
        it('digits inside a name are not a number', () => {
            assertScope('BRANCH.al r0, loop2', 'loop2', 'variable.other.symbol.csf');
        });
    });

    describe('strings and calls', () => {
        it('a string with an escape', () => {
            assertScope('.include "dir\\"x.csf"', '\\"', 'constant.character.escape.csf');
        });
        it('an unterminated string is marked', () => {
            const tokens = tokenize('.include "never closed');
            assert.ok(tokens.some((t) => t.scopes.includes('invalid.illegal.unterminated-string.csf')), show(tokens));
        });
        it('fbd(label) is a function call', () => {
            assertScope('MOVE48 d40, fbd(frame)', 'fbd', 'support.function.csf');
            assertScope('MOVE48 d40, fbd(frame)', 'frame', 'variable.other.symbol.csf');
        });
    });
});
