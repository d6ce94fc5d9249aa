// The Testing view's logic, without VS Code: which files are test streams, where their tests sit in the tree,
// and what a csf/test answer says about them.

/** An .expect statement: after labels, before any comment (as the server's test discovery reads it). */
const EXPECT_LINE = /^[ \t]*(?:[A-Za-z_0-9]+:[ \t]*)*\.expect\b/i;

/** The 0-based line of a text's first .expect, or undefined when it has none (it is no test stream). */
export function firstExpectationLine(text: string): number | undefined {
    const lines = text.split(/\r\n|\r|\n/);
    for (let i = 0; i < lines.length; i++) {
        if (EXPECT_LINE.test(lines[i])) {
            return i;
        }
    }
    return undefined;
}

/** The folders above a workspace-relative file, outermost first: 'a/b/c.csf' -> ['a', 'a/b']. */
export function folderChain(relativePath: string): string[] {
    const parts = relativePath.split('/').slice(0, -1);
    return parts.map((_p, i) => parts.slice(0, i + 1).join('/'));
}

export interface ExpectationAnswer {
    line: number;
    file?: string;
    text: string;
    passed: boolean;
    actual: string;
    message: string;
    image?: string;
    golden?: string;
}

/** csf/test's answer (lines 0-based). */
export interface TestAnswer {
    uri: string;
    passed: boolean;
    status?: string;
    expectations: ExpectationAnswer[];
    errors: { line: number; character: number; message: string }[];
}

/** One message the Testing view shows inline: at its line of `file` (undefined: the stream itself). */
export interface Failure {
    file?: string;
    line: number;
    character: number;
    message: string;
    actual?: string;
}

/** What failed: the assembler's errors, else each expectation the run did not meet. */
export function failures(answer: TestAnswer): Failure[] {
    if (answer.errors.length > 0) {
        return answer.errors.map((e) => ({ line: e.line, character: e.character, message: `does not assemble: ${e.message}` }));
    }
    return answer.expectations.filter((e) => !e.passed).map((e) => ({
        file: e.file,
        line: e.line,
        character: 0,
        message: e.message + (e.image ? ' (quick fix on the line: "Update golden image")' : ''),
        actual: e.actual,
    }));
}
