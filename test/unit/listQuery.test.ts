/**
 * The query Container and Shipment Get Many send (client/listQuery.ts): never narrower than what the node
 * keeps. The date bounds are proved on a grid of time zones (UTC-12 to UTC+14, half hours included), clocks
 * and last free days: every LFD the node counts in a band lies within the bounds sent, with the one-day
 * widening, and some would not without it.
 */
import { containerInsights } from '../../nodes/Terminal49/domain/containerInsights';
import type { DayRange } from '../../nodes/Terminal49/client/listSpec';
import { dateBounds } from '../../nodes/Terminal49/client/listDateBounds';
import { containerQuery, shipmentQuery } from '../../nodes/Terminal49/client/listQuery';
import { undocumented } from '../../nodes/Terminal49/client/filterCatalog';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = [
	'Etc/GMT+12',
	'Pacific/Pago_Pago',
	'Pacific/Honolulu',
	'America/Los_Angeles',
	'America/Chicago',
	'America/New_York',
	'America/St_Johns',
	'UTC',
	'Europe/Berlin',
	'Asia/Kolkata',
	'Asia/Shanghai',
	'Australia/Adelaide',
	'Pacific/Auckland',
	'Pacific/Kiritimati',
];

/** Whether the stored (UTC) date of `lfd` passes the bounds `dateBounds` wrote. */
function within(bounds: Record<string, unknown>, lfd: string): boolean {
	const values = Object.values(bounds).flat() as string[];
	const stored = lfd.slice(0, 10);
	return values.every((value) => {
		if (value === '@exists') return true;
		const [, op, date] = /^(>=|<=)(\d{4}-\d{2}-\d{2})$/.exec(value)!;
		return op === '>=' ? stored >= date : stored <= date;
	});
}

/** dateBounds without the widening, to show it is needed. */
function unwidened(range: DayRange, now: Date): Record<string, string[]> {
	const today = Math.floor(now.getTime() / DAY);
	const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
	const out: string[] = [];
	if (range.from !== undefined) out.push(`>=${iso(today + range.from)}`);
	if (range.to !== undefined) out.push(`<=${iso(today + range.to)}`);
	return { 'filter[pickup_lfd][]': out };
}

