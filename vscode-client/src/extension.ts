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
import { formatStatus, RunFinished } from './status';

const LANGUAGE = 'csf';
const RUN_REQUEST = 'csf/run';
const RUN_FINISHED = 'csf/runFinished';
/** The server's own commands (code lenses), registered by the client from executeCommandProvider. */
const SERVER_RUN = 'csf.run';
const SERVER_ASSEMBLE = 'csf.assemble';

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
            (message, setting) => void this.showSettingError(message, setting));
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
        this.status.backgroundColor = view.severity === 'error'
            ? new vscode.ThemeColor('statusBarItem.errorBackground')
            : view.severity === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
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
