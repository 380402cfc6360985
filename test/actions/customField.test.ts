/**
 * Custom Field (the generic /custom_fields records, by custom field ID) and the conversion of typed
 * values, against the sandbox through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { parseCustomFieldValue } from '../../nodes/Terminal49/parameters/customFields';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, byNumber, requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const customField = runnerFor(() => sb, 'customField');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const def = (slug: string) => sb.store.customFieldDefinitions.find((d) => d.apiSlug === slug)!;
const fieldsOn = (entityId: string) =>
	sb.store.customFields.all().filter((f) => f.entityId === entityId);

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

describe('value conversion', () => {
	const node = { name: 'T49' } as never;
	it.each([
		['text', 42, '42'],
		['number', ' 3.5 ', 3.5],
		['number', 7, 7],
		['boolean', 'Yes', true],
		['boolean', '0', false],
		['date', '2026-05-01', '2026-05-01'],
		['list', 'low, high,', ['low', 'high']],
		['list', '["a", 2]', ['a', '2']],
		['list', ['x', 'y'], ['x', 'y']],
		['json', '{"a":1}', { a: 1 }],
		['null', 'ignored', null],
	])('%s %j -> %j', (type, raw, expected) => {
		expect(parseCustomFieldValue(node, 'Value', raw, type as never, 0)).toEqual(expected);
	});
	it.each([
		['number', 'abc', 'Invalid Value "abc": not a number'],
		['number', '', 'Invalid Value "": not a number'],
		['boolean', 'maybe', 'Invalid Value "maybe": use true or false'],
		['date', '05/01/2026', 'Invalid Value "05/01/2026": not an ISO 8601 date'],
		['list', '[1,', 'Invalid Value "[1,": starts with [ but is not a JSON array'],
		['json', 'ABC', 'Invalid Value "ABC": not valid JSON'],
	])('%s %j is refused', (type, raw, message) => {
		expect(() => parseCustomFieldValue(node, 'Value', raw, type as never, 0)).toThrow(message);
	});
});

describe('Custom Field', () => {
	it('Create POSTs /custom_fields with the entity relationship (shipment by ID)', async () => {
		const f = fixture('ready_for_pickup');
		const out = await customField.run({
			operation: 'create',
			recordType: 'shipment',
			shipmentId: byId(f.shipmentId),
			apiSlug: 'po_number',
			valueType: 'text',
			value: 'PO-4711',
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/custom_fields',
				{},
				{
					data: {
						type: 'custom_field',
						attributes: { api_slug: 'po_number', value: 'PO-4711' },
						relationships: { entity: { data: { type: 'shipment', id: f.shipmentId } } },
					},
				},
				201,
			],
		]);
		expect(out).toEqual([
			{
				id: expect.any(String),
				type: 'custom_field',
				api_slug: 'po_number',
				value: 'PO-4711',
				display_value: 'PO-4711',
				entity: f.shipmentId,
				definition: def('po_number').id,
			},
		]);
	});

	it('Create on a container by number looks the container up first', async () => {
		const f = fixture('customs_hold');
		const out = await customField.run({
			operation: 'create',
			recordType: 'container',
			containerId: byNumber(f.containerNumber),
			apiSlug: 'priority',
			valueType: 'text',
			value: 'high',
		});
		expect(requestLog(sb).map((r) => [r[0], r[1], r[2]])).toEqual([
			['GET', '/v2/me', {}],
			['GET', '/v2/containers', { 'filter[number]': f.containerNumber, 'page[size]': '1' }],
			['POST', '/v2/custom_fields', {}],
		]);
		expect((sb.requests[2].body as any).data.relationships.entity.data).toEqual({
			type: 'container',
			id: f.containerId,
		});
		expect(out[0]).toMatchObject({ api_slug: 'priority', value: 'high', entity: f.containerId });
	});

	it('Create checks the slug and the value before any request (no container lookup either)', async () => {
		const f = fixture('past_lfd');
		const base = {
			operation: 'create',
			recordType: 'container',
			containerId: byNumber(f.containerNumber),
		};
		await expect(
			customField.run({ ...base, apiSlug: 'pri/ority', valueType: 'text', value: 'x' }),
		).rejects.toThrow('Invalid API Slug "pri/ority"');
		await expect(
			customField.run({ ...base, apiSlug: 'priority', valueType: 'number', value: 'lots' }),
		).rejects.toThrow('Invalid Value "lots"');
		expect(sb.requests).toHaveLength(0);
	});

	it('Get Many sends the filters', async () => {
		const f = fixture('ready_for_pickup');
		const out = await customField.run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				entityType: 'Shipment',
				entityId: f.shipmentId,
				definitionId: def('po_number').id,
			},
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/custom_fields',
				{
					'filter[entity_type]': 'Shipment',
					'filter[entity_id]': f.shipmentId,
					'filter[definition_id]': def('po_number').id,
					'page[size]': '100',
				},
				null,
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({ api_slug: 'po_number', value: 'PO-4711', entity: f.shipmentId }),
		]);
	});

	it('Get, Update (value typed, or cleared) and Delete by custom field ID', async () => {
		const field = fieldsOn(fixture('ready_for_pickup').shipmentId).find(
			(x) => x.apiSlug === 'po_number',
		)!;
		const path = `/v2/custom_fields/${field.id}`;
		expect(await customField.run({ operation: 'get', customFieldId: field.id })).toEqual([
			expect.objectContaining({ id: field.id, value: 'PO-4711' }),
		]);
		expect(
			await customField.run({
				operation: 'update',
				customFieldId: field.id,
				valueType: 'text',
				value: 'PO-9',
			}),
		).toEqual([expect.objectContaining({ id: field.id, value: 'PO-9', display_value: 'PO-9' })]);
		expect(
			await customField.run({ operation: 'update', customFieldId: field.id, valueType: 'null' }),
		).toEqual([expect.objectContaining({ id: field.id, value: null, display_value: null })]);
		expect(await customField.run({ operation: 'delete', customFieldId: field.id })).toEqual([
			{ deleted: true, id: field.id },
		]);
		// each run reads the account first (GET /me: once per execution)
		const me = ['GET', '/v2/me', {}, null, 200];
		expect(requestLog(sb)).toEqual([
			me,
			['GET', path, {}, null, 200],
			me,
			['PATCH', path, {}, { data: { type: 'custom_field', attributes: { value: 'PO-9' } } }, 200],
			me,
			['PATCH', path, {}, { data: { type: 'custom_field', attributes: { value: null } } }, 200],
			me,
			['DELETE', path, {}, null, 200],
		]);
		expect(sb.store.customFields.get(field.id)).toBeUndefined();
	});
});
