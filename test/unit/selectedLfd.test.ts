/**
 * The last free day Terminal49 selects (issue 29): the one deadline rule of domain/deadlines.ts on the newer
 * serializer (`import_deadlines.pod`), on Terminal49's four contract examples (test/fixtures/pod-deadline-contract.json,
 * from Terminal49/API packages/mcp), an LFD that moved, PODs in three time zones near local midnight, a rail
 * container, and the change facts of a trigger or poller. Each clock is pinned: `now` is handed to the code.
 */
import type { IDataObject } from 'n8n-workflow';

import contract from '../fixtures/pod-deadline-contract.json';
import { changeFacts } from '../../nodes/Terminal49/domain/changeFacts';
import {
	containerInsights,
	withContainerInsights,
} from '../../nodes/Terminal49/domain/containerInsights';
import {
	containerDeadlines,
	lfdValues,
	selectsLfd,
	sourceTimeZones,
} from '../../nodes/Terminal49/domain/deadlines';
import { containerSummary } from '../../nodes/Terminal49/views/people/container';
import { containerMatcher } from '../../nodes/Terminal49/client/listFilters';
import { containerOrder } from '../../nodes/Terminal49/client/listOrder';

const SENTINEL = /2099/;

interface ContractCase {
	name: string;
	expected: { value: string | null; source: string | null };
	response: { data: { id: string; attributes: IDataObject } };
}
const cases = contract as unknown as ContractCase[];
const flat = (c: ContractCase): IDataObject => ({
	id: c.response.data.id,
	type: 'container',
	...c.response.data.attributes,
});

/** Every string anywhere in an item (the sentinel must be in none of them). */
const strings = (value: unknown): string[] =>
	typeof value === 'string'
		? [value]
		: value && typeof value === 'object'
			? Object.values(value).flatMap(strings)
			: [];

describe("Terminal49's four contract examples: the value and source it selected, never pickup_lfd", () => {
	// 2026-09-24 18:00 UTC: 11:00 in Los Angeles, the day the facility's LFD (2026-09-25T00:00:00Z) falls on there
	const now = new Date('2026-09-24T18:00:00Z');

	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
		const container = flat(c);
		expect(selectsLfd(container)).toBe(true);
		const item = withContainerInsights(container, undefined, { now });
		// the value and the selection Terminal49's contract says a client must read
		expect(item.pickup_lfd).toBe(c.expected.value);
		expect(item.pickup_lfd_source).toBe(c.expected.source);
		expect(item.lfd_watched).toBe('selected');
		// whatever Deadline to Watch says: consumers must not choose
		const asPickup = withContainerInsights(container, undefined, { now, watch: 'pickup_lfd' });
		expect(asPickup.earliest_lfd).toBe(item.earliest_lfd);
		expect(asPickup.days_until_pickup_lfd).toBe(item.days_until_pickup_lfd);
		// the sentinel (pickup_lfd 2099-12-31, pickup_lfd_rail 2099-12-30) is in no derived field nor in the view
		const derived = Object.fromEntries(
			Object.entries(item).filter(([key]) => !['import_deadlines'].includes(key)),
		);
		expect(strings(derived).filter((s) => SENTINEL.test(s))).toEqual([]);
		expect(strings(containerSummary(item)).filter((s) => SENTINEL.test(s))).toEqual([]);
	});

	it('reported facility: the LFD is today in Los Angeles, urgent (the old rule said 2099-12-30, not urgent)', () => {
		const item = withContainerInsights(flat(cases[0]), undefined, { now });
		expect(item).toMatchObject({
			pickup_lfd_date: '2026-09-24',
			days_until_pickup_lfd: 0,
			earliest_lfd_date: '2026-09-24',
			lfd_band: 'today',
			urgency: 'today',
			urgent: true,
			risks: expect.arrayContaining(['lfd_today']),
		});
		expect(containerSummary(item)).toMatchObject({
			last_free_day: '2026-09-24',
			last_free_day_source: 'Terminal',
			days_left: 0,
			urgency: 'today',
		});
	});

	it('opted-in calculated: a date-only line LFD is that day in the terminal calendar (no shift west of UTC)', () => {
		const item = withContainerInsights(flat(cases[1]), undefined, { now });
		expect(item).toMatchObject({
			pickup_lfd: '2026-09-24',
			pickup_lfd_source: 'line_calculated',
			pickup_lfd_date: '2026-09-24',
			days_until_pickup_lfd: 0,
		});
		expect(containerSummary(item).last_free_day_source).toBe(
			'Shipping line (calculated by Terminal49)',
		);
	});

	it('all sources unknown: not reported, no urgency, kept by No Last Free Day; the flat rail LFD is no fallback', () => {
		const item = withContainerInsights(flat(cases[3]), undefined, { now });
		expect(item).toMatchObject({
			pickup_lfd: null,
			pickup_lfd_source: null,
			pickup_lfd_date: null,
			earliest_lfd: null,
			lfd_band: 'none',
			urgency: 'none',
			urgent: false,
		});
		expect(containerSummary(item)).toMatchObject({
			last_free_day: null,
			last_free_day_source: 'Not reported',
			days_left: null,
		});
		const never = () => {
			throw new Error('unresolved');
		};
		expect(containerMatcher({ lfdBands: ['none'] }, never, now)(item)).toBe(true);
		expect(containerMatcher({ urgentOnly: true }, never, now)(item)).toBe(false);
	});

	it('Sort By Last Free Day orders by the selected LFD, not reported last', () => {
		const items = cases.map((c) =>
			withContainerInsights({ ...flat(c), id: c.name }, undefined, { now }),
		);
		const sorted = [...items].sort(containerOrder('lfd', 'selected').compare);
		expect(sorted.map((item) => item.days_until_earliest_lfd)).toEqual([0, 0, 0, null]);
		expect(sorted[3].id).toBe('all-sources-unknown');
		// the service is not asked to sort: its pickup_lfd is a sentinel there
		expect(containerOrder('lfd', 'selected').service).toBeUndefined();
	});
});

