/**
 * Demurrage exposure on the container items (issue 24), through real n8n-core against the sandbox's
 * fixtures, with the sandbox seeded from a fixed epoch and the node's clock pinned: the earliest of the three
 * LFDs and the deadline urgency follows, the pickup state in Terminal49's words, the risks (and those that
 * cannot be told), the Get Many filters on them, and an LFD on a daylight-saving switch day.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';

const HOUR = 3_600_000;
/** A Tuesday; the sandbox's dates are relative to it. */
const EPOCH = Date.UTC(2026, 9, 20);
/** 02:00 UTC: still the evening of 19 October in the Americas, where "+N days" is N days away. */
const NOW = EPOCH + 2 * HOUR;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const fixture = (key: string) => {
	const f = sb.fixtures.find((x) => x.key === key);
	if (!f) throw new Error(`no fixture ${key}`);
	return f;
};
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({
		epoch: EPOCH,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
	});
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	jest.setSystemTime(NOW);
	resetRateLimiter();
	sb.clearRequests();
});

async function get(key: string, options: IDataObject = {}): Promise<IDataObject> {
	const [item] = await containers.run({
		operation: 'get',
		containerId: byId(fixture(key).containerId),
		include: ['shipment', 'pod_terminal', 'transport_events'],
		options,
	});
	return item;
}

describe('the earliest of the three LFDs, and the deadline urgency follows', () => {
	it("terminal LFD tomorrow, line LFD next week: pickup_lfd is the line's, the earliest the terminal's, and urgent by default", async () => {
		const item = await get('terminal_lfd_first');
		expect(item).toMatchObject({
			pickup_lfd_source: 'line',
			days_until_pickup_lfd: 7,
			earliest_lfd_source: 'terminal',
			days_until_earliest_lfd: 1,
			earliest_lfd_date: '2026-10-20',
			earliest_lfd_time_zone: 'America/New_York',
			lfd_watched: 'earliest',
			lfd_band: 'imminent',
			urgency: 'imminent',
			urgent: true,
			pickup_state: 'ready',
			risks: ['lfd_tomorrow'],
		});
		expect(item.earliest_lfd).toBe(
			(item.import_deadlines as IDataObject).pickup_lfd_terminal as string,
		);
		// Deadline to Watch: Terminal49's pickup_lfd: the line's, a week away, not urgent (what the node did before)
		expect(await get('terminal_lfd_first', { deadlineToWatch: 'pickup_lfd' })).toMatchObject({
			lfd_watched: 'pickup_lfd',
			lfd_band: 'later',
			urgent: false,
			risks: [],
			// the earliest is still there to read
			earliest_lfd_source: 'terminal',
			days_until_earliest_lfd: 1,
		});
	});

	it('the rail LFD first, counted in the inland calendar (Chicago), the terminal and line LFDs later', async () => {
		const item = await get('rail_lfd_first');
		expect(item).toMatchObject({
			pickup_lfd_source: 'line',
			earliest_lfd_source: 'rail',
			days_until_earliest_lfd: 1,
			earliest_lfd_time_zone: 'America/Chicago',
			urgent: true,
		});
	});

	it('the line LFD first: the earliest and pickup_lfd agree', async () => {
		expect(await get('out_of_sync')).toMatchObject({
			pickup_lfd_source: 'line',
			earliest_lfd_source: 'line',
			days_until_earliest_lfd: 2,
			days_until_pickup_lfd: 2,
		});
	});

	it("a container on the train: the port terminal's LFD binds no more, so the earliest is the rail's", async () => {
		const item = await get('on_rail');
		const deadlines = item.import_deadlines as IDataObject;
		expect(deadlines.pickup_lfd_terminal).toBeTruthy();
		expect(item).toMatchObject({ current_status: 'on_rail', earliest_lfd_source: 'rail' });
		expect(item.days_until_earliest_lfd as number).toBeGreaterThan(1);
	});
});

describe("pickup state in Terminal49's words", () => {
	it('available with an active hold: out of sync, the hold named', async () => {
		expect(await get('out_of_sync')).toMatchObject({
			available_for_pickup: true,
			ready_for_pickup: false,
			pickup_state: 'out_of_sync',
			pickup_blocked_by: ['customs'],
			pickup_state_text:
				'Data may be out of sync: available but holds remain, wait for the next update (customs)',
		});
	});

	it('ready, blocked, not released; none once picked up', async () => {
		expect(await get('ready_for_pickup')).toMatchObject({
			pickup_state: 'ready',
			pickup_state_text: 'Ready for pickup',
		});
		expect(await get('customs_hold')).toMatchObject({
			pickup_state: 'blocked',
			pickup_blocked_by: ['customs'],
		});
		expect(await get('transshipped')).toMatchObject({ pickup_state: 'not_released' });
		expect(await get('empty_not_returned')).toMatchObject({
			closed: true,
			pickup_state: null,
			pickup_state_text: null,
		});
	});
});

