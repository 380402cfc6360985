/**
 * Tracking Request operations (Create, Get, Get Many, Update, Infer Number) against the sandbox, through
 * real n8n-core. Each test asserts the requests the node made (sb.requests) and the items it returned.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../helpers/runNode';

let sb: Sandbox;
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	// Carrier answers never arrive by themselves: new requests stay pending unless a test resolves them.
	sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearFaults();
	sb.clearRequests();
	resetRateLimiter();
});

interface RunOptions {
	apiKey?: string;
	items?: IDataObject[];
	continueOnFail?: boolean;
	rateLimitRequests?: number;
	baseUrl?: string;
}

async function runFull(
	parameters: IDataObject,
	options: RunOptions = {},
): Promise<INodeExecutionData[]> {
	return await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: 'trackingRequest', ...parameters } as never,
		credentials: {
			apiKey: options.apiKey ?? sb.keys.paid,
			baseUrl: options.baseUrl ?? sb.baseUrl,
			rateLimitRequests: options.rateLimitRequests ?? 1000,
		},
		items: options.items ?? [{}],
		continueOnFail: options.continueOnFail,
	});
}
const run = async (parameters: IDataObject, options: RunOptions = {}) =>
	(await runFull(parameters, options)).map((item) => item.json);

const log = () => sb.requests.map((r) => [r.method, r.path, r.query, r.body ?? null, r.status]);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
const byNumber = (number: string) => ({ __rl: true, mode: 'number', value: number });
const fromList = (scac: string) => ({
	__rl: true,
	mode: 'list',
	value: scac,
	cachedResultName: scac,
});
const bySCAC = (scac: string) => ({ __rl: true, mode: 'scac', value: scac });

async function expectError(
	promise: Promise<unknown>,
): Promise<Error & { description?: string; httpCode?: string }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { description?: string; httpCode?: string };
	}
	throw new Error('expected the node to fail');
}

describe('Tracking Request > Create', () => {
	it('POSTs a JSON:API body with the normalised number, the SCAC from the list, ref numbers and shipment tags', async () => {
		const before = sb.store.trackingRequests.all().length;
		const out = await run({
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber: ' medu nw100001 ',
			scac: fromList('MSCU'),
			additionalFields: { refNumbers: 'PO-1, PO-2 ,PO-1,', shipmentTags: 'priority, acme' },
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/tracking_requests',
				{},
				{
					data: {
						type: 'tracking_request',
						attributes: {
							request_type: 'bill_of_lading',
							request_number: 'MEDUNW100001',
							scac: 'MSCU',
							ref_numbers: ['PO-1', 'PO-2'],
							shipment_tags: ['priority', 'acme'],
						},
					},
				},
				201,
			],
		]);
		expect(sb.store.trackingRequests.all().length).toBe(before + 1);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			type: 'tracking_request',
			request_number: 'MEDUNW100001',
			request_type: 'bill_of_lading',
			scac: 'MSCU',
			status: 'pending',
			failed_reason: null,
			ref_numbers: ['PO-1', 'PO-2'],
			tracked_object: null,
			duplicate: false,
		});
		expect(out[0].id).toEqual(expect.any(String));
		expect(sb.store.trackingRequests.get(out[0].id as string)?.status).toBe('pending');
	});

	it('sends Initial Custom Fields as initial_custom_fields; Terminal49 applies them once the shipment exists', async () => {
		const out = await run({
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber: 'MEDUIC100001',
			scac: fromList('MSCU'),
			additionalFields: {
				initialCustomFields: {
					field: [
						{ record: 'shipment', apiSlug: 'po_number', valueType: 'text', value: 'PO-77' },
						{ record: 'container', apiSlug: 'priority', valueType: 'text', value: 'high' },
						{
							record: 'container',
							apiSlug: 'priority',
							valueType: 'text',
							value: 'urgent',
							containerNumber: 'mscu 123456-6',
						},
					],
				},
			},
		});
		expect(sb.requests[0].path).toBe('/v2/me');
		expect((sb.requests[1].body as any).data.attributes.initial_custom_fields).toEqual({
			shipment: [{ api_slug: 'po_number', value: 'PO-77' }],
			containers: [
				{ api_slug: 'priority', value: 'high' },
				{ api_slug: 'priority', value: 'urgent', number: 'MSCU1234566' },
			],
		});
		const tr = sb.resolveTrackingRequest(out[0].id as string)!;
		expect(tr.status).toBe('created');
		const values = sb.store.customFields
			.all()
			.filter((f) => f.entityId === tr.shipmentId)
			.map((f) => [f.apiSlug, f.value]);
		expect(values).toEqual([['po_number', 'PO-77']]);
		const containerIds = sb.store.containers
			.all()
			.filter((c) => c.shipmentId === tr.shipmentId)
			.map((c) => c.id);
		expect(containerIds.length).toBeGreaterThan(0);
		const priorities = sb.store.customFields
			.all()
			.filter((f) => containerIds.includes(f.entityId))
			.map((f) => [f.apiSlug, f.value]);
		expect(priorities).toEqual(containerIds.map(() => ['priority', 'high']));
	});

	it('Initial Custom Fields: a Container Number on a Shipment value and an unknown slug are named', async () => {
		const wrong = await expectError(
			run({
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: 'MEDUIC100002',
				scac: fromList('MSCU'),
				additionalFields: {
					initialCustomFields: {
						field: [
							{
								record: 'shipment',
								apiSlug: 'po_number',
								value: 'x',
								containerNumber: 'MSCU1234566',
							},
						],
					},
				},
			}),
		);
		expect(wrong.message).toBe(
			'Invalid Initial Custom Fields > Container Number "MSCU1234566": only a Container value names a container',
		);
		expect(sb.requests).toEqual([]);

		const unknown = await expectError(
			run({
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: 'MEDUIC100003',
				scac: fromList('MSCU'),
				additionalFields: {
					initialCustomFields: {
						field: [{ record: 'shipment', apiSlug: 'no_such_field', value: 'x' }],
					},
				},
			}),
		);
		expect(unknown.description).toContain('"Initial Custom Fields > API Slug"');
		expect(sb.requests.map((r) => r.status)).toEqual([200, 422]);
	});

	it('sends auto_detect_vocc_scac and no scac when Auto-Detect Carrier is on', async () => {
		const out = await run({
			operation: 'create',
			requestType: 'booking_number',
			requestNumber: 'EISU77001234',
			autoDetectCarrier: true,
			scac: fromList('MAEU'), // hidden in the editor; must not be sent
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/tracking_requests',
				{},
				{
					data: {
						type: 'tracking_request',
						attributes: {
							request_type: 'booking_number',
							request_number: 'EISU77001234',
							auto_detect_vocc_scac: true,
						},
					},
				},
				201,
			],
		]);
		expect(out[0]).toMatchObject({
			request_number: 'EISU77001234',
			scac: null,
			status: 'pending',
			duplicate: false,
		});
	});

	it('normalises a container number and a SCAC typed By SCAC; a customer becomes a relationship', async () => {
		const party = sb.store.parties.all()[0] as { id: string };
		const out = await run({
			operation: 'create',
			requestType: 'container',
			requestNumber: 'mscu 123456-6',
			scac: bySCAC(' mscu '),
			additionalFields: { customerId: party.id },
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/tracking_requests',
				{},
				{
					data: {
						type: 'tracking_request',
						attributes: { request_type: 'container', request_number: 'MSCU1234566', scac: 'MSCU' },
						relationships: { customer: { data: { type: 'party', id: party.id } } },
					},
				},
				201,
			],
		]);
		expect(out[0]).toMatchObject({
			request_number: 'MSCU1234566',
			request_type: 'container',
			customer: party.id,
			duplicate: false,
		});
	});

	it('returns the existing request, with its shipment, when the same request is created again: no error, one POST', async () => {
		const f = fixture('ready_for_pickup');
		const before = sb.store.trackingRequests.all().length;
		const out = await run({
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber: f.billOfLading.toLowerCase(),
			scac: fromList('MSCU'),
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/tracking_requests',
				{},
				{
					data: {
						type: 'tracking_request',
						attributes: {
							request_type: 'bill_of_lading',
							request_number: f.billOfLading,
							scac: 'MSCU',
						},
					},
				},
				422,
			],
			[
				'GET',
				`/v2/tracking_requests/${f.trackingRequestId}`,
				{ include: 'tracked_object' },
				null,
				200,
			],
		]);
		expect(sb.store.trackingRequests.all().length).toBe(before);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: f.trackingRequestId,
			type: 'tracking_request',
			request_number: f.billOfLading,
			scac: 'MSCU',
			status: 'created',
			duplicate: true,
		});
		expect(out[0].tracked_object).toMatchObject({
			id: f.shipmentId,
			type: 'shipment',
			bill_of_lading_number: f.billOfLading,
		});
		expect(out[0]).not.toHaveProperty('error');
	});

	it('gives the same request back for a second identical item in the same run', async () => {
		const items = await runFull(
			{
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: '={{ $json.n }}',
				scac: fromList('HLCU'),
				simplify: true,
			},
			{ items: [{ n: 'HLCUNW200002' }, { n: 'hlcunw200002' }] },
		);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/me', 200],
			['POST', '/v2/tracking_requests', 201],
			['POST', '/v2/tracking_requests', 422],
			['GET', `/v2/tracking_requests/${String(items[0].json.id)}`, 200],
		]);
		expect(
			items.map((item) => [item.json.id, item.json.duplicate, item.json.status, item.pairedItem]),
		).toEqual([
			[items[0].json.id, false, 'pending', { item: 0 }],
			[items[0].json.id, true, 'pending', { item: 1 }],
		]);
	});

	it('returns what is known of the existing request when the key may not read (restricted free plan)', async () => {
		const f = fixture('customs_hold');
		const out = await run(
			{
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: f.billOfLading,
				scac: fromList('MAEU'),
			},
			{ apiKey: sb.keys.free },
		);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/me', 200],
			['POST', '/v2/tracking_requests', 422],
			['GET', `/v2/tracking_requests/${f.trackingRequestId}`, 401],
		]);
		expect(out).toEqual([
			{
				id: f.trackingRequestId,
				type: 'tracking_request',
				request_number: f.billOfLading,
				request_type: 'bill_of_lading',
				scac: 'MAEU',
				status: 'created',
				duplicate_detail: expect.stringContaining('already exists'),
				duplicate: true,
			},
		]);
	});

	it('finds the existing request by number and carrier when the 422 does not name it (live-service shape)', async () => {
		// A proxy in front of the sandbox drops `meta` from the duplicate error, as the live service may.
		const proxy = http.createServer(async (req, res) => {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const target = new URL(req.url!, sb.baseUrl);
			const upstream = await fetch(
				`${new URL(sb.baseUrl).origin}${target.pathname}${target.search}`,
				{
					method: req.method,
					headers: {
						authorization: String(req.headers.authorization),
						'content-type': 'application/vnd.api+json',
					},
					body: chunks.length ? Buffer.concat(chunks) : undefined,
				},
			);
			let text = await upstream.text();
			if (upstream.status === 422) {
				const body = JSON.parse(text);
				for (const error of body.errors) delete error.meta;
				text = JSON.stringify(body);
			}
			res.writeHead(upstream.status, { 'content-type': 'application/vnd.api+json' }).end(text);
		});
		await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
		try {
			const f = fixture('past_lfd');
			const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2`;
			const out = await run(
				{
					operation: 'create',
					requestType: 'bill_of_lading',
					requestNumber: f.billOfLading,
					scac: bySCAC('HLCU'),
				},
				{ baseUrl },
			);
			expect(sb.requests.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
				['GET', '/v2/me', {}, 200],
				['POST', '/v2/tracking_requests', {}, 422],
				[
					'GET',
					'/v2/tracking_requests',
					{
						'filter[request_number]': f.billOfLading,
						'filter[scac]': 'HLCU',
						include: 'tracked_object',
						'page[size]': '100',
					},
					200,
				],
			]);
			expect(out).toHaveLength(1);
			expect(out[0]).toMatchObject({ id: f.trackingRequestId, status: 'created', duplicate: true });
			expect(out[0].tracked_object).toMatchObject({ id: f.shipmentId });
		} finally {
			await new Promise((resolve) => proxy.close(resolve));
		}
	});

	it('validates before any request: empty number, bad SCAC, bad check digit, no carrier (continueOnFail keeps the items paired)', async () => {
		const items = await runFull(
			{
				operation: 'create',
				requestType: '={{ $json.type }}',
				requestNumber: '={{ $json.number }}',
				scac: '={{ { "__rl": true, "mode": "scac", "value": $json.scac } }}',
			},
			{
				continueOnFail: true,
				items: [
					{ type: 'bill_of_lading', number: '  ', scac: 'MSCU' },
					{ type: 'bill_of_lading', number: 'MEDUNW300003', scac: 'MSC' },
					{ type: 'container', number: 'MSCU1234567', scac: 'MSCU' },
					{ type: 'booking_number', number: '123456789', scac: '' },
				],
			},
		);
		expect(sb.requests).toEqual([]);
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(items.map((item) => item.json.error)).toEqual([
			'"Request Number" is empty in item 1',
			'Invalid Carrier (SCAC) "MSC": a SCAC is exactly 4 letters, e.g. MAEU or MSCU',
			'Invalid Request Number "MSCU1234567": its ISO 6346 check digit should be 6, not 7: check for a typo, or turn off "Validate Check Digit"',
			'Invalid Carrier (SCAC) "": a SCAC is exactly 4 letters, e.g. MAEU or MSCU',
		]);
	});

	it('sends a container number with a wrong check digit when Validate Check Digit is off', async () => {
		const out = await run({
			operation: 'create',
			requestType: 'container',
			requestNumber: 'MSCU7654320',
			validateCheckDigit: false,
			scac: fromList('MSCU'),
		});
		expect(sb.requests[0].path).toBe('/v2/me');
		expect(
			sb.requests
				.slice(1)
				.map((r) => [r.method, r.path, (r.body as any).data.attributes.request_number, r.status]),
		).toEqual([['POST', '/v2/tracking_requests', 'MSCU7654320', 201]]);
		expect(out[0]).toMatchObject({ request_number: 'MSCU7654320', status: 'pending' });
	});

	it('a 422 that is not a duplicate fails with the field named, and is not retried', async () => {
		const error = await expectError(
			run({
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: 'SEAUNW400004',
				scac: bySCAC('CLAM'),
			}),
		);
		expect(error.message).toBe(
			"Terminal49 rejected the values (422): scac: Scac 'CLAM' is not supported. We do not currently integrate with Seaboard Marine",
		);
		expect(error.description).toMatch(/^Check "Carrier \(SCAC\)" in item 1\. /);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/me', 200],
			['POST', '/v2/tracking_requests', 422],
		]);

		sb.clearRequests();
		const items = await runFull(
			{
				operation: 'create',
				requestType: 'container',
				requestNumber: 'HDMU1234567',
				validateCheckDigit: false,
				scac: fromList('HDMU'),
			},
			{ continueOnFail: true },
		);
		expect(items).toEqual([
			{
				json: {
					error:
						'Terminal49 rejected the values (422): request_type: Hyundai Merchant Marine does not support tracking by container number',
					error_description: expect.stringMatching(/^Check "Request Type" in item 1\. /),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('never repeats the POST after a 500 (the service may have acted on it)', async () => {
		sb.injectFault({ kind: '500', count: 1, path: '/tracking_requests', method: 'POST' });
		const error = await expectError(
			run({
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: 'MEDUNW500005',
				scac: fromList('MSCU'),
			}),
		);
		expect(error.message).toMatch(/unavailable \(500\)/);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/me', 200],
			['POST', '/v2/tracking_requests', 500],
		]);
	});

	it('uses its own create bucket: three creates go out at once when the default bucket allows 1 per minute', async () => {
		const started = Date.now();
		const out = await run(
			{
				operation: 'create',
				requestType: 'bill_of_lading',
				requestNumber: '={{ $json.n }}',
				scac: fromList('MAEU'),
			},
			{
				items: [{ n: 'MAEUNW600001' }, { n: 'MAEUNW600002' }, { n: 'MAEUNW600003' }],
				rateLimitRequests: 1,
			},
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(out.map((o) => [o.request_number, o.duplicate])).toEqual([
			['MAEUNW600001', false],
			['MAEUNW600002', false],
			['MAEUNW600003', false],
		]);
	});
});

describe('Tracking Request > Get', () => {
	it('GETs the request by ID with its shipment', async () => {
		const f = fixture('on_ship');
		const out = await run({ operation: 'get', trackingRequestId: byId(f.trackingRequestId) });
		expect(log()).toEqual([
			[
				'GET',
				`/v2/tracking_requests/${f.trackingRequestId}`,
				{ include: 'tracked_object' },
				null,
				200,
			],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: f.trackingRequestId,
			type: 'tracking_request',
			request_number: f.billOfLading,
			scac: 'CMDU',
			status: 'created',
		});
		expect(out[0].tracked_object).toMatchObject({
			id: f.shipmentId,
			type: 'shipment',
			bill_of_lading_number: f.billOfLading,
			shipping_line_scac: 'CMDU',
		});
	});

	it('looks a request number up first', async () => {
		const f = fixture('on_rail');
		const out = await run({
			operation: 'get',
			trackingRequestId: byNumber(` ${f.billOfLading.toLowerCase()} `),
			include: [],
		});
		expect(log()).toEqual([
			[
				'GET',
				'/v2/tracking_requests',
				{ 'filter[request_number]': f.billOfLading, 'page[size]': '1' },
				null,
				200,
			],
			['GET', `/v2/tracking_requests/${f.trackingRequestId}`, {}, null, 200],
		]);
		expect(out[0]).toMatchObject({ id: f.trackingRequestId, status: 'created' });
	});

	it('returns the JSON:API document as sent when Simplify is off', async () => {
		const f = fixture('on_ship');
		const out = await run({
			operation: 'get',
			trackingRequestId: byId(f.trackingRequestId),
			simplify: false,
		});
		expect(out).toHaveLength(1);
		expect((out[0].data as IDataObject).id).toBe(f.trackingRequestId);
		expect((out[0].included as IDataObject[]).map((r) => [r.type, r.id])).toEqual([
			['shipment', f.shipmentId],
		]);
	});

	it('explains the restricted free plan instead of a bare 401', async () => {
		const f = fixture('on_ship');
		const error = await expectError(
			run(
				{ operation: 'get', trackingRequestId: byId(f.trackingRequestId) },
				{ apiKey: sb.keys.free },
			),
		);
		expect(error.message).toBe(
			'This Terminal49 API key is on the restricted free plan: it can only create tracking requests',
		);
		expect(error.description).toMatch(/paid plan/);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', `/v2/tracking_requests/${f.trackingRequestId}`, 401],
		]);
	});

	it('continueOnFail: an unknown ID and an unknown number give error items, the good item goes on', async () => {
		const f = fixture('on_ship');
		const items = await runFull(
			{
				operation: 'get',
				trackingRequestId: '={{ { "__rl": true, "mode": $json.mode, "value": $json.value } }}',
				include: [],
			},
			{
				continueOnFail: true,
				items: [
					{ mode: 'id', value: 'no-such-request' },
					{ mode: 'number', value: 'NOPE0000000' },
					{ mode: 'id', value: f.trackingRequestId },
				],
			},
		);
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
			[{ item: 0 }, 'Terminal49 has no such resource (404): /tracking_requests/no-such-request'],
			[{ item: 1 }, 'No tracking request for "NOPE0000000" exists in this Terminal49 account'],
			[{ item: 2 }, f.trackingRequestId],
		]);
	});
});

describe('Tracking Request > Get Many', () => {
	it('sends every filter the service honours, dates as UTC ISO 8601', async () => {
		const out = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				status: 'created',
				requestNumber: ' medut4949001 ',
				scac: 'mscu',
				q: 'MEDUT',
				createdAfter: '2000-01-01T00:00:00',
				createdBefore: '2100-01-01T00:00:00+02:00',
				updatedAfter: '2000-01-01',
				updatedBefore: '2100-01-01T00:00:00.000Z',
			},
			include: [],
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/tracking_requests',
				{
					q: 'MEDUT',
					'filter[request_number]': 'MEDUT4949001',
					'filter[scac]': 'MSCU',
					'filter[status]': 'created',
					'filter[created_at][start]': '2000-01-01T00:00:00Z',
					'filter[created_at][end]': '2099-12-31T22:00:00Z',
					'filter[updated_at][start]': '2000-01-01T00:00:00Z',
					'filter[updated_at][end]': '2100-01-01T00:00:00Z',
					'page[size]': '100',
				},
				null,
				200,
			],
		]);
		expect(out.map((o) => [o.id, o.request_number, o.status])).toEqual([
			[fixture('ready_for_pickup').trackingRequestId, 'MEDUT4949001', 'created'],
		]);
	});

	it('filters by status (failed) with a Limit and resolves the tracked object', async () => {
		const out = await run({ operation: 'getAll', limit: 2, filters: { status: 'failed' } });
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/tracking_requests',
				{ 'filter[status]': 'failed', include: 'tracked_object', 'page[size]': '2' },
				null,
				200,
			],
		]);
		expect(out.length).toBe(2);
		for (const item of out)
			expect(item).toMatchObject({
				type: 'tracking_request',
				status: 'failed',
				failed_reason: expect.any(String),
			});
	});

	it.each(['awaiting_manifest', 'tracking_stopped'])(
		'filters by %s on the pages it reads (the service documents filter[status] for created, pending and failed only)',
		async (status) => {
			// The seed has requests awaiting a manifest; one stopped shipment gives a tracking_stopped request.
			const stopped = fixture('past_lfd').shipmentId;
			const call = async (path: string) =>
				expect(
					(
						await fetch(`${sb.baseUrl}${path}`, {
							method: 'PATCH',
							headers: { Authorization: `Token ${sb.keys.paid}` },
						})
					).status,
				).toBe(200);
			if (status === 'tracking_stopped') await call(`/shipments/${stopped}/stop_tracking`);
			sb.clearRequests();
			try {
				await checkStatusFilter(status);
			} finally {
				if (status === 'tracking_stopped') await call(`/shipments/${stopped}/resume_tracking`);
			}
		},
	);

	async function checkStatusFilter(status: string) {
		const expected = sb.store.trackingRequests
			.all()
			.filter((t) => t.status === status)
			.map((t) => t.id);
		expect(expected.length).toBeGreaterThan(0);
		const all = await run({
			operation: 'getAll',
			returnAll: true,
			include: [],
			filters: { status },
		});
		expect(all.map((o) => o.status)).toEqual(expected.map(() => status));
		expect(new Set(all.map((o) => o.id))).toEqual(new Set(expected));
		// No filter[status] the service does not document, and no page smaller than the maximum.
		for (const [, , query] of log()) {
			expect(query).not.toHaveProperty(['filter[status]']);
			expect((query as Record<string, string>)['page[size]'] ?? '100').toBe('100');
		}

		sb.clearRequests();
		const limited = await run({ operation: 'getAll', limit: 1, include: [], filters: { status } });
		expect(limited.map((o) => [o.id, o.status])).toEqual([[all[0].id, status]]);
		expect(log()[0][1]).toBe('/v2/me');
		expect(log()[1][2]).toEqual({ 'page[size]': '100' });
	}

	it('the sandbox refuses a filter[status] value openapi does not document, so the node never sends one', async () => {
		const res = await fetch(`${sb.baseUrl}/tracking_requests?filter[status]=awaiting_manifest`, {
			headers: { Authorization: `Token ${sb.keys.paid}` },
		});
		expect(res.status).toBe(400);
	});

	it('returns every request once with Return All', async () => {
		const total = sb.store.trackingRequests.all().length;
		const out = await run(
			{ operation: 'getAll', returnAll: true, include: [] },
			{ rateLimitRequests: 1000 },
		);
		expect(out.length).toBe(total);
		expect(new Set(out.map((o) => o.id)).size).toBe(total);
		expect(sb.requests[0].path).toBe('/v2/me');
		expect(
			sb.requests
				.slice(1)
				.every((r) => r.method === 'GET' && r.path === '/v2/tracking_requests' && r.status === 200),
		).toBe(true);
	});

	it('rejects a date that is not ISO 8601 before any request', async () => {
		const error = await expectError(
			run({ operation: 'getAll', filters: { createdAfter: 'last tuesday' } }),
		);
		expect(error.message).toBe(
			'Invalid Created After "last tuesday": use an ISO 8601 date-time, e.g. 2026-11-20T00:00:00Z',
		);
		expect(sb.requests).toEqual([]);
	});
});

describe('Tracking Request > Update', () => {
	it('PATCHes ref_number and returns the request', async () => {
		const f = fixture('new_booking');
		const out = await run({
			operation: 'update',
			trackingRequestId: byId(f.trackingRequestId),
			refNumber: ' PO-9001 ',
		});
		expect(log()).toEqual([
			[
				'PATCH',
				`/v2/tracking_requests/${f.trackingRequestId}`,
				{},
				{
					data: {
						id: f.trackingRequestId,
						type: 'tracking_request',
						attributes: { ref_number: 'PO-9001' },
					},
				},
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({ id: f.trackingRequestId, ref_numbers: ['PO-9001'] }),
		]);
	});

	it('refuses an empty reference number before any request', async () => {
		const error = await expectError(
			run({
				operation: 'update',
				trackingRequestId: byId(fixture('new_booking').trackingRequestId),
				refNumber: '',
			}),
		);
		expect(error.message).toBe('"Reference Number" is empty in item 1');
		expect(sb.requests).toEqual([]);
	});
});

describe('Tracking Request > Infer Number', () => {
	it('POSTs {number} unwrapped and suggests the request type and SCAC for Create', async () => {
		const out = await run({ operation: 'inferNumber', number: ' MSCU1234566 ' });
		expect(log()).toEqual([
			['POST', '/v2/tracking_requests/infer_number', {}, { number: 'MSCU1234566' }, 200],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				type: 'infer_number_results',
				number_type: 'container',
				validation: expect.objectContaining({ check_digit_passed: true }),
				shipping_line: expect.objectContaining({
					decision: 'auto_select',
					selected: expect.objectContaining({ scac: 'MSCU' }),
				}),
				suggested_request_type: 'container',
				suggested_scac: 'MSCU',
			}),
		]);
	});

	it('maps a bill of lading and a booking number', async () => {
		const out = await run(
			{ operation: 'inferNumber', number: '={{ $json.n }}' },
			{ items: [{ n: 'MEDUFR030802' }, { n: '123456789' }] },
		);
		expect(out.map((o) => [o.number_type, o.suggested_request_type, o.suggested_scac])).toEqual([
			['bill_of_lading', 'bill_of_lading', 'MSCU'],
			['booking', 'booking_number', null],
		]);
	});

	it('is read-only, so it is retried after a 500, and uses its own bucket', async () => {
		sb.injectFault({ kind: '500', count: 1, path: '/infer_number' });
		const started = Date.now();
		const out = await run(
			{ operation: 'inferNumber', number: '={{ $json.n }}' },
			{ items: [{ n: 'HLXU4949039' }, { n: 'CMAU4949047' }], rateLimitRequests: 1 },
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(sb.requests.map((r) => [r.path, r.status])).toEqual([
			['/v2/tracking_requests/infer_number', 500],
			['/v2/tracking_requests/infer_number', 200],
			['/v2/tracking_requests/infer_number', 200],
		]);
		expect(out.map((o) => o.suggested_scac)).toEqual(['HLCU', 'CMDU']);
	});

	it('refuses an empty number before any request; the service rejects garbage with 422', async () => {
		const items = await runFull(
			{ operation: 'inferNumber', number: '={{ $json.n }}' },
			{ continueOnFail: true, items: [{ n: '' }, { n: '!!' }] },
		);
		expect(items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, '"Number" is empty in item 1'],
			[{ item: 1 }, 'Terminal49 rejected the values (422): This reference number is not valid.'],
		]);
		expect(sb.requests.map((r) => [r.path, r.body, r.status])).toEqual([
			['/v2/tracking_requests/infer_number', { number: '!!' }, 422],
		]);
	});
});
