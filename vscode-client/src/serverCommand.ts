// Settings -> the command line that starts `csf lsp` (the language server) or `csf debug` (the debug
// adapter). No `vscode` import: mocha tests it in Node.

import * as path from 'path';

/** The `csf.server.*` settings (empty strings and empty arrays count as unset). */
export interface ServerSettings {
    /** csf.server.javaHome: a JDK/JRE folder whose bin/java runs the server. */
    javaHome?: string;
    /** csf.server.jar: csf.jar to run (default: the jar bundled in the extension). */
    jar?: string;
    /** csf.server.command: the whole command line, overriding everything else. */
    command?: string[];
    /** csf.server.vmArgs: extra JVM options before -jar. */
    vmArgs?: string[];
}

/** What the resolution may look at; tests pass a fake one. */
export interface Host {
    env: Record<string, string | undefined>;
    platform: string;
    /** The extension's folder: the bundled jar is `<extensionPath>/server/csf.jar`. */
    extensionPath: string;
    /** True when a regular file exists at the path. */
    isFile(p: string): boolean;
}

export interface ServerCommand {
    ok: true;
    command: string;
    args: string[];
    /** Where java came from, for the log: "csf.server.javaHome", "JAVA_HOME", "PATH" or "csf.server.command". */
    source: string;
}

export interface ServerCommandError {
    ok: false;
    /** One or two sentences for an error notification; names the setting to fix. */
    message: string;
    /** The setting the "Open Settings" button should show. */
    setting: string;
}

export type Resolution = ServerCommand | ServerCommandError;

export const BUNDLED_JAR = ['server', 'csf.jar'];

/** The `csf.*` settings of a role, read with `get` (VS Code's configuration of section `csf`). */
export function settingsOf(get: <T>(key: string) => T | undefined, role: ServerRole): ServerSettings {
    return {
        javaHome: get<string>('server.javaHome'),
        jar: get<string>('server.jar'),
        command: get<string[]>(role.commandSetting.replace(/^csf\./, '')),
        vmArgs: get<string[]>('server.vmArgs'),
    };
}

/** Which `csf` subcommand to start, and the setting that replaces its whole command line. */
export interface ServerRole {
    subcommand: string;
    commandSetting: string;
}

/** `csf lsp`, overridden by csf.server.command. */
export const LANGUAGE_SERVER: ServerRole = { subcommand: 'lsp', commandSetting: 'csf.server.command' };
/** `csf debug` (DAP on stdio), overridden by csf.debug.command; java, jar and VM options as the server's. */
export const DEBUG_ADAPTER: ServerRole = { subcommand: 'debug', commandSetting: 'csf.debug.command' };

function paths(host: Host): path.PlatformPath {
    return host.platform === 'win32' ? path.win32 : path.posix;
}

function javaExecutable(host: Host): string {
    return host.platform === 'win32' ? 'java.exe' : 'java';
}

function nonEmpty(s: string | undefined): string | undefined {
    const t = s?.trim();
    return t ? t : undefined;
}

/** `~/x` -> `$HOME/x` (VS Code does not expand it in settings). */
export function expandHome(p: string, host: Host): string {
    const home = host.env.HOME ?? host.env.USERPROFILE;
    if (home && (p === '~' || p.startsWith('~/') || p.startsWith('~\\'))) {
        return paths(host).join(home, p.slice(1));
    }
    return p;
}

export type JavaLookup = { ok: true; java: string; source: string } | ServerCommandError;

