// csf/runFinished notification -> status bar text. No `vscode` import: mocha tests it in Node.

export interface RenderTargetSize {
    buffer: string;
    width: number;
    height: number;
}

/** The server's `csf/runFinished {uri, version, status, instructions, renderTargets}` notification. */
export interface RunFinished {
    uri: string;
    version: number;
    status: string;
    /** The run ended other than ok, as a `.expect status`/`.expect fault` of the stream says it must. */
    expected?: boolean;
    instructions?: number;
    renderTargets?: RenderTargetSize[];
}

export type Severity = 'ok' | 'warning' | 'error' | 'none';

export interface StatusView {
    /** Status bar text with a codicon, e.g. `$(play) CSF: completed, 1,234 instr`. */
    text: string;
    tooltip: string;
    /** Drives the item's background colour: error for faults and deadlocks, warning for timeouts (none when expected). */
    severity: Severity;
}

/**
 * The theme colour of the status bar item's background for a severity: an error's or a warning's, none otherwise
 * (a run that ended as the stream expects has severity ok, so it is never shown in an error's colours).
 */
export function statusBackground(severity: Severity): 'statusBarItem.errorBackground' | 'statusBarItem.warningBackground' | undefined {
    switch (severity) {
        case 'error':
            return 'statusBarItem.errorBackground';
        case 'warning':
            return 'statusBarItem.warningBackground';
        default:
            return undefined;
    }
}

/** 1234567 -> "1,234,567", whatever the locale (a driver engineer compares these with logs). */
export function formatCount(n: number | undefined): string {
    if (n === undefined || n === null || !Number.isFinite(n)) {
        return '?';
    }
    const negative = n < 0;
    const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return negative ? '-' + digits : digits;
}

const CLICK = 'Click to run the stream with the full step budget and show its render targets (CSF: Run Stream).';

/** What the status bar shows when the active document has no background run (yet). */
export function idleStatus(): StatusView {
    return { text: '$(play) CSF: Run', tooltip: 'No background run of this document yet. ' + CLICK, severity: 'none' };
}

/**
 * The status bar view of the last background run of a document. `currentVersion` is the document's
 * version now: a run of an older version (the text changed and does not assemble, or is still being
 * analysed) is marked stale.
 */
export function formatStatus(n: RunFinished | undefined, currentVersion?: number): StatusView {
    if (!n) {
        return idleStatus();
    }
    const count = formatCount(n.instructions);
    let icon: string;
    let summary: string;
    let severity: Severity;
    let explanation: string;
    switch (n.expected && n.status !== 'ok' ? 'expected' : n.status) {
        case 'expected':
            icon = '$(pass)';
            summary = `expected ${sanitize(n.status)} after ${count} instr`;
            severity = 'ok';
            explanation = `The last background run ended with the ${sanitize(n.status)} its .expect states, after ${count} instructions.`;
            break;
        case 'ok':
            icon = '$(play)';
            summary = `completed, ${count} instr`;
            severity = 'ok';
            explanation = `The last background run completed after ${count} instructions.`;
            break;
        case 'fault':
            icon = '$(error)';
            summary = `fault after ${count} instr`;
            severity = 'error';
            explanation = `The last background run faulted after ${count} instructions; the diagnostic is on the faulting line.`;
            break;
        case 'timeout':
            icon = '$(watch)';
            summary = `timeout after ${count} instr`;
            severity = 'warning';
            explanation = `The last background run stopped at its step budget (${count} instructions, csf.run.backgroundSteps).`;
            break;
        case 'deadlock':
            icon = '$(debug-pause)';
            summary = `deadlock after ${count} instr`;
            severity = 'error';
            explanation = `The last background run deadlocked after ${count} instructions: every queue with work left waits on a sync object.`;
            break;
        case 'cancelled':
            icon = '$(circle-slash)';
            summary = 'run cancelled';
            severity = 'none';
            explanation = 'The last background run was cancelled.';
            break;
        default:
            icon = '$(question)';
            summary = `${sanitize(n.status)}, ${count} instr`;
            severity = 'warning';
            explanation = `The last background run ended with status "${sanitize(n.status)}" after ${count} instructions.`;
    }
    const stale = currentVersion !== undefined && currentVersion > n.version;
    const targets = (n.renderTargets ?? [])
        .map((t) => `${sanitize(t.buffer)} ${t.width}\u00d7${t.height}`)
        .join(', ');
    const lines = [explanation];
    if (targets) {
        lines.push(`Render targets: ${targets}.`);
    }
    if (stale) {
        lines.push(`This is the run of version ${n.version}; the document has changed since (it does not assemble, or its run is pending).`);
    }
    lines.push(CLICK);
    return {
        text: `${icon} CSF: ${summary}${stale ? ' (stale)' : ''}`,
        tooltip: lines.join('\n'),
        severity,
    };
}

/** Status bar text renders `$(name)` as an icon: keep server strings from producing one. */
function sanitize(s: unknown): string {
    return String(s ?? '').replace(/\$\(/g, '$\u200b(').replace(/[\r\n]+/g, ' ');
}
