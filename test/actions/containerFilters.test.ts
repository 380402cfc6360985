/**
 * Container Get Many and Shipment Get Many filters and sorts against the sandbox as the older service
 * answered lists (`legacyLists`: every list filter but the number ignored, sort ignored, 100 a page), through
 * real n8n-core: the node judges every filter itself. The current service, and both compared, are in
 * listFilters.test.ts.
 *
 * Every expectation is computed here from the raw GET pages the sandbox serves (read page by page, with the
 * shipment and POD terminal included), with this file's own reading of what each filter means: not with the
 * node's code. The request log shows what each run cost.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { milestoneIndex } from '../../sandbox/timeline';
import { runnerFor } from '../helpers/actionHarness';
import { isSerializerProbe } from '../helpers/serializerProbe';

const CONTAINERS = 1000;
const PAGES = Math.ceil(CONTAINERS / 100);
const DAY = 86_400_000;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const shipments = runnerFor(() => sb, 'shipment');

/** One container as the raw pages tell it, with the few facts the filters are about. */
interface Raw {
	id: string;
	page: number;
	a: IDataObject;
	shipment: IDataObject;
	terminal: IDataObject;
	terminalId: string | null;
}
let raw: Raw[];
let rawShipments: Array<{ id: string; a: IDataObject }>;

async function getPages(firstUrl: string): Promise<IDataObject[]> {
	const pages: IDataObject[] = [];
	let url: string | undefined = firstUrl;
	while (url) {
		const response = await fetch(url, {
			headers: { Authorization: `Token ${sb.keys.paid}`, Accept: 'application/json' },
		});
		const page = (await response.json()) as IDataObject;
		pages.push(page);
		url = (page.links as IDataObject | undefined)?.next as string | undefined;
	}
	return pages;
}

beforeAll(async () => {
	sb = await startSandbox({
		containers: CONTAINERS,
		carrierDelayMs: 50,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
		legacyLists: true,
	});
	const pages = await getPages(
		`${sb.baseUrl}/containers?page[size]=100&include=shipment,pod_terminal`,
	);
	raw = [];
	pages.forEach((page, pageIndex) => {
		const included = (page.included ?? []) as IDataObject[];
		const find = (type: string, id: unknown) =>
			(included.find((r) => r.type === type && r.id === id)?.attributes ?? {}) as IDataObject;
		for (const record of page.data as IDataObject[]) {
			const rel = record.relationships as Record<string, { data: IDataObject | null }>;
			raw.push({
				id: String(record.id),
				page: pageIndex + 1,
				a: record.attributes as IDataObject,
				shipment: find('shipment', rel.shipment?.data?.id),
				terminal: find('terminal', rel.pod_terminal?.data?.id),
				terminalId: (rel.pod_terminal?.data?.id as string | undefined) ?? null,
			});
		}
	});
	rawShipments = (await getPages(`${sb.baseUrl}/shipments?page[size]=100`)).flatMap((page) =>
		(page.data as IDataObject[]).map((r) => ({ id: String(r.id), a: r.attributes as IDataObject })),
	);
}, 60_000);
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

// ---- What each filter means, from the raw attributes ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function calendarDay(instant: number, zone: string): number {
	let f = formatters.get(zone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
		});
		formatters.set(zone, f);
	}
	const parts = Object.fromEntries(
		f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
	);
	return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY;
}

/**
 * The earliest of the line, terminal and rail LFDs (the deadline the node watches by default), each counted
 * in the calendar of its place: the terminal's and the line's at the port of discharge, the rail's inland, the
 * terminal's left out once the container left the port by rail; Terminal49's pickup_lfd when none of the three
 * is reported (not when the only one is that terminal's). Its days from today, and its instant.
 */
