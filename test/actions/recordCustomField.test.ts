/**
 * Record Custom Field: the custom fields of one tracking request, shipment or container, by API slug
 * (`/{records}/{id}/custom_fields[/{api_slug}]`), against the sandbox through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, byNumber, requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const recordCustomField = runnerFor(() => sb, 'recordCustomField');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
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

describe('Record Custom Field', () => {
	const cases = [
		{
			recordType: 'tracking_request',
			segment: 'tracking_requests',
			slug: 'broker_ref',
			record: () => ({ trackingRequestId: fixture('on_rail').trackingRequestId }),
			id: () => fixture('on_rail').trackingRequestId,
			value: ['text', 'BRK-1'],
			next: ['text', 'BRK-2'],
		},
		{
			recordType: 'shipment',
			segment: 'shipments',
			slug: 'po_number',
			record: () => ({ shipmentId: byId(fixture('on_rail').shipmentId) }),
			id: () => fixture('on_rail').shipmentId,
			value: ['text', 'PO-1'],
			next: ['text', 'PO-2'],
		},
		{
			recordType: 'container',
			segment: 'containers',
			slug: 'priority',
			record: () => ({ containerId: byId(fixture('on_rail').containerId) }),
			id: () => fixture('on_rail').containerId,
			value: ['text', 'low'],
			next: ['text', 'high'],
		},
	] as const;

	it.each(cases)(
		'$recordType: Create, Get Many, Update, Delete on /$segment/{id}/custom_fields',
		async (c) => {
			const base = `/v2/${c.segment}/${c.id()}/custom_fields`;
			const common = { recordType: c.recordType, ...c.record() };
			const created = await recordCustomField.run({
				operation: 'create',
				...common,
				apiSlug: c.slug,
				valueType: c.value[0],
				value: c.value[1],
			});
			expect(created).toEqual([
				expect.objectContaining({
					type: 'custom_field',
					api_slug: c.slug,
					value: c.value[1],
					entity: c.id(),
				}),
			]);
			const listed = await recordCustomField.run({
				operation: 'getAll',
				...common,
				returnAll: true,
			});
			expect(listed.map((f) => [f.api_slug, f.value])).toEqual([[c.slug, c.value[1]]]);
			const updated = await recordCustomField.run({
				operation: 'update',
				...common,
				apiSlug: c.slug,
				valueType: c.next[0],
				value: c.next[1],
			});
			expect(updated).toEqual([expect.objectContaining({ id: created[0].id, value: c.next[1] })]);
			const removed = await recordCustomField.run({
				operation: 'delete',
				...common,
				apiSlug: c.slug,
			});
			expect(removed).toEqual([
				{ deleted: true, record_type: c.recordType, record_id: c.id(), api_slug: c.slug },
			]);
			// each run reads the account first (GET /me: once per execution)
			const me = ['GET', '/v2/me', {}, null, 200];
			expect(requestLog(sb)).toEqual([
				me,
				[
					'POST',
					base,
					{},
					{ data: { type: 'custom_field', attributes: { api_slug: c.slug, value: c.value[1] } } },
					201,
				],
				me,
				['GET', base, { 'page[size]': '100' }, null, 200],
				me,
				[
					'PATCH',
					`${base}/${c.slug}`,
					{},
					{ data: { type: 'custom_field', attributes: { value: c.next[1] } } },
					200,
				],
				me,
				['DELETE', `${base}/${c.slug}`, {}, null, 204],
			]);
			expect(fieldsOn(c.id())).toEqual([]);
		},
	);

	it('finds a shipment by its bill of lading', async () => {
		const f = fixture('new_booking');
		const out = await recordCustomField.run({
			operation: 'getAll',
			recordType: 'shipment',
			shipmentId: byNumber(f.billOfLading),
			returnAll: false,
			limit: 5,
		});
		expect(requestLog(sb).map((r) => [r[0], r[1], r[2]])).toEqual([
			['GET', '/v2/me', {}],
			['GET', '/v2/shipments', { number: f.billOfLading, 'page[size]': '10' }],
			['GET', `/v2/shipments/${f.shipmentId}/custom_fields`, { 'page[size]': '5' }],
		]);
		expect(out.map((x) => [x.api_slug, x.value, x.entity])).toEqual(
			fieldsOn(f.shipmentId).map((x) => [x.apiSlug, x.value, f.shipmentId]),
		);
		expect(out.length).toBeGreaterThan(0);
	});

	it('checks the record ID, slug and value before any request', async () => {
		const out = await recordCustomField.run(
			{
				operation: 'update',
				recordType: 'tracking_request',
				trackingRequestId: '={{ $json.id }}',
				apiSlug: '={{ $json.slug }}',
				valueType: 'boolean',
				value: '={{ $json.v }}',
			},
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
			{
				operation: 'delete',
				recordType: 'container',
				containerId: byId(f.containerId),
				apiSlug: 'priority',
			},
			{ continueOnFail: true },
		);
		expect(out[0].error).toMatch(/404/);
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([
			['GET', '/v2/me', 200],
			['DELETE', `/v2/containers/${f.containerId}/custom_fields/priority`, 404],
		]);
	});
});
