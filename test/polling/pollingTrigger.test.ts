/**
 * The Terminal49 Polling Trigger against the real sandbox, with n8n-core's real PollContext (the context
 * n8n 2.41 hands a poll node) and a real Workflow's node static data: baseline, each change once, a poll
 * that fails part-way, a poll skipped while another runs, activation errors, Fetch Test Event.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { milestoneIndex } from '../../sandbox/timeline';
import { iso } from '../../sandbox/util';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { compare } from '../../nodes/Terminal49/polling/compare';
import { POLLED_EVENTS } from '../../nodes/Terminal49/polling/description';
import {
	containerFingerprint,
	decodeContainer,
	decodeTime,
	encodeTime,
} from '../../nodes/Terminal49/polling/fingerprint';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';

const nodeType = new Terminal49PollingTrigger();
let sb: Sandbox;
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	resetRateLimiter();
	resetAccountCache();
});

/** One trigger node in one workflow: its static data lives across polls, as in n8n. */
function trigger(parameters: INodeParameters, apiKey = 'sandbox_paid', typeVersion?: number) {
	const node = makeNode(nodeType, parameters, false, typeVersion);
	const workflow = makeWorkflow(node, nodeType);
	const additional = makeAdditionalData({ apiKey, baseUrl: sb.baseUrl });
	const context = (mode: 'trigger' | 'manual' = 'trigger') =>
		new PollContext(workflow, node, additional, mode, 'activate');
	return {
		workflow,
		node,
		poll: async (mode: 'trigger' | 'manual' = 'trigger') =>
			(await nodeType.poll!.call(context(mode))) as INodeExecutionData[][] | null,
		state: () => workflow.getStaticData('node', node).state as IDataObject | undefined,
	};
}

const events = (result: INodeExecutionData[][] | null) =>
	(result?.[0] ?? []).map((item) =>
		`${String(item.json.event)} ${String((item.json.container as IDataObject | null)?.number ?? '')}`.trim(),
	);

const ALL = { events: POLLED_EVENTS };

test('fingerprints are compact and give back what the changes need', () => {
	const container: IDataObject = {
		current_status: 'available',
		pod_arrived_at: '2026-11-20T10:00:00Z',
		pod_discharged_at: '2026-11-21T10:00:00Z',
		available_for_pickup: true,
		holds_at_pod_terminal: [
			{ name: 'customs', status: 'hold' },
			{ name: 'freight', status: 'released' },
		],
		import_deadlines: {
			pickup_lfd_line: '2026-11-28T08:00:00Z',
			pickup_lfd_terminal: '2026-11-25T08:00:00Z',
			pickup_lfd_rail: null,
		},
		pickup_lfd: '2026-11-25T08:00:00Z',
		pickup_appointment_at: '2026-11-24T15:30:00Z',
		fees_at_pod_terminal: [{ type: 'demurrage', amount: 120 }],
	};
	const fp = containerFingerprint(container, 'f6b5b7e4-0000-4000-8000-000000000001');
	// 8-character key + quotes, colon and comma: a full container, its POD terminal too, stays within 64 bytes
	expect(fp.length + 8 + 6).toBeLessThanOrEqual(64);
	const state = decodeContainer(fp);
	expect(state.status).toBe('available');
	expect(state.available).toBe(true);
	expect(state.holds).toEqual(['customs']);
	expect(state.lfd).toEqual({
		line: '2026-11-28T08:00:00Z',
		terminal: '2026-11-25T08:00:00Z',
		rail: null,
		pickup: '2026-11-25T08:00:00Z',
	});
	expect(state.appointment).toBe('2026-11-24T15:30:00Z');
	expect([...state.reached].sort()).toEqual(['pod_arrived_at', 'pod_discharged_at']);
	expect(decodeTime(encodeTime('2026-11-25'))).toBe('2026-11-25');
	expect(containerFingerprint({ current_status: 'new' })).toBe('0~0');
});

test('the first poll records a baseline and emits nothing; each change then comes once', async () => {
	const t = trigger(ALL);
	expect(await t.poll()).toBeNull();
	const state = t.state()!;
	const containers = Object.keys(state.c as IDataObject).length;
	expect(containers).toBeGreaterThan(30);
	const bytes = JSON.stringify(state.c).length / containers;
	expect(bytes).toBeLessThanOrEqual(64);

	sb.clearRequests();
	expect(await t.poll()).toBeNull(); // nothing changed
	// one page of shipments (21 < 100) and one page of tracking requests
	expect(sb.requests.map((r) => r.path)).toEqual(['/v2/shipments', '/v2/tracking_requests']);

	const f = fixture('new_booking');
	sb.advanceContainer(f.containerId, 1);
	const first = await t.poll();
	expect(events(first)).toContain(`container.transport.empty_out ${f.containerNumber}`);
	const item = first![0].find((i) => i.json.event === 'container.transport.empty_out')!.json;
	expect(item.milestone).toMatchObject({ name: 'empty_out' });
	expect(item.source).toBe('polling');
	expect(await t.poll()).toBeNull(); // not again
});