function earliestLfd(c: Raw, now = Date.now()): { days: number; at: number } | null {
	const deadlines = (c.a.import_deadlines ?? {}) as IDataObject;
	const port = String(c.a.pod_timezone ?? 'UTC');
	const inland = String(c.a.final_destination_timezone ?? port);
	// once on the train (loaded or departed by rail, unloaded inland, out of the port on a rail move), the port
	// terminal's LFD binds no more
	const byRail =
		!!c.a.pod_rail_carrier_scac ||
		!!c.a.ind_rail_carrier_scac ||
		!!c.a.ind_eta_at ||
		!!c.a.ind_ata_at ||
		!!deadlines.pickup_lfd_rail ||
		!!c.a.pod_rail_loaded_at;
	const leftPort =
		!!c.a.pod_rail_loaded_at ||
		!!c.a.pod_rail_departed_at ||
		!!c.a.ind_rail_unloaded_at ||
		c.a.current_status === 'on_rail' ||
		(!!c.a.pod_full_out_at && byRail);
	const candidates = [
		[deadlines.pickup_lfd_line, port],
		[leftPort ? null : deadlines.pickup_lfd_terminal, port],
		[deadlines.pickup_lfd_rail, inland],
	]
		.filter(([value]) => typeof value === 'string' && value)
		.map(([value, zone]) => ({
			days: calendarDay(Date.parse(String(value)), String(zone)) - calendarDay(now, String(zone)),
			at: Date.parse(String(value)),
		}))
		.sort((x, y) => x.days - y.days || x.at - y.at);
	if (candidates.length) return candidates[0];
	// pickup_lfd only when no source is reported (not the terminal's, left out on the train, again)
	if (deadlines.pickup_lfd_line || deadlines.pickup_lfd_terminal || deadlines.pickup_lfd_rail)
		return null;
	const lfd = c.a.pickup_lfd as string | null;
	return lfd
		? { days: calendarDay(Date.parse(lfd), port) - calendarDay(now, port), at: Date.parse(lfd) }
		: null;
}

/**
 * Days from today to Terminal49's coalesced pickup_lfd (Deadline to Watch: pickup_lfd), in the calendar of the
 * place of pickup (the inland one for a rail LFD).
 */
function coalescedLfdDays(c: Raw, now = Date.now()): number | null {
	const lfd = c.a.pickup_lfd as string | null;
	if (!lfd) return null;
	const deadlines = (c.a.import_deadlines ?? {}) as IDataObject;
	const rail =
		!deadlines.pickup_lfd_line && !deadlines.pickup_lfd_terminal && !!deadlines.pickup_lfd_rail;
	const zone = String(
		(rail ? c.a.final_destination_timezone : c.a.pod_timezone) ?? c.a.pod_timezone ?? 'UTC',
	);
	return calendarDay(Date.parse(lfd), zone) - calendarDay(now, zone);
}

/** Days from today to the earliest LFD (see earliestLfd), or null without one. */
function lfdDays(c: Raw, now = Date.now()): number | null {
	return earliestLfd(c, now)?.days ?? null;
}

/**
 * The node's order where it merges the lists it reads for the earliest LFD (one per source): newest created
 * first, ties by container number, then ID (the service's order of ties is not kept there).
 */
function inNodeOrder(list: Raw[]): Raw[] {
	return [...list].sort(
		(x, y) =>
			Date.parse(String(y.a.created_at)) - Date.parse(String(x.a.created_at)) ||
			String(x.a.number).localeCompare(String(y.a.number)) ||
			x.id.localeCompare(y.id),
	);
}

const band = (c: Raw, n = 3, days = lfdDays) => {
	const d = days(c);
	return d === null
		? 'none'
		: d < 0
			? 'overdue'
			: d === 0
				? 'today'
				: d <= n
					? 'imminent'
					: 'later';
};
const activeHolds = (c: Raw) =>
	((c.a.holds_at_pod_terminal ?? []) as IDataObject[])
		.filter((h) => h.status === 'hold')
		.map((h) => String(h.name));
const ready = (c: Raw) => c.a.available_for_pickup === true && activeHolds(c).length === 0;
// any fee line, posted or pending (0), a total line where it is the only one (Terminal49's fee rules)
const hasFees = (c: Raw) => ((c.a.fees_at_pod_terminal ?? []) as IDataObject[]).length > 0;
const fresh = (c: Raw) =>
	typeof c.a.terminal_checked_at === 'string' &&
	Date.now() - Date.parse(c.a.terminal_checked_at) <= 7 * DAY;
const closed = (c: Raw) =>
	['picked_up', 'delivered', 'empty_returned'].includes(String(c.a.current_status));
