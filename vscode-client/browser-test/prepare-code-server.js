// Makes the code-server that `npm ci --ignore-scripts` unpacked runnable without downloads. Its own
// postinstall would install VS Code's server dependencies with their install scripts, and @vscode/ripgrep's
// fetches a binary from the internet. Instead: those dependencies without scripts, the native modules
// code-server needs built here by node-gyp against this Node's headers (build-essential and python3), and
// Debian's ripgrep where VS Code looks for its own. Does nothing when already done for this code-server and Node.
'use strict';
const cp = require('child_process');
const fs = require('fs');
const path = require('path');

const codeServer = path.dirname(require.resolve('code-server/package.json'));
const vscode = path.join(codeServer, 'lib', 'vscode');
const stamp = path.join(codeServer, '.csf-prepared');
const wanted = `code-server ${require('code-server/package.json').version}, node ${process.version}\n`;
/**
 * The native modules, by the directory npm rebuilds them from: argon2 (password hashing) loads at start even
 * with --auth none; spdlog (logs) and native-watchdog (extension host) are needed for extensions to run.
 * The terminal's node-pty and the Windows-only modules are not needed.
 */
const NATIVE = [[__dirname, ['argon2']], [vscode, ['@vscode/spdlog', 'native-watchdog']]];

function fail(message) {
    console.error(`prepare-code-server: ${message}`);
    process.exit(1);
}

function npm(cwd, ...args) {
    const env = { ...process.env };
    // node-gyp would otherwise download the headers of this Node version
    const prefix = path.dirname(path.dirname(process.execPath));
    if (fs.existsSync(path.join(prefix, 'include', 'node', 'node.h'))) {
        env.npm_config_nodedir = prefix;
    }
    const r = cp.spawnSync('npm', args, { cwd, env, stdio: 'inherit' });
    if (r.status !== 0) {
        fail(`"npm ${args.join(' ')}" in ${cwd} failed (exit ${r.status})`);
    }
}

/** Each module loads in a fresh Node, from where code-server requires it. */
function checkLoads(cwd, modules) {
    for (const m of modules) {
        const r = cp.spawnSync(process.execPath, ['-e', `require(${JSON.stringify(m)})`], { cwd, encoding: 'utf8' });
        if (r.status !== 0) {
            fail(`${m} does not load after its rebuild (native modules need build-essential and python3):\n${r.stderr}`);
        }
    }
}

function which(program) {
    return (process.env.PATH || '').split(path.delimiter).map((dir) => path.join(dir, program))
        .find((file) => path.isAbsolute(file) && fs.existsSync(file));
}

function link(target, file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.rmSync(file, { force: true, recursive: true });
    fs.symlinkSync(target, file);
}

if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) {
    process.exit(0);
}
const rg = which('rg');
if (!rg) {
    fail('no rg on the PATH; VS Code searches with ripgrep (apt-get install ripgrep)');
}
console.log(`prepare-code-server: ${wanted.trim()} in ${codeServer}`);
npm(vscode, 'install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline');
for (const [dir, modules] of NATIVE) {
    npm(dir, 'rebuild', ...modules);
    checkLoads(dir, modules);
}
// VS Code reads some modules through node_modules.asar, which a packaged build would provide.
link('node_modules', path.join(vscode, 'node_modules.asar'));
link(rg, path.join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg'));
fs.writeFileSync(stamp, wanted);
