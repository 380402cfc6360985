/**
 * The searchable lists behind the custom field locators ("From List"): definitions by name or slug, and
 * the API slugs of the chosen Record Type. Run in n8n-core's real LoadOptionsContext against the sandbox,
 * and through the node's `methods` as n8n looks them up.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, requestLog, runnerFor } from '../helpers/actionHarness';
import { makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';

let sb: Sandbox;
const node = new Terminal49();

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, rateWindowMs: 1000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

function context(parameters: INodeParameters): LoadOptionsContext {
	const n8nNode = makeNode(node, parameters);
	const additionalData = makeAdditionalData({
		apiKey: sb.keys.paid,
		baseUrl: sb.baseUrl,
		rateLimitRequests: 10_000,
	});
	additionalData.currentNodeParameters = parameters;
	return new LoadOptionsContext(
		makeWorkflow(n8nNode, node),
		n8nNode,
		additionalData,
		'parameters.apiSlug',
	);
}

type SearchMethod = (
	this: unknown,
	filter?: string,
) => Promise<{ results: Array<{ name: string; value: string }> }>;
const listSearch = node.methods.listSearch as unknown as Record<string, SearchMethod>;
const search = (name: string, parameters: INodeParameters, filter?: string) =>
	listSearch[name].call(context(parameters), filter);

it('the locators name methods the node has', () => {
	const names = new Set<string>();
	for (const property of node.description.properties) {
		for (const mode of (property.modes ?? []) as Array<{
			typeOptions?: { searchListMethod?: string };
		}>) {
			if (mode.typeOptions?.searchListMethod) names.add(mode.typeOptions.searchListMethod);
		}
	}
	expect([...names]).toEqual(
		expect.arrayContaining(['searchCustomFieldDefinitions', 'searchCustomFieldSlugs']),
	);
	for (const name of names) expect(typeof listSearch[name]).toBe('function');
});

it('Definitions: every definition by display name, slug and record type, filtered by name or slug', async () => {
	const all = await search('searchCustomFieldDefinitions', {
		resource: 'customFieldOption',
		operation: 'getAll',
	});
	expect(requestLog(sb)).toEqual([
		['GET', '/v2/custom_field_definitions', { 'page[size]': '100' }, null, 200],
	]);
	const priority = sb.store.customFieldDefinitions.find((d) => d.apiSlug === 'priority')!;
	expect(all.results).toContainEqual({
		name: 'Priority (priority, Container)',
		value: priority.id,
	});
	expect(all.results).toHaveLength(sb.store.customFieldDefinitions.all().length);
	expect(
		(await search('searchCustomFieldDefinitions', {}, 'PO_NUM')).results.map((r) => r.name),
	).toEqual(['PO Number (po_number, Shipment)']);
	expect(
		(await search('searchCustomFieldDefinitions', {}, 'broker')).results.map((r) => r.name),
	).toEqual(['Broker reference (broker_ref, TrackingRequest)']);
});

it('API slugs: only those defined for the chosen Record Type', async () => {
	const slugs = async (recordType: string) =>
		(
			await search('searchCustomFieldSlugs', {
				resource: 'recordCustomField',
				operation: 'create',
				recordType,
			})
		).results;
	expect(await slugs('container')).toEqual([{ name: 'Priority (enum)', value: 'priority' }]);
	expect(await slugs('shipment')).toEqual([{ name: 'PO Number (short_text)', value: 'po_number' }]);
	expect(await slugs('tracking_request')).toEqual([
		{ name: 'Broker reference (short_text)', value: 'broker_ref' },
	]);
});

it('a value picked from the lists is used as given (locator objects)', async () => {
	const { run } = runnerFor(() => sb, 'recordCustomField');
	const f = sb.fixtures.find((x) => x.key === 'on_ship')!;
	const option = runnerFor(() => sb, 'customFieldOption');
	const priority = sb.store.customFieldDefinitions.find((d) => d.apiSlug === 'priority')!;
	await option.run({
		operation: 'getAll',
		definitionId: { __rl: true, mode: 'list', value: priority.id, cachedResultName: 'Priority' },
		returnAll: true,
	});
	await run({
		operation: 'create',
		recordType: 'container',
		containerId: byId(f.containerId),
		apiSlug: { __rl: true, mode: 'list', value: 'priority' },
		valueType: 'text',
		value: 'low',
	});
	expect(requestLog(sb).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
		['GET', '/v2/me', null, 200],
		['GET', `/v2/custom_field_definitions/${priority.id}/options`, null, 200],
		['GET', '/v2/me', null, 200],
		[
			'POST',
			`/v2/containers/${f.containerId}/custom_fields`,
			{ data: { type: 'custom_field', attributes: { api_slug: 'priority', value: 'low' } } },
			201,
		],
	]);
});