const urgent = (c: Raw) => !closed(c) && fresh(c) && (lfdDays(c) ?? Infinity) <= 3;

const ids = (list: Array<{ id?: unknown }>) => list.map((c) => String(c.id));
const containerQueries = () =>
	sb.requests.filter((r) => r.path === '/v2/containers').map((r) => r.query);
/** The list's own requests (the serializer probe apart: probes()). */
const listQueries = () => containerQueries().filter((q) => !isSerializerProbe(q));
/** The requests that asked which serializer the account's containers come from (one record each). */
const probes = () => containerQueries().filter(isSerializerProbe).length;

/** The expectation must be a real selection: some containers, not all. */
function selective(expected: Raw[]): Raw[] {
	expect(expected.length).toBeGreaterThan(0);
	expect(expected.length).toBeLessThan(raw.length);
	return expected;
}

describe('Container > Get Many filters: the output is exactly what the filter means over the raw pages', () => {
	const mostCommonTerminal = () => {
		const counts = new Map<string, number>();
		for (const c of raw)
			if (c.terminalId) counts.set(c.terminalId, (counts.get(c.terminalId) ?? 0) + 1);
		return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
	};
	const cases: Array<[string, () => IDataObject, (c: Raw) => boolean]> = [
		[
			'Current Status',
			() => ({ currentStatus: ['available', 'grounded'] }),
			(c) => ['available', 'grounded'].includes(String(c.a.current_status)),
		],
		['Ready for Pickup on', () => ({ readyForPickup: true }), ready],
		['Ready for Pickup off', () => ({ readyForPickup: false }), (c) => !ready(c)],
		['Has Terminal Fees on', () => ({ hasTerminalFees: true }), hasFees],
		['Has Terminal Fees off', () => ({ hasTerminalFees: false }), (c) => !hasFees(c)],
		['Active Hold: any', () => ({ activeHolds: ['any'] }), (c) => activeHolds(c).length > 0],
		[
			'Active Hold: customs or USDA',
			() => ({ activeHolds: ['customs', 'USDA'] }),
			(c) => activeHolds(c).some((h) => h === 'customs' || h === 'USDA'),
		],
		[
			'Active Hold: freight (pending freight holds do not count)',
			() => ({ activeHolds: ['freight'] }),
			(c) => activeHolds(c).includes('freight'),
		],
		['Last Free Day: overdue', () => ({ lastFreeDay: ['overdue'] }), (c) => band(c) === 'overdue'],
		[
			'Last Free Day: today or imminent',
			() => ({ lastFreeDay: ['today', 'imminent'] }),
			(c) => ['today', 'imminent'].includes(band(c)),
		],
		[
			'Last Free Day: later or none',
			() => ({ lastFreeDay: ['later', 'none'] }),
			(c) => ['later', 'none'].includes(band(c)),
		],
		['Terminal Data: fresh', () => ({ terminalData: 'fresh' }), fresh],
		['Terminal Data: stale', () => ({ terminalData: 'stale' }), (c) => !fresh(c)],
		['Exclude Closed', () => ({ excludeClosed: true }), (c) => !closed(c)],
		['Urgent Only', () => ({ urgentOnly: true }), urgent],
		[
			'POD Terminal by ID',
			() => ({ podTerminal: { __rl: true, mode: 'id', value: mostCommonTerminal() } }),
			(c) => c.terminalId === mostCommonTerminal(),
		],
		[
			'POD Terminal from the list (FIRMS code Y258)',
			() => ({ podTerminal: { __rl: true, mode: 'list', value: 'Y258' } }),
			(c) => c.terminal.firms_code === 'Y258',
		],
		[
			'Port of Discharge',
			() => ({ portOfDischarge: 'uslgb' }),
			(c) => c.shipment.port_of_discharge_locode === 'USLGB',
		],
		[
			'Shipping Line',
			() => ({ shippingLine: { __rl: true, mode: 'scac', value: 'MSCU' } }),
			(c) => c.shipment.shipping_line_scac === 'MSCU',
		],
		[
			'"LFD within 3 days and not picked up yet": Last Free Day today/imminent + Exclude Closed + Terminal Data fresh',
			() => ({ lastFreeDay: ['today', 'imminent'], excludeClosed: true, terminalData: 'fresh' }),
			(c) => ['today', 'imminent'].includes(band(c)) && !closed(c) && fresh(c),
		],
	];

	it.each(cases)('%s', async (_name, filters, means) => {
		const asked = filters();
		// the earliest LFD narrowed: read source by source and merged (a band with "No Last Free Day" is not)
		const merged =
			asked.urgentOnly !== undefined ||
			(Array.isArray(asked.lastFreeDay) && !(asked.lastFreeDay as string[]).includes('none'));
		const kept = selective(raw.filter(means));
		const expected = merged ? inNodeOrder(kept) : kept;
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: asked,
			include: [],
		});
		expect(ids(out)).toEqual(ids(expected));
		// Return All with a filter: one request per 100 containers, as without
		expect(listQueries()).toHaveLength(PAGES);
		expect(listQueries().every((q) => q['page[size]'] === '100')).toBe(true);
		// a filter on the service's LFD fields first asks which serializer the account has (one record)
		const onLfdFields = listQueries().some((q) =>
			Object.keys(q).some((key) => key.startsWith('filter[pickup_lfd')),
		);
		expect(probes()).toBe(onLfdFields ? 1 : 0);
	});

	it('Return All unfiltered costs the same requests as every filtered run: ceil(N/100)', async () => {
		const out = await containers.run({ operation: 'getAll', returnAll: true, include: [] });
		expect(out).toHaveLength(CONTAINERS);
		expect(listQueries()).toHaveLength(PAGES);
	});

	it('a filter on the shipment includes it in the same requests and returns it nested (Include left empty)', async () => {
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: { portOfDischarge: 'USNYC' },
			include: [],
		});
		expect(listQueries().every((q) => q.include === 'shipment')).toBe(true);
		expect(out.length).toBeGreaterThan(0);
		for (const item of out) {
			expect(item.shipment).toMatchObject({ type: 'shipment', port_of_discharge_locode: 'USNYC' });
		}
	});

	it('Simplify off: the same records, each as {data, included}, judged on the same fields', async () => {
		const expected = inNodeOrder(selective(raw.filter(urgent)));
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: { urgentOnly: true },
			include: [],
			simplify: false,
		});
		expect(out.map((item) => String((item.data as IDataObject).id))).toEqual(ids(expected));
	});

	it('every item carries the urgency fields, and they agree with the raw data', async () => {
		const out = await containers.run({ operation: 'getAll', returnAll: true, include: [] });
		const byId = new Map(raw.map((c) => [c.id, c]));
		const seen = new Set<unknown>();
		for (const item of out) {
			const c = byId.get(String(item.id))!;
			expect([item.id, item.lfd_band, item.terminal_data_fresh, item.closed, item.urgent]).toEqual([
				c.id,
				band(c),
				fresh(c),
				closed(c),
				urgent(c),
			]);
			expect(item.terminal_checked_at).toBe(c.a.terminal_checked_at ?? null);
			seen.add(item.urgency);
			if (item.urgent) expect(closed(c) || !fresh(c)).toBe(false);
		}
		// the sandbox's variety: every urgency value occurs
		expect([...seen].sort()).toEqual(
			['closed', 'imminent', 'later', 'none', 'overdue', 'stale', 'today'].filter((u) =>
				seen.has(u),
			),
		);
		for (const u of ['closed', 'stale', 'overdue', 'none']) expect(seen.has(u)).toBe(true);
	});

	it("Imminent Within (Days) moves the band edge, for the fields and the filter alike (Terminal49's pickup_lfd watched)", async () => {
		// the seed's earliest LFDs are all within 4 days of discharge; its coalesced ones (the line's first)
		// reach further, so the edge shows on them
		const imminent = (c: Raw, n?: number) => band(c, n, coalescedLfdDays) === 'imminent';
		const expected = selective(raw.filter((c) => imminent(c, 6)));
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: { lastFreeDay: ['imminent'] },
			options: { imminentDays: 6, deadlineToWatch: 'pickup_lfd' },
			include: [],
		});
		expect(ids(out)).toEqual(ids(expected));
		expect(expected.length).toBeGreaterThan(raw.filter((c) => imminent(c)).length);
		expect(out.every((item) => item.lfd_watched === 'pickup_lfd')).toBe(true);
	});

	it('Container Number still works with the other filters (and alone, unchanged)', async () => {
		const target = raw.find((c) => closed(c))!;
		const alone = await containers.run({
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { number: String(target.a.number) },
			include: [],
		});
		expect(ids(alone)).toEqual([target.id]);
		// the node's Newest First is sent as sort=-created_at (the older service ignores it)
		expect(listQueries()).toEqual([
			{ 'filter[number]': target.a.number, 'page[size]': '1', sort: '-created_at' },
		]);
		sb.clearRequests();
		const excluded = await containers.run({
			operation: 'getAll',
			returnAll: true,
			filters: { number: String(target.a.number), excludeClosed: true },
			include: [],
		});
		expect(excluded).toEqual([]);
	});
});

