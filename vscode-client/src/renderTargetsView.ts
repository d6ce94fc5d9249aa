// The debugger's `csf/renderTargets` answer -> the HTML of the render-target panel. No `vscode` import:
// mocha tests it in Node. Reuses the run panel's figures and page (escaped, no scripts).

import { escapeHtml, htmlPage, targetFigure } from './runView';

/** One target of `csf/renderTargets`: `{ index, width, height, format, png }` (png is base64). */
export interface DebugRenderTarget {
    index?: number;
    width?: number;
    height?: number;
    format?: string;
    png?: string | null;
}

export interface RenderTargetsBody {
    targets?: DebugRenderTarget[];
}

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
            return `stopped${why ? ` (${why})` : ''}: the images are the targets' memory now`;
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
    const stateClass = options.state.kind === 'failed' ? 'error' : options.state.kind === 'stopped' ? 'ok' : 'muted';
    const parts = [
        `<h1>Render targets <span class="muted">${escapeHtml(options.sessionName)}</span></h1>`,
        options.subtitle ? `<p class="muted">${escapeHtml(options.subtitle)}</p>` : '',
        `<p class="status ${stateClass}">${escapeHtml(stateText(options.state))}</p>`,
    ];
    if (targets.length === 0) {
        parts.push('<p class="muted">No render targets: the stopped queue\'s d40 (framebuffer_pointer) points at no'
            + ' framebuffer descriptor with a colour target yet.</p>');
    } else {
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
