import * as assert from 'assert';

import { assemblyRefusal, Checked, checkConfiguration, completeConfiguration, configurationFor, CsfLaunchConfiguration } from '../debugConfiguration';

const CSF = { fsPath: '/w/clear.csf', languageId: 'csf', hasBreakpoints: false };

function config(c: Checked): CsfLaunchConfiguration {
    assert.ok(c.ok, `expected a configuration, got: ${(c as { message: string }).message}`);
    return c.config;
}

function message(c: Checked): string {
    assert.ok(!c.ok, `expected an error, got ${JSON.stringify(c)}`);
    return c.message;
}

function launch(extra: Partial<CsfLaunchConfiguration>): CsfLaunchConfiguration {
    return { type: 'csf', request: 'launch', name: 'L', program: 'examples/clear.csf', ...extra };
}

const exists = (files: string[]) => (p: string) => files.includes(p);

describe('debugConfiguration', () => {
    describe('Run and Debug without launch.json', () => {
        it('debugs the active .csf file, stopping on entry when it has no breakpoint', () => {
            assert.deepStrictEqual(config(completeConfiguration({}, CSF)),
                { type: 'csf', request: 'launch', name: 'Debug clear.csf', program: '/w/clear.csf', stopOnEntry: true });
        });
        it('runs to the first breakpoint when the file has one', () => {
            assert.strictEqual(config(completeConfiguration({}, { ...CSF, hasBreakpoints: true })).stopOnEntry, false);
        });
        it('asks for a .csf file when the active editor holds something else', () => {
            assert.match(message(completeConfiguration({}, { ...CSF, languageId: 'markdown' })), /open a \.csf file/);
            assert.match(message(completeConfiguration({}, undefined)), /open a \.csf file/);
        });
        it('asks to save an untitled document first', () => {
            assert.match(message(completeConfiguration({}, { ...CSF, fsPath: undefined })), /save the file first/);
        });
    });

    describe('a launch.json entry', () => {
        it('without program takes the active .csf file', () => {
            assert.strictEqual(config(completeConfiguration({ type: 'csf', request: 'launch', name: 'x' }, CSF)).program,
                '/w/clear.csf');
        });
        it('without program nor coreDump, and no .csf open, names the attribute', () => {
            assert.match(message(completeConfiguration({ type: 'csf', request: 'launch', name: 'x' }, undefined)),
                /"x" has no "program"/);
        });
        it('with a coreDump needs no program', () => {
            const c = config(completeConfiguration({ type: 'csf', request: 'launch', name: 'x', coreDump: '/o/core.json' }, undefined));
            assert.strictEqual(c.program, undefined);
        });
        it('attach is refused with the reason', () => {
            assert.match(message(completeConfiguration({ type: 'csf', request: 'attach', name: 'x' }, CSF)), /only launches/);
        });
    });

    describe('checked after variable substitution', () => {
        it('a relative program is taken from the workspace folder', () => {
            assert.strictEqual(config(checkConfiguration(launch({}), '/w', exists(['/w/examples/clear.csf']))).program,
                '/w/examples/clear.csf');
        });
        it('a program that does not exist is named with its full path', () => {
            assert.match(message(checkConfiguration(launch({}), '/w', exists([]))),
                /"program" of the launch configuration "L" is \/w\/examples\/clear\.csf, which does not exist/);
        });
        it('a core dump that does not exist is named', () => {
            assert.match(message(checkConfiguration(launch({ program: undefined, coreDump: '/o/core.json' }), '/w', exists([]))),
                /"coreDump" .* \/o\/core\.json, which does not exist/);
        });
        it('every argument keeps its allowed values', () => {
            const ok = exists(['/w/examples/clear.csf']);
            assert.match(message(checkConfiguration(launch({ steps: 0 }), '/w', ok)), /"steps" .* at least 1, not 0/);
            assert.match(message(checkConfiguration(launch({ steps: 1.5 }), '/w', ok)), /"steps"/);
            assert.match(message(checkConfiguration(launch({ timeout: -1 }), '/w', ok)), /"timeout" .* above 0/);
            assert.match(message(checkConfiguration(launch({ arch: 'v11' }), '/w', ok)), /"arch" .* one of v10, v12, not "v11"/);
            assert.match(message(checkConfiguration(launch({ stopOnEntry: 'yes' as never }), '/w', ok)), /"stopOnEntry" .* true or false/);
            assert.match(message(checkConfiguration(launch({ entry: ' ' }), '/w', ok)), /"entry" .* stream name/);
        });
        it('a complete configuration passes unchanged apart from its absolute path', () => {
            const c = config(checkConfiguration(launch({ program: '/abs/a.csf', steps: 500, timeout: 2.5, arch: 'v12',
                stopOnEntry: true, recordHistory: false, entry: 'main' }), '/w', exists(['/abs/a.csf'])));
            assert.deepStrictEqual(c, launch({ program: '/abs/a.csf', steps: 500, timeout: 2.5, arch: 'v12',
                stopOnEntry: true, recordHistory: false, entry: 'main' }));
        });
    });

    it('the Debug command and code lens start at the stream given', () => {
        assert.deepStrictEqual(configurationFor('/w/clear.csf', { entry: 'frag' }), {
            type: 'csf', request: 'launch', name: 'Debug clear.csf (frag)', program: '/w/clear.csf', stopOnEntry: false, entry: 'frag',
        });
    });

    describe('a program that does not assemble', () => {
        it('starts no session: the message gives the first error and says where the others are', () => {
            const answer = { ok: false, errors: ['clear.csf:3:5: error: unknown mnemonic MOVX', 'clear.csf:4:1: error: b'],
                warnings: [], sections: [] };
            assert.strictEqual(assemblyRefusal(answer, 'clear.csf'),
                'CSF: clear.csf does not assemble: clear.csf:3:5: error: unknown mnemonic MOVX (and 1 more error in Problems)');
        });

        it('one that assembles, or an unknown answer (no server), goes on to the adapter', () => {
            assert.strictEqual(assemblyRefusal({ ok: true, errors: [] }, 'a.csf'), undefined);
            assert.strictEqual(assemblyRefusal(undefined, 'a.csf'), undefined);
        });
    });
});