describe('Container > Get Many: Limit counts kept containers and reads only the pages it needs', () => {
	it('Limit 10 over a filter keeping about 1 in 20 (status picked up): the pages up to the 10th match, no more', async () => {
		const matches = raw.filter((c) => c.a.current_status === 'picked_up');
		const share = matches.length / raw.length;
		expect(share).toBeGreaterThan(0.02);
		expect(share).toBeLessThan(0.1);
		const pagesNeeded = matches[9].page;
		expect(pagesNeeded).toBeLessThan(PAGES);
		const out = await containers.run({
			operation: 'getAll',
			returnAll: false,
			limit: 10,
			filters: { currentStatus: ['picked_up'] },
			include: [],
		});
		expect(ids(out)).toEqual(ids(matches.slice(0, 10)));
		// the status is sent too (this service ignores it) and kept on the service's next links
		const sent = { 'filter[current_status]': 'picked_up', sort: '-created_at' };
		expect(listQueries()).toEqual(
			Array.from({ length: pagesNeeded }, (_, i) =>
				i === 0
					? { ...sent, 'page[size]': '100' }
					: { ...sent, 'page[number]': String(i + 1), 'page[size]': '100' },
			),
		);
	});

	it('a Limit larger than the matches reads every page and returns them all', async () => {
		const matches = raw.filter((c) => activeHolds(c).includes('TMF'));
		expect(matches.length).toBeLessThan(50);
		const out = await containers.run({
			operation: 'getAll',
			returnAll: false,
			limit: 50,
			filters: { activeHolds: ['TMF'] },
			include: [],
		});
		expect(ids(out)).toEqual(ids(matches));
		expect(listQueries()).toHaveLength(PAGES);
	});
});

