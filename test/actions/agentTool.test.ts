/**
 * The node as an AI agent's tool (issue 26): the "Terminal49 Tool" node n8n makes from `usableAsTool`, run
 * through real n8n-core against the sandbox (its epoch and the node's clock pinned). Container > Find by every
 * kind of number a customer quotes, Container > Get Journey (ETA drift, last confirmed move, transshipment,
 * rail), lists bounded with their total and what was left out, errors answered in one sentence (not found,
 * not tracked, an entitlement of the plan), and no tool result holding the API key.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { trackingSlotsUsed } from '../../sandbox/routes/account';
import { withCheckDigit } from '../../sandbox/util';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { AGENT_LIST_MAX } from '../../nodes/Terminal49/views/agent';
import { byId, byNumber, runnerFor, sandboxCall } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 2 * HOUR;
const FAKE_ID = '00000000-0000-4000-8000-000000000000';
/** Numbers of the question bank, with their ISO 6346 check digit (the bank's own are illustrative). */
const NOT_TRACKED = withCheckDigit('TGBU123456');
const NEW_BOX = withCheckDigit('MSKU765432');
/** Nothing in the sandbox has this number (its check digit is right). */
const UNKNOWN = withCheckDigit('ZZZU999999');
/** NEW_BOX (MSKU7654328) with its last digit mistyped. */
const MISTYPED = 'MSKU7654321';

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const trackingRequests = runnerFor(() => sb, 'trackingRequest');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
/** As the AI Agent runs it: node version 2 (Output Simplified by default), as a tool. */
const TOOL = { typeVersion: 2, asTool: true };

/** Every tool result of this file, to check that none holds a key. */
const results: IDataObject[][] = [];
async function tool(
	runner: ReturnType<typeof runnerFor>,
	parameters: IDataObject,
	options: { apiKey?: string } = {},
): Promise<IDataObject[]> {
	const out = await runner.run(parameters, { ...TOOL, ...options });
	results.push(out);
	return out;
}

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	resetRateLimiter();
	sb.clearRequests();
});

