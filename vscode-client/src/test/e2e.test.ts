// End to end with the real server and no VS Code: spawn `java -jar csf.jar lsp` as the extension would
// (same serverCommand resolution) and speak LSP over stdio with vscode-jsonrpc.

import * as assert from 'assert';
import * as cp from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as zlib from 'zlib';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

import { AssembleResult, formatAssembleResult, Section } from '../assembleView';
import { renderRunHtml, RunResult } from '../runView';
import { resolveServerCommand, ServerCommand } from '../serverCommand';
import { failures, TestAnswer } from '../testView';
import { formatStatus, RunFinished, statusBackground } from '../status';

const REPO = path.resolve(__dirname, '..', '..', '..');
const JAR = process.env.CSF_JAR ?? path.join(REPO, 'cli', 'target', 'csf.jar');
const CLEAR = path.join(REPO, 'examples', 'clear.csf');
/** A stream whose run faults on line 19, as its `.expect fault translation, line=19` says it must. */
const WRONG_VM = path.join(REPO, 'examples', 'debug', 'wrong-vm.csf');

interface Diagnostic {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    severity?: number;
    code?: string | number;
    message: string;
}

interface PublishDiagnostics {
    uri: string;
    version?: number;
    diagnostics: Diagnostic[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width, height and the first pixel (RGBA) of an 8-bit RGBA PNG, with Node's zlib. */
function decodePng(png: Buffer): { width: number; height: number; firstPixel: number[] } {
    assert.ok(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature');
    let offset = 8;
    let width = 0;
    let height = 0;
    const idat: Buffer[] = [];
    while (offset < png.length) {
        const length = png.readUInt32BE(offset);
        const type = png.toString('latin1', offset + 4, offset + 8);
        const data = png.subarray(offset + 8, offset + 8 + length);
        if (type === 'IHDR') {
            width = data.readUInt32BE(0);
            height = data.readUInt32BE(4);
            assert.strictEqual(data[8], 8, 'bit depth 8');
            assert.strictEqual(data[9], 6, 'colour type RGBA');
        } else if (type === 'IDAT') {
            idat.push(data);
        }
        offset += 12 + length;
    }
    const raw = zlib.inflateSync(Buffer.concat(idat));
    // raw[0] is the first row's filter byte; with no row above and no pixel to the left every PNG filter
    // leaves the first pixel as stored.
    return { width, height, firstPixel: [raw[1], raw[2], raw[3], raw[4]] };
}

/** A notification the test waits for; notifications that came earlier are kept. */
class Inbox<T> {
    private readonly items: T[] = [];
    private waiters: { match: (t: T) => boolean; resolve: (t: T) => void }[] = [];

    push(item: T): void {
        this.items.push(item);
        const still: typeof this.waiters = [];
        for (const w of this.waiters) {
            if (w.match(item)) {
                w.resolve(item);
            } else {
                still.push(w);
            }
        }
        this.waiters = still;
    }

    next(match: (t: T) => boolean, what: string, timeoutMs = 15000): Promise<T> {
        const found = this.items.find(match);
        if (found) {
            return Promise.resolve(found);
        }
        return new Promise<T>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
            this.waiters.push({ match, resolve: (t) => {
                clearTimeout(timer);
                resolve(t);
            } });
        });
    }
}

describe('end to end: csf lsp over stdio', function () {
    this.timeout(30000);

    let server: cp.ChildProcess | undefined;
    let connection: MessageConnection;
    let stderr = '';
    const diagnostics = new Inbox<PublishDiagnostics>();
    const runs = new Inbox<RunFinished>();
    const clearText = fs.existsSync(CLEAR) ? fs.readFileSync(CLEAR, 'utf8') : '';
    const workspace = path.dirname(CLEAR);
    const clearUri = pathToFileURL(path.join(workspace, 'e2e-clear.csf')).toString();
    const badUri = pathToFileURL(path.join(workspace, 'e2e-bad.csf')).toString();
    const testUri = pathToFileURL(path.join(workspace, 'e2e-test.csf')).toString();

    before(async function () {
        if (!fs.existsSync(JAR)) {
            if (process.env.CSF_E2E_REQUIRED === 'true') {
                // set by vscode-client/pom.xml: in the Maven build the reactor has built the jar first
                throw new Error(`${JAR} does not exist, and CSF_E2E_REQUIRED=true forbids skipping the end-to-end tests`);
            }
            // eslint-disable-next-line no-console
            console.warn(`\n    SKIPPED end-to-end tests: ${JAR} does not exist. Build it with `
                + '"./mvnw -DskipTests -pl cli -am package" (or set CSF_JAR).\n');
            this.skip();
        }
        const resolution = resolveServerCommand({ jar: JAR }, {
            env: process.env,
            platform: process.platform,
            extensionPath: path.resolve(__dirname, '..', '..'),
            isFile: (p) => fs.existsSync(p) && fs.statSync(p).isFile(),
        });
        assert.ok(resolution.ok, (resolution as { message?: string }).message);
        const cmd = resolution as ServerCommand;
        assert.deepStrictEqual(cmd.args, ['-jar', JAR, 'lsp']);
        const proc = cp.spawn(cmd.command, cmd.args, { stdio: ['pipe', 'pipe', 'pipe'] });
        server = proc;
        proc.stderr!.on('data', (d) => {
            stderr += d.toString();
        });
        connection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
        connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnostics) => diagnostics.push(p));
        connection.onNotification('csf/runFinished', (p: RunFinished) => runs.push(p));
        connection.onNotification(() => undefined);
        connection.onRequest(() => null);
        connection.listen();
        const result = await connection.sendRequest('initialize', {
            processId: process.pid,
            rootUri: pathToFileURL(workspace).toString(),
            workspaceFolders: [{ uri: pathToFileURL(workspace).toString(), name: 'examples' }],
            capabilities: {},
            initializationOptions: { runDelayMs: 10, backgroundSteps: 100000, backgroundRun: true },
        }) as { capabilities: { executeCommandProvider?: { commands: string[] } } };
        assert.deepStrictEqual(result.capabilities.executeCommandProvider?.commands.slice().sort(),
            ['csf.assemble', 'csf.run', 'csf.test', 'csf.updateGolden']);
        await connection.sendNotification('initialized', {});
    });

