import * as assert from 'assert';

import {
    DEBUG_ADAPTER, Host, initializationOptions, LANGUAGE_SERVER, resolveServerCommand, ServerCommand, ServerCommandError, settingsOf,
} from '../serverCommand';

/** A fake machine: only the listed files exist. */
function host(files: string[], env: Record<string, string> = {}, platform = 'linux'): Host {
    const set = new Set(files);
    return { env, platform, extensionPath: '/ext', isFile: (p) => set.has(p) };
}

const BUNDLED = '/ext/server/csf.jar';

function ok(r: ReturnType<typeof resolveServerCommand>): ServerCommand {
    assert.ok(r.ok, `expected a command, got: ${(r as ServerCommandError).message}`);
    return r as ServerCommand;
}

function failed(r: ReturnType<typeof resolveServerCommand>): ServerCommandError {
    assert.ok(!r.ok, `expected an error, got ${JSON.stringify(r)}`);
    return r as ServerCommandError;
}

describe('serverCommand', () => {
    describe('java resolution order', () => {
        const everywhere = ['/cfg/jdk/bin/java', '/env/jdk/bin/java', '/usr/bin/java', BUNDLED];
        const env = { JAVA_HOME: '/env/jdk', PATH: '/usr/local/bin:/usr/bin' };

        it('csf.server.javaHome wins over JAVA_HOME and PATH', () => {
            const r = ok(resolveServerCommand({ javaHome: '/cfg/jdk' }, host(everywhere, env)));
            assert.strictEqual(r.command, '/cfg/jdk/bin/java');
            assert.strictEqual(r.source, 'csf.server.javaHome');
        });
        it('JAVA_HOME when javaHome is unset or blank', () => {
            const r = ok(resolveServerCommand({ javaHome: '  ' }, host(everywhere, env)));
            assert.strictEqual(r.command, '/env/jdk/bin/java');
            assert.strictEqual(r.source, 'JAVA_HOME');
        });
        it('the first java on PATH when neither is set', () => {
            const r = ok(resolveServerCommand({}, host(['/opt/a/java', '/opt/b/java', BUNDLED], { PATH: '/nothing:/opt/a:/opt/b' })));
            assert.strictEqual(r.command, '/opt/a/java');
            assert.strictEqual(r.source, 'PATH');
        });
        it('a JAVA_HOME without bin/java falls back to PATH', () => {
            const r = ok(resolveServerCommand({}, host(['/usr/bin/java', BUNDLED], { JAVA_HOME: '/gone', PATH: '/usr/bin' })));
            assert.strictEqual(r.command, '/usr/bin/java');
        });
        it('Windows: java.exe, ; separated PATH', () => {
            const r = ok(resolveServerCommand({}, {
                env: { Path: 'C:\\Windows;C:\\jdk\\bin' },
                platform: 'win32',
                extensionPath: 'C:\\ext',
                isFile: (p) => p === 'C:\\jdk\\bin\\java.exe' || p === 'C:\\ext\\server\\csf.jar',
            }));
            assert.strictEqual(r.command, 'C:\\jdk\\bin\\java.exe');
            assert.deepStrictEqual(r.args, ['-jar', 'C:\\ext\\server\\csf.jar', 'lsp']);
        });
        it('a javaHome without bin/java is an error naming csf.server.javaHome, not a silent fallback', () => {
            const e = failed(resolveServerCommand({ javaHome: '/typo/jdk' }, host(everywhere, env)));
            assert.strictEqual(e.setting, 'csf.server.javaHome');
            assert.match(e.message, /csf\.server\.javaHome/);
            assert.match(e.message, /\/typo\/jdk\/bin\/java does not exist/);
        });
        it('no java anywhere: a clear message naming the setting', () => {
            const e = failed(resolveServerCommand({}, host([BUNDLED], { PATH: '/usr/bin' })));
            assert.strictEqual(e.setting, 'csf.server.javaHome');
            assert.match(e.message, /Java 17/);
            assert.match(e.message, /csf\.server\.javaHome/);
            assert.doesNotMatch(e.message, /\n\s+at /, 'no stack trace');
        });
        it('~ in javaHome is the home folder', () => {
            const r = ok(resolveServerCommand({ javaHome: '~/jdk' }, host(['/home/me/jdk/bin/java', BUNDLED], { HOME: '/home/me' })));
            assert.strictEqual(r.command, '/home/me/jdk/bin/java');
        });
    });

    describe('jar', () => {
        it('defaults to the jar bundled in the extension', () => {
            const r = ok(resolveServerCommand({}, host(['/usr/bin/java', BUNDLED], { PATH: '/usr/bin' })));
            assert.deepStrictEqual([r.command, ...r.args], ['/usr/bin/java', '-jar', BUNDLED, 'lsp']);
        });
        it('csf.server.jar replaces the bundled jar', () => {
            const r = ok(resolveServerCommand({ jar: '/src/csf/cli/target/csf.jar' },
                host(['/usr/bin/java', '/src/csf/cli/target/csf.jar'], { PATH: '/usr/bin' })));
            assert.deepStrictEqual(r.args, ['-jar', '/src/csf/cli/target/csf.jar', 'lsp']);
        });
        it('vmArgs go before -jar', () => {
            const r = ok(resolveServerCommand({ vmArgs: ['-Xmx1g', ''] }, host(['/usr/bin/java', BUNDLED], { PATH: '/usr/bin' })));
            assert.deepStrictEqual(r.args, ['-Xmx1g', '-jar', BUNDLED, 'lsp']);
        });
        it('a missing configured jar: message names csf.server.jar and the path', () => {
            const e = failed(resolveServerCommand({ jar: '/nope/csf.jar' }, host(['/usr/bin/java'], { PATH: '/usr/bin' })));
            assert.strictEqual(e.setting, 'csf.server.jar');
            assert.match(e.message, /csf\.server\.jar/);
            assert.match(e.message, /\/nope\/csf\.jar/);
        });
        it('a missing bundled jar: message names the bundled path and csf.server.jar', () => {
            const e = failed(resolveServerCommand({}, host(['/usr/bin/java'], { PATH: '/usr/bin' })));
            assert.strictEqual(e.setting, 'csf.server.jar');
            assert.match(e.message, /bundled server jar is missing: \/ext\/server\/csf\.jar/);
        });
        it('the jar is checked before java, so a missing jar is reported even without java', () => {
            const e = failed(resolveServerCommand({ jar: '/nope/csf.jar' }, host([], {})));
            assert.strictEqual(e.setting, 'csf.server.jar');
        });
    });

    describe('command override', () => {
        it('csf.server.command overrides java and jar', () => {
            const r = ok(resolveServerCommand({ command: ['/opt/csf-studio/csf', 'lsp'], javaHome: '/cfg/jdk', jar: '/x.jar' },
                host(['/opt/csf-studio/csf'])));
            assert.deepStrictEqual([r.command, ...r.args], ['/opt/csf-studio/csf', 'lsp']);
            assert.strictEqual(r.source, 'csf.server.command');
        });
        it('a bare command name is left to PATH lookup', () => {
            const r = ok(resolveServerCommand({ command: ['csf', 'lsp'] }, host([])));
            assert.deepStrictEqual([r.command, ...r.args], ['csf', 'lsp']);
        });
        it('an empty array means no override', () => {
            const r = ok(resolveServerCommand({ command: [] }, host(['/usr/bin/java', BUNDLED], { PATH: '/usr/bin' })));
            assert.strictEqual(r.command, '/usr/bin/java');
        });
        it('a command path that does not exist names csf.server.command', () => {
            const e = failed(resolveServerCommand({ command: ['/old/csf', 'lsp'] }, host([])));
            assert.strictEqual(e.setting, 'csf.server.command');
            assert.match(e.message, /\/old\/csf/);
        });
    });

    describe('initializationOptions', () => {
        it('passes the csf.run settings under the server names', () => {
            assert.deepStrictEqual(initializationOptions({ delayMs: 300, backgroundSteps: 5000, background: false }),
                { runDelayMs: 300, backgroundSteps: 5000, backgroundRun: false });
        });
        it('defaults equal the server defaults; nonsense values fall back', () => {
            assert.deepStrictEqual(initializationOptions({}), { runDelayMs: 150, backgroundSteps: 1_000_000, backgroundRun: true });
            assert.deepStrictEqual(initializationOptions({ delayMs: -5, backgroundSteps: 0 }),
                { runDelayMs: 150, backgroundSteps: 1_000_000, backgroundRun: true });
        });
        it('values past the server\'s ranges are clamped to them, so the server starts', () => {
            assert.deepStrictEqual(initializationOptions({ delayMs: 1e18, backgroundSteps: 1e30 }),
                { runDelayMs: 86_400_000, backgroundSteps: Number.MAX_SAFE_INTEGER, backgroundRun: true });
        });
    });
    describe('the debug adapter', () => {
        it('reads the server\'s java, jar and VM options, and its own command override', () => {
            const settings: Record<string, unknown> = { 'server.jar': '/j.jar', 'server.command': ['/lsp'], 'debug.command': ['/dbg'] };
            const get = <T>(key: string) => settings[key] as T | undefined;
            assert.deepStrictEqual(settingsOf(get, DEBUG_ADAPTER).command, ['/dbg']);
            assert.deepStrictEqual(settingsOf(get, LANGUAGE_SERVER).command, ['/lsp']);
            assert.strictEqual(settingsOf(get, DEBUG_ADAPTER).jar, '/j.jar');
        });
        it('runs the same java and jar with "debug"', () => {
            const r = ok(resolveServerCommand({ vmArgs: ['-Xmx1g'] }, host(['/usr/bin/java', BUNDLED], { PATH: '/usr/bin' }), DEBUG_ADAPTER));
            assert.deepStrictEqual([r.command, ...r.args], ['/usr/bin/java', '-Xmx1g', '-jar', BUNDLED, 'debug']);
        });
        it('csf.debug.command replaces the whole line, and a missing one is named as that setting', () => {
            const r = ok(resolveServerCommand({ command: ['/repo/csf', 'debug'] }, host(['/repo/csf']), DEBUG_ADAPTER));
            assert.deepStrictEqual([r.command, ...r.args, r.source], ['/repo/csf', 'debug', 'csf.debug.command']);
            const e = failed(resolveServerCommand({ command: ['/gone/csf', 'debug'] }, host([]), DEBUG_ADAPTER));
            assert.strictEqual(e.setting, 'csf.debug.command');
            assert.match(e.message, /csf\.debug\.command starts with "\/gone\/csf"/);
        });
    });
});
