// extension.ts against a small fake `vscode` module: activation registers the commands and, when the
// server cannot start, says which setting to fix instead of throwing. (The real editor is not available
// here; everything with logic is tested in its own module.)

import * as assert from 'assert';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const Module = require('module') as { _load: (request: string, ...rest: unknown[]) => unknown };

interface Fake {
    commands: Map<string, (...args: unknown[]) => unknown>;
    errors: { message: string; actions: string[] }[];
    warnings: string[];
    settings: Record<string, unknown>;
    status: { text: string; tooltip: string; command: string; visible: boolean };
    activeEditor: { document: { languageId: string; uri: FakeUri; version: number; fileName: string } } | undefined;
    executed: unknown[][];
    /** What vscode.debug.register* received, by kind. */
    debug: Map<string, { type: string; provider: Record<string, (...args: unknown[]) => unknown> }>;
    files: Map<string, string>;
    controller?: FakeController;
}

interface FakeUri {
    scheme: string;
    fsPath: string;
    toString(): string;
}

/** Just enough of a TestController to see what the extension puts in the Testing view and what a run says. */
class FakeItems {
    readonly map = new Map<string, FakeItem>();
    get size() {
        return this.map.size;
    }
    get(id: string) {
        return this.map.get(id);
    }
    add(item: FakeItem) {
        this.map.set(item.id, item);
    }
    delete(id: string) {
        this.map.delete(id);
    }
    forEach(fn: (item: FakeItem) => void) {
        [...this.map.values()].forEach(fn);
    }
}

class FakeItem {
    readonly children = new FakeItems();
    range: unknown;
    constructor(public id: string, public label: string, public uri?: { toString(): string; path: string }) {
    }
}

interface FakeController {
    items: FakeItems;
    resolveHandler?: (item?: FakeItem) => Promise<void>;
    profiles: { label: string; run: (request: unknown, token: unknown) => Promise<void> }[];
    results: string[];
}