describe('risks, each from what Terminal49 sends; unknown where it does not say', () => {
	it('dwell: discharged 5 days ago and still at the terminal', async () => {
		const item = await get('long_dwell');
		expect(item.risks).toContain('dwell_3_days');
		expect(item.days_waiting_for_pickup).toBe(5);
	});

	it('rolled: loaded, discharged again at the port of lading, loaded on another vessel; the ETA slipped with it', async () => {
		const item = await get('rolled');
		expect(item.risks).toEqual(expect.arrayContaining(['rolled', 'eta_slipped']));
		expect(item.risks).not.toContain('transshipped');
		expect(item.eta_days_late).toBe(7);
		// without the transport events, a roll cannot be told
		const [bare] = await containers.run({
			operation: 'get',
			containerId: byId(fixture('rolled').containerId),
			include: ['shipment'],
		});
		expect(bare.risks_unknown).toEqual(expect.arrayContaining(['rolled', 'transshipped']));
		expect(bare.risks).not.toContain('rolled');
	});

	it('transshipped: its transport events show a transshipment, and no roll', async () => {
		const item = await get('transshipped');
		expect(item.risks).toContain('transshipped');
		expect(item.risks).not.toContain('rolled');
	});

	it('empty not returned: picked up 5 days ago, the pickup-related risks no longer count', async () => {
		const item = await get('empty_not_returned');
		expect(item.risks).toEqual(['empty_not_returned']);
		expect(item.days_since_full_out).toBe(5);
		// when the empty is due back cannot be told: Terminal49 sends no return deadline, no tariff is set
		expect(item.risks_unknown).toEqual([
			'empty_return_past',
			'empty_return_today',
			'empty_return_tomorrow',
		]);
	});

	it('stale terminal data (checked 9 days ago): no urgency, the LFD and hold risks unknown, not false', async () => {
		const item = await get('stale_terminal_data');
		expect(item).toMatchObject({ terminal_data_fresh: false, urgency: 'stale', urgent: false });
		expect(item.risks).not.toEqual(expect.arrayContaining(['customs_hold']));
		expect(item.risks_unknown).toEqual(
			expect.arrayContaining(['lfd_past', 'lfd_today', 'lfd_tomorrow', 'customs_hold']),
		);
		// the dwell is told from the discharge date, not the terminal's data
		expect(item.risks).toContain('dwell_3_days');
	});

	it('the risks in words, for a message or a table', async () => {
		expect((await get('customs_hold')).risks_text).toContain('Customs hold');
	});
});

describe('Container Get Many: Pickup State and Has Any of These Risks', () => {
	const getMany = (filters: IDataObject, extra: IDataObject = {}) =>
		containers.run({ operation: 'getAll', returnAll: true, filters, include: [], ...extra });

	it('Pickup State Out of Sync: the one container available with a hold, asked with has_holds', async () => {
		const out = await getMany({ pickupState: ['out_of_sync'] });
		expect(out.map((c) => c.number)).toEqual([fixture('out_of_sync').containerNumber]);
		expect(
			sb.requests
				.filter((r) => r.path === '/v2/containers')
				.map((r) => r.query['filter[has_holds]']),
		).toEqual(['true']);
	});

	it('Has Any of These Risks: the LFD due tomorrow (the terminal one, behind a line LFD next week), open containers only', async () => {
		const out = await getMany({ risks: ['lfd_tomorrow'], excludeClosed: true });
		const numbers = out.map((c) => c.number);
		expect(numbers).toEqual(
			expect.arrayContaining([
				fixture('terminal_lfd_first').containerNumber,
				fixture('rail_lfd_first').containerNumber,
			]),
		);
		expect(out.every((c) => (c.risks as string[]).includes('lfd_tomorrow'))).toBe(true);
	});

	it('Has Any of These Risks on events: the transport events are included in the same requests', async () => {
		const out = await getMany({ risks: ['rolled'] });
		expect(out.map((c) => c.number)).toEqual([fixture('rolled').containerNumber]);
		expect(
			sb.requests
				.filter((r) => r.path === '/v2/containers')
				.every((r) => String(r.query.include).includes('transport_events')),
		).toBe(true);
	});

	it('Urgent Only with the earliest watched finds the terminal LFD tomorrow; with pickup_lfd watched it does not', async () => {
		const number = fixture('terminal_lfd_first').containerNumber;
		const urgent = await getMany({ urgentOnly: true });
		expect(urgent.map((c) => c.number)).toContain(number);
		const coalesced = await getMany(
			{ urgentOnly: true },
			{ options: { deadlineToWatch: 'pickup_lfd' } },
		);
		expect(coalesced.map((c) => c.number)).not.toContain(number);
	});
});

describe('an LFD on a daylight-saving switch day (New York, 8 March 2026)', () => {
	let dst: Sandbox;
	const onDst = runnerFor(() => dst, 'container');
	const SWITCH = Date.UTC(2026, 2, 8);
	beforeAll(async () => {
		dst = await startSandbox({ epoch: SWITCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
	});
	afterAll(async () => {
		await dst.close();
	});
	const terminalFirst = async () => {
		const f = dst.fixtures.find((x) => x.key === 'terminal_lfd_first')!;
		const [item] = await onDst.run({ operation: 'get', containerId: byId(f.containerId) });
		return item;
	};

	it('the evening before (EST): 1 day; the morning of (EDT, an hour less in the night): today', async () => {
		jest.setSystemTime(Date.UTC(2026, 2, 8, 2)); // 7 March 21:00 EST
		expect(await terminalFirst()).toMatchObject({
			earliest_lfd_date: '2026-03-08',
			days_until_earliest_lfd: 1,
			lfd_band: 'imminent',
		});
		expect((await terminalFirst()).risks).toContain('lfd_tomorrow');
		jest.setSystemTime(Date.UTC(2026, 2, 8, 12)); // 8 March 08:00 EDT
		expect(await terminalFirst()).toMatchObject({
			earliest_lfd_date: '2026-03-08',
			days_until_earliest_lfd: 0,
			lfd_band: 'today',
		});
		const { risks } = await terminalFirst();
		expect(risks).toContain('lfd_today');
		expect(risks).not.toContain('lfd_tomorrow');
	});
});