/** java from csf.server.javaHome, else JAVA_HOME, else the first `java` on PATH. */
export function findJava(settings: ServerSettings, host: Host): JavaLookup {
    const p = paths(host);
    const exe = javaExecutable(host);
    const configured = nonEmpty(settings.javaHome);
    if (configured) {
        const home = expandHome(configured, host);
        const java = p.join(home, 'bin', exe);
        if (host.isFile(java)) {
            return { ok: true, java, source: 'csf.server.javaHome' };
        }
        return {
            ok: false,
            setting: 'csf.server.javaHome',
            message: `CSF Studio: csf.server.javaHome is "${configured}" but ${java} does not exist. `
                + 'Set csf.server.javaHome to a Java 17+ installation folder (the one that contains bin/java).',
        };
    }
    const javaHome = nonEmpty(host.env.JAVA_HOME);
    let badJavaHome = '';
    if (javaHome) {
        const java = p.join(javaHome, 'bin', exe);
        if (host.isFile(java)) {
            return { ok: true, java, source: 'JAVA_HOME' };
        }
        badJavaHome = ` (JAVA_HOME is "${javaHome}" but has no bin/${exe})`;
    }
    const pathVar = host.env.PATH ?? host.env.Path ?? '';
    for (const dir of pathVar.split(p.delimiter)) {
        if (!dir) {
            continue;
        }
        const java = p.join(dir, exe);
        if (host.isFile(java)) {
            return { ok: true, java, source: 'PATH' };
        }
    }
    return {
        ok: false,
        setting: 'csf.server.javaHome',
        message: `CSF Studio needs Java 17 or newer to run its language server, and none was found${badJavaHome}. `
            + 'Install a JDK and set csf.server.javaHome to its folder (or set JAVA_HOME, or put java on PATH).',
    };
}

/**
 * The command line that starts the language server (or, for DEBUG_ADAPTER, the debug adapter) on stdio, or why
 * it cannot start. `settings.command` is the role's own override (csf.server.command or csf.debug.command).
 */
export function resolveServerCommand(settings: ServerSettings, host: Host, role: ServerRole = LANGUAGE_SERVER): Resolution {
    const p = paths(host);
    const override = (settings.command ?? []).filter((s) => typeof s === 'string');
    if (override.length > 0 && nonEmpty(override[0])) {
        const command = expandHome(override[0].trim(), host);
        const looksLikePath = command.includes('/') || command.includes('\\');
        if (looksLikePath && !host.isFile(command)) {
            return {
                ok: false,
                setting: role.commandSetting,
                message: `CSF Studio: ${role.commandSetting} starts with "${override[0]}", which does not exist. `
                    + `Fix ${role.commandSetting} (e.g. ["/path/to/csf-studio/csf", "${role.subcommand}"]) or clear it to use the bundled server.`,
            };
        }
        return { ok: true, command, args: override.slice(1), source: role.commandSetting };
    }

    const configuredJar = nonEmpty(settings.jar);
    const jar = configuredJar ? expandHome(configuredJar, host) : p.join(host.extensionPath, ...BUNDLED_JAR);
    if (!host.isFile(jar)) {
        return {
            ok: false,
            setting: 'csf.server.jar',
            message: configuredJar
                ? `CSF Studio: the server jar set in csf.server.jar does not exist: ${jar}. `
                    + 'Point csf.server.jar at csf.jar (built by "./mvnw -pl cli -am package" as cli/target/csf.jar).'
                : `CSF Studio: the bundled server jar is missing: ${jar}. `
                    + 'Set csf.server.jar to a csf.jar (cli/target/csf.jar of a CSF Studio build) or csf.server.command.',
        };
    }
    const java = findJava(settings, host);
    if (!java.ok) {
        return java;
    }
    const vmArgs = (settings.vmArgs ?? []).filter((a) => typeof a === 'string' && a.trim() !== '');
    return { ok: true, command: java.java, args: [...vmArgs, '-jar', jar, role.subcommand], source: java.source };
}

/** Settings that become initializationOptions of the server. */
export interface RunSettings {
    delayMs?: number;
    backgroundSteps?: number;
    background?: boolean;
}

export interface InitializationOptions {
    runDelayMs: number;
    backgroundSteps: number;
    backgroundRun: boolean;
}

/** The server's largest runDelayMs (a day) and the largest step budget a JavaScript number holds exactly. */
const MAX_DELAY_MS = 86_400_000;

/** csf.run.* -> the server's initializationOptions, defaults as the server's own, within the server's ranges. */
export function initializationOptions(run: RunSettings): InitializationOptions {
    const delay = Number.isFinite(run.delayMs) && (run.delayMs as number) >= 0
        ? Math.min(Math.floor(run.delayMs as number), MAX_DELAY_MS) : 150;
    const steps = Number.isFinite(run.backgroundSteps) && (run.backgroundSteps as number) >= 1
        ? Math.min(Math.floor(run.backgroundSteps as number), Number.MAX_SAFE_INTEGER) : 1_000_000;
    return { runDelayMs: delay, backgroundSteps: steps, backgroundRun: run.background !== false };
}
