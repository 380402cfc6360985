/**
 * The account behind the key (GET /me) for each kind of key the sandbox knows: Account > Get; operations
 * that need a feature the account lacks, or a plan that can list, refused before anything but GET /me is
 * sent, with the feature, what the plan lacks and where to get it; GET /me read once per execution and
 * cached per key; a service without /me working as before (no check); Tracking Request > Create and the
 * tracking slots.
 */
import type { IDataObject, INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { trackingSlotsUsed } from '../../sandbox/routes/account';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, runnerFor } from '../helpers/actionHarness';
import { createExecuteContext } from '../helpers/runNode';

let sb: Sandbox;
const account = runnerFor(() => sb, 'account');
const container = runnerFor(() => sb, 'container');
const webhook = runnerFor(() => sb, 'webhook');
const shipment = runnerFor(() => sb, 'shipment');
const trackingRequest = runnerFor(() => sb, 'trackingRequest');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const paths = () => sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`);

beforeAll(async () => {
	// the carrier never answers during the file: a tracking request created here stays pending (one slot)
	sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
	sb.options.meEndpoint = true;
	sb.options.trackingSlots = { free: 10 };
});

/** The error of a failed run: its message (without the description the harness appends) and description. */
async function failure(
	promise: Promise<unknown>,
): Promise<{ message: string; description?: string }> {
	try {
		await promise;
	} catch (error) {
		const { message, description } = error as Error & { description?: string };
		return { message: message.replace(/ \[[\s\S]*\]$/, ''), description };
	}
	throw new Error('expected the run to fail');
}

describe('Account > Get', () => {
	it('a paid key: company, plan, no slot limit, every feature available', async () => {
		const [out] = await account.run({ operation: 'get' });
		expect(paths()).toEqual(['GET /v2/me 200']);
		expect(out).toMatchObject({
			company_name: 'Sandbox Logistics',
			plan: 'customer',
			plan_name: 'paid plan',
			can_read: true,
			tracking_slots_limit: null,
			missing_features: [],
			key_kind: 'api_key',
		});
		expect(Object.values(out.features as IDataObject)).toEqual(Array(6).fill('available'));
	});

	it('a free-plan key: tracking slots and each feature in words', async () => {
		const [out] = await account.run({ operation: 'get' }, { apiKey: sb.keys.free });
		const used = trackingSlotsUsed(sb.store);
		expect(out).toMatchObject({
			plan: 'free_plan',
			plan_name: 'free plan',
			can_read: false,
			tracking_slots_limit: 10,
			tracking_slots_used: used,
			tracking_slots_remaining: Math.max(0, 10 - used),
		});
		expect(out.features).toEqual({
			data_out_api: 'needs a paid plan',
			custom_fields: 'needs a user credential',
			routing_data: 'not enabled for this account',
			rail_data: 'not enabled for this account',
			stop_tracking: 'needs a paid plan',
			trade_intel: 'not enabled for this account',
		});
		expect(out.feature_statuses).toMatchObject({ data_out_api: 'requires_paid_plan' });
	});

	it('a key lacking routing data and the data-out API (sandbox_lite); Simplify off gives the document', async () => {
		const [out] = await account.run({ operation: 'get' }, { apiKey: sb.keys.lite });
		expect(out.missing_features).toEqual([
			'Data Out API',
			'Routing Data',
			'Rail Data',
			'Trade Intelligence',
		]);
		expect(out.features).toMatchObject({
			data_out_api: 'not enabled for this account',
			routing_data: 'not enabled for this account',
			stop_tracking: 'available',
		});
		const [raw] = await account.run(
			{ operation: 'get', simplify: false },
			{ apiKey: sb.keys.lite },
		);
		expect((raw.data as IDataObject).type).toBe('credential');
		expect((raw.included as IDataObject[])[0].type).toBe('account');
	});

	it('a service without GET /me: an error that says so', async () => {
		sb.options.meEndpoint = false;
		const error = await failure(account.run({ operation: 'get' }));
		expect(error.message).toMatch(/does not offer GET \/me \(404\)/);
	});
});

describe('features checked before the request that needs them', () => {
	it('lite: Container > Get Map is refused with nothing sent but GET /me, naming Routing Data and where to get it', async () => {
		const error = await failure(
			container.run(
				{ operation: 'getMap', containerId: byId(fixture('on_ship').containerId) },
				{ apiKey: sb.keys.lite },
			),
		);
		expect(error.message).toBe(
			'Container > Get Map needs the Routing Data feature: "Routing data feature is not enabled for this account"',
		);
		expect(error.description).toMatch(/container maps, routes and vessel positions/);
		expect(error.description).toMatch(/"Sandbox Logistics" \(paid plan\)/);
		expect(error.description).toMatch(/Ask sales@terminal49\.com to enable it/);
		expect(paths()).toEqual(['GET /v2/me 200']);
	});

	it('lite: Webhook > Create is refused with nothing sent but GET /me, naming the Data Out API', async () => {
		const error = await failure(
			webhook.run(
				{
					operation: 'create',
					url: 'https://example.com/t49',
					events: ['container.transport.vessel_arrived'],
				},
				{ apiKey: sb.keys.lite },
			),
		);
		expect(error.message).toBe(
			'Webhook > Create needs the Data Out API feature: "Data Out API feature is not enabled for this account"',
		);
		expect(error.description).toMatch(/webhooks: Terminal49 sending events to n8n/);
		expect(paths()).toEqual(['GET /v2/me 200']);
	});

	it('free plan: a Get Many is refused with the fix, in Terminal49 words; a paid key lists', async () => {
		const error = await failure(
			shipment.run({ operation: 'getAll', limit: 1 }, { apiKey: sb.keys.free }),
		);
		expect(error.message).toBe(
			'Shipment > Get Many needs a paid plan: this Terminal49 key is on the free plan, which can only create tracking requests',
		);
		expect(error.description).toMatch(
			/You do not have permissions for using the API, except for creating tracking requests/,
		);
		expect(error.description).toMatch(/app\.terminal49\.com\/settings\/billing/);
		expect(error.description).toMatch(/7-day API trial/);
		expect(paths()).toEqual(['GET /v2/me 200']);
		sb.clearRequests();
		expect(await shipment.run({ operation: 'getAll', limit: 1 })).toHaveLength(1);
		expect(paths()).toEqual(['GET /v2/me 200', 'GET /v2/shipments 200']);
	});

	it('free plan: the data-out API needs a paid plan (Webhook > Get Many)', async () => {
		const error = await failure(
			webhook.run({ operation: 'getAll', limit: 1 }, { apiKey: sb.keys.free }),
		);
		expect(error.message).toBe(
			'Webhook > Get Many needs the Data Out API feature, which needs a paid plan',
		);
		expect(error.description).toMatch(/free plan/);
	});

	it('bad input is refused before any request, GET /me included', async () => {
		const error = await failure(
			container.run(
				{ operation: 'getMap', containerId: { __rl: true, mode: 'number', value: 'MSCU1' } },
				{ apiKey: sb.keys.lite },
			),
		);
		expect(error.message).toMatch(/Invalid Container Number/);
		expect(paths()).toEqual([]);
	});

	it('GET /me is read once per execution, whatever the number of items (Continue On Fail)', async () => {
		const out = await container.run(
			{ operation: 'getMap', containerId: byId(fixture('on_ship').containerId) },
			{ apiKey: sb.keys.lite, items: [{}, {}, {}], continueOnFail: true },
		);
		expect(out.map((o) => o.error)).toEqual(
			Array(3).fill(
				'Container > Get Map needs the Routing Data feature: "Routing data feature is not enabled for this account"',
			),
		);
		expect(paths()).toEqual(['GET /v2/me 200']);
	});

	it('cached per key: a later execution with the same key reads nothing again; another key reads its own', async () => {
		const map = { operation: 'getMap', containerId: byId(fixture('on_ship').containerId) };
		await container.run(map);
		await container.run(map, { keepAccountCache: true });
		await container.run(map, { keepAccountCache: true, apiKey: sb.keys.lite }).catch(() => {});
		expect(sb.requests.map((r) => [r.key, r.path])).toEqual([
			['sandbox_paid', '/v2/me'],
			['sandbox_paid', `/v2/containers/${fixture('on_ship').containerId}/map_geojson`],
			['sandbox_paid', `/v2/containers/${fixture('on_ship').containerId}/map_geojson`],
			['sandbox_lite', '/v2/me'],
		]);
	});

	it('a service without GET /me works as before: no check, the request itself answers', async () => {
		sb.options.meEndpoint = false;
		const mapPath = `/v2/containers/${fixture('on_ship').containerId}/map_geojson`;
		const error = await failure(
			container.run(
				{ operation: 'getMap', containerId: byId(fixture('on_ship').containerId) },
				{ apiKey: sb.keys.lite },
			),
		);
		expect(error.message).toBe(
			'The Routing Data feature is not enabled for this Terminal49 account (403)',
		);
		expect(paths()).toEqual(['GET /v2/me 404', `GET ${mapPath} 403`]);
		// a 404 is remembered like any answer: the next execution (same key) does not ask again
		sb.clearRequests();
		const [map] = await container.run(
			{ operation: 'getMap', containerId: byId(fixture('on_ship').containerId) },
			{ keepAccountCache: true },
		);
		expect(map.type).toBe('FeatureCollection');
		expect(paths()).toEqual(['GET /v2/me 404', `GET ${mapPath} 200`]);
	});
});

describe('Tracking Request > Create and the tracking slots', () => {
	const create = (number: string, whenOutOfSlots?: string) => ({
		operation: 'create',
		requestType: 'bill_of_lading',
		requestNumber: number,
		scac: { __rl: true, mode: 'scac', value: 'MSCU' },
		...(whenOutOfSlots ? { whenOutOfSlots } : {}),
	});

	async function runWithHints(
		parameters: IDataObject,
		items: IDataObject[],
	): Promise<{ out: INodeExecutionData[]; hints: NodeExecutionHint[] }> {
		resetAccountCache();
		const context = createExecuteContext({
			nodeType: new Terminal49(),
			parameters: { resource: 'trackingRequest', ...parameters } as never,
			credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl, rateLimitRequests: 10_000 },
			items,
			continueOnFail: true,
		});
		const [out] = (await new Terminal49().execute.call(context)) as INodeExecutionData[][];
		return { out, hints: (context as unknown as { hints: NodeExecutionHint[] }).hints };
	}

	it('Stop With an Error: the items this execution creates count; the one that would exceed the slots is refused before sending', async () => {
		const limit = trackingSlotsUsed(sb.store) + 2;
		sb.options.trackingSlots = { paid: limit };
		const { out, hints } = await runWithHints(
			{
				...create('={{ $json.number }}', 'fail'),
			},
			[{ number: 'MEDUSLOT00001' }, { number: 'MEDUSLOT00002' }, { number: 'MEDUSLOT00003' }],
		);
		// in plain numbers: the slots left of the limit, those in use, the two this execution created
		expect(out.map((item) => item.json.duplicate ?? item.json.error)).toEqual([
			false,
			false,
			`0 of your ${limit} Terminal49 tracking slots are left (${limit} in use, 2 of them created since Terminal49 last counted)`,
		]);
		expect(out[2].json.error_description).toBe(
			'Nothing was sent. Stop tracking shipments that are done (Shipment > Stop Tracking), or get more slots with a paid plan (https://app.terminal49.com/settings/billing). Or set "When Out of Tracking Slots" to "Warn and Create".',
		);
		expect(hints).toEqual([]);
		expect(paths()).toEqual([
			'GET /v2/me 200',
			'POST /v2/tracking_requests 201',
			'POST /v2/tracking_requests 201',
			// a shortage is confirmed with a fresh reading (this execution's own is reused: no second GET /me)
		]);
	});

	it('Warn and Create (default): the request is sent, with a warning on the output', async () => {
		const limit = trackingSlotsUsed(sb.store);
		sb.options.trackingSlots = { paid: limit };
		const { out, hints } = await runWithHints(create('MEDUSLOT00004'), [{}]);
		expect(out.map((item) => item.json.duplicate)).toEqual([false]);
		expect(hints).toEqual([
			expect.objectContaining({
				type: 'warning',
				location: 'outputPane',
				message: `Item 1: 0 of your ${limit} Terminal49 tracking slots are left (${limit} in use). It was sent anyway; Terminal49 may refuse it or leave it waiting. Stop tracking shipments that are done (Shipment > Stop Tracking), or get more slots with a paid plan (https://app.terminal49.com/settings/billing).`,
			}),
		]);
		expect(paths()).toEqual(['GET /v2/me 200', 'POST /v2/tracking_requests 201']);
	});

	it('a duplicate takes no slot; an account without a limit is not checked beyond GET /me', async () => {
		sb.options.trackingSlots = { paid: trackingSlotsUsed(sb.store) + 2 };
		const { out } = await runWithHints(create('={{ $json.number }}', 'fail'), [
			{ number: 'MEDUSLOT00006' },
			{ number: 'MEDUSLOT00006' },
			{ number: 'MEDUSLOT00007' },
		]);
		// the second item is the first one's request again (duplicate: no slot), so the third still fits
		expect(out.map((item) => item.json.duplicate ?? item.json.error)).toEqual([false, true, false]);
		sb.options.trackingSlots = { free: 10 };
		const unlimited = await runWithHints(create('MEDUSLOT00008', 'fail'), [{}]);
		expect(unlimited.out.map((item) => item.json.duplicate)).toEqual([false]);
		expect(unlimited.hints).toEqual([]);
	});

	it('a free-plan key can create (the sandbox: over its 10 slots, so a warning)', async () => {
		const out = await trackingRequest.run(create('MEDUSLOT00005'), { apiKey: sb.keys.free });
		expect(out.map((item) => item.duplicate)).toEqual([false]);
		expect(paths()).toEqual(['GET /v2/me 200', 'POST /v2/tracking_requests 201']);
	});
});
