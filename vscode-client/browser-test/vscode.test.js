// The extension in a real VS Code: the built .vsix installed into code-server (VS Code 1.100 in a browser),
// whose workbench runs in headless Chromium driven by playwright-core, as a user would use it: open a file,
// read the Problems panel and the status bar, look at the colours, run the stream and look at the run panel, debug it (a
// breakpoint clicked in the gutter, F5 with no launch.json, Variables, step, step back, the render-target
// panel). Skipped, loudly,
// only when there is no Chromium ($CHROMIUM, default /usr/bin/chromium; apt-get install chromium).
'use strict';
const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const cp = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CLIENT = path.resolve(__dirname, '..');
const REPO = path.resolve(CLIENT, '..');
const VSIX = process.env.CSF_VSIX || path.join(CLIENT, 'target', 'csf-studio.vsix');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SCREENSHOTS = path.join(CLIENT, 'target', 'browser-test');
const CODE_SERVER = require.resolve('code-server');
/** A colour no theme gives: the user setting below paints the server's "parameter" tokens (registers) with it. */
const SEMANTIC_MAGENTA = 'rgb(255, 0, 255)';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const BAD = [
    '.stream main',
    '    MOVE32 r1, #1',
    '    BRNCH.ne r4, 0',
    '',
].join('\n');

/** A test stream whose second expectation fails: r4 ends at 7. */
const FAILING = [
    '.stream main',
    '    MOVE32 r4, #7',
    '.expect r4 == 7',
    '.expect r4 == 5',
    '',
].join('\n');

const skip = fs.existsSync(CHROMIUM) ? false
    : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`;
if (skip) {
    console.warn(`\n*** SKIPPED the real VS Code tests: ${skip} ***\n`);
}

/** The Variables view's rows, without the sticky-scroll copies of open scopes VS Code pins above them. */
const VARIABLE_ROWS = '.debug-variables .monaco-list-row:not(.monaco-tree-sticky-row)';

/** Polls `probe` until it returns a truthy value; fails with `what` and the last value after `timeoutMs`. */
async function eventually(what, probe, timeoutMs = 30000) {
    const end = Date.now() + timeoutMs;
    let last;
    for (;;) {
        last = await probe();
        if (last) {
            return last;
        }
        if (Date.now() > end) {
            throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        }
        await new Promise((r) => setTimeout(r, 250));
    }
}

/** A scratch home for code-server and Chromium, so nothing is written to the user's own. */
function scratch() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csf-vscode-'));
    const env = { ...process.env };
    for (const [name, sub] of [['XDG_CONFIG_HOME', 'config'], ['XDG_DATA_HOME', 'data'], ['XDG_CACHE_HOME', 'cache']]) {
        env[name] = path.join(dir, sub);
        fs.mkdirSync(env[name]);
    }
    const workspace = path.join(dir, 'workspace');
    fs.mkdirSync(workspace);
    fs.copyFileSync(path.join(REPO, 'examples', 'clear.csf'), path.join(workspace, 'clear.csf'));
    // clear.csf is a test stream: its image expectation reads this golden
    fs.mkdirSync(path.join(workspace, 'golden'));
    fs.copyFileSync(path.join(REPO, 'examples', 'golden', 'clear.png'), path.join(workspace, 'golden', 'clear.png'));
    fs.mkdirSync(path.join(workspace, 'checks'));
    fs.writeFileSync(path.join(workspace, 'checks', 'failing.csf'), FAILING);
    fs.writeFileSync(path.join(workspace, 'bad.csf'), BAD);
    // a fragment job whose descriptor is not mapped in its queue's VM: the run faults on RUN_FRAGMENT
    fs.copyFileSync(path.join(REPO, 'examples', 'debug', 'wrong-vm.csf'), path.join(workspace, 'wrong-vm.csf'));
    // the same fault, which this copy does not expect
    fs.writeFileSync(path.join(workspace, 'unexpected-fault.csf'), fs.readFileSync(path.join(REPO, 'examples', 'debug',
        'wrong-vm.csf'), 'utf8').split('\n').filter((l) => !l.startsWith('.expect')).join('\n'));
    const user = path.join(dir, 'user-data', 'User');
    fs.mkdirSync(user, { recursive: true });
    fs.writeFileSync(path.join(user, 'settings.json'), JSON.stringify({
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': false,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'update.mode': 'none',
        'telemetry.telemetryLevel': 'off',
        'editor.semanticHighlighting.enabled': true,
        'editor.semanticTokenColorCustomizations': { rules: { parameter: '#ff00ff' } },
    }, null, 2));
    const args = ['--config', path.join(dir, 'config.yaml'), '--user-data-dir', path.join(dir, 'user-data'),
        '--extensions-dir', path.join(dir, 'extensions')];
    return { dir, env, workspace, args };
}

function installExtension(home) {
    const r = cp.spawnSync(process.execPath, [CODE_SERVER, ...home.args, '--install-extension', VSIX],
        { env: home.env, encoding: 'utf8' });
    assert.equal(r.status, 0, `code-server --install-extension ${VSIX}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /successfully installed/, r.stdout);
}

