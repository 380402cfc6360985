/**
 * Shipment operations (Get with Split Containers, Get Many, Update, Stop/Resume Tracking) against the
 * sandbox, through real n8n-core. Each test asserts the requests the node made and the items it returned.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../helpers/runNode';

let sb: Sandbox;
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
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
}

async function runFull(
	parameters: IDataObject,
	options: RunOptions = {},
): Promise<INodeExecutionData[]> {
	return await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: 'shipment', ...parameters } as never,
		credentials: {
			apiKey: options.apiKey ?? sb.keys.paid,
			baseUrl: sb.baseUrl,
			rateLimitRequests: 1000,
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

async function expectError(promise: Promise<unknown>): Promise<Error & { description?: string }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('expected the node to fail');
}

/** A seeded shipment with at least three containers. */
function multiContainerShipment() {
	const shipment = sb.store.shipments.all().find((s) => s.containerIds.length >= 3)!;
	return {
		id: shipment.id,
		bl: shipment.blNumber,
		containerIds: shipment.containerIds as string[],
	};
}

describe('Shipment > Get', () => {
	it('GETs the shipment with containers and POD terminal; nested containers carry pickup readiness', async () => {
		const f = fixture('ready_for_pickup');
		const out = await run({ operation: 'get', shipmentId: byId(f.shipmentId) });
		expect(log()).toEqual([
			['GET', `/v2/shipments/${f.shipmentId}`, { include: 'containers,pod_terminal' }, null, 200],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: f.shipmentId,
			type: 'shipment',
			bill_of_lading_number: f.billOfLading,
			shipping_line_scac: 'MSCU',
			port_of_discharge_locode: 'USLAX',
			pod_terminal: expect.objectContaining({ type: 'terminal', name: expect.any(String) }),
			port_of_lading: expect.any(String),
		});
		const containers = out[0].containers as IDataObject[];
		expect(
			containers.map((c) => [
				c.id,
				c.number,
				c.ready_for_pickup,
				c.active_holds,
				c.pickup_lfd_source,
			]),
		).toEqual([[f.containerId, f.containerNumber, true, [], 'terminal']]);
		// Whole calendar days between today and the LFD, both as dates in Los Angeles.
		const laDate = (instant: Date) =>
			new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(instant);
		const expectedDays =
			(Date.parse(laDate(new Date(String(containers[0].pickup_lfd)))) -
				Date.parse(laDate(new Date()))) /
			86_400_000;
		expect(expectedDays).toBeGreaterThanOrEqual(2);
		expect(containers[0].days_until_pickup_lfd).toBe(expectedDays);
		expect(containers[0].lfd_time_zone).toBe('America/Los_Angeles');
	});

	it('looks a bill of lading up first (By Number) and honours the chosen includes', async () => {
		const f = fixture('on_rail');
		const out = await run({
			operation: 'get',
			shipmentId: byNumber(f.billOfLading.toLowerCase()),
			include: ['port_of_lading', 'destination'],
		});
		expect(log()).toEqual([
			['GET', '/v2/shipments', { number: f.billOfLading, 'page[size]': '10' }, null, 200],
			[
				'GET',
				`/v2/shipments/${f.shipmentId}`,
				{ include: 'port_of_lading,destination' },
				null,
				200,
			],
		]);
		expect(out[0]).toMatchObject({
			id: f.shipmentId,
			port_of_lading: expect.objectContaining({ type: 'port', code: 'JPTYO' }),
			destination: expect.objectContaining({ type: 'metro_area' }),
		});
		expect(out[0].containers).toEqual([f.containerId]);
	});

	it('Split Containers: one item per container, shipment fields under "shipment", containers included automatically', async () => {
		const s = multiContainerShipment();
		const items = await runFull({
			operation: 'get',
			shipmentId: byId(s.id),
			include: ['pod_terminal'],
			splitContainers: true,
		});
		expect(log()).toEqual([
			['GET', `/v2/shipments/${s.id}`, { include: 'pod_terminal,containers' }, null, 200],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual(s.containerIds.map(() => ({ item: 0 })));
		const out = items.map((item) => item.json);
		expect(out.map((o) => o.id)).toEqual(s.containerIds);
		const numbers = s.containerIds.map((id) => sb.store.containers.get(id)!.number);
		expect(out.map((o) => o.number)).toEqual(numbers);
		for (const item of out) {
			expect(item.type).toBe('container');
			expect(item).toHaveProperty('ready_for_pickup');
			expect(item).toHaveProperty('fees_total');
			expect(item.pod_terminal).toEqual(expect.objectContaining({ type: 'terminal' }));
			expect(item.shipment).toMatchObject({
				id: s.id,
				type: 'shipment',
				bill_of_lading_number: s.bl,
				containers: s.containerIds,
			});
			expect((item.shipment as IDataObject).pod_terminal).toEqual(
				expect.objectContaining({ type: 'terminal' }),
			);
		}
	});

	it("Split Containers computes holds, fees and LFD per container in the shipment's destination time zone", async () => {
		const f = fixture('customs_hold');
		const out = await run({
			operation: 'get',
			shipmentId: byId(f.shipmentId),
			splitContainers: true,
		});
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: f.containerId,
			number: f.containerNumber,
			ready_for_pickup: false,
			active_holds: ['customs'],
			pending_holds: ['freight'],
			fees_total: { USD: 350 },
			shipment: expect.objectContaining({
				id: f.shipmentId,
				bill_of_lading_number: f.billOfLading,
				destination_timezone: 'America/New_York',
			}),
		});
	});

	it('returns the JSON:API document as sent when Simplify is off (Split Containers ignored)', async () => {
		const f = fixture('on_ship');
		const out = await run({
			operation: 'get',
			shipmentId: byId(f.shipmentId),
			include: ['containers'],
			simplify: false,
			splitContainers: true,
		});
		expect(log()).toEqual([
			['GET', `/v2/shipments/${f.shipmentId}`, { include: 'containers' }, null, 200],
		]);
		expect(out).toHaveLength(1);
		expect((out[0].data as IDataObject).id).toBe(f.shipmentId);
		expect((out[0].included as IDataObject[]).map((r) => [r.type, r.id])).toEqual([
			['container', f.containerId],
		]);
	});

	it('By Number also finds a shipment by an exact reference number (q), never by a partial one', async () => {
		const f = fixture('on_ship');
		const out = await run({
			operation: 'get',
			shipmentId: byNumber(' fixture-on_ship '),
			include: [],
		});
		expect(out[0].id).toBe(f.shipmentId);
		expect(log()).toEqual([
			['GET', '/v2/shipments', { number: 'FIXTURE-ON_SHIP', 'page[size]': '10' }, null, 200],
			['GET', '/v2/shipments', { q: 'fixture-on_ship', 'page[size]': '100' }, null, 200],
			['GET', `/v2/shipments/${f.shipmentId}`, {}, null, 200],
		]);

		sb.clearRequests();
		// "FIXTURE-ON" is a substring of FIXTURE-ON_SHIP and FIXTURE-ON_RAIL: the search finds both, neither is it.
		const error = await expectError(
			run({ operation: 'get', shipmentId: byNumber('FIXTURE-ON'), include: [] }),
		);
		expect(error.message).toBe('No shipment "FIXTURE-ON" is tracked in this Terminal49 account');
		expect(sb.requests.map((r) => [r.path, r.query])).toEqual([
			['/v2/shipments', { number: 'FIXTURE-ON', 'page[size]': '10' }],
			['/v2/shipments', { q: 'FIXTURE-ON', 'page[size]': '100' }],
		]);
	});

	it('By Number refuses to guess when two shipments carry the same reference number', async () => {
		const ids = [fixture('on_ship').shipmentId, fixture('on_rail').shipmentId];
		const shipments = ids.map((id) => sb.store.shipments.get(id)!);
		const originals = shipments.map((s) => s.refNumbers);
		for (const s of shipments) s.refNumbers = ['PO-SHARED-77'];
		try {
			const error = await expectError(
				run({ operation: 'stopTracking', shipmentId: byNumber('PO-SHARED-77') }),
			);
			expect(error.message).toBe('2 shipments match "PO-SHARED-77"');
			expect(error.description).toContain(ids[0]);
			expect(error.description).toContain(ids[1]);
			expect(sb.requests.every((r) => r.method === 'GET')).toBe(true);
		} finally {
			shipments.forEach((s, i) => (s.refNumbers = originals[i]));
		}
	});

	it('explains the restricted free plan instead of a bare 401', async () => {
		const f = fixture('on_ship');
		const error = await expectError(
			run({ operation: 'get', shipmentId: byId(f.shipmentId) }, { apiKey: sb.keys.free }),
		);
		expect(error.message).toBe(
			'This Terminal49 API key is on the restricted free plan: it can only create tracking requests',
		);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', `/v2/shipments/${f.shipmentId}`, 401],
		]);
	});

	it('continueOnFail: an unknown ID, an unknown number and an invalid ID give paired error items; the good item goes on', async () => {
		const f = fixture('past_lfd');
		const items = await runFull(
			{
				operation: 'get',
				shipmentId: '={{ { "__rl": true, "mode": $json.mode, "value": $json.value } }}',
				include: [],
			},
			{
				continueOnFail: true,
				items: [
					{ mode: 'id', value: 'no-such-shipment' },
					{ mode: 'number', value: 'NOPE12345' },
					{ mode: 'id', value: 'a/b' },
					{ mode: 'id', value: f.shipmentId },
				],
			},
		);
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
			[{ item: 0 }, 'Terminal49 has no such resource (404): /shipments/no-such-shipment'],
			[{ item: 1 }, 'No shipment "NOPE12345" is tracked in this Terminal49 account'],
			[{ item: 2 }, 'Invalid Shipment ID "a/b": an ID has no spaces, slashes, ? or #'],
			[{ item: 3 }, f.shipmentId],
		]);
		expect(sb.requests.map((r) => [r.path, r.status])).toEqual([
			['/v2/shipments/no-such-shipment', 404],
			['/v2/shipments', 200],
			['/v2/shipments', 200],
			[`/v2/shipments/${f.shipmentId}`, 200],
		]);
	});
});

