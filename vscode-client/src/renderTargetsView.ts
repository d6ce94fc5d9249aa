// The debugger's `csf/renderTargets` answer -> the HTML of the render-target panel. No `vscode` import:
// mocha tests it in Node. Reuses the run panel's figures and page (escaped, no scripts).

import type { RenderTargetImage, RenderTargets } from './protocol';
import { escapeHtml, htmlPage, targetFigure } from './runView';

/** One target of `csf/renderTargets` (the adapter's record; read defensively: fields may be missing). */
export type DebugRenderTarget = Partial<RenderTargetImage>;

/** The `csf/renderTargets` answer, read defensively. */
export type RenderTargetsBody = Partial<Omit<RenderTargets, 'targets'>> & { targets?: DebugRenderTarget[] };

/** What the session is doing, as the panel says it. */
export type SessionState =
    | { kind: 'stopped'; reason?: string; description?: string; threadId?: number }
    | { kind: 'running' }
    | { kind: 'ended' }
    | { kind: 'failed'; message: string };

export interface RenderTargetsViewOptions {
    /** The debug session's name (the launch configuration's). */
    sessionName: string;
    state: SessionState;
    /** Shown under the heading, e.g. when the images were read. */
    subtitle?: string;
}

function stateText(state: SessionState): string {
    switch (state.kind) {
        case 'stopped': {
            const why = state.description || state.reason;
            const what = state.reason === 'exception' ? 'faulted' : 'stopped';
            return `${what}${why ? ` (${why})` : ''}: the images are the targets' memory now`;
        }
        case 'running':
            return 'running: the images are from the last stop';
        case 'ended':
            return 'the debug session ended: the images are from its last stop';
        case 'failed':
            return `cannot read the render targets: ${state.message}`;
    }
}

/** The panel's page: the state line, then each target the stopped queue's FBD (d40) describes. */
export function renderTargetsHtml(body: RenderTargetsBody | undefined | null, options: RenderTargetsViewOptions): string {
    const targets = Array.isArray(body?.targets) ? body!.targets! : [];
    // a fault's stop (reason exception) is an error, as a failed read is
    const fault = options.state.kind === 'stopped' && options.state.reason === 'exception';
    const stateClass = options.state.kind === 'failed' || fault ? 'error'
        : options.state.kind === 'stopped' ? 'ok' : 'muted';
    const parts = [
        `<h1>Render targets <span class="muted">${escapeHtml(options.sessionName)}</span></h1>`,
        options.subtitle ? `<p class="muted">${escapeHtml(options.subtitle)}</p>` : '',
        `<p class="status ${stateClass}">${escapeHtml(stateText(options.state))}</p>`,
    ];
    const problem = typeof body?.problem === 'string' && body.problem ? body.problem : undefined;
    if (problem) {
        // why no descriptor was read: d40 zero, misaligned, or not mapped in the queue's VM (the adapter says which)
        parts.push(`<p class="status error">No render targets: ${escapeHtml(problem)}</p>`);
    } else if (targets.length === 0) {
        parts.push('<p class="muted">No render targets: the stopped queue\'s framebuffer descriptor (d40) has no'
            + ' colour target the simulator writes.</p>');
    }
    for (const note of Array.isArray(body?.notes) ? body!.notes! : []) {
        parts.push(`<p class="muted">${escapeHtml(note)}</p>`);
    }
    if (targets.length > 0) {
        parts.push(`<div class="targets">${targets.map((t, i) => {
            const w = Number(t.width) || 0;
            const h = Number(t.height) || 0;
            const index = typeof t.index === 'number' ? t.index : i;
            const caption = `${escapeHtml(w)}\u00d7${escapeHtml(h)}${t.format ? ` \u00b7 ${escapeHtml(t.format)}` : ''}`;
            return targetFigure(t.png, w, h, `RT ${index}`, caption);
        }).join('')}</div>`);
    }
    return htmlPage(`Render targets: ${escapeHtml(options.sessionName)}`, parts.join('\n'));
}
