// A whole debug session against `./csf debug` as a separate process, driven by VS Code's own DAP test
// client (@vscode/debugadapter-testsupport): launch, hit a breakpoint, inspect registers, read memory,
// step back, see the render target, run to a fault, exit.
'use strict';

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CSF = path.join(ROOT, 'csf');
const JAR = path.join(ROOT, 'cli', 'target', 'csf.jar');
const CLEAR = path.join(ROOT, 'examples', 'clear.csf');

/** The 1-based line of the first line of `file` that contains `text`. */
function lineOf(file, text) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(text));
  assert.ok(i >= 0, `${text} not in ${file}`);
  return i + 1;
}

function adapter() {
  // The reactor has just built the jar: no rebuild, no class-data archive written beside it.
  const env = { ...process.env, CSF_NO_REBUILD: '1', CSF_NO_CDS: '1' };
  return new DebugClient(CSF, 'debug', 'csf', { env }, true);
}

async function variables(dc, frameId, scopeName) {
  const scopes = (await dc.scopesRequest({ frameId })).body.scopes;
  const scope = scopes.find((s) => s.name === scopeName);
  assert.ok(scope, `no scope ${scopeName} in ${scopes.map((s) => s.name)}`);
  const vars = (await dc.variablesRequest({ variablesReference: scope.variablesReference })).body.variables;
  return Object.fromEntries(vars.map((v) => [v.name, v]));
}

/** A new fault.csf whose line 4 loads from an address no VM maps. */
function faultProgram() {
  const program = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'csf-e2e-')), 'fault.csf');
  fs.writeFileSync(program, [
    '.stream main',
    '    MOVE32  r1, #1',
    '    MOVE48  d40, 0xdead0000',
    '    LOAD_MULTIPLE r40:r41, [d40 + 0]',
    '    MOVE32  r2, #2',
    '',
  ].join('\n'));
  return program;
}

async function topFrame(dc, threadId) {
  return (await dc.stackTraceRequest({ threadId })).body.stackFrames[0];
}