function fakeVscode(fake: Fake): unknown {
    const disposable = { dispose: () => undefined };
    const event = () => disposable;
    class Anything {
    }
    const api: Record<string, unknown> = {
        StatusBarAlignment: { Left: 1, Right: 2 },
        ProgressLocation: { Window: 10, Notification: 15 },
        ViewColumn: { Beside: -2 },
        ThemeColor: class {
            constructor(public id: string) {
            }
        },
        Uri: class {
            static parse(s: string) {
                return { toString: () => s, path: s.replace(/^file:\/\//, '') };
            }
            static file(p: string) {
                return { toString: () => `file://${p}`, path: p };
            }
        },
        Range: class {
            constructor(public startLine: number) {
            }
        },
        Position: class {
            constructor(public line: number, public character: number) {
            }
        },
        Location: class {
            constructor(public uri: unknown, public position: unknown) {
            }
        },
        TestMessage: class {
            constructor(public message: string) {
            }
        },
        TestRunProfileKind: { Run: 1, Debug: 2, Coverage: 3 },
        tests: {
            createTestController: () => {
                const c: FakeController = { items: new FakeItems(), profiles: [], results: [] };
                fake.controller = c;
                return Object.assign(c, {
                    createTestItem: (id: string, label: string, uri?: { toString(): string; path: string }) =>
                        new FakeItem(id, label, uri),
                    createRunProfile: (label: string, _kind: number, run: FakeController['profiles'][0]['run']) => {
                        c.profiles.push({ label, run });
                        return disposable;
                    },
                    createTestRun: () => ({
                        enqueued: (i: FakeItem) => c.results.push(`enqueued ${i.label}`),
                        started: (i: FakeItem) => c.results.push(`started ${i.label}`),
                        passed: (i: FakeItem) => c.results.push(`passed ${i.label}`),
                        failed: (i: FakeItem) => c.results.push(`failed ${i.label}`),
                        skipped: (i: FakeItem) => c.results.push(`skipped ${i.label}`),
                        errored: (i: FakeItem, m: { message: string }) => c.results.push(`errored ${i.label}: ${m.message}`),
                        end: () => c.results.push('end'),
                    }),
                    dispose: () => undefined,
                });
            },
        },
        window: {
            createOutputChannel: () => ({ appendLine: () => undefined, show: () => undefined, dispose: () => undefined }),
            createStatusBarItem: () => ({
                set text(v: string) {
                    fake.status.text = v;
                },
                set tooltip(v: string) {
                    fake.status.tooltip = v;
                },
                set command(v: string) {
                    fake.status.command = v;
                },
                set backgroundColor(_v: unknown) {
                    // not observed
                },
                name: '',
                show: () => {
                    fake.status.visible = true;
                },
                hide: () => {
                    fake.status.visible = false;
                },
                dispose: () => undefined,
            }),
            showErrorMessage: (message: string, ...actions: string[]) => {
                fake.errors.push({ message, actions });
                return Promise.resolve(undefined);
            },
            showWarningMessage: (message: string) => {
                fake.warnings.push(message);
                return Promise.resolve(undefined);
            },
            showInformationMessage: () => Promise.resolve(undefined),
            get activeTextEditor() {
                return fake.activeEditor;
            },
            onDidChangeActiveTextEditor: event,
        },
        workspace: {
            getConfiguration: (section: string) => ({
                get: (key: string) => fake.settings[`${section}.${key}`],
            }),
            onDidChangeTextDocument: event,
            onDidCloseTextDocument: event,
            onDidChangeConfiguration: event,
            createFileSystemWatcher: () => ({ onDidCreate: event, onDidChange: event, onDidDelete: event,
                dispose: () => undefined }),
            findFiles: () => Promise.resolve([...fake.files.keys()].map((p) => ({ toString: () => `file://${p}`, path: p }))),
            asRelativePath: (uri: { path: string }) => uri.path.replace(/^\/w\//, ''),
            fs: {
                readFile: (uri: { path: string }) => Promise.resolve(Buffer.from(fake.files.get(uri.path) ?? '')),
            },
            workspaceFolders: undefined,
            textDocuments: [],
        },
        DebugAdapterExecutable: class {
            constructor(public command: string, public args: string[], public options: unknown) {
            }
        },
        SourceBreakpoint: class {
        },
        debug: {
            registerDebugConfigurationProvider: (type: string, provider: never) => {
                fake.debug.set('configuration', { type, provider });
                return disposable;
            },
            registerDebugAdapterDescriptorFactory: (type: string, provider: never) => {
                fake.debug.set('descriptor', { type, provider });
                return disposable;
            },
            registerDebugAdapterTrackerFactory: (type: string, provider: never) => {
                fake.debug.set('tracker', { type, provider });
                return disposable;
            },
            onDidTerminateDebugSession: event,
            breakpoints: [],
            activeDebugSession: undefined,
        },
        commands: {
            registerCommand: (id: string, fn: (...args: unknown[]) => unknown) => {
                fake.commands.set(id, fn);
                return disposable;
            },
            executeCommand: (...args: unknown[]) => {
                fake.executed.push(args);
                return Promise.resolve(undefined);
            },
        },
    };
    // vscode-languageclient subclasses a few vscode classes when it loads.
    return new Proxy(api, { get: (target, p: string) => (p in target ? target[p] : Anything) });
}

describe('extension wiring (fake vscode)', () => {
    let fake: Fake;
    let ext: { activate(ctx: unknown): void; deactivate(): Promise<void> };
    const context = { extensionPath: '/nonexistent/extension', subscriptions: [] as { dispose(): void }[] };

    before(() => {
        fake = {
            commands: new Map(),
            errors: [],
            warnings: [],
            settings: { 'csf.server.jar': '/nonexistent/csf.jar', 'csf.server.command': [] },
            status: { text: '', tooltip: '', command: '', visible: false },
            activeEditor: {
                document: { languageId: 'csf', uri: { scheme: 'file', fsPath: '/w/a.csf', toString: () => 'file:///w/a.csf' },
                    version: 1, fileName: '/w/a.csf' },
            },
            executed: [],
            debug: new Map(),
            files: new Map([
                ['/w/top.csf', 'MOVE32 r4, #1\n.expect r4 == 1\n'],
                ['/w/sub/deep/t.csf', '.expect status ok\n'],
                ['/w/plain.csf', 'MOVE32 r4, #1\n'],
            ]),
        };
        const vscode = fakeVscode(fake);
        const original = Module._load;
        Module._load = function (request: string, ...rest: unknown[]) {
            return request === 'vscode' ? vscode : original.call(this, request, ...rest);
        };
        try {
            ext = require(path.resolve(__dirname, '..', 'extension.js'));
        } finally {
            Module._load = original;
        }
        ext.activate(context);
    });

    after(async () => {
        await ext.deactivate();
        context.subscriptions.forEach((d) => d.dispose());
    });

    it('registers Run Stream, Assemble and Restart', () => {
        for (const id of ['csf.runStream', 'csf.assembleFile', 'csf.restartServer']) {
            assert.ok(fake.commands.has(id), `command ${id}`);
        }
    });

    it('registers the csf debugger: configuration provider, adapter factory, tracker and its commands', () => {
        for (const kind of ['configuration', 'descriptor', 'tracker']) {
            assert.strictEqual(fake.debug.get(kind)?.type, 'csf', kind);
        }
        for (const id of ['csf.debug', 'csf.showRenderTargets']) {
            assert.ok(fake.commands.has(id), `command ${id}`);
        }
    });

    it('Run and Debug with no launch.json debugs the active .csf file, stopping on entry as it has no breakpoint', () => {
        const resolve = fake.debug.get('configuration')!.provider.resolveDebugConfiguration;
        const config = resolve.call(fake.debug.get('configuration')!.provider, undefined, {});
        assert.deepStrictEqual(config, {
            type: 'csf', request: 'launch', name: 'Debug a.csf', program: '/w/a.csf', stopOnEntry: true,
        });
    });

    it('the debug adapter without a jar is an error naming csf.server.jar, not a crash of the session', async () => {
        await new Promise((r) => setImmediate(r));
        const before = fake.errors.length;
        const factory = fake.debug.get('descriptor')!.provider;
        assert.throws(() => factory.createDebugAdapterDescriptor.call(factory, { configuration: {} }), /csf\.server\.jar/);
        assert.strictEqual(fake.errors.length, before + 1);
        assert.match(fake.errors[before].message, /\/nonexistent\/csf\.jar/);
        fake.errors.splice(before, 1);
    });

    it('a missing jar is one error message naming csf.server.jar, with Open Settings', async () => {
        await new Promise((r) => setImmediate(r));
        assert.strictEqual(fake.errors.length, 1, JSON.stringify(fake.errors));
        assert.match(fake.errors[0].message, /csf\.server\.jar/);
        assert.match(fake.errors[0].message, /\/nonexistent\/csf\.jar/);
        assert.deepStrictEqual(fake.errors[0].actions, ['Open Settings']);
    });

    it('the status bar says there is no server and offers a restart', () => {
        assert.ok(fake.status.visible);
        assert.strictEqual(fake.status.text, '$(warning) CSF: no language server');
        assert.strictEqual(fake.status.command, 'csf.restartServer');
    });

    it('Run Stream without a server explains instead of throwing', async () => {
        const before = fake.errors.length;
        const result = await fake.commands.get('csf.runStream')!();
        assert.strictEqual(result, undefined);
        assert.strictEqual(fake.errors.length, before + 1);
        assert.match(fake.errors[before].message, /Restart Language Server/);
    });

    it('Run Stream on a non-csf editor asks for a .csf file', async () => {
        const saved = fake.activeEditor;
        fake.activeEditor = { document: { ...saved!.document, languageId: 'plaintext' } };
        try {
            await fake.commands.get('csf.runStream')!();
            assert.deepStrictEqual(fake.warnings, ['CSF: open a .csf file first.']);
        } finally {
            fake.activeEditor = saved;
        }
    });

    it('the Testing view lists the files with expectations by folder, at their first .expect', async () => {
        const c = fake.controller!;
        await c.resolveHandler!();
        assert.deepStrictEqual([...c.items.map.keys()].sort(), ['file:///w/top.csf', 'folder:sub']);
        const deep = c.items.get('folder:sub')!.children.get('folder:sub/deep')!.children.get('file:///w/sub/deep/t.csf')!;
        assert.strictEqual(deep.label, 't.csf');
        assert.strictEqual((c.items.get('file:///w/top.csf')!.range as { startLine: number }).startLine, 1);
    });

    it('running a folder without a server errors each of its tests with the reason', async () => {
        const c = fake.controller!;
        c.results.length = 0;
        await c.profiles[0].run({ include: [c.items.get('folder:sub')] }, { isCancellationRequested: false });
        assert.deepStrictEqual(c.results, ['enqueued t.csf', 'errored t.csf: CSF: the language server is not running', 'end']);
    });
});
