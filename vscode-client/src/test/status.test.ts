import * as assert from 'assert';

import { formatCount, formatStatus, RunFinished, statusBackground } from '../status';

function run(status: string, instructions?: number, version = 3): RunFinished {
    return { uri: 'file:///w/a.csf', version, status, instructions, renderTargets: [{ buffer: 'color', width: 16, height: 16 }] };
}

describe('status', () => {
    it('ok: completed with the instruction count', () => {
        const v = formatStatus(run('ok', 1234));
        assert.strictEqual(v.text, '$(play) CSF: completed, 1,234 instr');
        assert.strictEqual(v.severity, 'ok');
        assert.match(v.tooltip, /Render targets: color 16\u00d716\./);
    });
    it('fault', () => {
        const v = formatStatus(run('fault', 12));
        assert.strictEqual(v.text, '$(error) CSF: fault after 12 instr');
        assert.strictEqual(v.severity, 'error');
        assert.strictEqual(statusBackground(v.severity), 'statusBarItem.errorBackground');
    });
    it('a fault the stream expects is not an error', () => {
        const v = formatStatus({ ...run('fault', 4), expected: true });
        assert.strictEqual(v.text, '$(pass) CSF: expected fault after 4 instr');
        assert.strictEqual(v.severity, 'ok');
        assert.strictEqual(statusBackground(v.severity), undefined, 'no error background');
    });
    it('timeout names the background step budget', () => {
        const v = formatStatus(run('timeout', 1000000));
        assert.strictEqual(v.text, '$(watch) CSF: timeout after 1,000,000 instr');
        assert.strictEqual(v.severity, 'warning');
        assert.strictEqual(statusBackground(v.severity), 'statusBarItem.warningBackground');
        assert.match(v.tooltip, /csf\.run\.backgroundSteps/);
    });
    it('deadlock', () => {
        const v = formatStatus(run('deadlock', 2));
        assert.strictEqual(v.text, '$(debug-pause) CSF: deadlock after 2 instr');
        assert.strictEqual(v.severity, 'error');
    });
    it('cancelled', () => {
        assert.strictEqual(formatStatus(run('cancelled')).text, '$(circle-slash) CSF: run cancelled');
    });
    it('an unknown status is shown as sent, without icon injection', () => {
        const v = formatStatus(run('$(flame)new', 5));
        assert.ok(v.text.startsWith('$(question) CSF: '), v.text);
        assert.ok(!v.text.includes('$(flame)'), v.text);
    });
    it('no run yet: a run button', () => {
        const v = formatStatus(undefined);
        assert.strictEqual(v.text, '$(play) CSF: Run');
        assert.strictEqual(v.severity, 'none');
    });
    it('a run of an older version is stale; of the current one is not', () => {
        assert.strictEqual(formatStatus(run('ok', 7, 3), 5).text, '$(play) CSF: completed, 7 instr (stale)');
        assert.strictEqual(formatStatus(run('ok', 7, 5), 5).text, '$(play) CSF: completed, 7 instr');
    });
    it('missing instruction count', () => {
        assert.strictEqual(formatStatus(run('ok')).text, '$(play) CSF: completed, ? instr');
    });
    it('counts are grouped by thousands whatever the locale', () => {
        assert.strictEqual(formatCount(0), '0');
        assert.strictEqual(formatCount(999), '999');
        assert.strictEqual(formatCount(1000), '1,000');
        assert.strictEqual(formatCount(10000000), '10,000,000');
        assert.strictEqual(formatCount(-1234), '-1,234');
    });
});
