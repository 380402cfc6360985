/**
 * Custom Field (the generic /custom_fields records) and Record Custom Field (custom fields of one
 * tracking request, shipment or container by API slug), against the sandbox through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { parseCustomFieldValue } from '../../nodes/Terminal49/helpers/customFieldValue';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, byNumber, requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const customField = runnerFor(() => sb, 'customField');
const recordCustomField = runnerFor(() => sb, 'recordCustomField');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const def = (slug: string) => sb.store.customFieldDefinitions.find((d) => d.apiSlug === slug)!;
const fieldsOn = (entityId: string) => sb.store.customFields.all().filter((f) => f.entityId === entityId);

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
			['GET', '/v2/containers', { 'filter[number]': f.containerNumber, 'page[size]': '1' }],
			['POST', '/v2/custom_fields', {}],
		]);
		expect((sb.requests[1].body as any).data.relationships.entity.data).toEqual({ type: 'container', id: f.containerId });
		expect(out[0]).toMatchObject({ api_slug: 'priority', value: 'high', entity: f.containerId });
	});

	it('Create checks the slug and the value before any request (no container lookup either)', async () => {
		const f = fixture('past_lfd');
		const base = { operation: 'create', recordType: 'container', containerId: byNumber(f.containerNumber) };
		await expect(customField.run({ ...base, apiSlug: 'pri/ority', valueType: 'text', value: 'x' })).rejects.toThrow('Invalid API Slug "pri/ority"');
		await expect(customField.run({ ...base, apiSlug: 'priority', valueType: 'number', value: 'lots' })).rejects.toThrow('Invalid Value "lots"');
		expect(sb.requests).toHaveLength(0);
	});

	it('Get Many sends the filters', async () => {
		const f = fixture('ready_for_pickup');
		const out = await customField.run({
			operation: 'getAll',
			returnAll: true,
			filters: { entityType: 'Shipment', entityId: f.shipmentId, definitionId: def('po_number').id },
		});
		expect(requestLog(sb)).toEqual([
			[
				'GET',
				'/v2/custom_fields',
				{ 'filter[entity_type]': 'Shipment', 'filter[entity_id]': f.shipmentId, 'filter[definition_id]': def('po_number').id, 'page[size]': '100' },
				null,
				200,
			],
		]);
		expect(out).toEqual([expect.objectContaining({ api_slug: 'po_number', value: 'PO-4711', entity: f.shipmentId })]);
	});

	it('Get, Update (value typed, or cleared) and Delete by custom field ID', async () => {
		const field = fieldsOn(fixture('ready_for_pickup').shipmentId).find((x) => x.apiSlug === 'po_number')!;
		const path = `/v2/custom_fields/${field.id}`;
		expect(await customField.run({ operation: 'get', customFieldId: field.id })).toEqual([expect.objectContaining({ id: field.id, value: 'PO-4711' })]);
		expect(await customField.run({ operation: 'update', customFieldId: field.id, valueType: 'text', value: 'PO-9' })).toEqual([
			expect.objectContaining({ id: field.id, value: 'PO-9', display_value: 'PO-9' }),
		]);
		expect(await customField.run({ operation: 'update', customFieldId: field.id, valueType: 'null' })).toEqual([
			expect.objectContaining({ id: field.id, value: null, display_value: null }),
		]);
		expect(await customField.run({ operation: 'delete', customFieldId: field.id })).toEqual([{ deleted: true, id: field.id }]);
		expect(requestLog(sb)).toEqual([
			['GET', path, {}, null, 200],
			['PATCH', path, {}, { data: { type: 'custom_field', attributes: { value: 'PO-9' } } }, 200],
			['PATCH', path, {}, { data: { type: 'custom_field', attributes: { value: null } } }, 200],
			['DELETE', path, {}, null, 200],
		]);
		expect(sb.store.customFields.get(field.id)).toBeUndefined();
	});
});

describe('Record Custom Field', () => {
	const cases = [
		{ recordType: 'tracking_request', segment: 'tracking_requests', slug: 'broker_ref', record: () => ({ trackingRequestId: fixture('on_rail').trackingRequestId }), id: () => fixture('on_rail').trackingRequestId, value: ['text', 'BRK-1'], next: ['text', 'BRK-2'] },
		{ recordType: 'shipment', segment: 'shipments', slug: 'po_number', record: () => ({ shipmentId: byId(fixture('on_rail').shipmentId) }), id: () => fixture('on_rail').shipmentId, value: ['text', 'PO-1'], next: ['text', 'PO-2'] },
		{ recordType: 'container', segment: 'containers', slug: 'priority', record: () => ({ containerId: byId(fixture('on_rail').containerId) }), id: () => fixture('on_rail').containerId, value: ['text', 'low'], next: ['text', 'high'] },
	] as const;

	it.each(cases)('$recordType: Create, Get Many, Update, Delete on /$segment/{id}/custom_fields', async (c) => {
		const base = `/v2/${c.segment}/${c.id()}/custom_fields`;
		const common = { recordType: c.recordType, ...c.record() };
		const created = await recordCustomField.run({ operation: 'create', ...common, apiSlug: c.slug, valueType: c.value[0], value: c.value[1] });
		expect(created).toEqual([expect.objectContaining({ type: 'custom_field', api_slug: c.slug, value: c.value[1], entity: c.id() })]);
		const listed = await recordCustomField.run({ operation: 'getAll', ...common, returnAll: true });
		expect(listed.map((f) => [f.api_slug, f.value])).toEqual([[c.slug, c.value[1]]]);
		const updated = await recordCustomField.run({ operation: 'update', ...common, apiSlug: c.slug, valueType: c.next[0], value: c.next[1] });
		expect(updated).toEqual([expect.objectContaining({ id: created[0].id, value: c.next[1] })]);
		const removed = await recordCustomField.run({ operation: 'delete', ...common, apiSlug: c.slug });
		expect(removed).toEqual([{ deleted: true, record_type: c.recordType, record_id: c.id(), api_slug: c.slug }]);
		expect(requestLog(sb)).toEqual([
			['POST', base, {}, { data: { type: 'custom_field', attributes: { api_slug: c.slug, value: c.value[1] } } }, 201],
			['GET', base, { 'page[size]': '100' }, null, 200],
			['PATCH', `${base}/${c.slug}`, {}, { data: { type: 'custom_field', attributes: { value: c.next[1] } } }, 200],
			['DELETE', `${base}/${c.slug}`, {}, null, 204],
		]);
		expect(fieldsOn(c.id())).toEqual([]);
	});

	it('finds a shipment by its bill of lading', async () => {
		const f = fixture('new_booking');
		const out = await recordCustomField.run({ operation: 'getAll', recordType: 'shipment', shipmentId: byNumber(f.billOfLading), returnAll: false, limit: 5 });
		expect(requestLog(sb).map((r) => [r[0], r[1], r[2]])).toEqual([
			['GET', '/v2/shipments', { number: f.billOfLading, 'page[size]': '1' }],
			['GET', `/v2/shipments/${f.shipmentId}/custom_fields`, { 'page[size]': '5' }],
		]);
		expect(out.map((x) => [x.api_slug, x.value, x.entity])).toEqual(fieldsOn(f.shipmentId).map((x) => [x.apiSlug, x.value, f.shipmentId]));
		expect(out.length).toBeGreaterThan(0);
	});

	it('checks the record ID, slug and value before any request', async () => {
		const out = await recordCustomField.run(
			{ operation: 'update', recordType: 'tracking_request', trackingRequestId: '={{ $json.id }}', apiSlug: '={{ $json.slug }}', valueType: 'boolean', value: '={{ $json.v }}' },
			{
				items: [
					{ id: '', slug: 'broker_ref', v: 'true' },
					{ id: 'tr-1', slug: '', v: 'true' },
					{ id: 'tr-1', slug: 'broker_ref', v: 'perhaps' },
				],
				continueOnFail: true,
			},
		);
		expect(out.map((o) => o.error)).toEqual([
			'"Tracking Request ID" is empty in item 1',
			'"API Slug" is empty in item 2',
			'Invalid Value "perhaps": use true or false',
		]);
		expect(sb.requests).toHaveLength(0);
	});

	it('a slug the record does not have is a 404 error item', async () => {
		const f = fixture('on_ship');
		const out = await recordCustomField.run(
			{ operation: 'delete', recordType: 'container', containerId: byId(f.containerId), apiSlug: 'priority' },
			{ continueOnFail: true },
		);
		expect(out[0].error).toMatch(/404/);
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([['DELETE', `/v2/containers/${f.containerId}/custom_fields/priority`, 404]]);
	});
});