test('holds, availability, LFD and appointment changes carry the change facts', async () => {
	const t = trigger({ events: ['container.updated', 'container.pickup_lfd_terminal.changed'] });
	await t.poll();
	const f = fixture('new_booking');
	sb.updateContainer(f.containerId, {
		holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
	} as never);
	const held = await t.poll();
	expect(events(held)).toEqual([`container.updated ${f.containerNumber}`]);
	expect((held![0][0].json.changes as IDataObject).holds_added).toEqual(['customs']);

	sb.updateContainer(f.containerId, {
		holds_at_pod_terminal: [],
		pickup_lfd_terminal: '2026-12-20T08:00:00Z',
		available_for_pickup: true,
	} as never);
	const released = await t.poll();
	expect(events(released).sort()).toEqual(
		[
			`container.pickup_lfd_terminal.changed ${f.containerNumber}`,
			`container.updated ${f.containerNumber}`,
		].sort(),
	);
	const updated = released![0].find((i) => i.json.event === 'container.updated')!.json;
	const changes = updated.changes as IDataObject;
	expect(changes.holds_released).toEqual(['customs']);
	expect(changes.became_ready_for_pickup).toBe(true);
	expect(changes.lfd_moved).toBe(true);
	expect(changes.lfd_to).toBe('2026-12-20T08:00:00Z');
	expect(await t.poll()).toBeNull();
});

test('Only When keeps only the changes that show one of the facts', async () => {
	const t = trigger({ events: ['container.updated'], options: { onlyWhen: ['hold_released'] } });
	await t.poll();
	const f = fixture('new_booking');
	sb.updateContainer(f.containerId, {
		holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
	} as never);
	expect(await t.poll()).toBeNull();
	sb.updateContainer(f.containerId, { holds_at_pod_terminal: [] } as never);
	expect(events(await t.poll())).toEqual([`container.updated ${f.containerNumber}`]);
});

test('the ETA moving and tracking-request statuses', async () => {
	// A tracking request still waiting for its carrier (the seed has none: they all have an answer).
	const pending = sb.app.createTrackingRequest({
		requestNumber: 'MEDUPE4949001',
		requestType: 'bill_of_lading',
		scac: 'MSCU',
		autoDetect: false,
		refNumbers: [],
		shipmentTags: [],
		customerId: null,
		createdBy: null,
	});
	const t = trigger({ events: ['shipment.estimated.arrival', 'tracking_request.succeeded'] });
	await t.poll();
	const f = fixture('new_booking');
	// The seeded ETA is relative to the sandbox's epoch (today): the expectation is read from the same record.
	const shipment = sb.store.findShipment(f.shipmentId)!;
	const etaBefore = shipment.times[milestoneIndex(shipment.milestones, 'vessel_arrived')];
	const etaAfter = iso(etaBefore + 7 * 86_400_000)!;
	expect(sb.moveEta(f.shipmentId, etaAfter)).toBe(true);
	const moved = await t.poll();
	expect(events(moved)).toEqual(['shipment.estimated.arrival']);
	const changes = moved![0][0].json.changes as IDataObject;
	expect(changes.eta_moved).toBe(true);
	expect(changes.eta_to).toBe(etaAfter);
	expect(changes.eta_from).toBe(iso(etaBefore));

	expect(sb.resolveTrackingRequest(pending.id, { status: 'created' })?.status).toBe('created');
	const tr = await t.poll();
	expect(events(tr)).toEqual(['tracking_request.succeeded']);
	expect(await t.poll()).toBeNull();
});

test('a poll that fails part-way emits nothing and changes no state; the next one catches up', async () => {
	const t = trigger(ALL);
	await t.poll();
	const before = JSON.stringify(t.state());
	const f = fixture('new_booking');
	sb.advanceContainer(f.containerId, 1);
	// tracking requests fail after the shipments were read: 500s beyond the transport's retries
	sb.injectFault({ kind: '500', count: 10, path: '/tracking_requests' } as never);
	await expect(t.poll()).rejects.toThrow();
	expect(JSON.stringify(t.state())).toBe(before);
	sb.clearFaults();
	expect(events(await t.poll())).toContain(`container.transport.empty_out ${f.containerNumber}`);
	expect(await t.poll()).toBeNull();
});