describe('dateBounds: a superset of every day count the node keeps, in any time zone', () => {
	const ranges: DayRange[] = [
		{ to: -1 },
		{ from: 0, to: 0 },
		{ from: 1, to: 3 },
		{ from: 4 },
		{ from: 0, to: 7 },
	];
	// clocks over two days in 90-minute steps (plus 02:30 and 22:45 UTC); LFDs from 9 days before to 9
	// days after in 70-minute steps, plus date-only LFDs (a calendar day already)
	const start = Date.UTC(2026, 9, 14);
	const clocks = [
		...Array.from({ length: 32 }, (_, i) => new Date(start + i * 90 * 60_000)),
		new Date(start + 2.5 * HOUR),
		new Date(start + 22.75 * HOUR),
	];

	it('keeps every LFD whose day count is in the range; without the widening some would be lost', () => {
		let checked = 0;
		let lostUnwidened = 0;
		const lost: unknown[] = [];
		for (const now of clocks) {
			const lfds: string[] = [];
			for (let t = now.getTime() - 9 * DAY; t <= now.getTime() + 9 * DAY; t += 70 * 60_000)
				lfds.push(new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z'));
			for (let d = -9; d <= 9; d++)
				lfds.push(new Date(now.getTime() + d * DAY).toISOString().slice(0, 10));
			for (const zone of ZONES) {
				for (const lfd of lfds) {
					const days = containerInsights({ pickup_lfd: lfd }, zone, { now }).days_until_pickup_lfd!;
					for (const range of ranges) {
						const kept =
							(range.from === undefined || days >= range.from) &&
							(range.to === undefined || days <= range.to);
						if (!kept) continue;
						checked++;
						if (!within(dateBounds('pickup_lfd', range, now), lfd))
							lost.push([zone, now.toISOString(), lfd, range]);
						if (!within(unwidened(range, now), lfd)) lostUnwidened++;
					}
				}
			}
		}
		expect(lost).toEqual([]);
		expect(checked).toBeGreaterThan(100_000);
		expect(lostUnwidened).toBeGreaterThan(0);
	});

	it('writes dates, never "today" (the service\'s own day does not matter); one bound alone, two as an array, none as @exists', () => {
		const now = new Date(Date.UTC(2026, 9, 14, 2, 30));
		expect(dateBounds('pickup_lfd', { from: 0, to: 3 }, now)).toEqual({
			'filter[pickup_lfd][]': ['>=2026-10-13', '<=2026-10-18'],
		});
		expect(dateBounds('pickup_lfd', { to: -1 }, now)).toEqual({
			'filter[pickup_lfd]': '<=2026-10-14',
		});
		expect(dateBounds('pickup_lfd_line_on', { from: 4 }, now)).toEqual({
			'filter[pickup_lfd_line_on]': '>=2026-10-17',
		});
		expect(dateBounds('pickup_lfd', {}, now)).toEqual({ 'filter[pickup_lfd]': '@exists' });
	});
});

describe('containerQuery', () => {
	const now = new Date(Date.UTC(2026, 9, 14, 15, 30));
	// Deadline to Watch: Terminal49's pickup_lfd (one list; the earliest LFD is read source by source: below)
	const query = (filters: Parameters<typeof containerQuery>[0], sort?: 'lfd' | 'arrival') =>
		containerQuery(filters, { sort, imminentDays: 3, now, watch: 'pickup_lfd' });

	it.each<[string, Parameters<typeof containerQuery>[0], Record<string, unknown>]>([
		[
			'statuses',
			{ statuses: ['available', 'grounded'] },
			{ 'filter[current_status]': 'available,grounded' },
		],
		[
			'Exclude Closed: the other ten statuses',
			{ excludeClosed: true },
			{
				'filter[current_status]':
					'new,on_ship,available,not_available,grounded,on_rail,awaiting_inland_transfer,off_dock,dropped,loaded',
			},
		],
		[
			'Exclude Closed with statuses: the open ones picked',
			{ excludeClosed: true, statuses: ['available', 'picked_up'] },
			{ 'filter[current_status]': 'available' },
		],
		[
			'Urgent Only: open statuses and an LFD up to N + 1 days ahead',
			{ urgentOnly: true },
			{
				'filter[current_status]':
					'new,on_ship,available,not_available,grounded,on_rail,awaiting_inland_transfer,off_dock,dropped,loaded',
				'filter[pickup_lfd]': '<=2026-10-18',
			},
		],
		['Last Free Day none alone', { lfdBands: ['none'] }, { 'filter[pickup_lfd]': '@not_exists' }],
		['Last Free Day none with another band: no date filter', { lfdBands: ['none', 'today'] }, {}],
		[
			'Last Free Day overdue or later: the hull, @exists',
			{ lfdBands: ['overdue', 'later'] },
			{ 'filter[pickup_lfd]': '@exists' },
		],
		[
			'Active Hold (a name): has_holds=true',
			{ activeHolds: ['customs'] },
			{ 'filter[has_holds]': true },
		],
		['Has Terminal Fees on', { hasTerminalFees: true }, { 'filter[has_fees]': true }],
		[
			'Has Terminal Fees off: nothing (has_fees=false is an explicitly empty array)',
			{ hasTerminalFees: false },
			{},
		],
		['Has Demurrage Fees on', { hasDemurrageFees: true }, { 'filter[has_demurrage_fees]': true }],
		['Has Demurrage Fees off: nothing', { hasDemurrageFees: false }, {}],
		['Ready for Pickup: nothing (no such filter)', { readyForPickup: true }, {}],
		['Terminal Data: nothing (no such filter)', { terminalData: 'fresh' }, {}],
		[
			'POD Terminal by ID',
			{ podTerminal: { by: 'id', value: 't-1' } },
			{ 'filter[pod_terminal_id]': 't-1' },
		],
		['POD Terminal by FIRMS: nothing', { podTerminal: { by: 'firms', value: 'Y258' } }, {}],
		[
			'Port and line',
			{ portOfDischarge: 'USLAX', shippingLine: 'MAEU' },
			{ 'filter[pod_code]': 'USLAX', 'filter[shipping_line_scac]': 'MAEU' },
		],
		['Tracking Stopped off', { trackingStopped: false }, { 'filter[actively_tracked]': true }],
		[
			'Tags, all',
			{ tags: { names: ['a', 'b'], all: true } },
			{ 'filter[tags][]': ['a', 'b'], 'filter[tags_and]': true },
		],
		[
			'prefixes with ~',
			{
				numberPrefix: 'MSCU12',
				shipmentNumberPrefix: 'MEDU',
				refNumberPrefix: 'po-1',
				shipmentRefNumberPrefix: 'PO-2',
			},
			{
				'filter[search_by_number]': '~MSCU12',
				'filter[search_by_shipment_number]': '~MEDU',
				'filter[search_by_ref_numbers]': '~po-1',
				'filter[search_by_shipment_ref_numbers]': '~PO-2',
			},
		],
		[
			'ETA Changed 24 hours: true only',
			{ etaChanged: '24h' },
			{ 'filter[eta_changed_in_last_24h]': true },
		],
	])('%s', (_name, filters, expected) => {
		const { qs } = query(filters);
		const { sort, ...rest } = qs;
		expect(rest).toEqual(expected);
		expect(sort).toBe('-created_at');
		for (const [name, value] of Object.entries(qs))
			expect(undocumented('containers', name, value)).toBeUndefined();
	});

	it('sorts: pickup_lfd or arrival, then -created_at', () => {
		// ties newest created first, as the node orders them
		expect(query({}, 'lfd').qs.sort).toBe('pickup_lfd,-created_at');
		expect(query({}, 'arrival').qs.sort).toBe('arrival,-created_at');
	});

	it('names the filters only the service can judge, with their keys', () => {
		expect(
			query({ requiresAttention: true, etaChanged: '3d', customerId: 'p-1' }).serviceOnly,
		).toEqual([
			{ label: 'Requires Attention', keys: ['filter[requires_attention]'] },
			{ label: 'ETA Changed', keys: ['filter[eta_changed_in_past_3_days]'] },
			{ label: 'Customer', keys: ['filter[customer_id]'] },
		]);
		expect(query({ statuses: ['new'] }).serviceOnly).toEqual([]);
	});
});

describe('containerQuery, the earliest of the three LFDs watched (the default): pickup_lfd, then the terminal and rail LFDs', () => {
	const now = new Date(Date.UTC(2026, 9, 14, 15, 30));
	const query = (
		filters: Parameters<typeof containerQuery>[0],
		sort?: 'lfd' | 'arrival',
		limited = false,
	) => containerQuery(filters, { sort, imminentDays: 3, now, limited });

	it("Urgent Only: pickup_lfd (the line's whenever there is one) up to N + 1 days ahead; the terminal's only where pickup_lfd is later; the rail's", () => {
		const { qs, bySource } = query({ urgentOnly: true });
		// the query without the LFD (what each list extends)
		expect(qs['filter[pickup_lfd]']).toBeUndefined();
		const open = { 'filter[current_status]': qs['filter[current_status]'] };
		expect(bySource!.map((list) => [list.source, list.qs])).toEqual([
			['coalesced', { ...open, 'filter[pickup_lfd]': '<=2026-10-18', sort: '-created_at' }],
			[
				'terminal',
				{
					...open,
					'filter[pickup_lfd_terminal_on]': '<=2026-10-18',
					// no container read twice: those whose pickup_lfd is in the range are in the first list
					'filter[pickup_lfd]': '>2026-10-18',
					sort: '-created_at',
				},
			],
			['rail', { ...open, 'filter[pickup_lfd_rail_on]': '<=2026-10-18', sort: '-created_at' }],
		]);
		for (const list of bySource!)
			for (const [name, value] of Object.entries(list.qs))
				expect(undocumented('containers', name, value)).toBeUndefined();
	});

	it('Sort By Last Free Day: each list sorted by its own LFD, newest first within a day, none restricted', () => {
		const { bySource } = query({ lfdBands: ['today', 'imminent'] }, 'lfd');
		expect(bySource!.map((list) => list.qs.sort)).toEqual([
			'pickup_lfd,-created_at',
			'pickup_lfd_terminal_on,-created_at',
			'pickup_lfd_rail_on,-created_at',
		]);
		expect(bySource![1].qs['filter[pickup_lfd]']).toBeUndefined();
		expect(bySource![1].qs['filter[pickup_lfd_terminal_on][]']).toEqual([
			'>=2026-10-13',
			'<=2026-10-18',
		]);
	});

	it('Sort By Last Free Day with a Limit and no range: each LFD, then the containers without any LFD', () => {
		const { bySource } = query({}, 'lfd', true);
		expect(bySource!.map((list) => [list.source, list.qs])).toEqual([
			['coalesced', { 'filter[pickup_lfd]': '@exists', sort: 'pickup_lfd,-created_at' }],
			[
				'terminal',
				{ 'filter[pickup_lfd_terminal_on]': '@exists', sort: 'pickup_lfd_terminal_on,-created_at' },
			],
			['rail', { 'filter[pickup_lfd_rail_on]': '@exists', sort: 'pickup_lfd_rail_on,-created_at' }],
			['none', { 'filter[pickup_lfd]': '@not_exists', sort: '-created_at' }],
		]);
		// Return All reads every container anyway: one list, sorted by the node
		expect(query({}, 'lfd', false).bySource).toBeUndefined();
		expect(query({}, 'lfd', false).qs.sort).toBe('-created_at');
	});

	it('nothing to narrow: one list', () => {
		expect(query({ statuses: ['available'] }).bySource).toBeUndefined();
	});

	it("No Last Free Day alone: the containers with no pickup_lfd, and those whose only LFD is the terminal's (no longer binding once on the train)", () => {
		const [none, terminalOnly, ...more] = query({ lfdBands: ['none'] }).bySource!;
		expect(more).toEqual([]);
		expect(none.qs).toMatchObject({ 'filter[pickup_lfd]': '@not_exists' });
		expect(terminalOnly).toMatchObject({
			source: 'terminal',
			qs: {
				'filter[pickup_lfd_line_on]': '@not_exists',
				'filter[pickup_lfd_rail_on]': '@not_exists',
				'filter[pickup_lfd_terminal_on]': '@exists',
			},
		});
		const record = (line: string | null, terminal: string | null, rail: string | null) => ({
			pickup_lfd: line ?? terminal ?? rail,
			import_deadlines: {
				pickup_lfd_line: line,
				pickup_lfd_terminal: terminal,
				pickup_lfd_rail: rail,
			},
		});
		const day = '2026-10-18T04:00:00Z';
		expect(none.honours(record(null, null, null))).toBe(true);
		expect(none.honours(record(null, day, null))).toBe(false);
		expect(terminalOnly.honours(record(null, day, null))).toBe(true);
		expect(terminalOnly.honours(record(day, day, null))).toBe(false);
		expect(terminalOnly.honours(record(null, day, day))).toBe(false);
		expect(terminalOnly.honours(record(null, null, null))).toBe(false);
		// Terminal49's pickup_lfd watched: one list, no pickup_lfd
		const coalesced = containerQuery(
			{ lfdBands: ['none'] },
			{ imminentDays: 3, now, watch: 'pickup_lfd' },
		);
		expect(coalesced.qs).toMatchObject({ 'filter[pickup_lfd]': '@not_exists' });
		expect(coalesced.bySource).toBeUndefined();
	});

	it('the LFD risks alone narrow like the bands; holds alone, and Blocked or Out of Sync alone, ask for has_holds', () => {
		expect(query({ risks: ['lfd_today', 'lfd_tomorrow'] }).bySource![0].qs).toMatchObject({
			'filter[pickup_lfd][]': ['>=2026-10-13', '<=2026-10-16'],
		});
		expect(query({ risks: ['lfd_past', 'customs_hold'] }).bySource).toBeUndefined();
		expect(query({ risks: ['customs_hold', 'freight_hold'] }).qs['filter[has_holds]']).toBe(true);
		expect(query({ pickupStates: ['blocked', 'out_of_sync'] }).qs['filter[has_holds]']).toBe(true);
		expect(query({ pickupStates: ['blocked', 'ready'] }).qs['filter[has_holds]']).toBeUndefined();
	});

	it('tells a record the service should not have sent: its LFD outside the bounds (a day wider), or none', () => {
		const [coalesced, terminal] = query({ urgentOnly: true }).bySource!;
		const lfd = (value: string | null) => ({
			pickup_lfd: value,
			import_deadlines: { pickup_lfd_terminal: value },
		});
		for (const list of [coalesced, terminal]) {
			expect(list.honours(lfd('2026-10-18T23:00:00Z'))).toBe(true);
			expect(list.honours(lfd('2026-09-01T04:00:00Z'))).toBe(true);
			expect(list.honours(lfd('2026-10-19T01:00:00Z'))).toBe(false);
			expect(list.honours(lfd(null))).toBe(false);
			expect(list.honours({})).toBe(false);
		}
	});
});

describe('shipmentQuery', () => {
	const now = new Date(Date.UTC(2026, 9, 14, 2, 30));
	it('ETA within N days: no actual arrival, pod_arrival a day wider each side; overdue: up to today (UTC)', () => {
		expect(shipmentQuery({ eta: { band: 'within', days: 7 } }, { now }).qs).toEqual({
			'filter[pod_ata_at]': '@not_exists',
			'filter[pod_arrival][]': ['>=2026-10-13', '<=2026-10-22'],
			sort: '-created_at',
		});
		expect(shipmentQuery({ eta: { band: 'overdue', days: 0 } }, { now }).qs).toEqual({
			'filter[pod_ata_at]': '@not_exists',
			'filter[pod_arrival]': '<=2026-10-14',
			sort: '-created_at',
		});
	});

	it('q and number top-level; tracking stopped; port; tags; customer and ETA changed only the service can judge; no carrier filter', () => {
		const { qs, serviceOnly } = shipmentQuery(
			{
				q: 'PO-1',
				number: 'MEDU1',
				trackingStopped: false,
				portOfDischarge: 'USLAX',
				shippingLine: 'MAEU',
				tags: { names: ['x'], all: false },
				customerId: 'p-1',
				etaChanged: '24h',
			},
			{ sort: 'arrival', now },
		);
		expect(qs).toEqual({
			q: 'PO-1',
			number: 'MEDU1',
			'filter[tracking_stopped]': false,
			'filter[pod_code]': 'USLAX',
			'filter[tags][]': ['x'],
			'filter[customer_id]': 'p-1',
			'filter[pod_eta_changed_at]': '>=2026-10-13T02:30:00Z',
			sort: 'pod_arrival',
		});
		expect(serviceOnly.map((f) => f.label)).toEqual(['Customer', 'ETA Changed']);
		for (const [name, value] of Object.entries(qs))
			expect(undocumented('shipments', name, value)).toBeUndefined();
	});
});

describe('undocumented: the catalog refuses what Terminal49 does not document', () => {
	it.each([
		['containers', 'filter[status]', 'x'],
		['containers', 'filter[pod_locode]', 'x'],
		['containers', 'filter[line_scac]', 'x'],
		['containers', 'filter[pod_eta_at]', '>=2026-10-01'],
		['containers', 'filter[pod_ata_at]', '@exists'],
		['containers', 'sort', 'status'],
		['containers', 'sort', 'pickup_lfd,arrival,created_at,updated_at'],
		['shipments', 'filter[shipping_line_scac]', 'MAEU'],
		['shipments', 'filter[updated_at]', '>=2026-10-01'],
		['shipments', 'sort', 'pickup_lfd'],
	] as const)('%s %s=%s', (list, name, value) => {
		expect(undocumented(list, name, value)).toMatch(/is not a documented/);
	});
});
