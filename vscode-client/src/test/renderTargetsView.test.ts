import * as assert from 'assert';

import { renderTargetsHtml } from '../renderTargetsView';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('renderTargetsView', () => {
    const stopped = { kind: 'stopped' as const, reason: 'breakpoint' };

    it('one image per target of csf/renderTargets, as a data URL, with size and format', () => {
        const html = renderTargetsHtml({ targets: [{ index: 0, width: 16, height: 16, format: 'R8G8B8A8_UNORM', png: PNG }] },
            { sessionName: 'Debug clear.csf', state: stopped });
        const imgs = html.match(/<img [^>]*>/g) ?? [];
        assert.strictEqual(imgs.length, 1);
        assert.ok(imgs[0].includes(`src="data:image/png;base64,${PNG}"`));
        assert.ok(imgs[0].includes('width="256" height="256"'), 'a 16x16 target is shown at 16x');
        assert.match(html, /RT 0<\/strong> 16\u00d716 \u00b7 R8G8B8A8_UNORM/);
        assert.match(html, /stopped \(breakpoint\)/);
    });

    it('says why there is nothing to show when d40 describes no target', () => {
        const html = renderTargetsHtml({ targets: [] }, { sessionName: 's', state: stopped });
        assert.strictEqual((html.match(/<img /g) ?? []).length, 0);
        assert.match(html, /No render targets/);
    });

    it('a fault is said in a fault\'s colours, not as a success', () => {
        const html = renderTargetsHtml({ targets: [], notes: [] },
            { sessionName: 's', state: { kind: 'stopped', reason: 'exception', description: 'translation fault' } });
        assert.match(html, /class="status error">faulted \(translation fault\)/);
        assert.doesNotMatch(html, /class="status ok"/);
    });

    it('says why d40 gives no descriptor, as the adapter found it, in a fault\'s colours', () => {
        const problem = 'the framebuffer descriptor d40 points at cannot be read: GPU VA 0x1000000000 is not mapped in VM other';
        const html = renderTargetsHtml({ targets: [], notes: [], problem }, { sessionName: 's', state: stopped });
        assert.ok(html.includes(`<p class="status error">No render targets: ${problem}</p>`), html);
        assert.doesNotMatch(html, /points at no/);
    });

    it('keeps the last images while running and after the session, saying so', () => {
        const body = { targets: [{ index: 1, width: 2, height: 2, format: 'R8', png: PNG }] };
        assert.match(renderTargetsHtml(body, { sessionName: 's', state: { kind: 'running' } }), /running: the images are from the last stop/);
        assert.match(renderTargetsHtml(body, { sessionName: 's', state: { kind: 'ended' } }), /session ended/);
    });

    it('a failed request is said, not shown as an empty picture', () => {
        const html = renderTargetsHtml(undefined, { sessionName: 's', state: { kind: 'failed', message: 'not stopped' } });
        assert.match(html, /class="status error">cannot read the render targets: not stopped/);
    });

    it('escapes what the adapter sends and runs no script', () => {
        const html = renderTargetsHtml({ targets: [{ index: 0, width: 1, height: 1, format: '<script>x</script>', png: 'not base64!' }] },
            { sessionName: '<b>', state: stopped });
        assert.ok(!html.includes('<script>'));
        assert.ok(!html.includes('<b>'));
        assert.match(html, /\(no image\)/);
        assert.match(html, /Content-Security-Policy" content="default-src 'none'; img-src data:/);
    });
});