    after(async function () {
        if (!server) {
            return;
        }
        const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
        try {
            await connection.sendRequest('shutdown');
            await connection.sendNotification('exit');
            const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('timeout'), 5000))]);
            assert.strictEqual(code, 0, `server exit code after shutdown/exit (stderr: ${stderr})`);
        } finally {
            connection.dispose();
            if (server.exitCode === null) {
                server.kill();
            }
        }
    });

    it('a clear-to-red stream: no error diagnostics, a background run, csf/run returns the red PNG', async () => {
        await connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: clearUri, languageId: 'csf', version: 1, text: clearText },
        });
        const published = await diagnostics.next((d) => d.uri === clearUri, 'diagnostics of the clear stream');
        assert.deepStrictEqual(published.diagnostics.filter((d) => d.severity === 1), [], 'no errors');

        const finished = await runs.next((r) => r.uri === clearUri, 'csf/runFinished of the clear stream');
        assert.strictEqual(finished.status, 'ok');
        assert.strictEqual(finished.version, 1);
        assert.deepStrictEqual(finished.renderTargets, [{ buffer: 'color', width: 16, height: 16 }]);
        assert.strictEqual(formatStatus(finished, 1).text, `$(play) CSF: completed, ${finished.instructions} instr`);

        const result = await connection.sendRequest('csf/run', { uri: clearUri }) as RunResult;
        assert.strictEqual(result.report?.status, 'ok');
        assert.ok((result.report?.instructions ?? 0) > 0);
        assert.strictEqual(result.renderTargets?.length, 1);
        const target = result.renderTargets![0];
        assert.strictEqual(target.buffer, 'color');
        const png = Buffer.from(target.pngBase64!, 'base64');
        assert.ok(png.subarray(0, 8).equals(PNG_SIGNATURE), 'starts with the PNG signature');
        const decoded = decodePng(png);
        assert.deepStrictEqual([decoded.width, decoded.height], [16, 16]);
        assert.deepStrictEqual(decoded.firstPixel, [255, 0, 0, 255], 'opaque red');

        const html = renderRunHtml(result, { documentName: 'e2e-clear.csf' });
        assert.ok(html.includes(`<img src="data:image/png;base64,${target.pngBase64}"`), 'the panel shows the server PNG');
        assert.match(html, /<strong class="buffer">color<\/strong> 16\u00d716 \u00b7 R8G8B8A8 \u00b7 linear/);
    });

    it('the code-lens commands: csf.assemble lists the sections, csf.run answers like csf/run', async () => {
        const assembled = await connection.sendRequest('workspace/executeCommand',
            { command: 'csf.assemble', arguments: [clearUri] }) as AssembleResult & { ok: boolean; sections: Section[] };
        assert.strictEqual(assembled.ok, true);
        assert.deepStrictEqual(assembled.sections.map((s) => `${s.kind} ${s.name}`).sort(),
            ['buffer color', 'buffer fb', 'stream main']);
        assert.strictEqual(formatAssembleResult(assembled, 'e2e-clear.csf').summary,
            'CSF: e2e-clear.csf assembles: 1 stream, 2 buffers');

        const ran = await connection.sendRequest('workspace/executeCommand',
            { command: 'csf.run', arguments: [clearUri, 'main'] }) as RunResult;
        assert.strictEqual(ran.report?.status, 'ok');
        assert.strictEqual(ran.renderTargets?.[0]?.buffer, 'color');
    });

    it('a document with an error: a diagnostic on the right line, and csf/run refuses it', async () => {
        const text = [
            '.stream main',
            '    MOVE32 r1, #1',
            '    BRNCH.ne r4, 0',
            '    MOVE32 r2, #2',
        ].join('\n');
        await connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: badUri, languageId: 'csf', version: 1, text },
        });
        const published = await diagnostics.next((d) => d.uri === badUri && d.diagnostics.length > 0, 'diagnostics of the bad stream');
        const errors = published.diagnostics.filter((d) => d.severity === 1);
        assert.strictEqual(errors.length, 1, JSON.stringify(published.diagnostics));
        assert.strictEqual(errors[0].range.start.line, 2);
        assert.strictEqual(errors[0].range.start.character, 4);
        assert.match(errors[0].message, /unknown mnemonic 'BRNCH'/);

        await assert.rejects(connection.sendRequest('csf/run', { uri: badUri }), /does not assemble/);
    });

    it('a fault the stream expects: csf/runFinished says expected, the status bar a pass, line 19 an information', async () => {
        const text = fs.readFileSync(WRONG_VM, 'utf8');
        const uri = pathToFileURL(path.join(workspace, 'e2e-wrong-vm.csf')).toString();
        await connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri, languageId: 'csf', version: 1, text },
        });
        const finished = await runs.next((r) => r.uri === uri, 'csf/runFinished of wrong-vm.csf');
        assert.strictEqual(finished.status, 'fault');
        assert.strictEqual(finished.expected, true);
        const view = formatStatus(finished, 1);
        assert.strictEqual(view.text, '$(pass) CSF: expected fault after 4 instr');
        assert.strictEqual(statusBackground(view.severity), undefined, 'no error background');
        const published = await diagnostics.next((d) => d.uri === uri && d.diagnostics.length > 0, 'the fault as a diagnostic');
        assert.deepStrictEqual(published.diagnostics.map((d) => [d.range.start.line, d.severity]), [[18, 3]],
            JSON.stringify(published.diagnostics));

        // the same stream without its .expect lines: the same fault is an error, in the status bar too
        const unexpected = pathToFileURL(path.join(workspace, 'e2e-unexpected-fault.csf')).toString();
        await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: unexpected, languageId: 'csf',
            version: 1, text: text.split('\n').filter((l) => !l.startsWith('.expect')).join('\n') } });
        const faulted = await runs.next((r) => r.uri === unexpected, 'csf/runFinished of the unexpected fault');
        assert.strictEqual(faulted.expected, false);
        assert.strictEqual(statusBackground(formatStatus(faulted, 1).severity), 'statusBarItem.errorBackground');
        const errors = await diagnostics.next((d) => d.uri === unexpected && d.diagnostics.length > 0, 'its diagnostic');
        assert.deepStrictEqual(errors.diagnostics.map((d) => [d.range.start.line, d.severity]), [[18, 1]]);
    });

    it('csf/test (what the Testing view runs): each expectation, failures at their .expect line', async () => {
        const lines = clearText.split('\n').length;
        const text = `${clearText}.expect pixel color(0, 0) == (0, 255, 0, 255)\n`;
        await connection.sendNotification('textDocument/didOpen', {
            textDocument: { uri: testUri, languageId: 'csf', version: 1, text },
        });
        const answer = await connection.sendRequest('csf/test', { uri: testUri }) as TestAnswer;
        assert.strictEqual(answer.passed, false);
        assert.ok(answer.expectations.filter((e) => e.passed).length >= 3, JSON.stringify(answer));
        assert.deepStrictEqual(failures(answer).map((f) => [f.line, f.message]), [[lines - 1,
            'pixel color(0, 0) == (0, 255, 0, 255): got (255, 0, 0, 255), expected (0, 255, 0, 255)']]);
        const published = await diagnostics.next((d) => d.uri === testUri
            && d.diagnostics.some((x) => x.code === 'expectation-failed'), 'the failed expectation as a diagnostic');
        const failed = published.diagnostics.find((x) => x.code === 'expectation-failed')!;
        assert.strictEqual(failed.range.start.line, lines - 1);
        assert.match(failed.message, /got \(255, 0, 0, 255\)/);
    });
});
