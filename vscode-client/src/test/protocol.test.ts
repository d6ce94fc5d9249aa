import * as assert from 'assert';
import * as fs from 'fs';

import type * as protocol from '../protocol';
import type { RunFinished } from '../status';
import type { RenderTargetImage, RunResult } from '../runView';
import type { ExpectationAnswer, TestAnswer } from '../testView';
import type { DebugRenderTarget, RenderTargetsBody } from '../renderTargetsView';
import type { AssembleResult, Section } from '../assembleView';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const generator = require('../../scripts/protocol-types.js') as {
    generate(schemas: unknown[]): string; readSchemas(): unknown[]; OUT: string;
};

/**
 * `true` when every field the client reads is one the server declares (no name the server does not send) and the
 * server's value fits the client's type; otherwise the assignment below fails to compile (tsc, so npm test).
 */
type Fits<Server, Client> = [Exclude<keyof Client, keyof Server>] extends [never]
    ? (Server extends Client ? true : false) : false;

// The client's own types of each custom message, against the servers' records (the generated src/protocol.ts).
const runFinished: Fits<protocol.RunFinished, RunFinished> = true;
const runTarget: Fits<protocol.RunTarget, NonNullable<RunFinished['renderTargets']>[number]> = true;
const runAnswer: Fits<Omit<protocol.RunAnswer, 'report'>, Omit<RunResult, 'report'>> = true;
const runImage: Fits<protocol.RunImage, RenderTargetImage> = true;
const testAnswer: Fits<protocol.TestAnswer, TestAnswer> = true;
const expectation: Fits<protocol.TestExpectation, ExpectationAnswer> = true;
const testError: Fits<protocol.TestError, TestAnswer['errors'][number]> = true;
const renderTargets: Fits<protocol.RenderTargets, RenderTargetsBody> = true;
const debugTarget: Fits<protocol.RenderTargetImage, DebugRenderTarget> = true;
const assembled: Fits<protocol.AssembleAnswer, AssembleResult> = true;
const section: Fits<protocol.AssembledSection, Section> = true;

describe('protocol', () => {
    it('src/protocol.ts is generated from the servers\' current schemas (npm run protocol)', () => {
        assert.strictEqual(fs.readFileSync(generator.OUT, 'utf8'), generator.generate(generator.readSchemas()),
            'the Java records changed: run `npm run protocol` and fix the client where tsc then fails');
    });

    it('each client type reads only what the server sends (checked by tsc; these are its results)', () => {
        assert.deepStrictEqual([runFinished, runTarget, runAnswer, runImage, testAnswer, expectation, testError,
            renderTargets, debugTarget, assembled, section].every((x) => x), true);
    });

    it('a type that reads a field the server does not send does not fit', () => {
        type Drifted = { uri: string; instructionCount?: number };
        const fits: Fits<protocol.RunFinished, Drifted> = false;
        assert.strictEqual(fits, false);
    });
});