describe('Shipment > Get Many', () => {
	it('sends q, number and filter[tracking_stopped] and includes', async () => {
		const f = fixture('customs_hold');
		const out = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				q: ' MAEU4949 ',
				number: ` ${f.billOfLading.toLowerCase()} `,
				trackingStopped: false,
			},
			include: ['containers'],
		});
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/shipments',
				{
					q: 'MAEU4949',
					number: f.billOfLading,
					'filter[tracking_stopped]': 'false',
					sort: '-created_at',
					include: 'containers',
					'page[size]': '100',
				},
				null,
				200,
			],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({ id: f.shipmentId, bill_of_lading_number: f.billOfLading });
		expect((out[0].containers as IDataObject[])[0]).toMatchObject({
			number: f.containerNumber,
			active_holds: ['customs'],
			ready_for_pickup: false,
		});
	});

	it('applies the Limit through page[size] and returns newest first', async () => {
		const out = await run({ operation: 'getAll', limit: 3 });
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['GET', '/v2/shipments', { sort: '-created_at', 'page[size]': '3' }, null, 200],
		]);
		expect(out).toHaveLength(3);
		const created = out.map((o) => Date.parse(String(o.created_at)));
		expect([...created].sort((a, b) => b - a)).toEqual(created);
		for (const item of out) expect(item.type).toBe('shipment');
	});

	it("sends the documented equivalents of the filters (port, ETA window); the shipping line is the node's alone", async () => {
		const node = new Terminal49();
		const filters = node.description.properties.find(
			(p) =>
				p.name === 'filters' &&
				p.displayOptions?.show?.resource?.includes('shipment') &&
				p.displayOptions?.show?.operation?.includes('getAll'),
		)!;
		expect((filters.options as Array<{ name: string }>).map((o) => o.name).sort()).toEqual([
			'customer',
			'eta',
			'etaChanged',
			'etaDays',
			'matchAllTags',
			'number',
			'party',
			'portOfDischarge',
			'q',
			'shippingLine',
			'tags',
			'trackingStopped',
		]);
		await run({
			operation: 'getAll',
			limit: 3,
			filters: {
				eta: 'within',
				etaDays: 30,
				portOfDischarge: 'USLAX',
				shippingLine: { __rl: true, mode: 'scac', value: 'MSCU' },
			},
		});
		// pages of 100 (the Limit counts kept shipments); no carrier filter (Terminal49 has none for shipments)
		expect(log()[0][1]).toBe('/v2/me');
		const [, request] = sb.requests;
		expect([request.method, request.path]).toEqual(['GET', '/v2/shipments']);
		expect(request.pairs).toEqual([
			['filter[pod_ata_at]', '@not_exists'],
			['filter[pod_arrival][]', expect.stringMatching(/^>=\d{4}-\d{2}-\d{2}$/)],
			['filter[pod_arrival][]', expect.stringMatching(/^<=\d{4}-\d{2}-\d{2}$/)],
			['filter[pod_code]', 'USLAX'],
			['sort', '-created_at'],
			['page[size]', '100'],
		]);
	});
});

