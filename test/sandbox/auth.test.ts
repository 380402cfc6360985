/** Keys and plans: paid, restricted free plan, basic (feature-gated), and every malformed header. */
import type { Sandbox } from '../../sandbox';
import { client, startTestSandbox, trackingRequestBody } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('Authorization header', () => {
	const bad: Array<[string, Record<string, string>]> = [
		['missing header', {}],
		['Bearer prefix', { Authorization: 'Bearer sandbox_paid' }],
		['lowercase prefix', { Authorization: 'token sandbox_paid' }],
		['double-quoted key', { Authorization: 'Token "sandbox_paid"' }],
		['single-quoted key', { Authorization: "Token 'sandbox_paid'" }],
		['two spaces', { Authorization: 'Token  sandbox_paid' }],
		['no prefix', { Authorization: 'sandbox_paid' }],
		['truncated key', { Authorization: 'Token sandbox_pai' }],
		['unknown key', { Authorization: 'Token not-a-real-key-1234' }],
		['key with inner space', { Authorization: 'Token sandbox paid' }],
	];
	for (const [name, headers] of bad) {
		test(`${name} -> 401 "could not be verified"`, async () => {
			const res = await client(sb, null).get('/containers', { headers });
			expect(res.status).toBe(401);
			expect(res.body.errors[0]).toMatchObject({ status: '401', title: 'Unauthorized' });
			expect(res.body.errors[0].detail).toMatch(/could not be verified/);
		});
	}

	test('the request log never stores an unknown key', async () => {
		sb.clearRequests();
		await client(sb, null).get('/containers', {
			headers: { Authorization: 'Token super-secret-value' },
		});
		expect(sb.requests).toHaveLength(1);
		expect(sb.requests[0]).toMatchObject({
			method: 'GET',
			path: '/v2/containers',
			key: null,
			status: 401,
		});
		expect(JSON.stringify(sb.requests)).not.toContain('super-secret-value');
	});

	test('the request log names built-in keys and keeps flat query keys', async () => {
		sb.clearRequests();
		await client(sb, 'sandbox_basic').get('/containers?page[size]=2&include=shipment');
		expect(sb.requests[0]).toMatchObject({
			key: 'sandbox_basic',
			status: 200,
			query: { 'page[size]': '2', include: 'shipment' },
		});
	});
});

describe('restricted free plan (sandbox_free)', () => {
	const free = () => client(sb, 'sandbox_free');

	test('may create tracking requests', async () => {
		const res = await free().post(
			'/tracking_requests',
			trackingRequestBody({
				request_type: 'bill_of_lading',
				request_number: 'MAEU555000111',
				scac: 'MAEU',
			}),
		);
		expect(res.status).toBe(201);
		expect(res.body.data.attributes.status).toBe('pending');
	});

	test.each([
		['GET', '/containers'],
		['GET', '/shipments'],
		['GET', '/tracking_requests'],
		['POST', '/webhooks'],
		['GET', '/shipping_lines'],
		['POST', '/tracking_requests/infer_number'],
	])('%s %s -> 401 restricted-plan message', async (method, path) => {
		const res = await free().request(method, path, method === 'POST' ? { body: {} } : {});
		expect(res.status).toBe(401);
		expect(res.body.errors[0].detail).toMatch(
			/only creating tracking requests is permitted without a paid plan/,
		);
	});
});