describe('csf debug with a DAP client nobody here wrote', function () {
  before(function () {
    if (!fs.existsSync(JAR)) {
      if (process.env.CSF_E2E_REQUIRED) {
        throw new Error(`${JAR} is missing: the reactor builds it before this test`);
      }
      this.skip();
    }
  });

  let dc;
  beforeEach(async () => {
    dc = adapter();
    await dc.start();
  });
  afterEach(async () => {
    await dc.stop();
  });

  it('stops at a breakpoint in the clear example, shows registers, memory, the image, and steps back', async () => {
    const fragment = lineOf(CLEAR, 'RUN_FRAGMENT');
    const init = await dc.initializeRequest({ adapterID: 'csf', linesStartAt1: true, columnsStartAt1: true });
    assert.strictEqual(init.body.supportsStepBack, true);
    assert.strictEqual(init.body.supportsReadMemoryRequest, true);

    await dc.hitBreakpoint({ program: CLEAR }, { path: CLEAR, line: fragment });

    const threads = (await dc.threadsRequest()).body.threads;
    assert.deepStrictEqual(threads.map((t) => t.id), [1]);
    assert.match(threads[0].name, /^queue main \(/);

    let frame = await topFrame(dc, 1);
    assert.strictEqual(frame.line, fragment);
    const regs = await variables(dc, frame.id, 'Registers');
    assert.strictEqual(regs.r42.value, '0x00000000 (0)');
    assert.strictEqual(regs.r43.value, '0x000f000f (983055)');
    const d40 = (await variables(dc, frame.id, 'Register pairs')).d40;
    assert.ok(d40.memoryReference, 'd40 points at the framebuffer descriptor');

    // the FBD's first bytes, through the queue's page tables
    const memory = await dc.customRequest('readMemory', { memoryReference: d40.memoryReference, offset: -1, count: 64 });
    assert.strictEqual(Buffer.from(memory.body.data, 'base64').length, 64);

    // the render target before the clear: nothing written yet
    const before = (await dc.customRequest('csf/renderTargets')).body.targets;
    assert.strictEqual(before.length, 1);
    assert.strictEqual(before[0].width, 16);
    assert.ok(Buffer.from(before[0].png, 'base64').subarray(1, 4).toString() === 'PNG');

    // over the fragment job: it is in flight on its scoreboard entry, nothing written yet
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    frame = await topFrame(dc, 1);
    assert.strictEqual(frame.line, fragment + 1);
    assert.strictEqual((await dc.customRequest('csf/renderTargets')).body.targets[0].png, before[0].png);

    // over its WAIT: the clear completed
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    frame = await topFrame(dc, 1);
    assert.strictEqual(frame.line, fragment + 2);
    const after = (await dc.customRequest('csf/renderTargets')).body.targets;
    assert.notStrictEqual(after[0].png, before[0].png);

    // and back to before the WAIT
    const [, stopped] = await Promise.all([dc.stepBackRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    assert.strictEqual(stopped.body.reason, 'step');
    frame = await topFrame(dc, 1);
    assert.strictEqual(frame.line, fragment + 1);
    assert.strictEqual((await dc.customRequest('csf/renderTargets')).body.targets[0].png, before[0].png);

    // run to the end
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('terminated')]);
  });

  it('runs to a translation fault, says where and why, walks the page tables, and exits with 2', async () => {
    const program = faultProgram();

    const exited = dc.waitForEvent('exited', 30000);
    const terminated = dc.waitForEvent('terminated', 30000);
    await Promise.all([
      dc.configurationSequence(),
      dc.launch({ program }),
      dc.assertStoppedLocation('exception', { path: program, line: 4 }),
    ]);
    const info = await dc.customRequest('exceptionInfo', { threadId: 1 });
    assert.match(info.body.description, /0xdead0000/);
    assert.match(info.body.description, /VM main/);

    const frame = await topFrame(dc, 1);
    const walk = await dc.evaluateRequest({ expression: 'walk d40', frameId: frame.id, context: 'repl' });
    assert.match(walk.body.result, /L0 table PA/);
    assert.match(walk.body.result, /invalid/);

    await dc.continueRequest({ threadId: 1 });
    assert.strictEqual((await exited).body.exitCode, 2);
    await terminated;
  });
  it('stops on entry when no breakpoint is verified, marks what a step changed, says what a step back undid', async () => {
    const program = faultProgram();
    let output = '';
    dc.on('output', (e) => { output += e.body.output; });

    await Promise.all([
      dc.waitForEvent('initialized')
        .then(() => dc.setBreakpointsRequest({ source: { path: program }, breakpoints: [{ line: 40 }] }))
        .then((r) => {
          assert.strictEqual(r.body.breakpoints[0].verified, false);
          return dc.configurationDoneRequest();
        }),
      dc.launch({ program }),
      dc.assertStoppedLocation('entry', { path: program, line: 2 }),
    ]);
    assert.match(output, /no breakpoint is verified \(line 40: no instruction on or after line 40/);

    // the ring buffer's frame of a program without .submit sits at the stream's first instruction line
    const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    const ring = frames[frames.length - 1];
    assert.strictEqual(ring.name, 'ring buffer of queue main');
    assert.strictEqual(ring.line, 2);
    assert.strictEqual(path.basename(ring.source.path), 'fault.csf');

    // a step: what it changed is marked, and what holds a value comes first
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    const regs = await variables(dc, (await topFrame(dc, 1)).id, 'Registers');
    assert.strictEqual(Object.keys(regs)[0], 'r1');
    assert.deepStrictEqual(regs.r1.presentationHint.attributes, ['changed']);
    assert.strictEqual(regs.r2.presentationHint, undefined);

    // on to the fault, and one step back: the fault is undone, the line stays
    await Promise.all([
      dc.continueRequest({ threadId: 1 }),
      dc.assertStoppedLocation('exception', { path: program, line: 4 }),
    ]);
    await Promise.all([
      dc.stepBackRequest({ threadId: 1 }),
      dc.assertStoppedLocation('step', { path: program, line: 4 }),
    ]);
    assert.match(output, /step back undid the translation fault of line 4 \(LOAD_MULTIPLE\)/);
  });
});