describe('Shipment > Update', () => {
	it('PATCHes ref_numbers and tags (each replacing the list) and returns the shipment', async () => {
		const f = fixture('new_booking');
		const out = await run({
			operation: 'update',
			shipmentId: byId(f.shipmentId),
			updateFields: { refNumbers: 'PO-1, PO-2,PO-1', tags: 'hot, acme' },
		});
		expect(log()).toEqual([
			[
				'PATCH',
				`/v2/shipments/${f.shipmentId}`,
				{},
				{
					data: {
						id: f.shipmentId,
						type: 'shipment',
						attributes: { ref_numbers: ['PO-1', 'PO-2'], tags: ['hot', 'acme'] },
					},
				},
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: f.shipmentId,
				ref_numbers: ['PO-1', 'PO-2'],
				tags: ['hot', 'acme'],
			}),
		]);
	});

	it('sends only the fields given; an empty value clears the list', async () => {
		const f = fixture('new_booking');
		const out = await run({
			operation: 'update',
			shipmentId: byId(f.shipmentId),
			updateFields: { tags: '' },
		});
		expect(log()).toEqual([
			[
				'PATCH',
				`/v2/shipments/${f.shipmentId}`,
				{},
				{ data: { id: f.shipmentId, type: 'shipment', attributes: { tags: [] } } },
				200,
			],
		]);
		expect(out[0]).toMatchObject({ tags: [], ref_numbers: ['PO-1', 'PO-2'] });
	});

	it('refuses an empty Update Fields before any request', async () => {
		const error = await expectError(
			run({
				operation: 'update',
				shipmentId: byId(fixture('new_booking').shipmentId),
				updateFields: {},
			}),
		);
		expect(error.message).toBe('Nothing to update in item 1: "Update Fields" is empty');
		expect(sb.requests).toEqual([]);
	});
});

describe('Shipment > Stop Tracking / Resume Tracking', () => {
	it('PATCHes stop_tracking then resume_tracking and returns the shipment each time', async () => {
		const s = multiContainerShipment();
		const stopped = await run({ operation: 'stopTracking', shipmentId: byId(s.id) });
		expect(log()).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['PATCH', `/v2/shipments/${s.id}/stop_tracking`, {}, null, 200],
		]);
		expect(stopped).toEqual([
			expect.objectContaining({
				id: s.id,
				type: 'shipment',
				line_tracking_stopped_at: expect.any(String),
			}),
		]);

		sb.clearRequests();
		const listed = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { trackingStopped: true },
		});
		expect(listed.map((o) => o.id)).toEqual([s.id]);

		sb.clearRequests();
		const resumed = await run({ operation: 'resumeTracking', shipmentId: byNumber(s.bl) });
		expect(log()).toEqual([
			['GET', '/v2/shipments', { number: s.bl, 'page[size]': '10' }, null, 200],
			['PATCH', `/v2/shipments/${s.id}/resume_tracking`, {}, null, 200],
		]);
		expect(resumed).toEqual([
			expect.objectContaining({ id: s.id, line_tracking_stopped_at: null }),
		]);
	});
});
