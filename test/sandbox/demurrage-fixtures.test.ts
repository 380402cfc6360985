/**
 * The demurrage-exposure fixtures (issue 24) as the sandbox serves them over HTTP: LFD sources in different
 * orders (each in its source's time zone), a rail container, availability out of sync with the holds, dwell,
 * a roll and a transshipment in the transport events (list, `include` on one container and on the list, raw
 * events), an empty not returned, stale terminal data. The data is seeded from a fixed epoch; the tests that
 * ask the service for "today" pin the clock.
 */
import type { Sandbox } from '../../sandbox';
import { isValidContainerNumber } from '../../sandbox';
import { iso } from '../../sandbox/util';
import { pinDate } from '../helpers/clock';
import { client, control, startTestSandbox } from './helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A Tuesday; seeded dates are relative to it. */
const EPOCH = Date.UTC(2026, 9, 20);

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
function localDay(at: string | number, timeZone: string): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(at));
}

/** The wall-clock time of an instant in a time zone, `HH:MM`. */
function localTime(at: string, timeZone: string): string {
	return new Intl.DateTimeFormat('en-GB', {
		timeZone,
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).format(new Date(at));
}

/** Whole days from the epoch's day to the instant's day, both in the time zone's calendar. */
function daysFromEpoch(at: string, timeZone: string): number {
	const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
	return day(localDay(at, timeZone)) - day(localDay(EPOCH, timeZone));
}

type Source = 'line' | 'terminal' | 'rail';

let sb: Sandbox;
let api: ReturnType<typeof client>;
const fixture = (key: string) => {
	const f = sb.fixtures.find((x) => x.key === key);
	if (!f) throw new Error(`no fixture ${key}`);
	return f;
};
const container = async (key: string, include = '') =>
	(await api.get(`/containers/${fixture(key).containerId}${include ? `?include=${include}` : ''}`))
		.body;
const attributes = async (key: string) => (await container(key)).data.attributes;
const shipmentOf = async (key: string) =>
	(await api.get(`/shipments/${fixture(key).shipmentId}`)).body.data.attributes;

/** The container's transport events in time order, with their vessel names (one GET, `include=vessel`). */
async function journey(key: string) {
	const res = await api.get(
		`/containers/${fixture(key).containerId}/transport_events?include=vessel&page[size]=100`,
	);
	const vessels = new Map<string, string>(
		res.body.included
			.filter((r: any) => r.type === 'vessel')
			.map((v: any) => [v.id, v.attributes.name]),
	);
	return (res.body.data as any[])
		.map((e) => ({
			id: e.id as string,
			event: (e.attributes.event as string).replace('container.transport.', ''),
			at: e.attributes.timestamp as string,
			locode: e.attributes.location_locode as string | null,
			voyage: e.attributes.voyage_number as string | null,
			vessel: (e.relationships.vessel.data ? vessels.get(e.relationships.vessel.data.id) : null) as
				| string
				| null,
		}))
		.sort((a, b) => a.at.localeCompare(b.at));
}

beforeAll(async () => {
	sb = await startTestSandbox({ epoch: EPOCH });
	api = client(sb);
});
afterAll(() => sb.close());

test('the new fixtures are listed with a description, a valid container number and their tracking request', async () => {
	const listed = (await control(sb, 'GET', '/fixtures')).body as any[];
	const expected: Array<[string, string, string]> = [
		['terminal_lfd_first', 'CSNU4949079', 'CCMJ494900007'],
		['rail_lfd_first', 'OOLU4949081', 'OOLU494900008'],
		['out_of_sync', 'ZCSU4949090', 'ZIMU494900009'],
		['long_dwell', 'YMMU4949100', 'YMLU494900010'],
		['rolled', 'EMCU4949116', 'EISU494900011'],
		['transshipped', 'MRKU4949128', 'MAEU494900012'],
		['empty_not_returned', 'WHSU4949136', 'WHLC494900013'],
		['stale_terminal_data', 'APZU4949144', 'APLU494900014'],
	];
	for (const [key, number, bl] of expected) {
		const f = listed.find((x) => x.key === key);
		expect(f).toMatchObject({ containerNumber: number, billOfLading: bl });
		expect(f.description.length).toBeGreaterThan(40);
		expect(isValidContainerNumber(number)).toBe(true);
		expect((await attributes(key)).number).toBe(number);
		const request = (await api.get(`/tracking_requests/${f.trackingRequestId}`)).body.data;
		expect(request.attributes.request_number).toBe(bl);
		expect(request.relationships.tracked_object.data).toEqual({
			id: f.shipmentId,
			type: 'shipment',
		});
	}
});

test('terminal_lfd_first: terminal LFD tomorrow, line LFD next week; pickup_lfd is the line one, the earliest the terminal one', async () => {
	const a = await attributes('terminal_lfd_first');
	const tz = a.pod_timezone;
	expect(tz).toBe('America/New_York');
	expect(a).toMatchObject({
		current_status: 'available',
		available_for_pickup: true,
		holds_at_pod_terminal: [],
		pod_discharged_at: iso(EPOCH - 2 * DAY),
		pod_full_out_at: null,
	});
	const d = a.import_deadlines;
	expect(d.pickup_lfd_rail).toBeNull();
	expect(daysFromEpoch(d.pickup_lfd_terminal, tz)).toBe(1);
	expect(daysFromEpoch(d.pickup_lfd_line, tz)).toBe(7);
	// The coalesced field follows the source priority (line first): a week out.
	expect(a.pickup_lfd).toBe(d.pickup_lfd_line);
	expect(Date.parse(d.pickup_lfd_terminal)).toBeLessThan(Date.parse(a.pickup_lfd));
	// Last free days are the start of the day at the terminal.
	for (const lfd of [d.pickup_lfd_terminal, d.pickup_lfd_line])
		expect(localTime(lfd, tz)).toBe('00:00');
});

test.each<[string, Record<Source, number | null>, Source, Source]>([
	// key, days from the epoch per source (in the source's calendar), pickup_lfd's source, earliest source
	['terminal_lfd_first', { terminal: 1, line: 7, rail: null }, 'line', 'terminal'],
	['on_rail', { terminal: 1, rail: 6, line: 9 }, 'line', 'terminal'],
	['rail_lfd_first', { rail: 1, line: 4, terminal: 6 }, 'line', 'rail'],
	['out_of_sync', { line: 2, terminal: 4, rail: null }, 'line', 'line'],
	['past_lfd', { terminal: -3, line: -2, rail: null }, 'line', 'terminal'],
])(
	'%s: the three LFDs, each in its source time zone, and their order',
	async (key, days, pickupSource, earliestSource) => {
		const a = await attributes(key);
		const zone: Record<Source, string> = {
			line: a.pod_timezone,
			terminal: a.pod_timezone,
			// The rail LFD is the inland ramp's (final destination's) day.
			rail: a.final_destination_timezone,
		};
		const lfd = (source: Source): string | null => a.import_deadlines[`pickup_lfd_${source}`];
		for (const source of ['line', 'terminal', 'rail'] as const) {
			const at = lfd(source);
			expect([source, at === null ? null : daysFromEpoch(at, zone[source])]).toEqual([
				source,
				days[source],
			]);
			if (at !== null) expect([source, localTime(at, zone[source])]).toEqual([source, '00:00']);
		}
		expect(a.pickup_lfd).toBe(lfd(pickupSource));
		const set = (['line', 'terminal', 'rail'] as const).filter((s) => lfd(s) !== null);
		const earliest = set.reduce((x, y) => (Date.parse(lfd(y)!) < Date.parse(lfd(x)!) ? y : x));
		expect(earliest).toBe(earliestSource);
	},
);

test('rail_lfd_first is a rail container at its inland ramp (Dallas), its rail LFD in Dallas time', async () => {
	const { data } = await container('rail_lfd_first');
	const a = data.attributes;
	expect(a).toMatchObject({
		current_status: 'available',
		available_for_pickup: true,
		pod_timezone: 'America/Los_Angeles',
		final_destination_timezone: 'America/Chicago',
		pod_rail_carrier_scac: 'UPRR',
		final_destination_full_out_at: null,
		ind_facility_lfd_on: a.import_deadlines.pickup_lfd_rail,
	});
	// It left the port on the train: its pod_full_out_at is the train's departure, days ago.
	expect(Date.parse(a.pod_full_out_at)).toBeLessThan(EPOCH);
	expect(a.import_deadlines.pickup_lfd_rail).toBe('2026-10-20T05:00:00Z');
	expect(data.relationships.pickup_facility.data).toMatchObject({ type: 'terminal' });
	expect((await shipmentOf('rail_lfd_first')).destination_locode).toBe('USDAL');
	// A plan without the rail LFD (sandbox_basic) gets no rail deadline, and pickup_lfd is still the line's.
	const basic = (
		await client(sb, 'sandbox_basic').get(`/containers/${fixture('rail_lfd_first').containerId}`)
	).body.data.attributes;
	expect(basic.import_deadlines.pickup_lfd_rail).toBeNull();
	expect(basic.pickup_lfd).toBe(a.import_deadlines.pickup_lfd_line);
});

test('terminal_lfd_first: the service finds it by its terminal LFD, not by pickup_lfd (clock pinned)', async () => {
	// 02:00 UTC: 22:00 the day before in New York, where the terminal LFD is tomorrow (the server's day, for
	// the filters, is the UTC one)
	pinDate(EPOCH + 2 * HOUR);
	try {
		const numbers = async (query: string) =>
			((await api.get(`/containers?${query}&page[size]=50`)).body.data as any[]).map(
				(c) => c.attributes.number,
			);
		const number = fixture('terminal_lfd_first').containerNumber;
		expect(await numbers('filter[pickup_lfd_terminal_on]=<=1.days.from_now')).toContain(number);
		expect(await numbers('filter[pickup_lfd]=<=1.days.from_now')).not.toContain(number);
		expect(await numbers('filter[pickup_lfd_line_on]=2026-10-26')).toContain(number);
		expect(await numbers('filter[pickup_lfd]=2026-10-26')).toContain(number);
	} finally {
		jest.useRealTimers();
	}
});

test('out_of_sync: available for pickup while a customs hold is active', async () => {
	const a = await attributes('out_of_sync');
	expect(a).toMatchObject({
		current_status: 'available',
		available_for_pickup: true,
		availability_known: true,
	});
	expect(a.holds_at_pod_terminal).toEqual([
		{ name: 'customs', status: 'hold', description: 'CBP hold' },
	]);
	// The service lists it among the containers with holds.
	const withHolds = (await api.get('/containers?filter[has_holds]=true&page[size]=50')).body.data;
	expect(withHolds.map((c: any) => c.id)).toContain(fixture('out_of_sync').containerId);
});

test('long_dwell: discharged 5 days ago, available, not picked up', async () => {
	const a = await attributes('long_dwell');
	expect(a).toMatchObject({
		current_status: 'available',
		available_for_pickup: true,
		holds_at_pod_terminal: [],
		pod_discharged_at: iso(EPOCH - 5 * DAY),
		pod_full_out_at: null,
	});
	expect(Date.parse(a.pod_discharged_at)).toBeLessThanOrEqual(EPOCH - 3 * DAY);
	expect(daysFromEpoch(a.import_deadlines.pickup_lfd_terminal, a.pod_timezone)).toBe(2);
	const events = (await journey('long_dwell')).map((e) => e.event);
	expect(events.slice(-2)).toEqual(['vessel_discharged', 'available']);
});

test('long_dwell: the service finds it among the containers discharged 3 or more days ago (clock pinned)', async () => {
	pinDate(EPOCH + 15 * HOUR);
	try {
		const found = (
			await api.get(
				'/containers?filter[pod_discharged_at]=<=3.days.ago&filter[current_status]=available&page[size]=50',
			)
		).body.data as any[];
		expect(found.map((c) => c.attributes.number)).toContain(fixture('long_dwell').containerNumber);
		for (const c of found)
			expect(Date.parse(c.attributes.pod_discharged_at)).toBeLessThan(EPOCH - 2 * DAY);
	} finally {
		jest.useRealTimers();
	}
});

test('rolled: loaded on one vessel at the port of lading, discharged back there, loaded on another; ETA slipped', async () => {
	const s = await shipmentOf('rolled');
	expect(s).toMatchObject({
		port_of_lading_locode: 'TWKHH',
		port_of_discharge_locode: 'USLAX',
		pod_vessel_name: 'EVER FORWARD',
		pod_voyage_number: '0424E',
	});
	expect(Date.parse(s.pod_eta_at) - Date.parse(s.pod_original_eta_at)).toBe(7 * DAY);
	expect(Date.parse(s.pol_atd_at) - Date.parse(s.pol_original_etd_at)).toBeGreaterThan(6 * DAY);
	const a = await attributes('rolled');
	expect(a).toMatchObject({ current_status: 'on_ship', pod_discharged_at: null });

	const events = await journey('rolled');
	const atLading = events.filter((e) => e.locode === 'TWKHH' && e.event.startsWith('vessel_'));
	expect(atLading.map((e) => [e.event, e.vessel, e.voyage])).toEqual([
		['vessel_loaded', 'EVER GIVEN', '0417E'],
		['vessel_discharged', 'EVER GIVEN', '0417E'],
		['vessel_loaded', 'EVER FORWARD', '0424E'],
		['vessel_departed', 'EVER FORWARD', '0424E'],
	]);
	// Loaded 7 days apart; no transshipment, no discharge at the port of discharge yet.
	expect(Date.parse(atLading[2].at) - Date.parse(atLading[0].at)).toBe(7 * DAY);
	expect(events.filter((e) => e.event.startsWith('transshipment_'))).toEqual([]);
	expect(events.filter((e) => e.locode === 'USLAX')).toEqual([]);
	// The container's own fields are those of the voyage that took it.
	expect(a.pol_vessel_loaded_at).toBe(atLading[2].at);
	expect(a.pol_vessel_departed_at).toBe(atLading[3].at);
});

test('rolled: the roll is in include=transport_events (one container and the list) and in the raw events', async () => {
	const listed = (await journey('rolled')).map((e) => e.id).sort();
	const one = await container('rolled', 'transport_events');
	expect(one.data.relationships.transport_events.data.map((r: any) => r.id).sort()).toEqual(listed);
	expect(
		one.included
			.filter((r: any) => r.type === 'transport_event')
			.map((r: any) => r.id)
			.sort(),
	).toEqual(listed);
	const page = (await api.get('/containers?include=transport_events&page[size]=50')).body;
	const inList = new Set(
		page.included.filter((r: any) => r.type === 'transport_event').map((r: any) => r.id),
	);
	for (const id of listed) expect(inList.has(id)).toBe(true);

	// Each roll event comes from a raw event of the carrier, listed in order before the second load.
	const withSources = (
		await api.get(`/containers/${fixture('rolled').containerId}/transport_events?page[size]=100`)
	).body;
	const raws = (
		await api.get(`/containers/${fixture('rolled').containerId}/raw_events`)
	).body.data.filter(
		(r: any) => r.attributes.location_locode === 'TWKHH' && r.attributes.vessel_name,
	);
	expect(
		raws.map((r: any) => [r.attributes.index, r.attributes.event, r.attributes.vessel_name]),
	).toEqual([
		[2, 'vessel_loaded', 'EVER GIVEN'],
		[3, 'vessel_discharged', 'EVER GIVEN'],
		[4, 'vessel_loaded', 'EVER FORWARD'],
		[5, 'vessel_departed', 'EVER FORWARD'],
	]);
	const rawIds = new Set(raws.map((r: any) => r.id));
	const sources = withSources.data
		.filter(
			(e: any) =>
				e.attributes.location_locode === 'TWKHH' &&
				e.attributes.event.startsWith('container.transport.vessel_'),
		)
		.map((e: any) => e.relationships.source_event.data.id);
	expect(sources).toHaveLength(4);
	expect(sources.every((id: string) => rawIds.has(id))).toBe(true);
});

test('rolled: it keeps its roll when it moves on (advance)', async () => {
	const before = (await journey('rolled')).length;
	expect(sb.advanceContainer(fixture('rolled').containerId)).toEqual([
		'container.transport.vessel_arrived',
	]);
	const events = await journey('rolled');
	expect(events).toHaveLength(before + 1);
	expect(events.filter((e) => e.vessel === 'EVER GIVEN').map((e) => e.event)).toEqual([
		'vessel_loaded',
		'vessel_discharged',
	]);
	sb.reset();
});

test('transshipped: the vessel changes at the transshipment port, as in the live capture', async () => {
	const s = await shipmentOf('transshipped');
	expect(s).toMatchObject({
		port_of_lading_locode: 'VNSGN',
		port_of_discharge_locode: 'USHOU',
		pod_vessel_name: 'MAERSK SYDNEY',
		pod_voyage_number: '519E',
	});
	const events = await journey('transshipped');
	expect(
		events.filter((e) => e.vessel).map((e) => [e.event, e.locode, e.vessel, e.voyage]),
	).toEqual(
		expect.arrayContaining([
			['vessel_loaded', 'VNSGN', 'TONGALA', '512N'],
			['vessel_departed', 'VNSGN', 'TONGALA', '512N'],
			['transshipment_arrived', 'SGSIN', 'TONGALA', '512N'],
			['transshipment_discharged', 'SGSIN', 'TONGALA', '512N'],
			['transshipment_loaded', 'SGSIN', 'MAERSK SYDNEY', '519E'],
			['transshipment_departed', 'SGSIN', 'MAERSK SYDNEY', '519E'],
			['vessel_arrived', 'USHOU', 'MAERSK SYDNEY', '519E'],
			['vessel_discharged', 'USHOU', 'MAERSK SYDNEY', '519E'],
		]),
	);
	expect(events.map((e) => e.event).slice(-1)).toEqual(['vessel_discharged']);
	// Discharged yesterday, not yet released: not available and no holds.
	expect(await attributes('transshipped')).toMatchObject({
		current_status: 'not_available',
		available_for_pickup: false,
		holds_at_pod_terminal: [],
		pod_discharged_at: iso(EPOCH - 20 * HOUR),
	});
	// In include=transport_events too, and in the route (first leg TONGALA, then MAERSK SYDNEY).
	const one = await container('transshipped', 'transport_events');
	expect(
		one.included
			.filter((r: any) => r.type === 'transport_event')
			.map((r: any) => r.attributes.event)
			.filter((e: string) => e.includes('transshipment_')),
	).toHaveLength(4);
	// Not in openapi.json: nothing to validate it against.
	const route = (
		await api.get(`/containers/${fixture('transshipped').containerId}/route`, { validate: false })
	).body;
	const names = new Map(
		route.included
			.filter((r: any) => r.type === 'vessel')
			.map((v: any) => [v.id, v.attributes.name]),
	);
	const stops = route.included.filter((r: any) => r.type === 'route_location');
	const vesselName = (r: any) => (r.data ? names.get(r.data.id) : null);
	expect(
		stops.map((l: any) => [
			vesselName(l.relationships.inbound_vessel),
			vesselName(l.relationships.outbound_vessel),
		]),
	).toEqual([
		[null, 'TONGALA'],
		['TONGALA', 'MAERSK SYDNEY'],
		['MAERSK SYDNEY', null],
	]);
});

test('on_ship still transships in Busan', async () => {
	const events = await journey('on_ship');
	expect(
		events.filter((e) => e.event.startsWith('transshipment_')).map((e) => [e.event, e.locode]),
	).toEqual([
		['transshipment_arrived', 'KRPUS'],
		['transshipment_discharged', 'KRPUS'],
		['transshipment_loaded', 'KRPUS'],
		['transshipment_departed', 'KRPUS'],
	]);
});

test('empty_not_returned: picked up 5 days ago, the empty not returned', async () => {
	const a = await attributes('empty_not_returned');
	expect(a).toMatchObject({
		current_status: 'picked_up',
		pod_full_out_at: iso(EPOCH - 5 * DAY),
		empty_terminated_at: null,
		available_for_pickup: false,
	});
	const events = (await journey('empty_not_returned')).map((e) => e.event);
	expect(events[events.length - 1]).toBe('full_out');
	expect(events).not.toContain('empty_in');
	// Its terminal LFD (after the pickup) stays, as in the live records.
	expect(Date.parse(a.import_deadlines.pickup_lfd_terminal)).toBeGreaterThan(
		Date.parse(a.pod_full_out_at),
	);
});

test('stale_terminal_data: the terminal last checked 9 days ago, with an LFD and an active hold', async () => {
	const a = await attributes('stale_terminal_data');
	expect(a).toMatchObject({
		current_status: 'not_available',
		available_for_pickup: false,
		terminal_checked_at: iso(EPOCH - 9 * DAY),
		pod_discharged_at: iso(EPOCH - 11 * DAY),
	});
	expect(EPOCH - Date.parse(a.terminal_checked_at)).toBeGreaterThan(7 * DAY);
	expect(a.holds_at_pod_terminal).toEqual([
		{ name: 'customs', status: 'hold', description: 'Customs exam required' },
	]);
	expect(daysFromEpoch(a.pickup_lfd, a.pod_timezone)).toBe(1);
});

test('an LFD on a daylight-saving switch day: terminal_lfd_first seeded on 2026-03-08', async () => {
	const dst = await startTestSandbox({ epoch: Date.UTC(2026, 2, 8) });
	try {
		const f = dst.fixtures.find((x) => x.key === 'terminal_lfd_first')!;
		const a = (await client(dst).get(`/containers/${f.containerId}`)).body.data.attributes;
		// New York switches to daylight time at 02:00 on 8 March 2026: midnight is still -05:00 that day.
		expect(a.import_deadlines.pickup_lfd_terminal).toBe('2026-03-08T05:00:00Z');
		expect(a.import_deadlines.pickup_lfd_line).toBe('2026-03-14T04:00:00Z');
	} finally {
		await dst.close();
	}
});
