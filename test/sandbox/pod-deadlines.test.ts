/**
 * The POD last free day Terminal49 selects (issue 29) in both generations of the container serializer, over
 * HTTP: the older one (flat `import_deadlines` keys, `pickup_lfd` coalesced; the library's default) and the
 * selected-deadline one (`import_deadlines.pod.{line,facility,unified}`, `pickup_lfd` the sentinel
 * `2099-12-31`, no flat line/terminal keys): the switch per request and per key, Terminal49's four contract
 * examples (test/fixtures/pod-deadline-contract.json) reproduced through the control API, and the fixtures
 * of both issues in the new shape. Seeded from a fixed epoch; nothing here reads the clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import { LEGACY_LFD_SENTINEL } from '../../sandbox';
import { client, control, startTestSandbox } from './helpers';

const DAY = 86_400_000;
/** 2026-09-24 00:00 UTC: the evening of 09-23 in Los Angeles, New York and Chicago. */
const EPOCH = Date.UTC(2026, 8, 24);

interface ContractExample {
	name: string;
	expected: { value: string | null; source: string | null };
	response: { data: { attributes: Record<string, any> } };
}
const CONTRACT: ContractExample[] = JSON.parse(
	fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'pod-deadline-contract.json'), 'utf8'),
);

/** The calendar day of an instant in a time zone, `YYYY-MM-DD`. */
function localDay(at: string | number, timeZone: string): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(at));
}

/** Whole days from the epoch's local day to a value's day: an instant read in `timeZone`, a date as is. */
function daysFromEpoch(value: string | null, timeZone: string): number | null {
	if (value === null) return null;
	const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localDay(value, timeZone);
	const n = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
	return n(day) - n(localDay(EPOCH, timeZone));
}

/** The nested key structure of a JSON value (objects only), to compare shapes, not values. */
function shapeOf(value: unknown): unknown {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return typeof value;
	return Object.fromEntries(
		Object.entries(value as Record<string, unknown>).map(([k, v]) => [
			k,
			v && typeof v === 'object' ? shapeOf(v) : 'value',
		]),
	);
}

let sb: Sandbox;
const api = (key = 'sandbox_paid') => client(sb, key);
const fixture = (key: string) => {
	const f = sb.fixtures.find((x) => x.key === key);
	if (!f) throw new Error(`no fixture ${key}`);
	return f;
};
const attributes = async (key: string, apiKey = 'sandbox_paid') =>
	(await api(apiKey).get(`/containers/${fixture(key).containerId}`)).body.data.attributes;

