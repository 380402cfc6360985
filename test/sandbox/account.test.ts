/**
 * `GET /me` of the sandbox: the credential, the account, its plan, tracking slots and features per built-in
 * key (free, basic, lite, paid), switched off with `meEndpoint: false`; the lite key's missing data-out API.
 */
import type { Sandbox } from '../../sandbox';
import { trackingSlotsUsed } from '../../sandbox/routes/account';
import { client, control, startTestSandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	// The carrier never answers during the file: a new tracking request stays pending (one slot).
	sb = await startTestSandbox({ carrierDelayMs: 600_000 });
});
afterAll(() => sb.close());
afterEach(() => {
	sb.options.meEndpoint = true;
	sb.options.trackingSlots = { free: 10 };
});

const me = (key: string) => client(sb, key).get('/me', { validate: false });
const statuses = (body: any) =>
	Object.fromEntries(
		Object.entries(body.data.attributes.features).map(([name, value]: [string, any]) => [
			name,
			value.status,
		]),
	);

test('the free-plan key may call /me: the shape of Terminal49 SDK fixture me.get.api-key.json', async () => {
	const res = await me('sandbox_free');
	expect(res.status).toBe(200);
	expect(res.headers.get('cache-control')).toBe('no-store');
	expect(res.body.data).toMatchObject({
		type: 'credential',
		attributes: { kind: 'api_key', channel: 'api' },
		relationships: { account: { data: { type: 'account' } }, user: { data: null } },
	});
	expect(statuses(res.body)).toEqual({
		data_out_api: 'requires_paid_plan',
		custom_fields: 'requires_user_credential',
		routing_data: 'not_enabled',
		rail_data: 'not_enabled',
		stop_tracking: 'requires_paid_plan',
		trade_intel: 'not_enabled',
	});
	const [account] = res.body.included;
	expect(account.id).toBe(res.body.data.relationships.account.data.id);
	expect(account.attributes).toMatchObject({
		company_name: 'Sandbox Logistics',
		plan: 'free_plan',
	});
	const used = trackingSlotsUsed(sb.store);
	expect(used).toBeGreaterThan(0);
	expect(account.attributes.tracking_slots).toEqual({
		limit: 10,
		used,
		remaining: Math.max(0, 10 - used),
	});
});

test('paid: everything available; basic: no routing or rail data; lite: neither routing data nor the data-out API', async () => {
	const paid = await me('sandbox_paid');
	expect(Object.values(statuses(paid.body))).toEqual(Array(6).fill('available'));
	expect(paid.body.included[0].attributes).toMatchObject({
		plan: 'customer',
		tracking_slots: null,
	});
	expect(statuses((await me('sandbox_basic')).body)).toMatchObject({
		data_out_api: 'available',
		routing_data: 'not_enabled',
		rail_data: 'not_enabled',
	});
	expect(statuses((await me('sandbox_lite')).body)).toMatchObject({
		data_out_api: 'not_enabled',
		routing_data: 'not_enabled',
		stop_tracking: 'available',
		custom_fields: 'available',
	});
});

test('a key the service cannot verify: 401, as on every endpoint', async () => {
	const res = await me('sandbox_revoked');
	expect(res.status).toBe(401);
	expect(res.body.errors[0].detail).toMatch(/could not be verified/);
});

test('meEndpoint off (option or control API): 404 like an unknown route, after the key check', async () => {
	expect((await control(sb, 'PATCH', '/options', { meEndpoint: false })).body).toMatchObject({
		meEndpoint: false,
	});
	const res = await me('sandbox_paid');
	expect(res.status).toBe(404);
	expect(res.body.errors[0].detail).toBe('No route matches GET /v2/me');
	expect((await me('sandbox_revoked')).status).toBe(401);
	expect((await control(sb, 'PATCH', '/options', { meEndpoint: 'no' })).status).toBe(400);
	await control(sb, 'PATCH', '/options', { meEndpoint: true });
	expect((await me('sandbox_paid')).status).toBe(200);
});

test('tracking slots per plan can be set (control API), and count what is tracked', async () => {
	await control(sb, 'PATCH', '/options', { trackingSlots: { paid: 1000 } });
	const before = (await me('sandbox_paid')).body.included[0].attributes.tracking_slots;
	expect(before).toEqual({
		limit: 1000,
		used: trackingSlotsUsed(sb.store),
		remaining: 1000 - trackingSlotsUsed(sb.store),
	});
	const created = await client(sb).post('/tracking_requests', {
		data: {
			type: 'tracking_request',
			attributes: { request_type: 'bill_of_lading', request_number: 'MEDUSLOTS0001', scac: 'MSCU' },
		},
	});
	expect(created.status).toBe(201);
	const after = (await me('sandbox_paid')).body.included[0].attributes.tracking_slots;
	expect(after.used).toBe(before.used + 1);
	expect(after.remaining).toBe(before.remaining - 1);
	expect((await control(sb, 'PATCH', '/options', { trackingSlots: { gold: 5 } })).status).toBe(400);
});

test('lite: webhook management and test deliveries need the data-out API (403); basic has it', async () => {
	const body = {
		data: {
			type: 'webhook',
			attributes: { url: 'https://example.com/t49', active: true, events: ['container.updated'] },
		},
	};
	const refused = await client(sb, 'sandbox_lite').post('/webhooks', body);
	expect(refused.status).toBe(403);
	expect(refused.body.errors[0].detail).toBe(
		'Data Out API feature is not enabled for this account',
	);
	for (const path of ['/webhooks', `/webhooks/${'0'.repeat(8)}`]) {
		expect((await client(sb, 'sandbox_lite').get(path)).status).toBe(403);
	}
	expect(
		(
			await client(sb, 'sandbox_lite').post('/webhooks/trigger', {
				url: 'https://example.com/t49',
				event: 'container.updated',
			})
		).status,
	).toBe(403);
	const basic = await client(sb, 'sandbox_basic').post('/webhooks', body);
	expect(basic.status).toBe(201);
	// lite lacks routing data too
	const fixture = sb.fixtures.find((f) => f.key === 'on_ship')!;
	const map = await client(sb, 'sandbox_lite').get(
		`/containers/${fixture.containerId}/map_geojson`,
	);
	expect(map.status).toBe(403);
	expect(map.body.errors[0].detail).toBe('Routing Data feature is not enabled for this account');
});