test.each([
	['connection resets', '/shipments', 'reset'],
	['a 429 storm', '/shipments', '429'],
	['503s', '/tracking_requests', '503'],
	['connection resets', '/tracking_requests', 'reset'],
] as const)(
	"%s on %s beyond the transport's retries: the poll fails, emits nothing, keeps its state; the next catches up",
	async (_label, path, kind) => {
		const t = trigger(ALL);
		await t.poll();
		const before = JSON.stringify(t.state());
		const f = fixture('new_booking');
		sb.advanceContainer(f.containerId, 1);
		sb.injectFault({ kind, count: 50, path, delayMs: 1000 } as never);
		await expect(t.poll()).rejects.toThrow();
		expect(JSON.stringify(t.state())).toBe(before);
		sb.clearFaults();
		expect(events(await t.poll())).toContain(`container.transport.empty_out ${f.containerNumber}`);
		expect(await t.poll()).toBeNull();
	},
	60_000,
);

test('a poll due while the previous one still runs is skipped, not doubled', async () => {
	const t = trigger(ALL);
	await t.poll();
	const f = fixture('new_booking');
	sb.advanceContainer(f.containerId, 1);
	sb.injectFault({ kind: 'slow', count: 1, path: '/shipments', delayMs: 800 } as never);
	sb.clearRequests();
	const [a, b] = await Promise.all([t.poll(), t.poll()]);
	expect(b).toBeNull();
	expect(events(a)).toContain(`container.transport.empty_out ${f.containerNumber}`);
	expect(sb.requests.filter((r) => r.path === '/v2/shipments')).toHaveLength(1);
});

test('bad, free-plan and unknown keys fail the first poll (activation) with the action node messages', async () => {
	await expect(trigger(ALL, 'nope').poll()).rejects.toThrow(/could not be verified|API key/i);
	await expect(trigger(ALL, 'sandbox_free').poll()).rejects.toThrow(/free plan/i);
});