describe('Container > Find: any number a customer quotes', () => {
	it('a container number: that container, people-first, in one request', async () => {
		const f = fixture('ready_for_pickup');
		const out = await tool(containers, { operation: 'find', query: f.containerNumber });
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			container_number: f.containerNumber,
			status: 'Available for pickup',
			pickup: 'Ready for pickup',
			bill_of_lading: f.billOfLading,
			tracking: 'Tracking',
			id: f.containerId,
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/containers', 200],
		]);
	});

	it('a bill of lading, typed in lower case with spaces: the containers of that shipment', async () => {
		const f = fixture('customs_hold');
		const out = await tool(containers, {
			operation: 'find',
			query: ` ${f.billOfLading.toLowerCase()} `,
		});
		expect(out.map((item) => item.container_number)).toEqual([f.containerNumber]);
		expect(out[0]).toMatchObject({ holds: 'customs', bill_of_lading: f.billOfLading });
	});

	it('a booking number the shipment was tracked by: its containers', async () => {
		const created = await sandboxCall(sb, 'POST', '/tracking_requests', {
			data: {
				type: 'tracking_request',
				attributes: {
					request_type: 'booking_number',
					request_number: '4949012494',
					scac: 'COSU',
				},
			},
		});
		expect(created.status).toBe(201);
		const request = sb.resolveTrackingRequest(created.body.data.id as string)!;
		expect(request.status).toBe('created');
		sb.clearRequests();
		const out = await tool(containers, { operation: 'find', query: '4949012494' });
		expect(out.length).toBeGreaterThan(0);
		for (const item of out) expect(item.carrier).toBe('China Ocean Shipping Company');
		// the booking is not on the shipment record: the one shipment tracked by it is
		expect(new Set(out.map((item) => item.bill_of_lading)).size).toBe(1);
	});

	it('a reference number (PO): the containers of the shipment that carries it', async () => {
		const f = fixture('past_lfd');
		const out = await tool(containers, { operation: 'find', query: 'fixture-past_lfd' });
		expect(out.map((item) => item.container_number)).toEqual([f.containerNumber]);
	});

	it('the start of a container number: the containers it starts', async () => {
		const f = fixture('ready_for_pickup');
		const out = await tool(containers, {
			operation: 'find',
			query: f.containerNumber.slice(0, 7),
		});
		expect(out.map((item) => item.container_number)).toContain(f.containerNumber);
		for (const item of out)
			expect(String(item.container_number).startsWith(f.containerNumber.slice(0, 7))).toBe(true);
	});

	it('a Terminal49 ID: that container', async () => {
		const f = fixture('on_rail');
		const out = await tool(containers, { operation: 'find', query: f.containerId });
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({ container_number: f.containerNumber, status: 'On rail' });
	});

	it('a number requested but not tracked yet: its tracking request, pending', async () => {
		const created = await sandboxCall(sb, 'POST', '/tracking_requests', {
			data: {
				type: 'tracking_request',
				attributes: { request_type: 'bill_of_lading', request_number: 'MEDU4949777', scac: 'MSCU' },
			},
		});
		expect(created.status).toBe(201);
		const out = await tool(containers, { operation: 'find', query: 'MEDU4949777' });
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			request_number: 'MEDU4949777',
			status: 'Pending: waiting for the carrier',
		});
	});

	it('nothing matches: one sentence that names the number and what to do, not an exception', async () => {
		const out = await tool(containers, { operation: 'find', query: UNKNOWN });
		expect(out).toEqual([
			{
				error:
					'No container, bill of lading, booking or reference number "ZZZU9999992" is tracked in this Terminal49 account, and no tracking request was made for it: check the number with the customer, or offer to start tracking it.',
			},
		]);
	});

	it('the same not-found outside an agent stops the workflow with the message and its fix', async () => {
		await expect(
			containers.run({ operation: 'find', query: UNKNOWN }, { typeVersion: 2 }),
		).rejects.toThrow('Nothing tracked in this Terminal49 account matches "ZZZU9999992"');
	});

	it('a container number with a wrong check digit: a likely typo with the digit it should have, never offered for tracking, no tracking request', async () => {
		const out = await tool(containers, { operation: 'find', query: MISTYPED });
		expect(out).toEqual([
			{
				error: `No container, bill of lading, booking or reference number "${MISTYPED}" is tracked in this Terminal49 account, and it is probably a mistyped container number: its last digit, the ISO 6346 check digit, should be 8 for the letters and digits before it, not 1, so check the number with the customer.`,
			},
		]);
		expect(out[0].error).not.toMatch(/track(ing)? it/);
		// looked up as what else it could be (a bill of lading can have its shape), nothing created
		expect(sb.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/v2/containers'],
			['GET', '/v2/tracking_requests'],
		]);
		expect(sb.store.trackingRequests.all().filter((r) => r.requestNumber === MISTYPED)).toEqual([]);
	});

	it('the same typo outside an agent: the message names the check digit, the fix says to check for a typo', async () => {
		let thrown: unknown;
		try {
			await containers.run({ operation: 'find', query: MISTYPED }, { typeVersion: 2 });
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({
			message: expect.stringMatching(
				/^Nothing tracked in this Terminal49 account matches "MSKU7654321", and it is probably a mistyped container number: its ISO 6346 check digit should be 8, not 1 \[/,
			),
			description: expect.stringMatching(/Check the number for a typo/),
		});
	});

	it('a tracked container number with a non-standard check digit is still found (looked up first)', async () => {
		const f = fixture('ready_for_pickup');
		const typo = `${f.containerNumber.slice(0, 10)}${(Number(f.containerNumber[10]) + 1) % 10}`;
		sb.store.containers.get(f.containerId)!.number = typo;
		try {
			const out = await tool(containers, { operation: 'find', query: typo });
			expect(out).toHaveLength(1);
			expect(out[0]).toMatchObject({ container_number: typo, id: f.containerId });
		} finally {
			sb.store.containers.get(f.containerId)!.number = f.containerNumber;
		}
	});
});