describe('Container > Get Many: Sort By', () => {
	/** Ties: newest created first, then by container number (the order never hangs on the service's). */
	const tieBreak = (x: Raw, y: Raw) =>
		Date.parse(String(y.a.created_at)) - Date.parse(String(x.a.created_at)) ||
		String(x.a.number).localeCompare(String(y.a.number));
	const lfdKey = (c: Raw) => lfdDays(c) ?? Infinity;
	it('Last Free Day (soonest first, the earliest of the three) with a Limit: every page is read, the soonest open containers come out', async () => {
		const open = raw.filter((c) => !closed(c));
		const expected = open
			.map((c, i) => ({ c, i }))
			.sort(
				(x, y) =>
					lfdKey(x.c) - lfdKey(y.c) ||
					(earliestLfd(x.c)?.at ?? 0) - (earliestLfd(y.c)?.at ?? 0) ||
					tieBreak(x.c, y.c),
			)
			.map(({ c }) => c);
		const out = await containers.run({
			operation: 'getAll',
			returnAll: false,
			limit: 25,
			filters: { excludeClosed: true },
			sortBy: 'lfd',
			include: [],
		});
		expect(ids(out)).toEqual(ids(expected.slice(0, 25)));
		expect(listQueries()).toHaveLength(PAGES);
		// sorted by the service's pickup_lfd lists: the serializer was asked first
		expect(probes()).toBe(1);
		const days = out.map((c) => c.days_until_earliest_lfd as number);
		expect(days).toEqual([...days].sort((a, b) => a - b));
	});

	it('Arrival (earliest first): the container arrival, else the shipment actual arrival, else its ETA; none last', async () => {
		const arrival = (c: Raw) =>
			Date.parse(
				String(c.a.pod_arrived_at ?? c.shipment.pod_ata_at ?? c.shipment.pod_eta_at ?? ''),
			);
		const expected = raw
			.map((c, i) => ({ c, i, t: arrival(c) }))
			.sort((x, y) => {
				const xt = Number.isNaN(x.t) ? Infinity : x.t;
				const yt = Number.isNaN(y.t) ? Infinity : y.t;
				return xt === yt ? tieBreak(x.c, y.c) : xt - yt;
			})
			.map(({ c }) => c);
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			sortBy: 'arrival',
			include: [],
		});
		expect(ids(out)).toEqual(ids(expected));
		expect(listQueries()).toHaveLength(PAGES);
		expect(listQueries().every((q) => q.include === 'shipment')).toBe(true);
	});
});