test('a free-plan key fails activation with the fix, having sent nothing but GET /me; Fetch Test Event too', async () => {
	sb.clearRequests();
	const t = trigger(ALL, 'sandbox_free');
	const error = await t.poll().catch((e: Error & { description?: string }) => e);
	expect((error as Error).message).toBe(
		'The Terminal49 Polling Trigger (it reads the shipment and tracking request lists) needs a paid plan: this Terminal49 key is on the free plan, which can only create tracking requests. Upgrade the plan at https://app.terminal49.com/settings/billing, or start the 7-day API trial on https://app.terminal49.com/developers',
	);
	expect((error as { description?: string }).description).toMatch(
		/app\.terminal49\.com\/settings\/billing.*7-day API trial/,
	);
	expect(sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v2/me 200']);
	await expect(t.poll('manual')).rejects.toThrow(
		/free plan, which can only create tracking requests/,
	);
});

test('Fetch Test Event returns a recent real milestone and leaves the state alone', async () => {
	const t = trigger({ events: ['container.transport.vessel_discharged'] });
	const result = await t.poll('manual');
	expect(result![0]).toHaveLength(1);
	const item = result![0][0].json;
	expect(item.event).toBe('container.transport.vessel_discharged');
	expect(item.test_event).toBe(true);
	expect((item.container as IDataObject).pod_discharged_at).toBeTruthy();
	expect(t.state()).toBeUndefined();
});

test('a list that shifted while read keeps what it did not see, so nothing looks new next time', () => {
	const page = (ids: string[], total: number) => ({
		data: ids.map((id) => ({
			id: `s-${id}`,
			type: 'shipment',
			attributes: { pod_eta_at: null, line_tracking_stopped_at: null },
			relationships: { containers: { data: [{ type: 'container', id: `c-${id}` }] } },
		})),
		included: ids.map((id) => ({
			id: `c-${id}`,
			type: 'container',
			attributes: { current_status: 'on_ship' },
		})),
		meta: { total },
	});
	const now = '2026-11-24T00:00:00Z';
	const { state } = compare(undefined, [page(['a', 'b', 'c'], 3)], [], now);
	// b slipped to a page already read: seen 2 of 3
	const shifted = compare(state, [page(['a', 'c'], 3)], [], now);
	expect(shifted.complete).toBe(false);
	expect(Object.keys(shifted.state.c)).toHaveLength(3);
	const next = compare(shifted.state, [page(['a', 'b', 'c'], 3)], [], now);
	expect(next.changes).toEqual([]);
	// a complete list without b: b is forgotten
	const gone = compare(next.state, [page(['a', 'c'], 2)], [], now);
	expect(gone.complete).toBe(true);
	expect(Object.keys(gone.state.c)).toHaveLength(2);
});

test('version 2: Output Simplified (the default) gives the people-first view; All Fields the full item', async () => {
	const summary = trigger({ events: ['container.updated'] }, 'sandbox_paid', 2);
	const all = trigger(
		{ events: ['container.updated'], options: { output: 'all' } },
		'sandbox_paid',
		2,
	);
	await summary.poll();
	await all.poll();
	const f = fixture('new_booking');
	sb.updateContainer(f.containerId, {
		holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
	} as never);
	const [[first]] = (await summary.poll())!;
	expect(first.json).toMatchObject({
		event_name: 'Container Updated',
		// not available, and now a hold: blocked too
		what_changed: 'A hold was added (customs); Became blocked',
		container_number: f.containerNumber,
		holds: 'customs',
		event: 'container.updated',
	});
	expect(Object.values(first.json).every((v) => v === null || typeof v !== 'object')).toBe(true);
	const [[full]] = (await all.poll())!;
	expect(full.json).toMatchObject({ event: 'container.updated', source: 'polling' });
	expect((full.json.container as IDataObject).number).toBe(f.containerNumber);
});

test("the D&D tariffs of the trigger's options price its container; bad tariffs stop the poll before any request", async () => {
	const tariffs = {
		tariff: [
			{
				reference: 'Demurrage, any line',
				clock: 'demurrage',
				freeDays: 4,
				rates: '1-4: 100, 5+: 150',
				currency: 'USD',
			},
		],
	};
	const t = trigger(
		{ events: ['container.updated'], options: { output: 'all', tariffs } },
		'sandbox_paid',
		2,
	);
	await t.poll();
	// past its last free day: demurrage is charged, estimated from the trigger's tariff
	const f = fixture('past_lfd');
	sb.updateContainer(f.containerId, {
		holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
	} as never);
	const [[item]] = (await t.poll())!;
	const container = item.json.container as IDataObject;
	expect(container).toMatchObject({
		number: f.containerNumber,
		cost_basis: 'estimated from your tariff',
		cost_currency: 'USD',
	});
	expect(container.demurrage).toMatchObject({
		status: 'charging',
		tariff_reference: 'Demurrage, any line',
	});
	expect(container.cost_so_far).toBeGreaterThan(0);
	const requests = sb.requests.length;
	const bad = trigger(
		{
			events: ['container.updated'],
			options: { tariffs: { tariff: [{ reference: 'x', rates: '235' }] } },
		},
		'sandbox_paid',
		2,
	);
	await expect(bad.poll()).rejects.toThrow('Invalid D&D Tariffs, tariff 1 > Daily Rates "235"');
	expect(sb.requests.length).toBe(requests);
});

test('the POD terminal in a fingerprint: a short hash of its id, kept last; a state written before it was kept knows none, and reports no change', () => {
	const container: IDataObject = { current_status: 'available', available_for_pickup: true };
	const withTerminal = containerFingerprint(container, 'f6b5b7e4-0000-4000-8000-000000000001');
	expect(withTerminal).toMatch(/^[^~]+~[^~]+(~[^~]*){7}~[A-Za-z0-9_-]{4}$/);
	expect(decodeContainer(withTerminal).terminal).toHaveLength(4);
	// no terminal, or a state older than the code: nothing kept, nothing to compare
	expect(containerFingerprint(container, null)).toBe(containerFingerprint(container));
	expect(decodeContainer(containerFingerprint(container)).terminal).toBe('');
});

test('a state written before the POD terminal was kept: the next poll reports no terminal change, the one after a real one', async () => {
	const t = trigger({ events: ['container.pod_terminal_changed'] });
	expect(await t.poll()).toBeNull();
	const fingerprints = t.state()!.c as IDataObject;
	for (const [key, value] of Object.entries(fingerprints))
		fingerprints[key] = String(value).split('~').slice(0, 9).join('~').replace(/~+$/, '');
	expect(await t.poll()).toBeNull();
	const f = fixture('ready_for_pickup');
	sb.movePodTerminal(f.shipmentId);
	expect(events(await t.poll())).toEqual(
		sb.store.shipments
			.get(f.shipmentId)!
			.containerIds.map(
				(id) => `container.pod_terminal_changed ${sb.store.containers.get(id)!.number}`,
			),
	);
});