describe('Container > Get Journey: why it is late, without the whole timeline', () => {
	it('rolled: late, the ETA against the first one, the roll and the late sailing as facts, the last confirmed move', async () => {
		const f = fixture('rolled');
		const [journey] = await tool(containers, {
			operation: 'getJourney',
			containerId: byNumber(f.containerNumber),
		});
		expect(journey).toMatchObject({
			container_number: f.containerNumber,
			late: true,
			eta_is_actual: false,
			eta_change_days: 7,
			id: f.containerId,
		});
		expect(journey.delay_facts).toMatch(/^Rolled at Kaohsiung: loaded on EVER GIVEN/);
		expect(journey.delay_facts).toMatch(/7 days later than the first ETA announced/);
		expect(journey.last_confirmed_move).toMatch(
			/^Vessel Departed at Kaohsiung \(TWKHH\) on EVER FORWARD, 2026-10-18 \d\d:\d\d GMT\+8$/,
		);
		expect(journey.next_expected).toMatch(/^Arrival at Los Angeles, estimated 2026-10-30$/);
		// evidence, not a guessed cause
		expect(journey.cause).toMatch(/^Not recorded/);
		// three requests: the number's look-up, the container, its transport events
		expect(sb.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/v2/containers'],
			['GET', `/v2/containers/${f.containerId}`],
			['GET', `/v2/containers/${f.containerId}/transport_events`],
		]);
	});

	it('transshipped: the transshipment port in the route and the facts; discharged with its time and terminal', async () => {
		const f = fixture('transshipped');
		const [journey] = await tool(containers, {
			operation: 'getJourney',
			containerId: byId(f.containerId),
		});
		expect(journey.route).toBe('Ho Chi Minh City → Singapore (transshipment) → Houston');
		expect(journey.delay_facts).toMatch(/Transshipped at Singapore/);
		expect(journey.discharged).toMatch(/^2026-10-18 23:00 CDT at .+, Houston$/);
		expect(journey.rail).toBeNull();
	});

	it('on rail: the rail leg beyond the port, its carrier, the inland pickup place and the next step', async () => {
		const f = fixture('on_rail');
		const [journey] = await tool(containers, {
			operation: 'getJourney',
			containerId: byNumber(f.containerNumber),
		});
		expect(journey).toMatchObject({ late: false, eta_change_days: 0, delay_facts: '' });
		expect(journey.route).toBe('Tokyo → Los Angeles → rail to Chicago');
		expect(journey.rail).toMatch(/^Rail \(BNSF\) from Los Angeles to Chicago: estimated arrival /);
		expect(journey.pickup_at).toMatch(/Chicago$/);
		expect(journey.next_expected).toMatch(/^Rail arrival at Chicago/);
	});

	it('one result, well under 1,000 tokens', async () => {
		const f = fixture('rolled');
		const out = await tool(containers, {
			operation: 'getJourney',
			containerId: byId(f.containerId),
		});
		expect(JSON.stringify(out).length / 4).toBeLessThan(1000);
	});
});

describe('the history, when asked: Get Transport Events as a tool', () => {
	it('one line per event (what, when at the place, where, vessel, voyage), no nested records', async () => {
		const f = fixture('transshipped');
		const out = await tool(containers, {
			operation: 'getTransportEvents',
			containerId: byId(f.containerId),
			include: ['location', 'vessel'],
		});
		expect(out.length).toBeGreaterThan(5);
		for (const line of out) {
			expect(Object.keys(line)).toEqual(['event', 'at', 'location', 'vessel', 'voyage']);
			expect(Object.values(line).every((v) => v === null || typeof v !== 'object')).toBe(true);
		}
		expect(out).toContainEqual(
			expect.objectContaining({
				event: expect.stringMatching(/Transshipment/),
				location: expect.stringMatching(/Singapore/),
			}),
		);
		expect(JSON.stringify(out).length / 4).toBeLessThan(1000);
	});
});

