/**
 * Container operations added for issue 4 (Refresh, Get Map, Get Transport Events, Get Raw Events, Update)
 * against the sandbox, through real n8n-core. Each test asserts the request the node made and the items.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { validateMapFeatureCollection } from '../../nodes/Terminal49/domain/geojson';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { captureLogs, runNode } from '../helpers/runNode';

let sb: Sandbox;
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

async function run(
	parameters: IDataObject,
	options: {
		apiKey?: string;
		items?: IDataObject[];
		continueOnFail?: boolean;
		rateLimitRequests?: number;
		baseUrl?: string;
	} = {},
) {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: 'container', ...parameters } as never,
		credentials: {
			apiKey: options.apiKey ?? sb.keys.paid,
			baseUrl: options.baseUrl ?? sb.baseUrl,
			...(options.rateLimitRequests ? { rateLimitRequests: options.rateLimitRequests } : {}),
		},
		items: options.items ?? [{}],
		continueOnFail: options.continueOnFail,
	});
	return out.map((item) => item.json);
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
const byNumber = (number: string) => ({ __rl: true, mode: 'number', value: number });

describe('Container > Refresh', () => {
	it('PATCHes /containers/{id}/refresh and returns the service message', async () => {
		const f = fixture('ready_for_pickup');
		const out = await run({ operation: 'refresh', containerId: byId(f.containerId) });
		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body ?? null, r.status])).toEqual([
			['PATCH', `/v2/containers/${f.containerId}/refresh`, {}, null, 200],
		]);
		expect(out).toEqual([
			{
				container_id: f.containerId,
				refresh_requested: true,
				message: expect.stringMatching(/^Started refresh for Shipping line, Terminal/),
			},
		]);
	});

	it('looks a container number up first', async () => {
		const f = fixture('customs_hold');
		const out = await run({
			operation: 'refresh',
			containerId: byNumber(f.containerNumber.toLowerCase()),
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v2/containers', { 'filter[number]': f.containerNumber, 'page[size]': '1' }],
			['PATCH', `/v2/containers/${f.containerId}/refresh`, {}],
		]);
		expect(out[0].container_id).toBe(f.containerId);
	});

	it('uses its own 10/min bucket: three refreshes go out at once even when the default bucket allows 1 per minute', async () => {
		const ids = ['ready_for_pickup', 'customs_hold', 'on_ship'].map((k) => fixture(k).containerId);
		const started = Date.now();
		const out = await run(
			{
				operation: 'refresh',
				containerId: '={{ { "__rl": true, "mode": "id", "value": $json.id } }}',
			},
			{ items: ids.map((id) => ({ id })), rateLimitRequests: 1 },
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(out.map((o) => o.container_id)).toEqual(ids);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual(
			ids.map((id) => ['PATCH', `/v2/containers/${id}/refresh`, 200]),
		);
	});

	it('sandbox_basic: 403 explains that the Container Refresh add-on is missing (continueOnFail item)', async () => {
		const f = fixture('ready_for_pickup');
		const out = await run(
			{ operation: 'refresh', containerId: byId(f.containerId) },
			{ apiKey: sb.keys.basic, continueOnFail: true },
		);
		expect(out).toHaveLength(1);
		expect(out[0].error).toBe(
			'The Container Refresh feature is not enabled for this Terminal49 account (403)',
		);
		expect(out[0].error_description).toMatch(/paid add-on/);
		expect(sb.requests.map((r) => [r.method, r.status])).toEqual([['PATCH', 403]]);
	});

	it('rejects a malformed container number before any request', async () => {
		await expect(
			run({ operation: 'refresh', containerId: byNumber('MSCU494901') }),
		).rejects.toThrow(
			'Invalid Container Number "MSCU494901": a container number is 4 letters and 7 digits, e.g. MSCU1234566',
		);
		expect(sb.requests).toHaveLength(0);
	});

	it('rejects a wrong check digit before any request, and says how to reach a container tracked with one', async () => {
		await expect(
			run({ operation: 'refresh', containerId: byNumber('MSCU4949013') }),
		).rejects.toThrow(
			'Invalid Container Number "MSCU4949013": its ISO 6346 check digit should be 2, not 3: check for a typo, or choose a container tracked with a non-standard check digit By ID',
		);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Container > Get Map', () => {
	it('returns the FeatureCollection as one valid item (at sea: ports, current vessel, past and estimated legs)', async () => {
		const f = fixture('on_ship');
		const out = await run({ operation: 'getMap', containerId: byId(f.containerId) });
		expect(sb.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v2/me', {}],
			['GET', `/v2/containers/${f.containerId}/map_geojson`, {}],
		]);
		expect(out).toHaveLength(1);
		const map = out[0];
		expect(map.type).toBe('FeatureCollection');
		expect(validateMapFeatureCollection(map)).toEqual({ problems: [] });
		const features = map.features as Array<{
			geometry: { type: string; coordinates: unknown };
			properties: IDataObject;
		}>;
		const kinds = features.map((x) => x.properties.feature_type);
		expect(kinds).toEqual(
			expect.arrayContaining([
				'port',
				'current_vessel',
				'past_vessel_locations',
				'estimated_partial_leg',
			]),
		);
		const labels = features
			.filter((x) => x.properties.feature_type === 'port')
			.map((x) => x.properties.label);
		expect(labels).toEqual(['POL', 'TS1', 'POD']);
		const vessel = features.find((x) => x.properties.feature_type === 'current_vessel')!;
		expect(vessel.geometry.type).toBe('Point');
		expect(vessel.geometry.coordinates).toHaveLength(2);
	});

	it('every fixture journey (booked, at sea, on rail, arrived) gives a valid map', async () => {
		for (const f of sb.fixtures) {
			const [map] = await run({ operation: 'getMap', containerId: byId(f.containerId) });
			expect([f.key, validateMapFeatureCollection(map)]).toEqual([f.key, { problems: [] }]);
			expect((map.features as unknown[]).length).toBeGreaterThanOrEqual(3);
		}
	});

	it('sandbox_basic: refused before the map request, naming Routing Data (GET /me)', async () => {
		const f = fixture('on_ship');
		const error = await run(
			{ operation: 'getMap', containerId: byNumber(f.containerNumber) },
			{ apiKey: sb.keys.basic },
		).catch((e: Error & { description?: string }) => e);
		expect((error as Error).message).toBe(
			'Container > Get Map needs the Routing Data feature: "Routing data feature is not enabled for this account"',
		);
		expect((error as { description?: string }).description).toMatch(/sales@terminal49\.com/);
		// nothing but GET /me was sent: not even the look-up of the container number
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([['GET', '/v2/me', 200]]);
	});

	it('sandbox_basic on a service without GET /me: the 403 names the Routing Data add-on', async () => {
		const f = fixture('on_ship');
		sb.options.meEndpoint = false;
		try {
			await expect(
				run({ operation: 'getMap', containerId: byId(f.containerId) }, { apiKey: sb.keys.basic }),
			).rejects.toThrow(
				'The Routing Data feature is not enabled for this Terminal49 account (403)',
			);
		} finally {
			sb.options.meEndpoint = true;
		}
	});

	describe('a service answering a broken collection', () => {
		let server: http.Server;
		let baseUrl: string;
		const broken = {
			type: 'FeatureCollection',
			features: [
				{
					type: 'Feature',
					geometry: { type: 'Point', coordinates: [-118.27, 33.74] },
					properties: { feature_type: 'port', label: 'POD' },
				},
				{
					type: 'Feature',
					geometry: { type: 'Point', coordinates: [121.5, 31.2, 0] },
					properties: { feature_type: 'current_vessel' },
				},
				{
					type: 'Feature',
					geometry: { type: 'LineString', coordinates: [[121.5, 31.2]] },
					properties: { feature_type: 'estimated_full_legs' },
				},
				{
					type: 'Feature',
					geometry: {
						type: 'LineString',
						coordinates: [
							[121.5, 31.2],
							[-118.27, 33.74],
						],
					},
					properties: { feature_type: 'past_vessel_locations' },
				},
			],
		};
		beforeAll(async () => {
			server = http.createServer((req, res) => {
				res.setHeader('Content-Type', 'application/json');
				res.end(
					JSON.stringify(
						req.url?.endsWith('/map_geojson') ? broken : { errors: [{ status: '404' }] },
					),
				);
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
		});
		afterAll(async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		});

		it('fails by default, naming the feature index and the rule', async () => {
			await expect(
				run({ operation: 'getMap', containerId: byId('c1') }, { baseUrl }),
			).rejects.toThrow(
				'Terminal49 returned an invalid container map: feature 1 (current_vessel): Point coordinates: a position must be exactly 2 numbers [longitude, latitude]; got [121.5,31.2,0] (and 1 more invalid feature(s))',
			);
		});

		it('"Drop Them" returns the valid features only and logs what it dropped', async () => {
			const logs = captureLogs();
			const out = await run(
				{ operation: 'getMap', containerId: byId('c1'), invalidFeatures: 'drop' },
				{ baseUrl },
			);
			expect(out).toEqual([
				{ type: 'FeatureCollection', features: [broken.features[0], broken.features[3]] },
			]);
			expect(logs.join('\n')).toMatch(
				/dropped 2 invalid feature\(s\): feature 1 \(current_vessel\).*feature 2 \(estimated_full_legs\): LineString coordinates must hold at least 2 positions; got 1/,
			);
		});
	});
});

describe('Container number filter dropped by the service (sandbox ignoredFilters: filter[number])', () => {
	let all: IDataObject[];
	let oldest: IDataObject;
	beforeAll(async () => {
		all = await run({ operation: 'getAll', returnAll: true, include: [] });
		oldest = all.at(-1)!;
	});
	beforeEach(() => {
		sb.options.ignoredFilters = ['filter[number]'];
	});
	afterEach(() => {
		sb.options.ignoredFilters = [];
	});
	const query = (r: { query: Record<string, string> }) => r.query;

	it('Get Many with a number and a Limit: only that container, never the unfiltered list; one small page, then pages of 100', async () => {
		expect(all.length).toBeGreaterThan(1);
		const out = await run({
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { number: String(oldest.number) },
			include: [],
		});
		expect(out.map((c) => c.id)).toEqual([oldest.id]);
		const number = String(oldest.number);
		// sort=-created_at is the node's Newest First; the sandbox's container pages hold 50 (100 asked)
		const sent = { 'filter[number]': number, sort: '-created_at' };
		expect(sb.requests.map(query)).toEqual([
			{},
			{ ...sent, 'page[size]': '1' },
			...Array.from({ length: Math.ceil(all.length / 50) }, (_, i) =>
				i === 0
					? { ...sent, 'page[size]': '100' }
					: { ...sent, 'page[number]': String(i + 1), 'page[size]': '50' },
			),
		]);
	});

	it('Get Many with a number, Return All: only the containers with that number', async () => {
		const out = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { number: String(oldest.number) },
			include: [],
		});
		expect(out.map((c) => c.number)).toEqual(
			all.filter((c) => c.number === oldest.number).map((c) => c.number),
		);
	});

	it('By Number finds a container that is not the newest, by reading on', async () => {
		const out = await run({
			operation: 'get',
			containerId: byNumber(String(oldest.number)),
			include: [],
		});
		expect(out.map((c) => c.id)).toEqual([oldest.id]);
		expect(sb.requests[0].query).toEqual({
			'filter[number]': oldest.number,
			'page[size]': '1',
		});
		expect(sb.requests.at(-1)).toMatchObject({
			method: 'GET',
			path: `/v2/containers/${String(oldest.id)}`,
		});
	});

	it('By Number for a number the account does not track: "not tracked" once the list is read', async () => {
		await expect(
			run({ operation: 'get', containerId: byNumber('MSCU1234566'), include: [] }),
		).rejects.toThrow('No container "MSCU1234566" is tracked in this Terminal49 account');
		expect(sb.requests.every((r) => r.path === '/v2/containers')).toBe(true);
	});

	it('the service applying the filter costs what it always did: one request of one', async () => {
		sb.options.ignoredFilters = [];
		const out = await run({
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { number: String(oldest.number) },
			include: [],
		});
		expect(out.map((c) => c.id)).toEqual([oldest.id]);
		expect(sb.requests.map(query)).toEqual([
			{},
			{ 'filter[number]': String(oldest.number), 'page[size]': '1', sort: '-created_at' },
		]);
	});
});

describe('Container > Get Transport Events', () => {
	it('Return All: every event, oldest first, with location, terminal and vessel included', async () => {
		const f = fixture('ready_for_pickup');
		const out = await run({
			operation: 'getTransportEvents',
			containerId: byId(f.containerId),
			returnAll: true,
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			[
				'GET',
				`/v2/containers/${f.containerId}/transport_events`,
				{ include: 'location,terminal,vessel', 'page[size]': '100' },
			],
		]);
		expect(out.length).toBeGreaterThanOrEqual(4);
		expect(out.every((e) => e.type === 'transport_event' && typeof e.event === 'string')).toBe(
			true,
		);
		const times = out.map((e) => Date.parse(String(e.timestamp)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		const arrived = out.find((e) => e.event === 'container.transport.vessel_arrived')!;
		expect(arrived.location).toEqual(
			expect.objectContaining({ type: 'port', code: arrived.location_locode }),
		);
		expect(arrived.vessel).toEqual(
			expect.objectContaining({
				type: 'vessel',
				name: expect.any(String),
				imo: expect.any(String),
			}),
		);
	});

	it('Limit 2 returns the 2 oldest events: the service does not send them in time order, so it reads them all (one page of 100) and sorts; no include when none is chosen', async () => {
		const f = fixture('ready_for_pickup');
		const all = await run({
			operation: 'getTransportEvents',
			containerId: byId(f.containerId),
			returnAll: true,
			include: [],
		});
		sb.requests.length = 0;
		const out = await run({
			operation: 'getTransportEvents',
			containerId: byId(f.containerId),
			returnAll: false,
			limit: 2,
			include: [],
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/v2/containers/${f.containerId}/transport_events`, { 'page[size]': '100' }],
		]);
		expect(out).toHaveLength(2);
		expect(out).toEqual(all.slice(0, 2));
		expect(typeof out[0].location === 'string' || out[0].location === null).toBe(true);
	});
});

describe('Container > Get Raw Events (Deprecated)', () => {
	it('is marked deprecated in the operation list', () => {
		const operation = new Terminal49().description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === 'container',
		)!;
		expect(operation.options).toContainEqual(
			expect.objectContaining({ name: 'Get Raw Events (Deprecated)', value: 'getRawEvents' }),
		);
	});

	it('returns one item per raw event (estimated future ones included) and applies Limit itself', async () => {
		const f = fixture('on_ship');
		const all = await run({
			operation: 'getRawEvents',
			containerId: byId(f.containerId),
			returnAll: true,
		});
		const limited = await run({
			operation: 'getRawEvents',
			containerId: byId(f.containerId),
			returnAll: false,
			limit: 3,
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', `/v2/containers/${f.containerId}/raw_events`, {}],
			['GET', `/v2/containers/${f.containerId}/raw_events`, {}],
		]);
		expect(all.length).toBeGreaterThan(3);
		expect(all.every((e) => e.type === 'raw_event')).toBe(true);
		expect(all.some((e) => e.estimated === true)).toBe(true);
		// The same first three events; the vessel they include is at sea, and its position moves between the
		// two requests (a live position, like the service's), so it is compared by its id.
		const withoutLivePosition = (event: IDataObject) => ({
			...event,
			vessel: (event.vessel as IDataObject | null)?.id ?? event.vessel,
		});
		expect(limited.map(withoutLivePosition)).toEqual(all.slice(0, 3).map(withoutLivePosition));
	});

	it('Simplify off: the document as sent, data cut to the limit', async () => {
		const f = fixture('on_ship');
		const out = await run({
			operation: 'getRawEvents',
			containerId: byId(f.containerId),
			returnAll: false,
			limit: 2,
			simplify: false,
		});
		expect(out).toHaveLength(1);
		expect((out[0].data as IDataObject[]).map((e) => e.type)).toEqual(['raw_event', 'raw_event']);
	});
});

describe('Container > Update', () => {
	it('PATCHes /containers with the id and the new ref_numbers and returns the container with insights', async () => {
		const f = fixture('past_lfd');
		const out = await run({
			operation: 'update',
			containerId: byId(f.containerId),
			refNumbers: ' PO-1, PO-2 ,PO-1,, ',
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.query, r.body])).toEqual([
			[
				'PATCH',
				'/v2/containers',
				{},
				{
					data: {
						id: f.containerId,
						type: 'container',
						attributes: { ref_numbers: ['PO-1', 'PO-2'] },
					},
				},
			],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toEqual(
			expect.objectContaining({
				id: f.containerId,
				number: f.containerNumber,
				ref_numbers: ['PO-1', 'PO-2'],
				ready_for_pickup: expect.any(Boolean),
			}),
		);
	});

	it('an empty value clears the reference numbers', async () => {
		const f = fixture('past_lfd');
		const out = await run({
			operation: 'update',
			containerId: byId(f.containerId),
			refNumbers: '',
		});
		expect(sb.requests[0].body).toEqual({
			data: { id: f.containerId, type: 'container', attributes: { ref_numbers: [] } },
		});
		expect(out[0].ref_numbers).toEqual([]);
	});
});