/** A container of the newer serializer with a selected LFD (and its original), at a POD in `zone`. */
function selected(
	current: string | null,
	selection: string | null,
	zone: string,
	extra: IDataObject = {},
	original: string | null = null,
): IDataObject {
	return {
		id: 'c1',
		type: 'container',
		number: 'MSCU1234566',
		current_status: 'available',
		available_for_pickup: true,
		holds_at_pod_terminal: [],
		pod_timezone: zone,
		terminal_checked_at: '2026-11-20T00:00:00Z',
		pickup_lfd: '2099-12-31',
		import_deadlines: {
			pod: {
				line: { original: null, current: null, calculated: null, manual: false },
				facility: { original, current, calculated: null, manual: selection === 'facility_manual' },
				unified: {
					original_value: original,
					original_selection: original ? selection : null,
					current_value: current,
					current_selection: selection,
				},
			},
		},
		...extra,
	};
}

describe('an LFD that moved: the day it was and by how many days', () => {
	const now = new Date('2026-11-25T17:00:00Z');
	it('All Fields: pickup_lfd_original, its day and the days moved (later: positive)', () => {
		const item = withContainerInsights(
			selected(
				'2026-11-28T08:00:00Z',
				'facility',
				'America/Los_Angeles',
				{},
				'2026-11-26T08:00:00Z',
			),
			undefined,
			{ now },
		);
		expect(item).toMatchObject({
			pickup_lfd: '2026-11-28T08:00:00Z',
			pickup_lfd_date: '2026-11-28',
			pickup_lfd_original: '2026-11-26T08:00:00Z',
			pickup_lfd_original_date: '2026-11-26',
			pickup_lfd_days_moved: 2,
		});
	});

	it('not moved (no original, or the same value): null', () => {
		for (const original of [null, '2026-11-28T08:00:00Z']) {
			const item = withContainerInsights(
				selected('2026-11-28T08:00:00Z', 'facility', 'America/Los_Angeles', {}, original),
				undefined,
				{ now },
			);
			expect(item.pickup_lfd_original).toBeNull();
			expect(item.pickup_lfd_days_moved).toBeNull();
		}
	});

	it('a change event says so: Last Free Day Changed carries the new LFD, the container its original', () => {
		const current = selected(
			'2026-11-28T08:00:00Z',
			'facility_manual',
			'America/Los_Angeles',
			{},
			'2026-11-30T08:00:00Z',
		);
		const facts = changeFacts({
			event: 'container.pickup_lfd.changed',
			current,
			lfdZones: sourceTimeZones(current),
		});
		expect(facts).toMatchObject({
			lfd_moved: true,
			lfd_from: null,
			lfd_to: '2026-11-28T08:00:00Z',
			lfd_source: 'facility_manual',
			lfd_original: '2026-11-30T08:00:00Z',
			lfd_days_from_original: -2,
			earliest_lfd_moved: true,
			earliest_lfd_to: '2026-11-28T08:00:00Z',
		});
		expect(facts.facts).toEqual(['lfd_moved', 'earliest_lfd_moved']);
	});

	it('Container Updated with import_deadlines: the selected pair, never the pickup_lfd sentinel pair', () => {
		const current = selected('2026-11-27T05:00:00Z', 'line', 'America/New_York');
		const before = selected('2026-11-29T05:00:00Z', 'facility', 'America/New_York');
		const facts = changeFacts({
			event: 'container.updated',
			changeset: {
				pickup_lfd: ['2099-12-31', '2099-12-31'],
				import_deadlines: [before.import_deadlines, current.import_deadlines],
			},
			current,
			lfdZones: sourceTimeZones(current),
		});
		expect(facts).toMatchObject({
			lfd_moved: true,
			lfd_from: '2026-11-29T05:00:00Z',
			lfd_to: '2026-11-27T05:00:00Z',
			lfd_source: 'line',
			lfd_days_moved: -2,
			earliest_lfd_moved: true,
			earliest_lfd_days_moved: -2,
		});
		expect(strings(facts).filter((s) => SENTINEL.test(s))).toEqual([]);
	});
});

