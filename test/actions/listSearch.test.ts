/**
 * The shipping-line list search of "Carrier (SCAC)" (Tracking Request > Create), run in n8n-core's real
 * LoadOptionsContext against the sandbox, and its wiring in the node description.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeProperties, INodePropertyModeTypeOptions } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { SHIPPING_LINES } from '../../sandbox/reference-data';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';

let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

async function search(filter?: string, apiKey: string = sb.keys.paid) {
	const nodeType = new Terminal49();
	const node = makeNode(nodeType, { resource: 'trackingRequest', operation: 'create' });
	const context = new LoadOptionsContext(
		makeWorkflow(node, nodeType),
		node,
		makeAdditionalData({ apiKey, baseUrl: sb.baseUrl }),
		'parameters.scac',
	);
	return await nodeType.methods.listSearch.searchShippingLines.call(context, filter);
}

describe('listSearch.searchShippingLines', () => {
	it('lists every carrier once, by name with its SCAC, from every page of GET /shipping_lines', async () => {
		const { results, paginationToken } = await search();
		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
			['GET', '/v2/shipping_lines', {}, 200],
			['GET', '/v2/shipping_lines', { 'page[number]': '2', 'page[size]': '30' }, 200],
		]);
		expect(paginationToken).toBeUndefined();
		const names = results.map((r) => r.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const scacs = results.map((r) => r.value);
		expect(new Set(scacs).size).toBe(scacs.length);
		expect(results.length).toBe(SHIPPING_LINES.length);
		expect(results).toContainEqual({ name: 'Maersk (MAEU)', value: 'MAEU' });
		expect(results).toContainEqual({
			name: 'Mediterranean Shipping Company (MSCU)',
			value: 'MSCU',
		});
		for (const r of results) expect(r.value).toMatch(/^[A-Z]{4}$/);
	});

	it('filters by name, short name or SCAC, case-insensitively', async () => {
		expect((await search('maersk')).results).toEqual([{ name: 'Maersk (MAEU)', value: 'MAEU' }]);
		expect((await search('hlcu')).results).toEqual([{ name: 'Hapag-Lloyd (HLCU)', value: 'HLCU' }]);
		expect((await search(' msc ')).results).toEqual([
			{ name: 'Mediterranean Shipping Company (MSCU)', value: 'MSCU' },
		]);
		// Evergreen's bill of lading prefix EISU is one of its alternative SCACs.
		expect((await search('eisu')).results).toEqual([{ name: 'Evergreen (EGLV)', value: 'EGLV' }]);
		expect((await search('no such carrier')).results).toEqual([]);
	});

	it('explains a key that may not read (restricted free plan)', async () => {
		await expect(search('maersk', sb.keys.free)).rejects.toThrow(
			'This Terminal49 API key is on the restricted free plan: it can only create tracking requests',
		);
	});

	it('is wired: the node exposes it and the Carrier (SCAC) locator names it', () => {
		const node = new Terminal49();
		expect(typeof node.methods.listSearch.searchShippingLines).toBe('function');
		const carrier = node.description.properties.find(
			(p) => p.name === 'scac' && p.displayOptions?.show?.resource?.includes('trackingRequest'),
		) as INodeProperties;
		expect(carrier.type).toBe('resourceLocator');
		const listMode = carrier.modes!.find((m) => m.type === 'list')!;
		expect((listMode.typeOptions as INodePropertyModeTypeOptions).searchListMethod).toBe(
			'searchShippingLines',
		);
		expect(carrier.modes!.map((m) => m.name)).toEqual(['list', 'scac']);
		expect(carrier.displayOptions?.show?.autoDetectCarrier).toEqual([false]);
	});
});