describe('feature gates (sandbox_basic)', () => {
	const basic = () => client(sb, 'sandbox_basic');
	const fixture = (k: string) => sb.fixtures.find((f) => f.key === k)!;

	test('map_geojson -> 403 Routing Data', async () => {
		const res = await basic().get(`/containers/${fixture('on_ship').containerId}/map_geojson`);
		expect(res.status).toBe(403);
		expect(res.body.errors[0]).toMatchObject({
			status: '403',
			title: 'Forbidden',
			detail: 'Routing Data feature is not enabled for this account',
		});
	});

	test('container route (not in openapi.json; Routing Data) -> 403 for basic, 200 for paid', async () => {
		const path = `/containers/${fixture('on_rail').containerId}/route`;
		const res = await basic().get(path);
		expect(res.status).toBe(403);
		expect(res.body.errors[0].detail).toBe('Routing Data feature is not enabled for this account');
		const paid = await client(sb).get(path, { validate: false });
		expect(paid.status).toBe(200);
		expect(paid.body.data.type).toBe('route');
		const stops = paid.body.data.relationships.route_locations.data.map((r: any) =>
			paid.body.included.find((x: any) => x.id === r.id),
		);
		// Tokyo -> Los Angeles by sea, then by rail to Chicago.
		expect(stops.map((s: any) => [s.attributes.inbound_mode, s.attributes.outbound_mode])).toEqual([
			[null, 'vessel'],
			['vessel', 'rail'],
			['rail', null],
		]);
		expect(stops.map((s: any) => s.relationships.location.data.type)).toEqual([
			'port',
			'port',
			'metro_area',
		]);
		expect(new Set(paid.body.included.map((r: any) => r.type))).toEqual(
			new Set(['route_location', 'port', 'metro_area', 'vessel']),
		);
	});

	test('vessel future positions and position history -> 403 Routing Data', async () => {
		const vessel = (await basic().get('/vessels/9811000')).body.data;
		expect(vessel.attributes.positions).toBeUndefined();
		for (const p of [
			`/vessels/${vessel.id}/future_positions`,
			`/vessels/${vessel.id}/future_positions_with_coordinates?latitude=1&longitude=2`,
			`/vessels/${vessel.id}?show_positions[from_timestamp]=2025-01-01T00:00:00Z`,
		]) {
			const res = await basic().get(p);
			expect(res.status).toBe(403);
			expect(res.body.errors[0].detail).toMatch(/Routing Data/);
		}
	});

	test('refresh -> 403 naming the feature', async () => {
		const res = await basic().patch(
			`/containers/${fixture('ready_for_pickup').containerId}/refresh`,
		);
		expect(res.status).toBe(403);
		expect(res.body.errors[0].detail).toMatch(/Refresh feature is not enabled/);
	});

	test('rail LFD: hidden from containers and not subscribable', async () => {
		const id = fixture('on_rail').containerId;
		const paid = (await client(sb).get(`/containers/${id}`)).body.data.attributes;
		const basicAttrs = (await basic().get(`/containers/${id}`)).body.data.attributes;
		expect(paid.import_deadlines.pickup_lfd_rail).not.toBeNull();
		expect(basicAttrs.import_deadlines.pickup_lfd_rail).toBeNull();
		expect(paid.ind_facility_lfd_on).toBe(paid.import_deadlines.pickup_lfd_rail);
		expect(basicAttrs.ind_facility_lfd_on).toBeNull();
		const res = await basic().post('/webhooks', {
			data: {
				type: 'webhook',
				attributes: {
					url: 'https://example.com/x',
					active: true,
					events: ['container.pickup_lfd_rail.changed'],
				},
			},
		});
		expect(res.status).toBe(403);
		expect(res.body.errors[0].detail).toMatch(/Rail LFD feature is not enabled/);
	});

	test('widget -> 403 for the basic publishable key, 200 for paid', async () => {
		const n = fixture('ready_for_pickup').containerNumber;
		const basicRes = await fetch(`${sb.widgetUrl}/lookup?token=pk_sandbox_basic&number=${n}`);
		expect(basicRes.status).toBe(403);
		expect(((await basicRes.json()) as any).errors[0].detail).toMatch(
			/Widget feature is not enabled/,
		);
		const paidRes = await fetch(`${sb.widgetUrl}/lookup?token=pk_sandbox_paid&number=${n}`);
		expect(paidRes.status).toBe(200);
		expect(
			(await fetch(`${sb.widgetUrl}/lookup?token=pk_sandbox_paid&number=MSCU0000000`)).status,
		).toBe(404);
		expect((await fetch(`${sb.widgetUrl}/app.bundle.js`)).headers.get('content-type')).toBe(
			'application/javascript',
		);
	});

	test('basic can read everything else', async () => {
		expect((await basic().get('/containers')).status).toBe(200);
		expect(
			(await basic().get(`/containers/${fixture('on_ship').containerId}/transport_events`)).status,
		).toBe(200);
	});
});

test('unknown route -> 404 JSON:API error; wrong method -> 405', async () => {
	const api = client(sb);
	const res = await api.get('/nope');
	expect(res.status).toBe(404);
	expect(res.body.errors[0].status).toBe('404');
	const res2 = await api.request('PUT', '/containers');
	expect(res2.status).toBe(405);
	const res3 = await api.get('/containers/00000000-0000-4000-8000-000000000000');
	expect(res3.status).toBe(404);
	expect(res3.body.errors[0].detail).toBe('Container not found');
});

test('request bodies accepted as application/json and application/vnd.api+json; bad JSON -> 400', async () => {
	const api = client(sb);
	for (const ct of ['application/json', 'application/vnd.api+json']) {
		const res = await api.post(
			'/parties',
			{ data: { type: 'party', attributes: { company_name: `Co ${ct}` } } },
			{ headers: { 'Content-Type': ct } },
		);
		expect(res.status).toBe(201);
	}
	const bad = await api.request('POST', '/parties', {
		rawBody: '{"data": ',
		headers: { 'Content-Type': 'application/json' },
	});
	expect(bad.status).toBe(400);
});

test('GET /webhooks/events is filtered by account features', async () => {
	const count = async (key: string) =>
		(await client(sb, key).get('/webhooks/events')).body.data.flatMap((c: any) =>
			c.attributes.events.map((e: any) => e.name),
		);
	expect(await count('sandbox_paid')).toHaveLength(43);
	const basic = await count('sandbox_basic');
	expect(basic).toHaveLength(42);
	expect(basic).not.toContain('container.pickup_lfd_rail.changed');
});
