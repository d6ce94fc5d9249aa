// Wires the `csf` debugger into VS Code: the adapter (`csf.jar debug` with the Java the language server
// uses), launch configurations (debugConfiguration), the Debug commands, and the render-target panel
// refreshed on every stop (renderTargetsView).

import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';

import { assemblyRefusal, checkConfiguration, completeConfiguration, configurationFor, DEBUG_TYPE } from './debugConfiguration';
import { AssembleAnswer, MESSAGES } from './protocol';
import { RenderTargetsBody, renderTargetsHtml, SessionState } from './renderTargetsView';
import { DEBUG_ADAPTER, Host, resolveServerCommand, settingsOf } from './serverCommand';

const RENDER_TARGETS_REQUEST = MESSAGES['csf/renderTargets'];

function isFile(p: string): boolean {
    try {
        return fs.statSync(p).isFile();
    } catch {
        return false;
    }
}

export class CsfDebugging implements vscode.Disposable {
    private panel: vscode.WebviewPanel | undefined;
    /** The session the panel shows: the last csf session that stopped. */
    private shown: vscode.DebugSession | undefined;
    /** Its last csf/renderTargets answer, kept on screen while it runs and after it ends. */
    private lastBody: RenderTargetsBody | undefined;
    /** Its last stop as the adapter said it (reason, description: a fault's stop is said as one). */
    private lastStop: SessionState | undefined;
    private readonly disposables: vscode.Disposable[] = [];

    constructor(private readonly host: () => Host,
        private readonly showSettingError: (message: string, setting: string) => void,
        private readonly assemble: (program: vscode.Uri) => Promise<AssembleAnswer | undefined>) {
    }