describe('one POD in each of three time zones, near local midnight', () => {
	// each `now` is 23:30 local on 25 November; the LFD instants are local midnight of the 26th, or a minute
	// before it (still the 25th there, though the 26th in UTC for two of them)
	it.each([
		['America/Los_Angeles', '2026-11-26T07:30:00Z', '2026-11-26T08:00:00Z', '2026-11-26T07:59:00Z'],
		['America/New_York', '2026-11-26T04:30:00Z', '2026-11-26T05:00:00Z', '2026-11-26T04:59:00Z'],
		['Asia/Shanghai', '2026-11-25T15:30:00Z', '2026-11-25T16:00:00Z', '2026-11-25T15:59:00Z'],
	])('%s', (zone, nowIso, midnight, minuteBefore) => {
		const now = new Date(nowIso);
		const tomorrow = containerInsights(
			selected(midnight, 'facility', zone),
			sourceTimeZones(selected(midnight, 'facility', zone)),
			{ now },
		);
		expect(tomorrow).toMatchObject({
			pickup_lfd_date: '2026-11-26',
			days_until_pickup_lfd: 1,
			lfd_time_zone: zone,
			lfd_band: 'imminent',
		});
		const today = containerInsights(
			selected(minuteBefore, 'facility', zone),
			sourceTimeZones(selected(minuteBefore, 'facility', zone)),
			{ now },
		);
		expect(today).toMatchObject({
			pickup_lfd_date: '2026-11-25',
			days_until_pickup_lfd: 0,
			lfd_band: 'today',
		});
		// a date-only value (line_calculated) is that day, whatever the zone
		const calculated = containerInsights(
			selected('2026-11-26', 'line_calculated', zone),
			sourceTimeZones(selected('2026-11-26', 'line_calculated', zone)),
			{ now },
		);
		expect(calculated).toMatchObject({ pickup_lfd_date: '2026-11-26', days_until_pickup_lfd: 1 });
	});
});