describe('lists as a tool: bounded, with the total and what was left out', () => {
	it('Get Many, Return All: one item with the first ones, the total and the numbers left out', async () => {
		const all = await containers.run({ operation: 'getAll', returnAll: true }, { typeVersion: 2 });
		expect(all.length).toBeGreaterThan(AGENT_LIST_MAX);
		const out = await tool(containers, { operation: 'getAll', returnAll: true });
		expect(out).toHaveLength(1);
		const [list] = out;
		const shown = list.results as IDataObject[];
		expect(list.total).toBe(all.length);
		expect(list.shown).toBe(shown.length);
		expect(shown.length).toBeLessThanOrEqual(AGENT_LIST_MAX);
		// the same first items as the workflow gets, then the rest named by number
		expect(shown.map((item) => item.container_number)).toEqual(
			all.slice(0, shown.length).map((item) => item.container_number),
		);
		const leftOut = String(list.left_out);
		expect(leftOut.startsWith(String(all[shown.length].container_number))).toBe(true);
		expect(list.note).toMatch(new RegExp(`^Only the first ${shown.length} of ${all.length}`));
		expect(JSON.stringify(out).length / 4).toBeLessThan(4000);
	});

	it('stopped at its Limit: the total as "N or more", and the way to narrow it', async () => {
		const out = await tool(containers, { operation: 'getAll', returnAll: false, limit: 5 });
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			total: '5 or more',
			shown: 5,
			left_out: 'any beyond the Limit of this tool',
		});
		expect(out[0].note).toMatch(/narrow the question/);
	});

	it('a short, complete list stays as it is: the items themselves', async () => {
		const out = await tool(containers, {
			operation: 'getAll',
			returnAll: true,
			filters: { currentStatus: ['on_rail'] },
		});
		expect(out.length).toBeGreaterThan(0);
		expect(out.length).toBeLessThan(AGENT_LIST_MAX);
		for (const item of out) expect(item).toMatchObject({ status: 'On rail' });
	});
});

