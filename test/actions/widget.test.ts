/**
 * Widget > Generate Embed HTML: no request, attributes escaped, output ready for Respond to Webhook; and
 * the generated page works against the sandbox's widget stub (its lookup resolves the tracked number).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import {
	embedHtml,
	escapeHtmlAttribute,
} from '../../nodes/Terminal49/actions/widget/generateEmbedHtml.operation';
import { runNode } from '../helpers/runNode';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => sb.clearRequests());

async function run(parameters: IDataObject, items: IDataObject[] = [{}], continueOnFail = false) {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: 'widget', operation: 'generateEmbedHtml', ...parameters } as never,
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		items,
		continueOnFail,
	});
	return out;
}

describe('Widget > Generate Embed HTML', () => {
	it('builds the element and script with the default widget host, without any request', async () => {
		const out = await run({ publishableKey: 'pk_live_123', number: ' MSCU4949012 ' });
		expect(out).toHaveLength(1);
		expect(out[0].pairedItem).toEqual({ item: 0 });
		expect(out[0].json).toEqual({
			html: '<div id="terminal49-tnt-widget" data-token="pk_live_123" data-number="MSCU4949012"></div><script src="https://widget.terminal49.com/app.bundle.js"></script>',
			number: 'MSCU4949012',
		});
		expect(sb.requests).toHaveLength(0);
	});

	it('keeps an injected number inert: & < > " \' are escaped in every attribute', async () => {
		const number = `"><script>alert('x')</script>&`;
		const out = await run({
			publishableKey: `pk"&<`,
			number,
			widgetUrl: 'https://cdn.example.com/w?a=1&b="2"/',
		});
		const html = String(out[0].json.html);
		expect(html).toBe(
			'<div id="terminal49-tnt-widget" data-token="pk&quot;&amp;&lt;" data-number="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"></div>' +
				'<script src="https://cdn.example.com/w?a=1&amp;b=&quot;2&quot;/app.bundle.js"></script>',
		);
		expect(html.match(/<script/g)).toHaveLength(1);
		expect(html).not.toContain('"><script>');
		expect(out[0].json.number).toBe(number);
	});

	it('one snippet per input item, from expressions', async () => {
		const out = await run(
			{ publishableKey: 'pk_sandbox_paid', number: '={{ $json.n }}', widgetUrl: sb.widgetUrl },
			[{ n: 'A1' }, { n: 'B2' }],
		);
		expect(out.map((o) => [o.json.number, o.pairedItem])).toEqual([
			['A1', { item: 0 }],
			['B2', { item: 1 }],
		]);
	});

	it.each([
		[{ publishableKey: '' }, '"Publishable Key" is empty in item 1'],
		[{ number: '   ' }, '"Number" is empty in item 1'],
		[
			{ widgetUrl: 'widget.terminal49.com' },
			'Invalid Widget URL "widget.terminal49.com": it is not an absolute URL',
		],
		[
			{ widgetUrl: 'javascript:alert(1)' },
			'Invalid Widget URL "javascript:alert(1)": only http and https URLs are allowed',
		],
	])('rejects %j', async (override, message) => {
		await expect(run({ publishableKey: 'pk', number: 'X', ...override })).rejects.toThrow(message);
	});

	it('the generated script URL is served by the sandbox widget host and its lookup resolves the number', async () => {
		const f = sb.fixtures.find((x) => x.key === 'ready_for_pickup')!;
		const html = embedHtml('pk_sandbox_paid', f.containerNumber, sb.widgetUrl);
		const src = /<script src="([^"]+)"/.exec(html)![1];
		const bundle = await fetch(src);
		expect(bundle.status).toBe(200);
		expect(await bundle.text()).toContain('data-token');
		const token = /data-token="([^"]+)"/.exec(html)![1];
		const number = /data-number="([^"]+)"/.exec(html)![1];
		const lookup = await fetch(
			`${sb.widgetUrl}/lookup?token=${encodeURIComponent(token)}&number=${encodeURIComponent(number)}`,
		);
		expect(lookup.status).toBe(200);
		expect(((await lookup.json()) as { data: IDataObject }).data.number).toBe(f.containerNumber);
	});

	it('asks for no credential (it makes no request); every other resource needs one', () => {
		const node = new Terminal49();
		const [credential] = node.description.credentials!;
		const shown = (resource: string) =>
			NodeHelpers.displayParameter({ resource }, credential, { typeVersion: 1 }, node.description);
		expect(shown('widget')).toBe(false);
		expect(['container', 'shipment', 'trackingRequest', 'webhook'].map(shown)).toEqual([
			true,
			true,
			true,
			true,
		]);
	});

	it('escapeHtmlAttribute', () => {
		expect(escapeHtmlAttribute(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
		expect(escapeHtmlAttribute('&amp;')).toBe('&amp;amp;');
	});
});