    activate(): void {
        const d = this.disposables;
        d.push(vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE, this));
        d.push(vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE, this));
        d.push(vscode.debug.registerDebugAdapterTrackerFactory(DEBUG_TYPE, {
            createDebugAdapterTracker: (session) => ({
                onDidSendMessage: (m: DebugProtocol.ProtocolMessage) => this.onAdapterMessage(session, m),
            }),
        }));
        d.push(vscode.debug.onDidTerminateDebugSession((s) => {
            if (s === this.shown) {
                void this.refresh(s, { kind: 'ended' });
            }
        }));
        d.push(vscode.commands.registerCommand('csf.debug', (uri?: vscode.Uri | string, stream?: string) =>
            this.debugStream(uri, stream)));
        d.push(vscode.commands.registerCommand('csf.showRenderTargets', () => this.showRenderTargets()));
    }

    // ---- launch configurations -------------------------------------------------------------------

    resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined,
        config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
        const doc = vscode.window.activeTextEditor?.document;
        const active = doc && {
            fsPath: doc.uri.scheme === 'file' ? doc.uri.fsPath : undefined,
            languageId: doc.languageId,
            hasBreakpoints: vscode.debug.breakpoints.some((b) => b.enabled && b instanceof vscode.SourceBreakpoint
                && b.location.uri.toString() === doc.uri.toString()),
        };
        const checked = completeConfiguration(config, active);
        if (!checked.ok) {
            void vscode.window.showErrorMessage(checked.message);
            return undefined;
        }
        return checked.config;
    }

    /**
     * Checks the configuration, then assembles its program through the language server: a program that does not
     * assemble starts no session (undefined: no "Open launch.json" dialog); its diagnostics are in Problems and
     * the first one in the message.
     */
    async resolveDebugConfigurationWithSubstitutedVariables(folder: vscode.WorkspaceFolder | undefined,
        config: vscode.DebugConfiguration): Promise<vscode.DebugConfiguration | undefined> {
        const base = folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
        const checked = checkConfiguration(config as never, base, isFile);
        if (!checked.ok) {
            void vscode.window.showErrorMessage(checked.message);
            return undefined;
        }
        const program = typeof checked.config.program === 'string' ? checked.config.program : undefined;
        if (program && program.endsWith('.csf')) {
            const refusal = assemblyRefusal(await this.assemble(vscode.Uri.file(program)), path.basename(program));
            if (refusal) {
                void vscode.commands.executeCommand('workbench.actions.view.problems');
                void vscode.window.showErrorMessage(refusal);
                return undefined;
            }
        }
        return checked.config;
    }

    // ---- the adapter -----------------------------------------------------------------------------

    createDebugAdapterDescriptor(session: vscode.DebugSession): vscode.DebugAdapterDescriptor {
        const cfg = vscode.workspace.getConfiguration('csf');
        const resolution = resolveServerCommand(settingsOf((key) => cfg.get(key), DEBUG_ADAPTER), this.host(), DEBUG_ADAPTER);
        if (!resolution.ok) {
            this.showSettingError(resolution.message, resolution.setting);
            throw new Error(resolution.message);
        }
        const program = typeof session.configuration.program === 'string' ? session.configuration.program : undefined;
        const cwd = session.workspaceFolder?.uri.fsPath ?? (program ? path.dirname(program) : undefined);
        return new vscode.DebugAdapterExecutable(resolution.command, resolution.args, cwd ? { cwd } : {});
    }

    /**
     * csf.debug [uri, stream] (CSF: Debug Stream in the editor title and menus; the server's "Debug" code lens,
     * a command the server leaves to the editor): debugs the document, from `stream` when one is given.
     */
    private async debugStream(arg?: vscode.Uri | string, stream?: string): Promise<boolean> {
        const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg ?? vscode.window.activeTextEditor?.document.uri;
        const doc = uri && (vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())
            ?? await vscode.workspace.openTextDocument(uri));
        if (!doc || doc.languageId !== 'csf' || doc.uri.scheme !== 'file') {
            void vscode.window.showWarningMessage('CSF: open a saved .csf file first.');
            return false;
        }
        if (doc.isDirty) {
            await doc.save();
        }
        const config = configurationFor(doc.uri.fsPath, { entry: typeof stream === 'string' && stream ? stream : undefined });
        return vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(doc.uri), config);
    }

    // ---- render-target panel ---------------------------------------------------------------------

    private onAdapterMessage(session: vscode.DebugSession, m: DebugProtocol.ProtocolMessage): void {
        if (m.type !== 'event') {
            return;
        }
        const event = m as DebugProtocol.Event;
        if (event.event === 'stopped') {
            const body = (event as DebugProtocol.StoppedEvent).body;
            void this.refresh(session, { kind: 'stopped', reason: body.reason, description: body.description,
                threadId: body.threadId }, true);
        } else if (event.event === 'continued' && session === this.shown && this.panel) {
            void this.refresh(session, { kind: 'running' });
        }
    }

    /**
     * Reads the targets when stopped (they are the memory as it is now, so a poked clear colour shows after the
     * fragment job ran again) and shows them; other states keep the last images with a line saying so. The
     * panel opens by itself at the first stop that has a target.
     */
    private async refresh(session: vscode.DebugSession, state: SessionState, open = false): Promise<void> {
        let body = session === this.shown ? this.lastBody : undefined;
        let shownState = state;
        if (state.kind === 'stopped') {
            try {
                body = await session.customRequest(RENDER_TARGETS_REQUEST) as RenderTargetsBody;
            } catch (e) {
                shownState = { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
            }
        }
        if (session !== this.shown) {
            this.lastStop = undefined;
        }
        if (state.kind === 'stopped' && (state.reason || state.description)) {
            this.lastStop = state;
        }
        this.shown = session;
        this.lastBody = body;
        const hasTargets = Array.isArray(body?.targets) && body!.targets!.length > 0;
        if (!this.panel && !(open && hasTargets)) {
            return;
        }
        this.render(session.name, shownState);
    }

    private render(sessionName: string, state: SessionState): void {
        if (!this.panel) {
            this.panel = vscode.window.createWebviewPanel('csf.renderTargets', 'CSF Render Targets',
                { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
                { enableScripts: false, enableFindWidget: false, localResourceRoots: [] });
            this.panel.onDidDispose(() => {
                this.panel = undefined;
            }, null, this.disposables);
        }
        this.panel.title = `CSF Render Targets: ${sessionName}`;
        this.panel.webview.html = renderTargetsHtml(this.lastBody, {
            sessionName, state, subtitle: `read at ${new Date().toLocaleTimeString()}`,
        });
    }

    /** CSF: Show Render Targets: the panel for the active csf session, read now. */
    private async showRenderTargets(): Promise<void> {
        const session = vscode.debug.activeDebugSession;
        if (!session || session.type !== DEBUG_TYPE) {
            void vscode.window.showWarningMessage('CSF: no CSF debug session is active; start one with Run and Debug (F5).');
            return;
        }
        const stop: SessionState = session === this.shown && this.lastStop ? this.lastStop : { kind: 'stopped' };
        await this.refresh(session, stop);
        if (!this.panel) {
            this.render(session.name, stop);
        }
        this.panel?.reveal(undefined, true);
    }

    dispose(): void {
        this.panel?.dispose();
        this.disposables.forEach((d) => d.dispose());
    }
}
