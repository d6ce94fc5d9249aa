// Launch configurations of the `csf` debugger: filled in for "Run and Debug" without a launch.json, checked
// against the adapter's launch arguments before `csf debug` starts. No `vscode` import: mocha tests it in Node.

import * as path from 'path';

export const DEBUG_TYPE = 'csf';

/** The launch arguments `csf debug` takes (README "Debugging"), as a launch.json entry. */
export interface CsfLaunchConfiguration {
    type: string;
    request: string;
    name: string;
    /** The .csf file to assemble and run (not needed with coreDump). */
    program?: string;
    stopOnEntry?: boolean;
    /** Stream to start, default the program's `.entry`. */
    entry?: string;
    /** Step budget. */
    steps?: number;
    /** Seconds of running before the run stops as a timeout. */
    timeout?: number;
    arch?: string;
    recordHistory?: boolean;
    /** A core.json left by `csf run`: opens the ended state (post-mortem). */
    coreDump?: string;
    [key: string]: unknown;
}

/** The document the user is looking at, as far as a configuration needs it. */
export interface ActiveDocument {
    /** File system path; undefined for an unsaved (untitled) document. */
    fsPath?: string;
    languageId: string;
    /** Whether the file has an enabled breakpoint: without one, a quick start stops on entry. */
    hasBreakpoints: boolean;
}

export type Checked = { ok: true; config: CsfLaunchConfiguration } | { ok: false; message: string };

export const ARCHES = ['v10', 'v12'];

/** The configuration for debugging one file (F5 with no launch.json, the editor's Debug button, the code lens). */
export function configurationFor(fsPath: string, options: { entry?: string; stopOnEntry?: boolean } = {}): CsfLaunchConfiguration {
    const config: CsfLaunchConfiguration = {
        type: DEBUG_TYPE,
        request: 'launch',
        name: `Debug ${path.basename(fsPath)}${options.entry ? ` (${options.entry})` : ''}`,
        program: fsPath,
        stopOnEntry: options.stopOnEntry ?? false,
    };
    if (options.entry) {
        config.entry = options.entry;
    }
    return config;
}

function isEmpty(config: Partial<CsfLaunchConfiguration>): boolean {
    return !config.type && !config.request && !config.name;
}

function isBlank(v: unknown): boolean {
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * resolveDebugConfiguration: an empty configuration (no launch.json) becomes "debug the active .csf file",
 * stopping on entry unless the file has a breakpoint; a launch without program takes the active .csf file.
 */
export function completeConfiguration(config: Partial<CsfLaunchConfiguration>, active: ActiveDocument | undefined): Checked {
    const csf = active && active.languageId === 'csf' ? active : undefined;
    if (isEmpty(config)) {
        if (!csf) {
            return { ok: false, message: 'CSF: open a .csf file to debug it, or add a "csf" configuration to launch.json.' };
        }
        if (!csf.fsPath) {
            return { ok: false, message: 'CSF: save the file first: the debugger assembles the file on disk.' };
        }
        return { ok: true, config: configurationFor(csf.fsPath, { stopOnEntry: !csf.hasBreakpoints }) };
    }
    const filled = { type: DEBUG_TYPE, request: 'launch', name: 'CSF Stream', ...config } as CsfLaunchConfiguration;
    if (filled.request !== 'launch') {
        return { ok: false, message: `CSF: the csf debugger only launches ("request": "launch"), not "${filled.request}".` };
    }
    if (isBlank(filled.program) && isBlank(filled.coreDump)) {
        if (!csf?.fsPath) {
            return { ok: false, message: `CSF: the launch configuration "${filled.name}" has no "program": `
                + 'set it to a .csf file (e.g. "${file}"), or "coreDump" to a core.json.' };
        }
        filled.program = csf.fsPath;
    }
    return { ok: true, config: filled };
}

function positiveNumber(v: unknown, integer: boolean): boolean {
    return typeof v === 'number' && Number.isFinite(v) && v > 0 && (!integer || Number.isInteger(v));
}

/**
 * resolveDebugConfigurationWithSubstitutedVariables: `${file}` and friends are replaced; relative paths are
 * taken from the workspace folder and each argument is checked, so a mistake is one message naming the
 * attribute rather than an adapter that fails to start.
 */
export function checkConfiguration(config: CsfLaunchConfiguration, folder: string | undefined,
    isFile: (p: string) => boolean): Checked {
    const c: CsfLaunchConfiguration = { ...config };
    const where = `the launch configuration "${c.name}"`;
    for (const attribute of ['program', 'coreDump'] as const) {
        const value = c[attribute];
        if (isBlank(value)) {
            delete c[attribute];
            continue;
        }
        if (typeof value !== 'string') {
            return { ok: false, message: `CSF: "${attribute}" of ${where} must be a path, not ${JSON.stringify(value)}.` };
        }
        const absolute = path.isAbsolute(value) || !folder ? value : path.join(folder, value);
        if (!isFile(absolute)) {
            return { ok: false, message: `CSF: "${attribute}" of ${where} is ${absolute}, which does not exist.` };
        }
        c[attribute] = absolute;
    }
    if (c.program === undefined && c.coreDump === undefined) {
        return { ok: false, message: `CSF: ${where} needs "program" (a .csf file) or "coreDump" (a core.json).` };
    }
    if (c.steps !== undefined && !positiveNumber(c.steps, true)) {
        return { ok: false, message: `CSF: "steps" of ${where} must be a whole number of at least 1, not ${JSON.stringify(c.steps)}.` };
    }
    if (c.timeout !== undefined && !positiveNumber(c.timeout, false)) {
        return { ok: false, message: `CSF: "timeout" of ${where} must be a number of seconds above 0, not ${JSON.stringify(c.timeout)}.` };
    }
    if (c.arch !== undefined && !ARCHES.includes(String(c.arch))) {
        return { ok: false, message: `CSF: "arch" of ${where} must be one of ${ARCHES.join(', ')}, not ${JSON.stringify(c.arch)}.` };
    }
    for (const flag of ['stopOnEntry', 'recordHistory'] as const) {
        if (c[flag] !== undefined && typeof c[flag] !== 'boolean') {
            return { ok: false, message: `CSF: "${flag}" of ${where} must be true or false, not ${JSON.stringify(c[flag])}.` };
        }
    }
    if (c.entry !== undefined && (typeof c.entry !== 'string' || c.entry.trim() === '')) {
        return { ok: false, message: `CSF: "entry" of ${where} must be a stream name, not ${JSON.stringify(c.entry)}.` };
    }
    return { ok: true, config: c };
}

/**
 * Why a launch stops before the adapter starts: the program does not assemble. The first error in the message
 * (the rest are in Problems); undefined when it assembles or nothing is known (the adapter then says it).
 */
export function assemblyRefusal(answer: { ok: boolean; errors: string[] } | undefined, fileName: string): string | undefined {
    if (!answer || answer.ok || !Array.isArray(answer.errors) || answer.errors.length === 0) {
        return undefined;
    }
    const more = answer.errors.length - 1;
    return `CSF: ${fileName} does not assemble: ${answer.errors[0]}`
        + (more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'} in Problems)` : '');
}
