// Wires the plain modules (serverCommand, runView, status, assembleView) to VS Code and the language client;
// the debugger has its own wiring (debugging.ts).

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
    ExecuteCommandRequest,
    LanguageClient,
    LanguageClientOptions,
    ServerOptions,
    State,
} from 'vscode-languageclient/node';

import { AssembleResult, formatAssembleResult } from './assembleView';
import { CsfDebugging } from './debugging';
import { RunResult, renderRunHtml, runErrorMessage } from './runView';
import { Host, initializationOptions, LANGUAGE_SERVER, resolveServerCommand, settingsOf } from './serverCommand';
import { AssembleAnswer, MESSAGES } from './protocol';
import { formatStatus, RunFinished, statusBackground } from './status';
import { failures, firstExpectationLine, folderChain, TestAnswer } from './testView';

const LANGUAGE = 'csf';
const RUN_REQUEST = MESSAGES['csf/run'];
const RUN_FINISHED = MESSAGES['csf/runFinished'];
const TEST_REQUEST = MESSAGES['csf/test'];
/** The server's own commands (code lenses), registered by the client from executeCommandProvider. */
const SERVER_RUN = 'csf.run';
const SERVER_ASSEMBLE = MESSAGES['csf.assemble'];

class CsfExtension implements vscode.Disposable {
    private client: LanguageClient | undefined;
    private starting: Promise<void> | undefined;
    private startError: string | undefined;
    private panel: vscode.WebviewPanel | undefined;
    private readonly runs = new Map<string, RunFinished>();
    private readonly output: vscode.OutputChannel;
    private readonly serverOutput: vscode.OutputChannel;
    private readonly status: vscode.StatusBarItem;
    private statusTimer: NodeJS.Timeout | undefined;
    private readonly disposables: vscode.Disposable[] = [];
    private readonly debugging: CsfDebugging;

    constructor(private readonly context: vscode.ExtensionContext) {
        this.output = vscode.window.createOutputChannel('CSF Studio');
        this.serverOutput = vscode.window.createOutputChannel('CSF Language Server');
        this.status = vscode.window.createStatusBarItem('csf.runStatus', vscode.StatusBarAlignment.Left, 50);
        this.status.name = 'CSF Run';
        this.debugging = new CsfDebugging(() => this.host(),
            (message, setting) => void this.showSettingError(message, setting),
            (uri) => this.assembleQuietly(uri));
        this.disposables.push(this.output, this.serverOutput, this.status, this.debugging);
    }

    activate(): void {
        const d = this.disposables;
        d.push(vscode.commands.registerCommand('csf.runStream', (uri?: vscode.Uri | string, stream?: string) =>
            this.runStream(uri, stream)));
        d.push(vscode.commands.registerCommand('csf.assembleFile', (uri?: vscode.Uri | string) => this.assembleFile(uri)));
        d.push(vscode.commands.registerCommand('csf.restartServer', () => this.restart(true)));
        this.debugging.activate();
        d.push(vscode.window.onDidChangeActiveTextEditor(() => this.updateStatus()));
        d.push(vscode.workspace.onDidChangeTextDocument((e) => {
            if (e.document === vscode.window.activeTextEditor?.document && e.document.languageId === LANGUAGE) {
                // A run of an older version shows as stale once the edit had time to produce a new run.
                clearTimeout(this.statusTimer);
                this.statusTimer = setTimeout(() => this.updateStatus(), 1500);
            }
        }));
        d.push(vscode.workspace.onDidCloseTextDocument((doc) => this.runs.delete(doc.uri.toString())));
        d.push(vscode.workspace.onDidChangeConfiguration(async (e) => {
            if (e.affectsConfiguration('csf.server') || e.affectsConfiguration('csf.run')) {
                const choice = await vscode.window.showInformationMessage(
                    'CSF: the language server settings changed. Restart the server to apply them?', 'Restart');
                if (choice === 'Restart') {
                    await this.restart(false);
                }
            }
        }));
        this.starting = this.start();
        this.updateStatus();
        this.setUpTests();
    }