describe('Container > Get Many: bad input is refused before any request', () => {
	it.each([
		[
			'an unknown status',
			{ filters: { currentStatus: ['available', 'at_sea'] } },
			/Invalid Current Status "at_sea": use one of new, on_ship, .*empty_returned \[Pick the statuses from the list/,
		],
		[
			'an unknown status from an expression',
			{ filters: { currentStatus: 'picked up, gone' } },
			/Invalid Current Status "gone"/,
		],
		[
			'an unknown hold name',
			{ filters: { activeHolds: ['customs', 'CBP'] } },
			/Invalid Active Hold "CBP": use one of any, freight, customs, USDA, VACIS, TMF, other \[Pick "Any Hold" or the hold names/,
		],
		[
			'a negative day count',
			{ options: { imminentDays: -2 } },
			/Invalid Imminent Within \(Days\) "-2": use a whole number of days, 0 or more \[Set "Imminent Within \(Days\)" to e\.g\. 3/,
		],
		[
			'a fractional day count',
			{ options: { imminentDays: 1.5 } },
			/Invalid Imminent Within \(Days\) "1\.5"/,
		],
		[
			'an unknown LFD band',
			{ filters: { lastFreeDay: ['soon'] } },
			/Invalid Last Free Day "soon": use one of overdue, today, imminent, later, none/,
		],
		[
			'a malformed UN/LOCODE',
			{ filters: { portOfDischarge: 'Los Angeles' } },
			/Invalid Port of Discharge "Los Angeles": a UN\/LOCODE is 2 letters/,
		],
		[
			'a malformed SCAC',
			{ filters: { shippingLine: { __rl: true, mode: 'scac', value: 'MSC' } } },
			/Invalid Shipping Line "MSC": a SCAC is exactly 4 letters/,
		],
		[
			'a malformed FIRMS code',
			{ filters: { podTerminal: { __rl: true, mode: 'firms', value: 'Pier 400' } } },
			/Invalid POD Terminal "Pier 400": a FIRMS code is 4 letters or digits/,
		],
		['an unknown sort', { sortBy: 'eta' }, /Invalid Sort By "eta"/],
	])('%s', async (_name, parameters, message) => {
		await expect(
			containers.run({ operation: 'getAll', returnAll: true, include: [], ...parameters }),
		).rejects.toThrow(message);
		expect(sb.requests).toHaveLength(0);
	});

	it('friendly spellings are accepted: "Picked Up", "usda"', async () => {
		const out = await containers.run({
			operation: 'getAll',
			returnAll: true,
			include: [],
			filters: { currentStatus: 'Picked Up', activeHolds: [] },
		});
		expect(ids(out)).toEqual(ids(raw.filter((c) => c.a.current_status === 'picked_up')));
		sb.clearRequests();
		const usda = await containers.run({
			operation: 'getAll',
			returnAll: true,
			include: [],
			filters: { activeHolds: 'usda' },
		});
		expect(ids(usda)).toEqual(ids(raw.filter((c) => activeHolds(c).includes('USDA'))));
	});
});

describe('Shipment > Get Many filters', () => {
	const etaDays = (a: IDataObject) => {
		if (!a.pod_eta_at) return null;
		const zone = String(a.pod_timezone ?? 'UTC');
		return calendarDay(Date.parse(String(a.pod_eta_at)), zone) - calendarDay(Date.now(), zone);
	};
	const notArrived = (a: IDataObject) => !a.pod_ata_at;
	const shipmentQueries = () =>
		sb.requests.filter((r) => r.path === '/v2/shipments').map((r) => r.query);

	it.each<[string, IDataObject, (a: IDataObject) => boolean]>([
		[
			'arriving within 5 days',
			{ eta: 'within', etaDays: 5 },
			(a) => notArrived(a) && etaDays(a) !== null && etaDays(a)! >= 0 && etaDays(a)! <= 5,
		],
		[
			'Port of Discharge',
			{ portOfDischarge: 'USLAX' },
			(a) => a.port_of_discharge_locode === 'USLAX',
		],
		[
			'Shipping Line',
			{ shippingLine: { __rl: true, mode: 'list', value: 'MAEU' } },
			(a) => a.shipping_line_scac === 'MAEU',
		],
	])('%s', async (_name, filters, means) => {
		const expected = rawShipments.filter((s) => means(s.a));
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(rawShipments.length);
		const out = await shipments.run({ operation: 'getAll', returnAll: true, filters, include: [] });
		expect(ids(out)).toEqual(ids(expected));
		expect(shipmentQueries()).toHaveLength(Math.ceil(rawShipments.length / 100));
	});

	it('ETA overdue: not arrived and the ETA before today (three delayed vessels made in the sandbox)', async () => {
		// The sandbox's vessels arrive on time: move three ETAs of shipments still at sea into the past.
		const atSea = sb.store.shipments
			.all()
			.filter((s) => s.stage < milestoneIndex(s.milestones, 'vessel_arrived'))
			.slice(0, 3);
		expect(atSea).toHaveLength(3);
		const saved = atSea.map((s) => [...s.times]);
		try {
			atSea.forEach((s, i) => {
				s.times[milestoneIndex(s.milestones, 'vessel_arrived')] = Date.now() - (i + 1) * DAY;
			});
			const fresh = (await getPages(`${sb.baseUrl}/shipments?page[size]=100`)).flatMap((page) =>
				(page.data as IDataObject[]).map((r) => ({
					id: String(r.id),
					a: r.attributes as IDataObject,
				})),
			);
			const expected = fresh.filter((s) => notArrived(s.a) && (etaDays(s.a) ?? 0) < 0);
			expect(expected.length).toBeGreaterThanOrEqual(2); // the one a day late may still be "today" in its port
			sb.clearRequests();
			const out = await shipments.run({
				operation: 'getAll',
				returnAll: true,
				filters: { eta: 'overdue' },
				include: [],
			});
			expect(ids(out)).toEqual(ids(expected));
		} finally {
			atSea.forEach((s, i) => (s.times = saved[i]));
		}
	});

	it('Tracking Stopped: sent to the service and checked on the items, so a dropped filter is caught', async () => {
		const expected = rawShipments.filter((s) => !!s.a.line_tracking_stopped_at);
		expect(expected.length).toBeGreaterThan(0);
		const applied = await shipments.run({
			operation: 'getAll',
			returnAll: true,
			filters: { trackingStopped: true },
			include: [],
		});
		expect(ids(applied)).toEqual(ids(expected));
		expect(shipmentQueries()[0]).toMatchObject({ 'filter[tracking_stopped]': 'true' });
		sb.options.ignoredFilters = ['filter[tracking_stopped]'];
		try {
			sb.clearRequests();
			const dropped = await shipments.run({
				operation: 'getAll',
				returnAll: false,
				limit: 3,
				filters: { trackingStopped: true },
				include: [],
			});
			expect(ids(dropped)).toEqual(ids(expected.slice(0, 3)));
		} finally {
			sb.options.ignoredFilters = [];
		}
	});

	it('bad input is refused before any request', async () => {
		await expect(
			shipments.run({
				operation: 'getAll',
				returnAll: true,
				filters: { eta: 'within', etaDays: -1 },
			}),
		).rejects.toThrow(
			/Invalid Arriving Within \(Days\) "-1": use a whole number of days, 0 or more/,
		);
		await expect(
			shipments.run({ operation: 'getAll', returnAll: true, filters: { eta: 'late' } }),
		).rejects.toThrow(/Invalid Arrival \(ETA\) "late"/);
		expect(sb.requests).toHaveLength(0);
	});
});