describe('errors an agent relays in one sentence', () => {
	it('a made-up container ID: a specific not-found, naming the ID and what to ask for', async () => {
		const out = await tool(containers, { operation: 'get', containerId: byId(FAKE_ID) });
		expect(out).toEqual([
			{
				error: `No container with ID ${FAKE_ID} exists in this Terminal49 account: the ID may be mistyped or belong to another account, so ask for the container, bill of lading or booking number instead.`,
			},
		]);
	});

	it('a container number with a wrong check digit: the fix, before any request', async () => {
		const out = await tool(containers, { operation: 'get', containerId: byNumber('TGBU1234567') });
		expect(out).toHaveLength(1);
		expect(out[0].error).toBe(
			'"TGBU1234567" is probably a mistyped container number: its last digit, the ISO 6346 check digit, should be 5 for the letters and digits before it, not 7, so Terminal49 was not asked; check the number with the customer.',
		);
		expect(sb.requests).toHaveLength(0);
	});

	it('a container number not tracked: says so and offers tracking (Get by number)', async () => {
		const out = await tool(containers, { operation: 'get', containerId: byNumber(NOT_TRACKED) });
		expect(out).toHaveLength(1);
		expect(Object.keys(out[0])).toEqual(['error']);
		expect(out[0].error).toContain(NOT_TRACKED);
		expect(out[0].error).toMatch(/not tracked|No container/i);
	});

	it('a map on a plan without Routing Data: an entitlement of the plan, not a wrong number', async () => {
		const f = fixture('on_ship');
		const out = await tool(
			containers,
			{ operation: 'getMap', containerId: byNumber(f.containerNumber) },
			{ apiKey: sb.keys.basic },
		);
		expect(out).toEqual([
			{
				error:
					"This Terminal49 account's plan does not include Routing Data (container maps, routes and vessel positions), so this cannot be answered here; the number itself is fine, and the account owner can ask sales@terminal49.com to enable it.",
			},
		]);
	});

	it('the same refusal from the service alone (no GET /me): still an entitlement, in one sentence', async () => {
		const f = fixture('on_ship');
		sb.options.meEndpoint = false;
		try {
			const out = await tool(
				containers,
				{ operation: 'getMap', containerId: byId(f.containerId) },
				{ apiKey: sb.keys.basic },
			);
			expect(out).toHaveLength(1);
			expect(out[0].error).toMatch(
				/^This Terminal49 account's plan does not include the Routing Data feature, so this cannot be answered here; the number itself is fine, and the account owner can ask Terminal49 to enable it\.$/,
			);
		} finally {
			sb.options.meEndpoint = true;
		}
	});

	it('the free plan: it can start tracking, not look up, said as the plan', async () => {
		const out = await tool(
			containers,
			{ operation: 'find', query: fixture('ready_for_pickup').containerNumber },
			{ apiKey: sb.keys.free },
		);
		expect(out).toHaveLength(1);
		expect(out[0].error).toMatch(/free plan/);
		expect(out[0].error).not.toMatch(/\n/);
	});

	it('no tracking slot left (Stop With an Error): the slots in plain numbers, in one sentence, nothing sent', async () => {
		const limit = trackingSlotsUsed(sb.store);
		sb.options.trackingSlots = { paid: limit };
		try {
			const out = await tool(trackingRequests, {
				operation: 'create',
				requestType: 'container',
				requestNumber: withCheckDigit('MSKU765499'),
				autoDetectCarrier: true,
				whenOutOfSlots: 'fail',
			});
			expect(out).toEqual([
				{
					error: `0 of your ${limit} Terminal49 tracking slots are left (${limit} in use), so tracking was not started; the account owner can stop tracking finished shipments or get more slots with a paid plan.`,
				},
			]);
			expect(sb.requests.filter((r) => r.method === 'POST')).toEqual([]);
		} finally {
			sb.options.trackingSlots = { free: 10 };
		}
	});

	it('a map with Routing Data: the route in words, no coordinates', async () => {
		const f = fixture('on_ship');
		const [map] = await tool(containers, {
			operation: 'getMap',
			containerId: byNumber(f.containerNumber),
		});
		expect(map.route).toBe('Shanghai → Busan → Long Beach');
		expect(map.ports).toHaveLength(3);
		expect(JSON.stringify(map)).not.toMatch(/coordinates"/);
	});
});

describe('Tracking Request > Create as a tool: searches first, never a duplicate', () => {
	it('a container already tracked: that one, marked already tracked, nothing created', async () => {
		const f = fixture('ready_for_pickup');
		const out = await tool(trackingRequests, {
			operation: 'create',
			requestType: 'container',
			requestNumber: f.containerNumber,
			scac: 'MSCU',
		});
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			request_number: f.containerNumber,
			already_tracked: true,
			bill_of_lading: f.billOfLading,
		});
		expect(sb.requests.filter((r) => r.method === 'POST')).toEqual([]);
	});

	it('a new number with Auto-Detect Carrier: the carrier is said to be detected still, and how to learn it', async () => {
		const number = withCheckDigit('HLXU123456');
		const [created] = await tool(trackingRequests, {
			operation: 'create',
			requestType: 'container',
			requestNumber: number,
			autoDetectCarrier: true,
		});
		expect(created).toMatchObject({
			request_number: number,
			status: 'Pending: waiting for the carrier',
			carrier:
				'Not known yet: Terminal49 is still detecting it from the number; find this number again in a few minutes to see the carrier',
			already_tracked: false,
		});
		// found again while it waits: the same words; once detected, the carrier
		const [waiting] = await tool(containers, { operation: 'find', query: number });
		expect(waiting.carrier).toBe(created.carrier);
		const request = sb.store.trackingRequests.all().find((r) => r.requestNumber === number)!;
		sb.resolveTrackingRequest(request.id, { status: 'awaiting_manifest' });
		const [known] = await tool(containers, { operation: 'find', query: number });
		expect(known).toMatchObject({ request_number: number, carrier: 'HLCU' });
	});

	it('a new number: one request created', async () => {
		const out = await tool(trackingRequests, {
			operation: 'create',
			requestType: 'container',
			requestNumber: NEW_BOX,
			scac: 'MAEU',
		});
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			request_number: NEW_BOX,
			status: 'Pending: waiting for the carrier',
			already_tracked: false,
		});
		expect(sb.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([201]);
	});
});

describe('no tool result holds a key', () => {
	it('none of the results above holds an API key of the sandbox', () => {
		expect(results.length).toBeGreaterThan(15);
		const all = JSON.stringify(results);
		for (const key of Object.values(sb.keys)) expect(all).not.toContain(key);
	});
});