    // ---- Testing view ----------------------------------------------------------------------------

    /** The Testing view: .csf files with .expect lines, by folder; runs go through the server's csf/test. */
    private setUpTests(): void {
        const ctrl = vscode.tests.createTestController('csfTestStreams', 'CSF Test Streams');
        this.disposables.push(ctrl);
        ctrl.resolveHandler = async (item) => {
            if (!item) {
                await this.discoverTests(ctrl);
            }
        };
        ctrl.refreshHandler = () => this.discoverTests(ctrl);
        ctrl.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.runTests(ctrl, request, token),
            true);
        const watcher = vscode.workspace.createFileSystemWatcher('**/*.csf');
        this.disposables.push(watcher,
            watcher.onDidCreate((uri) => this.updateTestFile(ctrl, uri)),
            watcher.onDidChange((uri) => this.updateTestFile(ctrl, uri)),
            watcher.onDidDelete((uri) => this.removeTestFile(ctrl, uri)));
    }

    private async discoverTests(ctrl: vscode.TestController): Promise<void> {
        const files = await vscode.workspace.findFiles('**/*.csf', '**/{node_modules,target,out}/**');
        await Promise.all(files.map((uri) => this.updateTestFile(ctrl, uri)));
    }

    /** Adds, moves or removes the test item of one file after reading it. */
    private async updateTestFile(ctrl: vscode.TestController, uri: vscode.Uri): Promise<void> {
        let text: string;
        try {
            text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
        } catch {
            this.removeTestFile(ctrl, uri);
            return;
        }
        const line = firstExpectationLine(text);
        if (line === undefined) {
            this.removeTestFile(ctrl, uri);
            return;
        }
        const relative = vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/');
        let siblings = ctrl.items;
        for (const folder of folderChain(relative)) {
            const id = `folder:${folder}`;
            let item = siblings.get(id);
            if (!item) {
                item = ctrl.createTestItem(id, folder.split('/').pop() ?? folder);
                siblings.add(item);
            }
            siblings = item.children;
        }
        const item = siblings.get(uri.toString()) ?? ctrl.createTestItem(uri.toString(), path.basename(uri.path), uri);
        item.range = new vscode.Range(line, 0, line, 0);
        siblings.add(item);
    }

    private removeTestFile(ctrl: vscode.TestController, uri: vscode.Uri): void {
        const find = (items: vscode.TestItemCollection): boolean => {
            let found = false;
            items.forEach((item) => {
                if (found) {
                    return;
                }
                if (item.id === uri.toString()) {
                    items.delete(item.id);
                    found = true;
                } else if (find(item.children)) {
                    found = true;
                    if (item.children.size === 0) {
                        items.delete(item.id);
                    }
                }
            });
            return found;
        };
        find(ctrl.items);
    }

    /** One file, a folder or everything: every file item under the request, each run by csf/test in turn. */
    private async runTests(ctrl: vscode.TestController, request: vscode.TestRunRequest,
                           token: vscode.CancellationToken): Promise<void> {
        const run = ctrl.createTestRun(request);
        const excluded = new Set((request.exclude ?? []).map((i) => i.id));
        const leaves: vscode.TestItem[] = [];
        const collect = (item: vscode.TestItem) => {
            if (excluded.has(item.id)) {
                return;
            }
            if (item.uri) {
                leaves.push(item);
            }
            item.children.forEach(collect);
        };
        if (request.include) {
            request.include.forEach(collect);
        } else {
            ctrl.items.forEach(collect);
        }
        leaves.forEach((item) => run.enqueued(item));
        const client = await this.readyClient();
        for (const item of leaves) {
            if (token.isCancellationRequested) {
                run.skipped(item);
                continue;
            }
            if (!client) {
                run.errored(item, new vscode.TestMessage('CSF: the language server is not running'));
                continue;
            }
            run.started(item);
            const started = Date.now();
            try {
                const answer = await client.sendRequest<TestAnswer>(TEST_REQUEST, { uri: item.id }, token);
                if (answer.passed) {
                    run.passed(item, Date.now() - started);
                } else {
                    const messages = failures(answer).map((f) => {
                        const m = new vscode.TestMessage(f.message);
                        const where = f.file ? vscode.Uri.file(f.file) : item.uri!;
                        m.location = new vscode.Location(where, new vscode.Position(f.line, f.character));
                        if (f.actual !== undefined) {
                            m.actualOutput = f.actual;
                        }
                        return m;
                    });
                    run.failed(item, messages, Date.now() - started);
                }
            } catch (e) {
                run.errored(item, new vscode.TestMessage(`CSF: ${e instanceof Error ? e.message : String(e)}`));
            }
        }
        run.end();
    }

    // ---- language server -------------------------------------------------------------------------

    private host(): Host {
        return {
            env: process.env,
            platform: process.platform,
            extensionPath: this.context.extensionPath,
            isFile: (p) => {
                try {
                    return fs.statSync(p).isFile();
                } catch {
                    return false;
                }
            },
        };
    }

    private async start(): Promise<void> {
        const cfg = vscode.workspace.getConfiguration('csf');
        const resolution = resolveServerCommand(settingsOf((key) => cfg.get(key), LANGUAGE_SERVER), this.host());
        if (!resolution.ok) {
            this.startError = resolution.message;
            this.serverOutput.appendLine(resolution.message);
            this.updateStatus();
            void this.showSettingError(resolution.message, resolution.setting);
            return;
        }
        const init = initializationOptions({
            delayMs: cfg.get<number>('run.delayMs'),
            backgroundSteps: cfg.get<number>('run.backgroundSteps'),
            background: cfg.get<boolean>('run.background'),
        });
        this.serverOutput.appendLine(`Starting: ${[resolution.command, ...resolution.args].join(' ')}`
            + ` (from ${resolution.source}); initializationOptions ${JSON.stringify(init)}`);
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
        const serverOptions: ServerOptions = {
            command: resolution.command,
            args: resolution.args,
            options: folder ? { cwd: folder } : {},
        };
        const clientOptions: LanguageClientOptions = {
            documentSelector: [
                { scheme: 'file', language: LANGUAGE },
                { scheme: 'untitled', language: LANGUAGE },
            ],
            initializationOptions: init,
            outputChannel: this.serverOutput,
            middleware: {
                executeCommand: (command, args, next) =>
                    command === SERVER_RUN || command === SERVER_ASSEMBLE
                        ? this.executeServerCommand(command, args)
                        : next(command, args),
            },
        };
        const client = new LanguageClient('csf', 'CSF Language Server', serverOptions, clientOptions);
        client.onNotification(RUN_FINISHED, (n: RunFinished) => {
            if (n && typeof n.uri === 'string') {
                this.runs.set(n.uri, n);
                if (vscode.window.activeTextEditor?.document.uri.toString() === n.uri) {
                    this.updateStatus();
                }
            }
        });
        this.client = client;
        this.startError = undefined;
        try {
            await client.start();
        } catch (e) {
            const reason = e instanceof Error ? e.message : String(e);
            this.startError = `CSF Studio: the language server did not start (${reason}). It runs `
                + `"${resolution.command}"; it needs Java 17 or newer: check csf.server.javaHome`
                + ' (or csf.server.jar / csf.server.command) and the "CSF Language Server" output.';
            this.serverOutput.appendLine(this.startError);
            void this.showSettingError(this.startError, resolution.source === 'csf.server.command'
                ? 'csf.server.command' : 'csf.server.javaHome', true);
        }
        this.updateStatus();
    }

    private async restart(announce: boolean): Promise<void> {
        await this.starting;
        const old = this.client;
        this.client = undefined;
        if (old) {
            try {
                await old.dispose(3000);
            } catch (e) {
                this.serverOutput.appendLine(`Stopping the old server: ${e instanceof Error ? e.message : String(e)}`);
            }
        }
        this.runs.clear();
        this.starting = this.start();
        await this.starting;
        const restarted = this.client as LanguageClient | undefined;
        if (announce && restarted?.state === State.Running) {
            void vscode.window.showInformationMessage('CSF: language server restarted.');
        }
    }

    private async readyClient(): Promise<LanguageClient | undefined> {
        await this.starting;
        const c = this.client;
        if (c && c.state === State.Running) {
            return c;
        }
        const why = this.startError ?? 'CSF: the language server is not running.';
        void this.showSettingError(`${why} Fix it, then run "CSF: Restart Language Server".`,
            'csf.server', true);
        return undefined;
    }

    private async showSettingError(message: string, setting: string, offerOutput = false): Promise<void> {
        const actions = offerOutput ? ['Open Settings', 'Show Output'] : ['Open Settings'];
        const choice = await vscode.window.showErrorMessage(message, ...actions);
        if (choice === 'Open Settings') {
            await vscode.commands.executeCommand('workbench.action.openSettings', setting);
        } else if (choice === 'Show Output') {
            this.serverOutput.show(true);
        }
    }

    // ---- commands --------------------------------------------------------------------------------

    /** The csf document a command applies to: its URI argument, else the active editor's. */
    private async documentFor(arg: vscode.Uri | string | undefined): Promise<vscode.TextDocument | undefined> {
        let doc: vscode.TextDocument | undefined;
        if (arg instanceof vscode.Uri || typeof arg === 'string') {
            const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg;
            doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())
                ?? await vscode.workspace.openTextDocument(uri);
        } else {
            doc = vscode.window.activeTextEditor?.document;
        }
        if (!doc || doc.languageId !== LANGUAGE) {
            void vscode.window.showWarningMessage('CSF: open a .csf file first.');
            return undefined;
        }
        return doc;
    }

    /** CSF: Run Stream: csf/run for the document, the result in the run panel. */
    private async runStream(arg?: vscode.Uri | string, stream?: string): Promise<RunResult | undefined> {
        const doc = await this.documentFor(arg);
        if (!doc) {
            return undefined;
        }
        const client = await this.readyClient();
        if (!client) {
            return undefined;
        }
        const name = path.basename(doc.fileName);
        const params: { uri: string; stream?: string } = { uri: doc.uri.toString() };
        if (typeof stream === 'string' && stream) {
            params.stream = stream;
        }
        try {
            const result = await vscode.window.withProgress({
                location: vscode.ProgressLocation.Window,
                title: `CSF: running ${name}`,
            }, (_progress, token) => client.sendRequest<RunResult>(RUN_REQUEST, params, token));
            this.showRun(result, name, params.stream);
            return result;
        } catch (e) {
            void vscode.window.showErrorMessage(runErrorMessage(name, e));
            return undefined;
        }
    }

    /**
     * csf.assemble for a debug launch's program (opened, so the server analyses it and Problems lists its
     * diagnostics); undefined when the server is not running, and the launch then goes on to the adapter.
     */
    private async assembleQuietly(uri: vscode.Uri): Promise<AssembleAnswer | undefined> {
        const c = this.client;
        if (!c || c.state !== State.Running) {
            return undefined;
        }
        try {
            await vscode.workspace.openTextDocument(uri);
            return await c.sendRequest(ExecuteCommandRequest.type,
                { command: MESSAGES['csf.assemble'], arguments: [uri.toString()] }) as AssembleAnswer;
        } catch {
            return undefined;
        }
    }

    /** CSF: Assemble: the server command csf.assemble, shown in the output channel. */
    private async assembleFile(arg?: vscode.Uri | string): Promise<AssembleResult | undefined> {
        const doc = await this.documentFor(arg);
        if (!doc) {
            return undefined;
        }
        return this.executeServerCommand(SERVER_ASSEMBLE, [doc.uri.toString()]) as Promise<AssembleResult | undefined>;
    }

    /**
     * workspace/executeCommand for csf.run / csf.assemble, from a code lens or our commands: the result goes
     * to the run panel or the output channel, errors to one clear message.
     */
    private async executeServerCommand(command: string, args: unknown[]): Promise<unknown> {
        const client = await this.readyClient();
        if (!client) {
            return undefined;
        }
        const uri = typeof args?.[0] === 'string' ? args[0] : '';
        const stream = typeof args?.[1] === 'string' ? args[1] : undefined;
        const name = uri ? path.basename(vscode.Uri.parse(uri).path) : 'document';
        try {
            const result = await vscode.window.withProgress({
                location: vscode.ProgressLocation.Window,
                title: command === SERVER_RUN ? `CSF: running ${name}` : `CSF: assembling ${name}`,
            }, (_p, token) => client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }, token));
            if (command === SERVER_RUN) {
                this.showRun(result as RunResult, name, stream);
            } else {
                this.showAssemble(result as AssembleResult, name);
            }
            return result;
        } catch (e) {
            const message = command === SERVER_RUN
                ? runErrorMessage(name, e)
                : `CSF: cannot assemble ${name}: ${e instanceof Error ? e.message : String(e)}`;
            void vscode.window.showErrorMessage(message);
            return undefined;
        }
    }

    private showRun(result: RunResult, name: string, stream: string | undefined): void {
        const time = new Date().toLocaleTimeString();
        if (!this.panel) {
            this.panel = vscode.window.createWebviewPanel('csf.run', `CSF Run: ${name}`,
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                { enableScripts: false, enableFindWidget: true, localResourceRoots: [] });
            this.panel.onDidDispose(() => {
                this.panel = undefined;
            }, null, this.disposables);
        } else {
            this.panel.reveal(undefined, true);
        }
        this.panel.title = `CSF Run: ${name}`;
        this.panel.webview.html = renderRunHtml(result, { documentName: name, stream, subtitle: `run at ${time}` });
    }

    private showAssemble(result: AssembleResult, name: string): void {
        const view = formatAssembleResult(result, name);
        this.output.appendLine(`[${new Date().toLocaleTimeString()}] ${view.lines[0]}`);
        view.lines.slice(1).forEach((l) => this.output.appendLine(l));
        if (view.ok) {
            void vscode.window.showInformationMessage(view.summary, 'Show Output').then((c) => {
                if (c) {
                    this.output.show(true);
                }
            });
        } else {
            this.output.show(true);
            void vscode.window.showErrorMessage(view.summary);
        }
    }

    // ---- status bar ------------------------------------------------------------------------------

    private updateStatus(): void {
        const doc = vscode.window.activeTextEditor?.document;
        if (!doc || doc.languageId !== LANGUAGE) {
            this.status.hide();
            return;
        }
        if (this.startError && !this.client?.isRunning()) {
            this.status.text = '$(warning) CSF: no language server';
            this.status.tooltip = `${this.startError}\nClick to restart the server.`;
            this.status.command = 'csf.restartServer';
            this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
            this.status.show();
            return;
        }
        const view = formatStatus(this.runs.get(doc.uri.toString()), doc.version);
        this.status.text = view.text;
        this.status.tooltip = view.tooltip;
        this.status.command = 'csf.runStream';
        const background = statusBackground(view.severity);
        this.status.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
        this.status.show();
    }

    async stop(): Promise<void> {
        clearTimeout(this.statusTimer);
        await this.starting;
        const c = this.client;
        this.client = undefined;
        if (c) {
            try {
                await c.dispose(3000);
            } catch {
                // the process is gone already
            }
        }
    }

    dispose(): void {
        this.panel?.dispose();
        this.disposables.forEach((d) => d.dispose());
    }
}

let extension: CsfExtension | undefined;

export function activate(context: vscode.ExtensionContext): void {
    extension = new CsfExtension(context);
    context.subscriptions.push(extension);
    extension.activate();
}

export async function deactivate(): Promise<void> {
    const e = extension;
    extension = undefined;
    await e?.stop();
}