/** Starts code-server on a free loopback port in its own process group; resolves with its URL. */
function startCodeServer(home, log) {
    const proc = cp.spawn(process.execPath, [CODE_SERVER, ...home.args, '--auth', 'none',
        '--bind-addr', '127.0.0.1:0', '--disable-telemetry', '--disable-update-check',
        '--disable-workspace-trust', home.workspace], { env: home.env, detached: true });
    const out = fs.createWriteStream(log);
    const url = new Promise((resolve, reject) => {
        let seen = '';
        const timer = setTimeout(() => reject(new Error(`code-server did not listen within 60 s:\n${seen}`)), 60000);
        proc.stdout.on('data', (d) => {
            seen += d;
            const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(seen);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
        proc.on('exit', (code) => reject(new Error(`code-server exited (${code}):\n${seen}`)));
    });
    proc.stdout.pipe(out);
    proc.stderr.pipe(out);
    return { proc, url };
}

describe('the extension in a real VS Code (code-server in headless Chromium)', { skip }, () => {
    let home;
    let server;
    let browser;
    let page;
    let shot = 0;

    async function screenshot(name) {
        shot += 1;
        await page.screenshot({ path: path.join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`) });
    }

    /**
     * What the quick input (Ctrl+P's or F1's) shows: whether its input has the focus and what it holds, the focused
     * row's label (the row Enter accepts) and every row's.
     */
    async function quickInputState() {
        return page.evaluate(() => {
            const input = document.querySelector('.quick-input-widget input');
            const rows = [...document.querySelectorAll('.quick-input-list .monaco-list-row')];
            return {
                focused: !!input && input === document.activeElement,
                value: input?.value ?? '',
                accepts: rows.find((r) => r.classList.contains('focused'))?.getAttribute('aria-label') ?? '',
                rows: rows.map((r) => r.getAttribute('aria-label')),
            };
        });
    }

    /**
     * Opens the quick input with `key`, types `text` and presses Enter once the row Enter accepts is `wanted`'s.
     * Until the typed text has filtered the list, the list is the one the widget opened with (recently opened files,
     * recently used commands), whose focused first row Enter would accept instead: on a loaded machine the filtering
     * takes long enough for that (Ctrl+P, "bad.csf", Enter opened clear.csf, the most recent file, and so nothing).
     * Tried again when the widget lost the focus before (a debug session starting moves it to the editor).
     */
    async function pick(key, text, wanted) {
        const input = page.locator('.quick-input-widget input');
        const accepts = (label) => label === wanted || label.startsWith(`${wanted},`);
        let last;
        for (let attempt = 1; ; attempt++) {
            await page.keyboard.press(key);
            try {
                await input.waitFor({ state: 'visible', timeout: 10000 });
                await input.fill(text, { timeout: 5000 });
                await eventually(`"${wanted}" as the row Enter accepts`, async () => {
                    last = await quickInputState();
                    if (!last.focused) {
                        throw new Error('the quick input lost the focus');
                    }
                    return last.value === text && accepts(last.accepts);
                }, 20000);
                await page.keyboard.press('Enter');
                return;
            } catch (e) {
                if (attempt === 3) {
                    await screenshot(`quick-input-${wanted.replace(/[^\w.-]+/g, '-')}`);
                    throw new Error(`${e.message}; the quick input: ${JSON.stringify(last)}`);
                }
                if (await input.isVisible()) {
                    await page.keyboard.press('Escape');
                    await input.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
                }
            }
        }
    }

    /** Ctrl+P, the file name, Enter on its row: the file opens in the active editor group. */
    async function quickOpen(name) {
        await pick('Control+P', name, name);
        await page.locator('.tabs-container .tab.active', { hasText: name }).first().waitFor({ timeout: 15000 })
            .catch(async (e) => {
                await screenshot(`quick-open-${name}`);
                throw e;
            });
    }

    /** F1, the command's title, Enter on its row. */
    async function runCommand(title) {
        await pick('F1', `>${title}`, title);
    }

    before(async () => {
        assert.ok(fs.existsSync(VSIX), `${VSIX} does not exist: build it with ./mvnw -DskipTests -pl vscode-client -am package`);
        fs.mkdirSync(SCREENSHOTS, { recursive: true });
        home = scratch();
        installExtension(home);
        server = startCodeServer(home, path.join(SCREENSHOTS, 'code-server.log'));
        const url = await server.url;
        const { chromium } = require('playwright-core');
        browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS,
            env: home.env });
        page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        await page.goto(`${url}/?folder=${encodeURIComponent(home.workspace)}`);
        await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 60000 });
        // the explorer lists the workspace once the folder is open
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'clear.csf' }).waitFor({ timeout: 60000 });
    });

    after(async () => {
        if (page) {
            await screenshot('last').catch(() => undefined);
        }
        await browser?.close();
        if (server?.proc.exitCode === null) {
            // the extension host and the language server it started are in code-server's process group
            process.kill(-server.proc.pid, 'SIGTERM');
            await new Promise((r) => server.proc.once('exit', r));
        }
        if (home) {
            fs.rmSync(home.dir, { recursive: true, force: true });
        }
    });

    it('shows the server\'s error for a misspelt mnemonic in the Problems panel, at its line', async () => {
        await quickOpen('bad.csf');
        await page.keyboard.press('Control+Shift+M');
        const problem = page.locator('.markers-panel .monaco-list-row', { hasText: "unknown mnemonic 'BRNCH'" });
        await problem.first().waitFor({ timeout: 60000 });
        const text = await problem.first().innerText();
        assert.match(text, /\[Ln 3, Col 5\]/, text);
        await screenshot('problems');
    });

    it('colours registers from the server\'s semantic tokens', async () => {
        await quickOpen('clear.csf');
        let colour;
        await eventually(`d40 painted ${SEMANTIC_MAGENTA} by the semantic token rule`, async () => {
            colour = await page.evaluate(() => {
                const spans = [...document.querySelectorAll('.editor-instance .view-lines .view-line span span')];
                const register = spans.find((s) => s.textContent === 'd40');
                return register ? getComputedStyle(register).color : 'no d40 on screen';
            });
            return colour === SEMANTIC_MAGENTA;
        }).catch(async (e) => {
            await screenshot('no-semantic-colour');
            throw new Error(`${e.message}; d40 is ${colour}`);
        });
        assert.equal(colour, SEMANTIC_MAGENTA);
        await screenshot('semantic-tokens');
    });

    /**
     * The first data: PNG in a webview (an iframe inside an iframe) whose page title starts with `title`: its size,
     * top-left pixel, caption and the page's status line.
     */
    async function webviewImage(title) {
        for (const frame of page.frames()) {
            const seen = await frame.evaluate(async (wanted) => {
                if (!document.title.startsWith(wanted)) {
                    return undefined;
                }
                const img = document.querySelector('img[src^="data:image/png;base64,"]');
                if (!img) {
                    return undefined;
                }
                await img.decode();
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth;
                canvas.height = img.naturalHeight;
                const g = canvas.getContext('2d');
                g.drawImage(img, 0, 0);
                return { width: img.naturalWidth, height: img.naturalHeight, pixel: [...g.getImageData(0, 0, 1, 1).data],
                    caption: document.querySelector('figcaption')?.textContent ?? '',
                    status: document.querySelector('.status')?.textContent ?? '' };
            }, title).catch(() => undefined);
            if (seen) {
                return seen;
            }
        }
        return undefined;
    }

    it('Run Stream opens the run panel with the cleared render target as an image', async () => {
        await quickOpen('clear.csf');
        await runCommand('CSF: Run Stream');
        const seen = await eventually('the run panel\'s render target image', () => webviewImage('CSF run'), 60000);
        assert.deepEqual([seen.width, seen.height], [16, 16]);
        assert.deepEqual(seen.pixel, [255, 0, 0, 255], 'opaque red');
        assert.match(seen.caption, /color/);
        assert.match(seen.caption, /R8G8B8A8/);
        assert.match(seen.status, /instructions executed/);
        await screenshot('run-panel');
    });

    /** Opens (or folds) a tree row by its twistie, whatever state VS Code restored it in. */
    async function expand(row, open) {
        await row.waitFor({ timeout: 30000 });
        if (((await row.getAttribute('aria-expanded')) === 'true') !== open) {
            await row.locator('.monaco-tl-twistie').click();
        }
        await eventually(`${open ? 'an open' : 'a folded'} row`, async () =>
            ((await row.getAttribute('aria-expanded')) === 'true') === open, 10000);
    }

    /** The line:column VS Code shows for the top frame in the Call Stack view, e.g. "24:5". */
    async function topFrameLine() {
        return page.evaluate(() => document.querySelector('.debug-call-stack .monaco-list-row .stack-frame .line-number')
            ?.textContent ?? '');
    }

    async function pausedAt(line) {
        await eventually(`the top stack frame at line ${line}`, async () => (await topFrameLine()).startsWith(`${line}:`), 60000)
            .catch(async (e) => {
                await screenshot(`not-paused-at-${line}`);
                throw new Error(`${e.message}; the call stack shows "${await topFrameLine()}"`);
            });
    }

    it('debugs clear.csf without launch.json: a gutter breakpoint stops, registers show, step and step back move, the panel follows the stops', async () => {
        await runCommand('View: Close All Editors');
        await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10000 });
        await quickOpen('clear.csf');
        // line 24 is RUN_FRAGMENT: click the gutter's glyph margin beside it
        const editor = page.locator('.editor-instance').filter({ hasText: 'RUN_FRAGMENT' }).first();
        const line = editor.locator('.view-lines .view-line', { hasText: 'RUN_FRAGMENT' }).first();
        await line.waitFor({ state: 'visible' });
        // Monaco re-renders its lines as decorations arrive: ask again until the boxes are there
        const lineBox = await eventually('the line\'s box', () => line.boundingBox(), 10000);
        const margin = await eventually('the margin\'s box', () => editor.locator('.margin-view-overlays').first().boundingBox(), 10000);
        await page.mouse.move(margin.x + 8, lineBox.y + lineBox.height / 2);
        await page.mouse.click(margin.x + 8, lineBox.y + lineBox.height / 2);
        await editor.locator('.codicon-debug-breakpoint').first().waitFor({ timeout: 10000 })
            .catch(async (e) => {
                await screenshot('no-breakpoint');
                throw e;
            });
        await screenshot('breakpoint');

        await page.keyboard.press('F5');
        await page.locator('.debug-toolbar').waitFor({ timeout: 60000 });
        await pausedAt(24);
        await screenshot('paused');

        // Variables: the Registers scope, r43 = (HEIGHT - 1) << 16 | (WIDTH - 1) in hex and decimal
        const registers = page.locator(VARIABLE_ROWS, { hasText: 'Registers' }).first();
        await registers.waitFor({ timeout: 30000 });
        await expand(registers, true);
        // the list renders only the rows in sight: from r0, the arrow keys walk down until r43 is one of them
        await page.locator(VARIABLE_ROWS, { hasText: /^\s*r0\b/ }).first().click();
        await eventually('r43 in the Variables view', async () => {
            const rows = await page.locator(VARIABLE_ROWS).allInnerTexts();
            const row = rows.find((r) => /^r43\b/.test(r.trim()));
            if (!row) {
                await page.keyboard.press('ArrowDown');
            }
            return row;
        }, 30000).then((text) => assert.match(text, /0x000f000f/i)).catch(async (e) => {
            await screenshot('no-r43');
            throw e;
        });

        // the render-target panel opened at the stop: the target before the clear (nothing written yet)
        const before = await eventually('the render-target panel', () => webviewImage('Render targets'), 60000);
        assert.deepEqual([before.width, before.height], [16, 16]);
        assert.notDeepEqual(before.pixel, [255, 0, 0, 255]);

        // F10 steps over RUN_FRAGMENT (the clear is in flight on its scoreboard entry), F10 again over its WAIT:
        // the panel reads the target again, now cleared red
        await page.keyboard.press('F10');
        await pausedAt(25);
        await page.keyboard.press('F10');
        await pausedAt(26);
        const after = await eventually('the cleared target in the panel',
            async () => { const i = await webviewImage('Render targets'); return i && i.pixel[0] === 255 ? i : undefined; }, 30000);
        assert.deepEqual(after.pixel, [255, 0, 0, 255], 'opaque red after RUN_FRAGMENT');
        await screenshot('stepped');

        // the adapter says supportsStepBack: the toolbar has Step Back, which returns to the WAIT's line
        const stepBack = page.locator('.debug-toolbar .codicon-debug-step-back');
        await stepBack.waitFor({ timeout: 10000 });
        await stepBack.click();
        await pausedAt(25);
        await eventually('the panel to show the target before the clear again',
            async () => { const i = await webviewImage('Render targets'); return i && i.pixel[0] !== 255 ? i : undefined; }, 30000);
        await screenshot('stepped-back');


        await page.keyboard.press('Shift+F5');
        await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });

        // the server's "Debug" code lens above .stream main starts a session from that stream (csf.debug)
        await page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Debug' }).first().click();
        await page.locator('.debug-toolbar').waitFor({ timeout: 60000 });
        await pausedAt(24);
        await screenshot('debug-lens');
        await page.keyboard.press('Shift+F5');
        await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
    });

    it('has shown no error notification', async () => {
        await runCommand('Notifications: Show Notifications');
        await page.locator('.notifications-center').waitFor();
        const errors = await page.evaluate(() => [...document.querySelectorAll(
            '.notifications-center .notification-list-item, .notifications-toasts .notification-list-item')]
            .filter((item) => item.querySelector('.codicon-error'))
            .map((item) => item.querySelector('.notification-list-item-message')?.textContent ?? item.textContent));
        await screenshot('notifications');
        assert.deepEqual(errors, []);
    });

    // After the check above: these two show error notifications on purpose.

    it('F5 on a file that does not assemble shows its diagnostics in Problems and the first in the message, no launch.json dialog', async () => {
        await runCommand('Notifications: Hide Notifications'); // the notifications centre the test before opened
        await quickOpen('bad.csf');
        await page.keyboard.press('F5');
        const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'bad.csf does not assemble' });
        await toast.first().waitFor({ timeout: 60000 }).catch(async (e) => {
            await screenshot('no-assembly-message');
            throw e;
        });
        assert.match(await toast.first().innerText(), /unknown mnemonic 'BRNCH'/);
        assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no modal dialog (Open launch.json)');
        await page.locator('.markers-panel .monaco-list-row', { hasText: "unknown mnemonic 'BRNCH'" }).first()
            .waitFor({ state: 'visible', timeout: 10000 });
        assert.equal(await page.locator('.debug-toolbar').isVisible(), false, 'no debug session started');
        await screenshot('f5-does-not-assemble');
    });

    /** The render-target panel's status line and page text, from its webview. */
    async function webviewStatus(title) {
        for (const frame of page.frames()) {
            const seen = await frame.evaluate((wanted) => {
                if (!document.title.startsWith(wanted)) {
                    return undefined;
                }
                const status = document.querySelector('.status');
                return status ? { className: status.className, text: status.textContent, page: document.body.innerText }
                    : undefined;
            }, title).catch(() => undefined);
            if (seen) {
                return seen;
            }
        }
        return undefined;
    }

    /**
     * The CSF item of the status bar once its text matches `text`: its text and whether it has a background colour
     * (VS Code gives an item one only when the extension sets statusBarItem.errorBackground or warningBackground).
     */
    async function csfStatus(text) {
        const item = page.locator('.statusbar-item', { hasText: 'CSF:' }).first();
        let last = '';
        await eventually(`the status bar's CSF item to say ${text}`, async () => {
            last = await item.innerText({ timeout: 1000 }).catch(() => '');
            return text.test(last);
        }, 60000).catch(async (e) => {
            await screenshot('status-bar');
            throw new Error(`${e.message}; it says "${last}"`);
        });
        return item.evaluate((e) => ({ text: e.textContent.trim(), background: e.classList.contains('has-background-color'),
            colour: e.style.backgroundColor }));
    }

    it('the status bar shows a background run\'s fault in error colours, and a fault the stream expects as a pass', async () => {
        await runCommand('View: Close All Editors');
        await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10000 });
        await quickOpen('unexpected-fault.csf');
        const fault = await csfStatus(/fault after 4 instr/);
        assert.doesNotMatch(fault.text, /expected/);
        assert.ok(fault.background, `an unexpected fault has the error background: ${JSON.stringify(fault)}`);
        await screenshot('status-fault');
        await quickOpen('wrong-vm.csf');
        const expected = await csfStatus(/expected fault after 4 instr/);
        assert.ok(!expected.background, `a fault the stream expects has no error background: ${JSON.stringify(expected)}`);
        await screenshot('status-expected-fault');
    });

    /** The registers (r0..r95) the Variables view shows in its "changed" style, in the order shown. */
    async function changedRegisters() {
        return page.evaluate((rows) => [...document.querySelectorAll(rows)]
            .filter((row) => row.querySelector('.value.changed'))
            .map((row) => /^\s*(r\d+)\b/.exec(row.querySelector('.name')?.textContent ?? '')?.[1])
            .filter((name) => name), VARIABLE_ROWS);
    }

    it('debugs wrong-vm.csf: a step shows the registers it changed, the render-target panel says the fault and the unmapped descriptor in a fault\'s colours', async () => {
        await quickOpen('wrong-vm.csf'); // open since the test before
        await runCommand('View: Show Run and Debug'); // the call stack pausedAt reads
        await page.keyboard.press('F5'); // no breakpoint: stops on entry
        await page.locator('.debug-toolbar').waitFor({ timeout: 60000 });
        await pausedAt(16);

        // VS Code marks a value changed when it differs from the one it showed at the stop before, for the same
        // register of the same frame: F10 over MOVE48 d40 changes r40 and r41 and nothing else
        const registers = page.locator(VARIABLE_ROWS, { hasText: 'Registers' }).first();
        await expand(registers, true);
        await page.locator(VARIABLE_ROWS, { hasText: /^\s*r0\b/ }).first().waitFor({ timeout: 30000 });
        assert.deepEqual(await changedRegisters(), [], 'nothing is changed at the first stop');
        await page.keyboard.press('F10');
        await pausedAt(17);
        const changed = await eventually('r40 and r41 shown changed', async () => {
            const names = await changedRegisters();
            return names.length > 0 ? names : undefined;
        }, 30000).catch(async (e) => {
            await screenshot('no-changed-registers');
            throw e;
        });
        assert.deepEqual(changed, ['r40', 'r41']);
        await screenshot('changed-registers');

        await page.keyboard.press('F5'); // continue: the fault stops it on RUN_FRAGMENT
        await pausedAt(19);
        await page.mouse.move(700, 20); // away from the Variables view, whose value hover would take F1
        await page.keyboard.press('Escape');
        await page.locator('.monaco-editor .view-lines').first().click();
        await runCommand('CSF: Show Render Targets');
        const seen = await eventually('the panel to say the fault',
            async () => { const s = await webviewStatus('Render targets'); return s && /faulted/.test(s.text) ? s : undefined; }, 30000)
            .catch(async (e) => {
                await screenshot('no-fault-in-panel');
                throw e;
            });
        assert.match(seen.className, /\berror\b/, 'a fault in error colours, not ok');
        assert.match(seen.page, /No render targets: the framebuffer descriptor d40 points at cannot be read/);
        assert.match(seen.page, /VM other/);
        await screenshot('panel-fault');
        await page.keyboard.press('Shift+F5');
        await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 30000 });
    });

    // Last: the Testing view's run leaves its failure (and its peek) to the editors, which the tests above would
    // have to work around; its run is not covered by the no-error-notification check.
    it('the Testing view lists the test streams and runs them: one passes, one fails at its .expect line', async () => {
        await runCommand('Testing: Focus on Test Explorer View');
        const explorer = page.locator('.test-explorer');
        const row = (name) => explorer.locator('.monaco-list-row', { hasText: name }).first();
        await row('clear.csf').waitFor({ timeout: 60000 });
        await row('checks').waitFor();
        await runCommand('Test: Run All Tests');
        // expand the folder so its test shows its own state
        await eventually('checks/failing.csf in the tree', async () => {
            if (await row('failing.csf').count() === 0) {
                await row('checks').click();
            }
            return await row('failing.csf').count() > 0;
        });
        await eventually('clear.csf passed', () => row('clear.csf').locator('.codicon-testing-passed-icon').count());
        await eventually('failing.csf failed', () => row('failing.csf').locator('.codicon-testing-failed-icon').count());
        await screenshot('testing-view');
        // the failure is shown inline, in the editor, at the .expect line
        await row('failing.csf').dblclick();
        await page.locator('.tabs-container .tab.active', { hasText: 'failing.csf' }).waitFor();
        // the failure shows at the end of the failing .expect line of failing.csf's editor (and in a peek below it)
        const editor = page.locator('.monaco-editor[data-uri$="checks/failing.csf"]').first();
        await eventually('the failure message in the editor', async () =>
            (await editor.innerText()).includes('r4 == 5: got 7 (0x7), expected 5 (0x5)'));
        await screenshot('test-failure-inline');
    });
});
