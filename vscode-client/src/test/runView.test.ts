import * as assert from 'assert';

import { displayScale, escapeHtml, renderRunHtml, RunResult, runErrorMessage } from '../runView';

// A 1x1 PNG, base64 (valid alphabet and padding, which is all the view checks).
const PNG_A = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const PNG_B = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M/wn4GBgYEBAAAUAQHZfbVsAAAAAElFTkSuQmCC';

function okResult(): RunResult {
    return {
        report: {
            status: 'ok',
            instructions: 1234567,
            fault: null,
            registers: [0, 0, 0xdeadbeef],
            render_targets: [
                { buffer: 'color', width: 16, height: 16, format: 'R8G8B8A8', layout: 'linear', address: '0x1000000000',
                    region: { min_x: 0, min_y: 0, max_x: 15, max_y: 15, empty: false }, png: 'color.png' },
                { buffer: 'depth', width: 64, height: 32, format: 'R8', layout: 'tiled_u_interleaved',
                    region: { min_x: 8, min_y: 8, max_x: 39, max_y: 23, empty: false }, png: 'depth.png' },
            ],
            recorded: [],
            notes: [],
        },
        renderTargets: [
            { buffer: 'color', width: 16, height: 16, pngBase64: PNG_A },
            { buffer: 'depth', width: 64, height: 32, pngBase64: PNG_B },
        ],
    };
}

function imgTags(html: string): string[] {
    return html.match(/<img [^>]*>/g) ?? [];
}

describe('runView', () => {
    it('one <img> per render target, with its PNG as a data URL', () => {
        const html = renderRunHtml(okResult(), { documentName: 'clear.csf' });
        const imgs = imgTags(html);
        assert.strictEqual(imgs.length, 2);
        assert.ok(imgs[0].includes(`src="data:image/png;base64,${PNG_A}"`), imgs[0]);
        assert.ok(imgs[1].includes(`src="data:image/png;base64,${PNG_B}"`), imgs[1]);
    });

    it('each target shows its buffer name, size and format', () => {
        const html = renderRunHtml(okResult(), { documentName: 'clear.csf' });
        assert.match(html, /<strong class="buffer">color<\/strong> 16\u00d716 \u00b7 R8G8B8A8 \u00b7 linear/);
        assert.match(html, /<strong class="buffer">depth<\/strong> 64\u00d732 \u00b7 R8 \u00b7 tiled_u_interleaved \u00b7 cleared \(8,8\)\u2013\(39,23\)/);
    });

    it('small targets are scaled up by an integer factor and drawn pixelated', () => {
        const html = renderRunHtml(okResult(), { documentName: 'clear.csf' });
        const imgs = imgTags(html);
        assert.ok(imgs[0].includes('width="256" height="256"'), imgs[0]);
        assert.ok(imgs[1].includes('width="256" height="128"'), imgs[1]);
        assert.match(html, /image-rendering: pixelated/);
        assert.strictEqual(displayScale(3840, 2160), 1);
        assert.strictEqual(displayScale(100, 10), 2);
    });

    it('status and instruction count', () => {
        const html = renderRunHtml(okResult(), { documentName: 'clear.csf' });
        assert.match(html, /<p class="status ok">completed \u2014 1,234,567 instructions executed<\/p>/);
        assert.match(html, /<th>r2<\/th><td><code>0xdeadbeef<\/code>/);
    });

    it('a hostile buffer name is escaped everywhere', () => {
        const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
        const r = okResult();
        r.renderTargets![0].buffer = evil;
        r.report!.render_targets![0].buffer = evil;
        const html = renderRunHtml(r, { documentName: '<b>doc</b>.csf', stream: "s'1" });
        assert.ok(!html.includes('<script>'), 'no script element');
        assert.ok(!html.includes('onerror=alert(2)>'), 'no injected attribute');
        assert.ok(html.includes(escapeHtml(evil)));
        assert.ok(html.includes('&lt;b&gt;doc&lt;/b&gt;.csf'));
        assert.ok(html.includes('s&#39;1'));
        assert.strictEqual(imgTags(html).length, 2, 'still exactly the two images');
    });

    it('image data that is not base64 is not put into the page', () => {
        const r = okResult();
        r.renderTargets![0].pngBase64 = 'AAAA" onload="alert(1)';
        const html = renderRunHtml(r, { documentName: 'x.csf' });
        assert.ok(!html.includes('onload'));
        assert.strictEqual(imgTags(html).length, 1);
        assert.match(html, /\(no image\)/);
    });

    it('a fault shows its kind, message, position, address and call chain', () => {
        const r: RunResult = {
            report: {
                status: 'fault',
                instructions: 3,
                fault: {
                    kind: 'translation',
                    va: '0xdead0000',
                    position: '/w/bad.csf:7:5',
                    message: 'no page mapped at 0xdead0000 <unmapped>',
                    queue: 'main',
                    call_chain: ['/w/bad.csf:12:9'],
                },
                render_targets: [],
            },
            renderTargets: [],
        };
        const html = renderRunHtml(r, { documentName: 'bad.csf' });
        assert.match(html, /<p class="status error">fault \u2014 3 instructions executed<\/p>/);
        assert.match(html, /<p class="fault-message">no page mapped at 0xdead0000 &lt;unmapped&gt;<\/p>/);
        assert.match(html, /<th>kind<\/th><td>translation<\/td>/);
        assert.match(html, /title="\/w\/bad.csf:7:5">bad.csf:7:5</);
        assert.match(html, /<th>called from<\/th><td><span class="pos" title="\/w\/bad.csf:12:9">bad.csf:12:9/);
        assert.match(html, /No render target was cleared/);
        assert.strictEqual(imgTags(html).length, 0);
    });

    it('a deadlock is titled as such', () => {
        const html = renderRunHtml({ report: { status: 'deadlock', instructions: 2, fault: { kind: 'deadlock', message: 'queue render waits' } } },
            { documentName: 'q.csf' });
        assert.match(html, /<h2>Deadlock<\/h2>/);
        assert.match(html, /queue render waits/);
    });

    it('recorded instructions and notes are listed', () => {
        const r = okResult();
        r.report!.recorded = [{ instruction: 'FLUSH_CACHE2 r0, #0x1, #0', position: '/x/clear.csf:26:5', reason: 'caches are not modelled' }];
        r.report!.notes = ['clear colour packing <convention>'];
        const html = renderRunHtml(r, { documentName: 'clear.csf' });
        assert.match(html, /Recorded, not executed \(1\)/);
        assert.match(html, /<code>FLUSH_CACHE2 r0, #0x1, #0<\/code>/);
        assert.match(html, /clear colour packing &lt;convention&gt;/);
    });

    it('the page allows no script: CSP with data: images only', () => {
        const html = renderRunHtml(okResult(), { documentName: 'x.csf' });
        assert.match(html, /Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline';"/);
        assert.ok(!/<script/i.test(html));
    });

    it('a missing result still renders a page', () => {
        const html = renderRunHtml(undefined, { documentName: 'x.csf' });
        assert.match(html, /unknown \u2014 \? instructions executed/);
    });

    it('run errors read as one sentence', () => {
        assert.strictEqual(runErrorMessage('a.csf', new Error('the document does not assemble: a.csf:1:1: error: x')),
            'CSF: cannot run a.csf: the document does not assemble: a.csf:1:1: error: x');
    });
});
