import * as assert from 'assert';

import { formatAssembleResult } from '../assembleView';

describe('assembleView', () => {
    it('sections as an aligned table and a summary', () => {
        const v = formatAssembleResult({
            ok: true, errors: [], warnings: [],
            sections: [
                { name: 'color', kind: 'buffer', address: '0x1000000000', size: 1024 },
                { name: 'main', kind: 'stream', address: '0x1000002000', size: 56 },
            ],
        }, 'clear.csf');
        assert.ok(v.ok);
        assert.deepStrictEqual(v.lines, [
            'clear.csf: assembled, 0 errors, 0 warnings',
            '  sections:',
            '    buffer  color  0x1000000000  1024 bytes',
            '    stream  main   0x1000002000    56 bytes',
        ]);
        assert.strictEqual(v.summary, 'CSF: clear.csf assembles: 1 stream, 1 buffer');
    });
    it('errors are listed and summarised', () => {
        const v = formatAssembleResult({
            ok: false,
            errors: ['/w/bad.csf:3:5: error: unknown mnemonic \'BRNCH\'', '/w/bad.csf:4:12: error: register r200 out of range'],
            warnings: ['/w/bad.csf:9:1: warning: unused label x'],
            sections: [],
        }, 'bad.csf');
        assert.ok(!v.ok);
        assert.strictEqual(v.lines[0], 'bad.csf: does not assemble, 2 errors, 1 warning');
        assert.strictEqual(v.lines[1], '  /w/bad.csf:3:5: error: unknown mnemonic \'BRNCH\'');
        assert.strictEqual(v.lines[3], '  /w/bad.csf:9:1: warning: unused label x');
        assert.strictEqual(v.summary, 'CSF: bad.csf has 2 errors; first: /w/bad.csf:3:5: error: unknown mnemonic \'BRNCH\'');
    });
});
