// csf/run result JSON -> the HTML of the run panel. No `vscode` import: mocha tests it in Node.
// Everything that comes from the server or the document is escaped; the page runs no script.

/** One rendered target of the `csf/run` answer. */
export interface RenderTargetImage {
    buffer: string;
    width: number;
    height: number;
    pngBase64?: string | null;
}

/** The `csf/run` answer: `{report: <report.json of csf run>, renderTargets: [...]}`. */
export interface RunResult {
    report?: RunReport;
    renderTargets?: RenderTargetImage[];
}

export interface RunReport {
    status?: string;
    instructions?: number;
    registers?: number[];
    fault?: Fault | null;
    render_targets?: ReportRenderTarget[];
    recorded?: Recorded[];
    notes?: string[];
    source?: string;
    [key: string]: unknown;
}

export interface Fault {
    kind?: string;
    message?: string;
    position?: string;
    va?: string;
    queue?: string;
    instruction?: string;
    call_chain?: string[];
    [key: string]: unknown;
}

export interface ReportRenderTarget {
    buffer?: string;
    vm?: string;
    address?: string;
    width?: number;
    height?: number;
    format?: string;
    layout?: string;
    row_stride?: number;
    region?: { min_x?: number; min_y?: number; max_x?: number; max_y?: number; empty?: boolean };
    png?: string | null;
}

export interface Recorded {
    queue?: string;
    position?: string;
    instruction?: string;
    reason?: string;
}

export interface RunViewOptions {
    /** The document's file name, shown in the heading. */
    documentName: string;
    /** The stream that was run, when one was picked (code lens); else the entry stream ran. */
    stream?: string;
    /** Shown under the heading, e.g. the time of the run. */
    subtitle?: string;
}

/** Displayed images are scaled by an integer factor up to about this many CSS pixels on the long side. */
export const TARGET_DISPLAY_PX = 256;
const MAX_RECORDED = 50;

