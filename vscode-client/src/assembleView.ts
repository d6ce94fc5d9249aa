// csf.assemble result -> output channel lines and a one-line summary. No `vscode` import.

export interface Section {
    name: string;
    kind: string;
    address: string;
    size: number;
}

/** The answer of the server command `csf.assemble [uri]`. */
export interface AssembleResult {
    ok?: boolean;
    errors?: string[];
    warnings?: string[];
    sections?: Section[];
}

export interface AssembleView {
    ok: boolean;
    /** For the output channel, one entry per line. */
    lines: string[];
    /** For a notification. */
    summary: string;
}

function plural(n: number, word: string): string {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function formatAssembleResult(result: AssembleResult | undefined | null, documentName: string): AssembleView {
    const r = result && typeof result === 'object' ? result : {};
    const errors = Array.isArray(r.errors) ? r.errors.map(String) : [];
    const warnings = Array.isArray(r.warnings) ? r.warnings.map(String) : [];
    const sections = Array.isArray(r.sections) ? r.sections : [];
    const ok = r.ok === true && errors.length === 0;
    const lines: string[] = [];
    lines.push(`${documentName}: ${ok ? 'assembled' : 'does not assemble'}, ${plural(errors.length, 'error')}, `
        + `${plural(warnings.length, 'warning')}`);
    for (const e of errors) {
        lines.push('  ' + e);
    }
    for (const w of warnings) {
        lines.push('  ' + w);
    }
    if (sections.length > 0) {
        const rows = sections.map((s) => [String(s.kind ?? ''), String(s.name ?? ''), String(s.address ?? ''),
            `${Number(s.size ?? 0)} bytes`]);
        const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((row) => row[c].length)));
        lines.push('  sections:');
        for (const row of rows) {
            lines.push('    ' + row.map((cell, c) => (c === 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
                .join('  ').trimEnd());
        }
    }
    let summary: string;
    if (ok) {
        const streams = sections.filter((s) => s.kind === 'stream').length;
        const buffers = sections.filter((s) => s.kind === 'buffer').length;
        summary = `CSF: ${documentName} assembles: ${plural(streams, 'stream')}, ${plural(buffers, 'buffer')}`
            + (warnings.length ? `, ${plural(warnings.length, 'warning')}` : '');
    } else {
        summary = `CSF: ${documentName} has ${plural(errors.length, 'error')}`
            + (errors.length ? `; first: ${errors[0]}` : '');
    }
    return { ok, lines, summary };
}
