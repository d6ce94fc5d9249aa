import * as assert from 'assert';

import { failures, firstExpectationLine, folderChain, TestAnswer } from '../testView';

describe('testView', () => {
    it('finds the first .expect line, after labels, not in comments', () => {
        assert.strictEqual(firstExpectationLine('MOVE32 r4, #1\n; .expect r4 == 1\ndone: .EXPECT r4 == 1\n'), 2);
        assert.strictEqual(firstExpectationLine('MOVE32 r4, #1 ; .expect r4 == 1\n'), undefined);
        assert.strictEqual(firstExpectationLine('.expected r4\n'), undefined);
    });

    it('puts a file under each folder above it', () => {
        assert.deepStrictEqual(folderChain('a/b/c.csf'), ['a', 'a/b']);
        assert.deepStrictEqual(folderChain('c.csf'), []);
    });

    const answer = (over: Partial<TestAnswer>): TestAnswer => ({ uri: 'file:///w/t.csf', passed: false,
        expectations: [], errors: [], ...over });

    it('a failed expectation is a message at its line saying what the run got', () => {
        const f = failures(answer({ expectations: [
            { line: 10, text: 'r4 == 7', passed: true, actual: '7 (0x7)', message: 'r4 == 7: got 7 (0x7), expected 7 (0x7)' },
            { line: 11, text: 'r4 == 5', passed: false, actual: '7 (0x7)', message: 'r4 == 5: got 7 (0x7), expected 5 (0x5)' },
        ] }));
        assert.deepStrictEqual(f, [{ file: undefined, line: 11, character: 0, message: 'r4 == 5: got 7 (0x7), expected 5 (0x5)',
            actual: '7 (0x7)' }]);
    });

    it('an image mismatch points at the quick fix', () => {
        const f = failures(answer({ expectations: [{ line: 3, text: 'image color == "g.png"', passed: false,
            actual: '3 of 256 pixels differing', message: 'image color == "g.png": got 3 of 256 pixels differing',
            image: 'color', golden: '/w/g.png' }] }));
        assert.match(f[0].message, /Update golden image/);
    });

    it('a stream that does not assemble fails at its errors', () => {
        const f = failures(answer({ errors: [{ line: 0, character: 8, message: 'register r200 out of range' }] }));
        assert.deepStrictEqual(f, [{ line: 0, character: 8, message: 'does not assemble: register r200 out of range' }]);
    });
});