export function escapeHtml(value: unknown): string {
    return String(value ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}

/** "1,234,567" independent of locale. */
function count(n: unknown): string {
    return typeof n === 'number' && Number.isFinite(n)
        ? String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
        : '?';
}

function isBase64(s: unknown): s is string {
    return typeof s === 'string' && s.length > 0 && s.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(s);
}

/** Integer zoom so a 16x16 target shows at 256x256 and a 4K one at 1:1. */
export function displayScale(width: number, height: number): number {
    const side = Math.max(width, height, 1);
    return Math.max(1, Math.floor(TARGET_DISPLAY_PX / side));
}

/** `/long/path/to/x.csf:12:5` -> `x.csf:12:5` (the full text stays in the title attribute). */
function shortPosition(position: string): string {
    const cut = Math.max(position.lastIndexOf('/'), position.lastIndexOf('\\'));
    return cut >= 0 ? position.slice(cut + 1) : position;
}

function position(p: unknown): string {
    if (typeof p !== 'string' || p === '') {
        return '';
    }
    return `<span class="pos" title="${escapeHtml(p)}">${escapeHtml(shortPosition(p))}</span>`;
}

const STATUS_TEXT: Record<string, string> = {
    ok: 'completed',
    fault: 'fault',
    timeout: 'timeout: the step budget ran out',
    deadlock: 'deadlock',
    cancelled: 'cancelled',
};

function statusClass(status: string): string {
    switch (status) {
        case 'ok':
            return 'ok';
        case 'timeout':
            return 'warning';
        default:
            return 'error';
    }
}

function renderFault(fault: Fault | null | undefined): string {
    if (!fault) {
        return '';
    }
    const rows: string[] = [];
    const row = (name: string, html: string) => {
        if (html) {
            rows.push(`<tr><th>${escapeHtml(name)}</th><td>${html}</td></tr>`);
        }
    };
    row('kind', escapeHtml(fault.kind ?? ''));
    row('where', position(fault.position));
    row('queue', escapeHtml(fault.queue ?? ''));
    row('address', fault.va ? `<code>${escapeHtml(fault.va)}</code>` : '');
    row('instruction at', fault.instruction ? `<code>${escapeHtml(fault.instruction)}</code>` : '');
    const chain = (fault.call_chain ?? []).filter((c) => typeof c === 'string');
    row('called from', chain.map(position).join('<br>'));
    return `<section class="fault"><h2>${escapeHtml(fault.kind === 'deadlock' ? 'Deadlock' : 'Fault')}</h2>`
        + `<p class="fault-message">${escapeHtml(fault.message ?? '')}</p>`
        + `<table class="kv">${rows.join('')}</table></section>`;
}

function describeTarget(rt: ReportRenderTarget | undefined, image: RenderTargetImage): string {
    const parts: string[] = [`${escapeHtml(image.width)}\u00d7${escapeHtml(image.height)}`];
    if (rt) {
        if (rt.format) {
            parts.push(escapeHtml(rt.format));
        }
        if (rt.layout) {
            parts.push(escapeHtml(rt.layout));
        }
        const r = rt.region;
        if (r) {
            parts.push(r.empty
                ? 'nothing cleared (empty region)'
                : `cleared (${escapeHtml(r.min_x)},${escapeHtml(r.min_y)})\u2013(${escapeHtml(r.max_x)},${escapeHtml(r.max_y)})`);
        }
        if (rt.address) {
            parts.push(`<code>${escapeHtml(rt.address)}</code>${rt.vm && rt.vm !== 'main' ? ` in VM ${escapeHtml(rt.vm)}` : ''}`);
        }
        if (rt.row_stride !== undefined) {
            parts.push(`row stride ${escapeHtml(rt.row_stride)}`);
        }
    }
    return parts.join(' \u00b7 ');
}

/** One render target as a figure: the PNG at an integer zoom over a checkerboard, `label` and `captionHtml` below. */
export function targetFigure(pngBase64: unknown, w: number, h: number, label: string, captionHtml: string): string {
    const scale = displayScale(w, h);
    const picture = isBase64(pngBase64)
        ? `<img src="data:image/png;base64,${pngBase64}" width="${w * scale}" height="${h * scale}"`
            + ` alt="render target ${escapeHtml(label)}" title="${escapeHtml(label)} at ${scale}\u00d7">`
        : '<p class="muted">(no image)</p>';
    return `<figure class="target"><div class="checker">${picture}</div>`
        + `<figcaption><strong class="buffer">${escapeHtml(label)}</strong> ${captionHtml}`
        + (scale > 1 ? ` <span class="muted">(shown at ${scale}\u00d7)</span>` : '')
        + '</figcaption></figure>';
}

function renderTargets(result: RunResult): string {
    const images = Array.isArray(result.renderTargets) ? result.renderTargets : [];
    const details = Array.isArray(result.report?.render_targets) ? result.report!.render_targets! : [];
    if (images.length === 0) {
        return '<h2>Render targets</h2><p class="muted">No render target was cleared (no RUN_FRAGMENT reached a write-enabled target).</p>';
    }
    const figures = images.map((image, i) => {
        const rt = details[i]?.buffer === image.buffer ? details[i] : details.find((d) => d.buffer === image.buffer);
        return targetFigure(image.pngBase64, Number(image.width) || 0, Number(image.height) || 0,
            image.buffer, describeTarget(rt, image));
    });
    return `<h2>Render targets (${images.length})</h2><div class="targets">${figures.join('')}</div>`;
}

function hex32(v: number): string {
    return '0x' + (v >>> 0).toString(16).padStart(8, '0');
}

function renderRegisters(registers: unknown): string {
    if (!Array.isArray(registers)) {
        return '';
    }
    const rows: string[] = [];
    registers.forEach((v, i) => {
        if (typeof v === 'number' && v !== 0) {
            rows.push(`<tr><th>r${i}</th><td><code>${hex32(v)}</code></td><td class="muted">${escapeHtml(v >>> 0)}</td></tr>`);
        }
    });
    if (rows.length === 0) {
        return `<h2>Registers</h2><p class="muted">All ${registers.length} registers of the entry queue are zero.</p>`;
    }
    return `<h2>Registers (non-zero, entry queue)</h2><table class="regs">${rows.join('')}</table>`;
}

function renderRecorded(recorded: unknown): string {
    if (!Array.isArray(recorded) || recorded.length === 0) {
        return '';
    }
    const items = (recorded as Recorded[]).slice(0, MAX_RECORDED).map((r) =>
        `<li><code>${escapeHtml(r.instruction ?? '')}</code> ${position(r.position)}`
        + (r.reason ? ` <span class="muted">\u2014 ${escapeHtml(r.reason)}</span>` : '') + '</li>');
    const more = recorded.length > MAX_RECORDED ? `<li class="muted">\u2026 and ${count(recorded.length - MAX_RECORDED)} more</li>` : '';
    return `<h2>Recorded, not executed (${count(recorded.length)})</h2><ul>${items.join('')}${more}</ul>`;
}

function renderNotes(notes: unknown): string {
    if (!Array.isArray(notes) || notes.length === 0) {
        return '';
    }
    return `<h2>Notes</h2><ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family, sans-serif); color: var(--vscode-foreground, #333); padding: 0 1em 1em; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
code, .pos, .regs { font-family: var(--vscode-editor-font-family, monospace); }
.muted { opacity: 0.7; }
.status { font-size: 1.1em; font-weight: 600; }
.status.ok { color: var(--vscode-testing-iconPassed, #388a34); }
.status.warning { color: var(--vscode-editorWarning-foreground, #bf8803); }
.status.error, .fault-message { color: var(--vscode-errorForeground, #e51400); }
.targets { display: flex; flex-wrap: wrap; gap: 1.5em; }
.target { margin: 0; }
.checker { display: inline-block; line-height: 0; border: 1px solid var(--vscode-panel-border, #8884);
  background: repeating-conic-gradient(#8882 0% 25%, transparent 0% 50%) 0 0 / 16px 16px; }
.checker img { image-rendering: pixelated; image-rendering: crisp-edges; max-width: 100%; height: auto; }
figcaption { margin-top: 0.4em; }
table { border-collapse: collapse; } th { text-align: left; padding-right: 1em; font-weight: normal; opacity: 0.8; }
td { padding-right: 1em; }
`;

/** The whole page for a `csf/run` answer. */
export function renderRunHtml(result: RunResult | undefined | null, options: RunViewOptions): string {
    const r: RunResult = result && typeof result === 'object' ? result : {};
    const report: RunReport = r.report && typeof r.report === 'object' ? r.report : {};
    const status = typeof report.status === 'string' ? report.status : 'unknown';
    const heading = `CSF run: ${escapeHtml(options.documentName)}`
        + (options.stream ? ` <span class="muted">stream ${escapeHtml(options.stream)}</span>` : '');
    const body = [
        `<h1>${heading}</h1>`,
        options.subtitle ? `<p class="muted">${escapeHtml(options.subtitle)}</p>` : '',
        `<p class="status ${statusClass(status)}">${escapeHtml(STATUS_TEXT[status] ?? status)}`
            + ` \u2014 ${count(report.instructions)} instructions executed</p>`,
        renderFault(report.fault),
        renderTargets(r),
        renderRegisters(report.registers),
        renderRecorded(report.recorded),
        renderNotes(report.notes),
    ].join('\n');
    return htmlPage(`CSF run: ${escapeHtml(options.documentName)}`, body);
}

/** A page of the extension's panels: no script, images only as data: URIs, the panels' style. */
export function htmlPage(titleHtml: string, body: string): string {
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${titleHtml}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The message for a failed run request (the server's ResponseError text, e.g. "the document does not assemble: ..."). */
export function runErrorMessage(documentName: string, error: unknown): string {
    const message = error && typeof error === 'object' && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
    return `CSF: cannot run ${documentName}: ${message}`;
}