describe('the inland rail LFD: a separate deadline, watched once the container left the port by rail', () => {
	const now = new Date('2026-11-25T17:00:00Z');
	const rail = (extra: IDataObject) =>
		selected('2026-11-26T08:00:00Z', 'facility', 'America/Los_Angeles', {
			final_destination_timezone: 'America/Chicago',
			pod_rail_carrier_scac: 'UPRR',
			...extra,
			import_deadlines: {
				...(selected('2026-11-26T08:00:00Z', 'facility', 'America/Los_Angeles')
					.import_deadlines as IDataObject),
				pickup_lfd_rail: '2026-11-30T06:00:00Z',
			},
		});

	it('at the port, bound for the ramp: the POD LFD is watched, the rail LFD shown beside it', () => {
		const item = withContainerInsights(rail({}), undefined, { now });
		expect(item).toMatchObject({
			earliest_lfd_date: '2026-11-26',
			earliest_lfd_source: 'facility',
			rail_lfd: '2026-11-30T06:00:00Z',
			rail_lfd_date: '2026-11-30',
			days_until_rail_lfd: 5,
		});
	});

	it('on the train: the rail LFD is watched (in the inland calendar); the POD LFD stays Terminal49s', () => {
		const item = withContainerInsights(
			rail({ current_status: 'on_rail', pod_rail_departed_at: '2026-11-24T10:00:00Z' }),
			undefined,
			{ now },
		);
		expect(item).toMatchObject({
			earliest_lfd: '2026-11-30T06:00:00Z',
			earliest_lfd_source: 'rail',
			earliest_lfd_time_zone: 'America/Chicago',
			days_until_earliest_lfd: 5,
			pickup_lfd_source: 'facility',
			pickup_lfd_date: '2026-11-26',
		});
		expect(containerSummary(item).last_free_day_source).toBe('Rail (inland ramp)');
	});

	it('POD LFD not reported at the port: unknown, no fallback to the rail LFD', () => {
		const container = rail({});
		const unified = ((container.import_deadlines as IDataObject).pod as IDataObject)
			.unified as IDataObject;
		unified.current_value = null;
		unified.current_selection = null;
		const deadlines = containerDeadlines(container, sourceTimeZones(container), 'earliest', now);
		expect(deadlines.watched).toBeNull();
		expect(deadlines.terminal49).toBeNull();
		expect(deadlines.rail?.date).toBe('2026-11-30');
	});
});

describe('the older serializer (no pod) keeps its rule', () => {
	it('pickup_lfd and the flat keys as before; lfdValues reads them', () => {
		const container: IDataObject = {
			pickup_lfd: '2026-11-28T08:00:00Z',
			import_deadlines: {
				pickup_lfd_line: '2026-11-28T08:00:00Z',
				pickup_lfd_terminal: '2026-11-26T08:00:00Z',
				pickup_lfd_rail: null,
			},
			pod_timezone: 'America/Los_Angeles',
		};
		expect(selectsLfd(container)).toBe(false);
		const now = new Date('2026-11-25T17:00:00Z');
		const d = containerDeadlines(container, sourceTimeZones(container), 'earliest', now);
		expect(d.rule).toBe('earliest');
		expect(d.watched?.source).toBe('terminal');
		expect(d.terminal49?.source).toBe('line');
		expect(lfdValues(container).terminal49).toBe('2026-11-28T08:00:00Z');
		expect(lfdValues(selected('2026-11-26T08:00:00Z', 'facility', 'UTC'))).toEqual({
			terminal49: '2026-11-26T08:00:00Z',
			selection: 'facility',
			sources: { line: null, terminal: '2026-11-26T08:00:00Z', rail: null },
		});
	});
});