beforeAll(async () => {
	sb = await startTestSandbox({ epoch: EPOCH });
});
afterAll(() => sb.close());
beforeEach(() => {
	sb.reset();
	sb.options.deadlineShape = 'legacy';
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SELECTIONS = ['facility', 'facility_manual', 'line', 'line_calculated'];

/** What the selected-deadline serializer must send for any container, whatever its sources. */
function expectSelectedShape(a: Record<string, any>): void {
	expect(a.pickup_lfd).toBe('2099-12-31');
	expect(Object.keys(a.import_deadlines)).toEqual(['pickup_lfd_rail', 'pod']);
	expect(shapeOf(a.import_deadlines)).toEqual(
		shapeOf(CONTRACT[0].response.data.attributes.import_deadlines),
	);
	const { line, facility, unified } = a.import_deadlines.pod;
	for (const v of [line.original, line.current, facility.original, facility.current])
		if (v !== null) expect(v).toMatch(INSTANT);
	if (line.calculated !== null) expect(line.calculated).toMatch(DATE);
	expect(facility.calculated).toBeNull();
	expect(typeof line.manual).toBe('boolean');
	expect(typeof facility.manual).toBe('boolean');
	// The sandbox's stand-in for Terminal49's selection (sandbox/pod-deadlines.ts), which clients never redo
	const [value, selection] =
		facility.current !== null
			? [facility.current, facility.manual ? 'facility_manual' : 'facility']
			: line.current !== null
				? [line.current, 'line']
				: line.calculated !== null
					? [line.calculated, 'line_calculated']
					: [null, null];
	expect([unified.current_value, unified.current_selection]).toEqual([value, selection]);
	if (unified.original_value !== null) {
		expect(SELECTIONS).toContain(unified.original_selection);
		expect(unified.original_value).not.toBe(unified.current_value);
	} else expect(unified.original_selection).toBeNull();
	expect(a.ssl_lfd).toBe(line.current);
}

test('the sentinel is exported as Terminal49 sends it', () => {
	expect(LEGACY_LFD_SENTINEL).toBe('2099-12-31');
});

test('the library default is the older serializer: flat keys, pickup_lfd line then terminal then rail, no pod', async () => {
	for (const key of ['sandbox_paid', 'sandbox_paid_legacy']) {
		const list = (await api(key).get('/containers?page[size]=50')).body.data as any[];
		expect(list).toHaveLength(40);
		for (const { attributes: a } of list) {
			const d = a.import_deadlines;
			expect(Object.keys(d).sort()).toEqual([
				'pickup_lfd_line',
				'pickup_lfd_rail',
				'pickup_lfd_terminal',
			]);
			expect(a.pickup_lfd).toBe(d.pickup_lfd_line ?? d.pickup_lfd_terminal ?? d.pickup_lfd_rail);
			expect(a.ssl_lfd).toBe(d.pickup_lfd_line);
		}
	}
	expect(sb.state().options.deadlineShape).toBe('legacy');
});

test('the selected-deadline serializer: the sentinel, no flat line/terminal keys, pod line/facility/unified (GET and list)', async () => {
	const list = (await api('sandbox_paid_selected').get('/containers?page[size]=50')).body
		.data as any[];
	expect(list).toHaveLength(40);
	for (const { attributes: a } of list) expectSelectedShape(a);
	const selections = new Set(
		list.map((c) => c.attributes.import_deadlines.pod.unified.current_selection),
	);
	expect([...selections].sort()).toEqual([null, ...SELECTIONS].sort());
	for (const f of sb.fixtures)
		expectSelectedShape(await attributes(f.key, 'sandbox_paid_selected'));
	// The rail LFD stays flat, as the plan sees it
	const rail = await attributes('pod_rail_ramp', 'sandbox_paid_selected');
	expect(rail.import_deadlines.pickup_lfd_rail).toMatch(INSTANT);
	const basic = await attributes('pod_rail_ramp', 'sandbox_basic');
	expect(basic.import_deadlines.pickup_lfd_rail).toBeNull();
});

test('the switch is read per request (sb.options or PATCH /_sandbox/options); the pinned keys keep theirs', async () => {
	const shape = async (key: string) =>
		'pod' in (await attributes('pod_facility_today', key)).import_deadlines ? 'selected' : 'legacy';
	const keys = ['sandbox_paid', 'sandbox_basic', 'sandbox_paid_legacy', 'sandbox_paid_selected'];
	const all = async () => Promise.all(keys.map(shape));
	expect(await all()).toEqual(['legacy', 'legacy', 'legacy', 'selected']);
	sb.options.deadlineShape = 'selected';
	expect(await all()).toEqual(['selected', 'selected', 'legacy', 'selected']);
	const patched = await control(sb, 'PATCH', '/options', { deadlineShape: 'legacy' });
	expect(patched.body.deadlineShape).toBe('legacy');
	expect(await all()).toEqual(['legacy', 'legacy', 'legacy', 'selected']);
	expect(await control(sb, 'PATCH', '/options', { deadlineShape: 'pod' })).toEqual({
		status: 400,
		body: { error: 'deadlineShape must be selected or legacy' },
	});
	sb.reset();
	expect(sb.options.deadlineShape).toBe('legacy');
});

describe("Terminal49's contract examples, reproduced with the control API", () => {
	test.each(CONTRACT.map((example) => [example.name, example] as const))(
		'%s',
		async (_name, example) => {
			const live = example.response.data.attributes;
			const { line, facility } = live.import_deadlines.pod;
			const withheld = example.name.includes('withheld');
			const id = fixture('pod_lfd_unknown').containerId;
			const r = await control(sb, 'PATCH', `/containers/${id}`, {
				// The carrier's day the account may not see: the sandbox knows one
				pickup_lfd_line: withheld ? '2026-09-26T00:00:00Z' : line.current,
				line_lfd_withheld: withheld,
				pickup_lfd_line_calculated: line.calculated,
				pickup_lfd_terminal: facility.current,
				pickup_lfd_terminal_manual: facility.manual,
			});
			expect(r.status).toBe(200);
			const a = (await api('sandbox_paid_selected').get(`/containers/${id}`)).body.data.attributes;
			expect(a.import_deadlines.pod).toEqual(live.import_deadlines.pod);
			expect(a.pickup_lfd).toBe(live.pickup_lfd);
			expect(Object.keys(a.import_deadlines)).toEqual(Object.keys(live.import_deadlines));
			expect(a.import_deadlines).not.toHaveProperty('pickup_lfd_line');
			expect(a.import_deadlines).not.toHaveProperty('pickup_lfd_terminal');
			const { unified } = a.import_deadlines.pod;
			expect({ value: unified.current_value, source: unified.current_selection }).toEqual(
				example.expected,
			);
			// The older serializer shows the same record with its flat keys (the withheld line stays hidden)
			const old = (await api('sandbox_paid_legacy').get(`/containers/${id}`)).body.data.attributes;
			expect(old.import_deadlines).toEqual({
				pickup_lfd_terminal: facility.current,
				pickup_lfd_rail: null,
				pickup_lfd_line: line.current,
			});
			expect(old.pickup_lfd).toBe(line.current ?? facility.current);
		},
	);
});

/** Each fixture in the selected shape: days from the epoch's local day of [unified, line, facility]. */
const SELECTED: Record<
	string,
	{
		unified: [number | null, string | null];
		line?: number | null;
		facility?: number | null;
		original?: [number, string];
	}
> = {
	ready_for_pickup: { unified: [3, 'facility'], line: null, facility: 3 },
	customs_hold: { unified: [2, 'facility'], line: null, facility: 2 },
	past_lfd: { unified: [-3, 'facility'], line: -2, facility: -3 },
	on_ship: { unified: [null, null], line: null, facility: null },
	on_rail: { unified: [1, 'facility'], line: 9, facility: 1 },
	new_booking: { unified: [null, null], line: null, facility: null },
	terminal_lfd_first: { unified: [1, 'facility'], line: 7, facility: 1 },
	rail_lfd_first: { unified: [6, 'facility'], line: 4, facility: 6 },
	out_of_sync: { unified: [4, 'facility'], line: 2, facility: 4 },
	long_dwell: { unified: [2, 'facility'], line: null, facility: 2 },
	rolled: { unified: [null, null], line: null, facility: null },
	transshipped: { unified: [4, 'facility'], line: null, facility: 4 },
	stale_terminal_data: { unified: [1, 'facility'], line: null, facility: 1 },
	pod_facility_today: { unified: [0, 'facility'], line: 1, facility: 0 },
	pod_line_earlier: { unified: [3, 'facility'], line: 1, facility: 3 },
	pod_line_withheld: { unified: [0, 'facility'], line: null, facility: 0 },
	pod_line_calculated: { unified: [0, 'line_calculated'], line: null, facility: null },
	pod_facility_manual: { unified: [2, 'facility_manual'], line: 4, facility: 2 },
	pod_lfd_moved: { unified: [3, 'line'], line: 3, facility: null, original: [1, 'line'] },
	pod_lfd_unknown: { unified: [null, null], line: null, facility: null },
	pod_rail_ramp: { unified: [-2, 'facility'], line: null, facility: -2 },
	empty_returned: { unified: [-5, 'facility'], line: null, facility: -5 },
	picked_up_yesterday: { unified: [0, 'facility'], line: null, facility: 0 },
	fees_total_only: { unified: [-4, 'facility'], line: null, facility: -4 },
};

test('every fixture in the selected shape: whose day was selected, days from the epoch in the POD calendar', async () => {
	const seen: Record<string, unknown> = {};
	for (const f of sb.fixtures) {
		if (f.key === 'empty_not_returned') continue; // its LFD is relative to its pickup, checked below
		const a = await attributes(f.key, 'sandbox_paid_selected');
		const tz = a.pod_timezone;
		const { line, facility, unified } = a.import_deadlines.pod;
		const want = SELECTED[f.key];
		const got: (typeof SELECTED)[string] = {
			unified: [daysFromEpoch(unified.current_value, tz), unified.current_selection],
			line: daysFromEpoch(line.current, tz),
			facility: daysFromEpoch(facility.current, tz),
		};
		if (unified.original_value !== null)
			got.original = [daysFromEpoch(unified.original_value, tz)!, unified.original_selection];
		seen[f.key] = got;
		expect([f.key, got]).toEqual([f.key, want]);
	}
	expect(Object.keys(seen)).toHaveLength(Object.keys(SELECTED).length);
	const returned = await attributes('empty_not_returned', 'sandbox_paid_selected');
	expect(returned.import_deadlines.pod.unified.current_selection).toBe('facility');
	expect(returned.import_deadlines.pod.unified.current_value).toBe(
		returned.import_deadlines.pod.facility.current,
	);
});

test('three PODs due TODAY near local midnight: Los Angeles, New York, Chicago, each in its own calendar', async () => {
	const today = await Promise.all(
		['pod_facility_today', 'pod_line_withheld', 'pod_line_calculated'].map((k) =>
			attributes(k, 'sandbox_paid_selected'),
		),
	);
	expect(today.map((a) => a.pod_timezone)).toEqual([
		'America/Los_Angeles',
		'America/New_York',
		'America/Chicago',
	]);
	for (const a of today) {
		const value = a.import_deadlines.pod.unified.current_value as string;
		const day = DATE.test(value) ? value : localDay(value, a.pod_timezone);
		// At the epoch (00:00 UTC) it is the evening before in all three: the POD's day, not the UTC date
		expect(day).toBe(localDay(EPOCH, a.pod_timezone));
		expect(day).toBe('2026-09-23');
		expect(day).not.toBe(new Date(EPOCH).toISOString().slice(0, 10));
	}
	// The date-only value is a day in the terminal's calendar, not an instant
	expect(today[2].import_deadlines.pod.unified).toEqual({
		original_value: null,
		original_selection: null,
		current_value: '2026-09-23',
		current_selection: 'line_calculated',
	});
});

test('the new fixtures in the older serializer: the withheld line hidden, no calculated day, the sentinel nowhere', async () => {
	const old = async (k: string) => attributes(k, 'sandbox_paid_legacy');
	const tz = (a: any) => a.pod_timezone;
	const today = await old('pod_facility_today');
	expect(daysFromEpoch(today.pickup_lfd, tz(today))).toBe(1); // the line's: the older miss
	expect(daysFromEpoch(today.import_deadlines.pickup_lfd_terminal, tz(today))).toBe(0);
	const withheld = await old('pod_line_withheld');
	expect(withheld.import_deadlines.pickup_lfd_line).toBeNull();
	expect(withheld.ssl_lfd).toBeNull();
	expect(daysFromEpoch(withheld.pickup_lfd, tz(withheld))).toBe(0);
	const c = sb.store.findContainer(fixture('pod_line_withheld').containerId)!;
	expect(daysFromEpoch(new Date(c.lfdLine!).toISOString(), tz(withheld))).toBe(2); // known, not shown
	expect((await old('pod_line_calculated')).pickup_lfd).toBeNull();
	expect((await old('pod_lfd_unknown')).pickup_lfd).toBeNull();
	const rail = await old('pod_rail_ramp');
	expect(rail.pickup_lfd).toBe(rail.import_deadlines.pickup_lfd_terminal);
	for (const f of sb.fixtures) expect((await old(f.key)).pickup_lfd).not.toBe('2099-12-31');
});

test('the rail container at its ramp: POD facility day passed, the flat rail LFD tomorrow in the ramp calendar', async () => {
	const a = await attributes('pod_rail_ramp', 'sandbox_paid_selected');
	expect(a.current_status).toBe('available');
	expect(a.final_destination_timezone).toBe('America/Chicago');
	expect(daysFromEpoch(a.import_deadlines.pickup_lfd_rail, a.final_destination_timezone)).toBe(1);
	expect(daysFromEpoch(a.import_deadlines.pod.unified.current_value, a.pod_timezone)).toBe(-2);
	expect(Date.parse(a.pod_discharged_at)).toBeLessThan(
		Date.parse(a.import_deadlines.pod.facility.current),
	);
	expect(Date.parse(a.ind_rail_unloaded_at)).toBeLessThanOrEqual(EPOCH - 6 * 3_600_000);
});
