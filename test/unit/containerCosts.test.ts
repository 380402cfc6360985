/**
 * What a container costs (issue 41), from published tariffs, on hand-made records with a pinned clock. Each
 * figure is worked out by hand in the comment above it. Maersk's US import dry demurrage (API-DRIFT.md section
 * 7): charged days 1-4 at 235 USD, 5-9 at 285, 10 and on at 335; free time in working days, charges in
 * calendar days.
 */
import type { IDataObject } from 'n8n-workflow';

import { changeFacts } from '../../nodes/Terminal49/domain/changeFacts';
import { withContainerInsights } from '../../nodes/Terminal49/domain/containerInsights';
import { lfdValues } from '../../nodes/Terminal49/domain/deadlines';
import type { Tariff } from '../../nodes/Terminal49/domain/tariffs';
import { lastFreeDay, holidayDays } from '../../nodes/Terminal49/domain/freeTime';
import { dayNumber, dateOfDayNumber } from '../../nodes/Terminal49/domain/calendar';
import { chargeForDays } from '../../nodes/Terminal49/domain/tariffRates';
import { containerSummary } from '../../nodes/Terminal49/views/people/container';

const MAERSK_TIERS = [
	{ fromDay: 1, toDay: 4, rate: 235 },
	{ fromDay: 5, toDay: 9, rate: 285 },
	{ fromDay: 10, toDay: null, rate: 335 },
];

const tariff = (overrides: Partial<Tariff> = {}): Tariff => ({
	clock: 'demurrage',
	shippingLine: 'MAEU',
	port: null,
	freeDays: 4,
	freeTimeCount: 'working',
	holidays: [],
	startsAt: 'discharge',
	tiers: MAERSK_TIERS,
	currency: 'USD',
	reference: 'Maersk US import dry D&D',
	...overrides,
});

const LA = 'America/Los_Angeles';
const shipment = (scac = 'MAEU') => ({
	shipping_line_scac: scac,
	port_of_discharge_locode: 'USLAX',
	pod_timezone: LA,
});

/** A container at the port of Los Angeles, checked by the terminal an hour before `now`. */
const atPort = (now: string, extra: IDataObject = {}): IDataObject => ({
	type: 'container',
	number: 'MAEU1234567',
	current_status: 'available',
	available_for_pickup: true,
	pod_arrived_at: '2026-11-20T10:00:00Z',
	pod_discharged_at: '2026-11-21T10:00:00Z',
	pod_timezone: LA,
	terminal_checked_at: new Date(Date.parse(now) - 3_600_000).toISOString(),
	holds_at_pod_terminal: [],
	fees_at_pod_terminal: [],
	...extra,
});

const insights = (container: IDataObject, now: string, tariffs: Tariff[], scac = 'MAEU') =>
	withContainerInsights(container, shipment(scac), { now: new Date(now), tariffs });

describe('tiers and free time', () => {
	it("Maersk's tiers: 11 charged days", () => {
		// 4 x 235 + 5 x 285 + 2 x 335 = 940 + 1,425 + 670 = 3,035
		expect(chargeForDays(MAERSK_TIERS, 11)).toBe(3035);
		expect(chargeForDays(MAERSK_TIERS, 0)).toBe(0);
		// a closed last tier: day 5 has no rate
		expect(chargeForDays([{ fromDay: 1, toDay: 4, rate: 235 }], 5)).toBeNull();
	});

	it('working-day free time over a weekend and a holiday', () => {
		// from Thu 2026-12-24: Thu 24 (1), Fri 25 holiday, Sat 26, Sun 27, Mon 28 (2), Tue 29 (3), Wed 30 (4)
		const end = lastFreeDay(dayNumber('2026-12-24'), 4, 'working', holidayDays(['2026-12-25']));
		expect(dateOfDayNumber(end)).toBe('2026-12-30');
		// calendar days: 24, 25, 26, 27
		expect(dateOfDayNumber(lastFreeDay(dayNumber('2026-12-24'), 4, 'calendar', new Set()))).toBe(
			'2026-12-27',
		);
	});
});

describe('demurrage', () => {
	it("Terminal49's last free day ends free time; Maersk's tiers price the days after it", () => {
		// LFD Tue 2026-12-01 in Los Angeles; now Sat 2026-12-12 noon there: charged Dec 2 to Dec 12 = 11 days,
		// 3,035 USD (above); by tomorrow 12 days: 3,035 + 335 = 3,370; day 11 is in the tier "day 10 on"
		const now = '2026-12-12T20:00:00Z';
		const item = insights(atPort(now, { pickup_lfd: '2026-12-01T08:00:00Z' }), now, [tariff()]);
		expect(item.demurrage).toMatchObject({
			status: 'charging',
			free_time_end: '2026-12-01',
			free_time_end_source: 'terminal49',
			days_charged: 11,
			charged_from: '2026-12-02',
			charged_through: '2026-12-12',
			current_tier: 'day 10 on at 335 USD a day',
			estimated_so_far: 3035,
			estimated_by_tomorrow: 3370,
			currency: 'USD',
			tariff_reference: 'Maersk US import dry D&D',
		});
		expect(item).toMatchObject({
			cost_so_far: 3035,
			cost_by_tomorrow: 3370,
			cost_currency: 'USD',
			cost_basis: 'estimated from your tariff',
		});
	});

	it('no last free day reported: working-day free time from discharge, a weekend and a holiday in it', () => {
		// discharged Thu 2026-12-24 (Los Angeles); 4 working days with 2026-12-25 a holiday: free until Wed
		// 2026-12-30. Now Sat 2027-01-02: charged Dec 31, Jan 1, Jan 2 = 3 days x 235 = 705; by tomorrow
		// 4 x 235 = 940
		const now = '2027-01-02T20:00:00Z';
		const item = insights(
			atPort(now, { pod_discharged_at: '2026-12-24T18:00:00Z', pickup_lfd: null }),
			now,
			[tariff({ holidays: ['2026-12-25'] })],
		);
		expect(item.demurrage).toMatchObject({
			free_days: 4,
			free_time_counts: 'working',
			free_time_start: '2026-12-24',
			free_time_end: '2026-12-30',
			free_time_end_source: 'tariff',
			days_charged: 3,
			estimated_so_far: 705,
			estimated_by_tomorrow: 940,
		});
	});

	it('an LFD that moved: charged from the day after the current one', () => {
		// newer serializer: selected LFD first 2026-12-03, now 2026-12-05; now Mon 2026-12-07 noon in LA:
		// charged Dec 6 and 7 = 2 days x 235 = 470; by tomorrow 3 x 235 = 705
		const now = '2026-12-07T20:00:00Z';
		const item = insights(
			atPort(now, {
				pickup_lfd: '2099-12-31',
				import_deadlines: {
					pickup_lfd_rail: '2099-12-30',
					pod: {
						unified: {
							original_value: '2026-12-03T08:00:00Z',
							original_selection: 'facility',
							current_value: '2026-12-05T08:00:00Z',
							current_selection: 'facility',
						},
					},
				},
			}),
			now,
			[tariff()],
		);
		expect(item.pickup_lfd_days_moved).toBe(2);
		expect(item.demurrage).toMatchObject({
			free_time_end: '2026-12-05',
			days_charged: 2,
			estimated_so_far: 470,
			estimated_by_tomorrow: 705,
		});
		// the placeholder dates reach no field
		expect(JSON.stringify(item)).not.toContain('2099');
	});

	it("the terminal's posted demurrage beside an estimate: both labelled, never added", () => {
		// LFD 2026-12-01, now 2026-12-04 noon in LA: 3 days x 235 = 705 estimated; the terminal posted 450
		const now = '2026-12-04T20:00:00Z';
		const item = insights(
			atPort(now, {
				pickup_lfd: '2026-12-01T08:00:00Z',
				fees_at_pod_terminal: [{ type: 'demurrage', amount: 450, currency_code: 'USD' }],
			}),
			now,
			[tariff()],
		);
		expect(item).toMatchObject({
			demurrage_reported_by_terminal: { USD: 450 },
			cost_so_far: 705,
			cost_basis: 'estimated from your tariff',
			fees_text: '450.00 USD',
		});
		expect(item.costs_text).toBe(
			'Demurrage: 3 days charged since 2026-12-02, 705.00 USD so far, 940.00 USD by tomorrow (estimated from your tariff "Maersk US import dry D&D"); the terminal reports demurrage of 450.00 USD',
		);
	});

	it("without a tariff: the days charged are facts, the cost is the terminal's posted fee, labelled so", () => {
		// LFD 2026-12-01, now 2026-12-04: 3 days charged; no tariff for MSCU; the terminal posted 450
		const now = '2026-12-04T20:00:00Z';
		const item = insights(
			atPort(now, {
				pickup_lfd: '2026-12-01T08:00:00Z',
				fees_at_pod_terminal: [{ type: 'demurrage', amount: 450, currency_code: 'USD' }],
			}),
			now,
			[tariff()],
			'MSCU',
		);
		expect(item.demurrage).toMatchObject({
			days_charged: 3,
			estimated_so_far: null,
			estimate_unknown_reason: 'no demurrage tariff for MSCU at USLAX',
		});
		expect(item).toMatchObject({
			cost_so_far: 450,
			cost_by_tomorrow: null,
			cost_basis: 'reported by the terminal',
		});
		// and with no fee posted either: unknown, with the reason, never 0
		const bare = insights(atPort(now, { pickup_lfd: '2026-12-01T08:00:00Z' }), now, [], 'MSCU');
		expect(bare).toMatchObject({
			cost_so_far: null,
			cost_basis: null,
			cost_unknown_reason: 'demurrage: no demurrage tariff for MSCU at USLAX',
		});
	});

	it('stale terminal data: whether it is still there is not known, so no estimate', () => {
		// last checked 10 days before now: the container may have left unseen
		const now = '2026-12-12T20:00:00Z';
		const item = insights(
			atPort(now, {
				pickup_lfd: '2026-12-01T08:00:00Z',
				terminal_checked_at: '2026-12-02T20:00:00Z',
			}),
			now,
			[tariff()],
		);
		// charged from the day after the LFD: a fact; how many days through today: not known
		expect(item.demurrage).toMatchObject({
			status: 'unknown',
			charged_from: '2026-12-02',
			days_charged: null,
			estimated_so_far: null,
		});
		expect(String((item.demurrage as IDataObject).estimate_unknown_reason)).toContain(
			"the terminal's data is stale (last checked 2026-12-02)",
		);
		expect(item.cost_so_far).toBeNull();
	});
});

describe('what the tariff or the record cannot tell', () => {
	it('a closed last tier: the days past it have no rate, never 0', () => {
		// LFD 2026-12-01, now 2026-12-06 noon in LA: 5 days charged; the tariff rates days 1-5 only (100 a day):
		// 500 so far; tomorrow is day 6, which it does not rate
		const now = '2026-12-06T20:00:00Z';
		const item = insights(atPort(now, { pickup_lfd: '2026-12-01T08:00:00Z' }), now, [
			tariff({ tiers: [{ fromDay: 1, toDay: 5, rate: 100 }], reference: 'five days' }),
		]);
		expect(item.demurrage).toMatchObject({
			days_charged: 5,
			estimated_so_far: 500,
			estimated_by_tomorrow: null,
			estimate_unknown_reason: 'the tariff "five days" has no rate for charged day 6',
		});
		expect(item).toMatchObject({ cost_so_far: 500, cost_by_tomorrow: null });
		expect(item.costs_text).toContain('500.00 USD so far, by tomorrow not known (no rate)');
	});

	it('on the train to its inland ramp: demurrage there has not started', () => {
		// discharged 2026-11-20, loaded on rail 2026-11-22, not unloaded inland yet: no terminal holds it
		const now = '2026-12-06T20:00:00Z';
		const item = insights(
			atPort(now, {
				current_status: 'on_rail',
				available_for_pickup: false,
				pod_discharged_at: '2026-11-20T10:00:00Z',
				pod_rail_loaded_at: '2026-11-22T10:00:00Z',
				pod_rail_carrier_scac: 'BNSF',
				final_destination_timezone: 'America/Chicago',
			}),
			now,
			[tariff({ freeTimeCount: 'calendar' })],
		);
		expect(item.demurrage).toMatchObject({ status: 'not_started', days_charged: null });
		expect(item.cost_so_far).toBeNull();
		expect(item.cost_unknown_reason).toBeNull();
	});

	it('tracking stopped: the days charged since are not told', () => {
		const now = '2026-12-12T20:00:00Z';
		const item = withContainerInsights(
			atPort(now, { pickup_lfd: '2026-12-01T08:00:00Z' }),
			{ ...shipment(), line_tracking_stopped_at: '2026-12-05T00:00:00Z' },
			{ now: new Date(now), tariffs: [tariff()] },
		);
		expect(item.demurrage).toMatchObject({ status: 'unknown', days_charged: null });
		expect(item.cost_unknown_reason).toMatch(
			/^demurrage: Terminal49 stopped tracking on 2026-12-05/,
		);
	});
});

describe('detention and the return deadline', () => {
	it('a container picked up inland by rail: detention from the inland full out, not the train leaving', () => {
		// detention 4 calendar days from the inland full out Thu 2026-12-03 (Chicago): return by Sun 2026-12-06.
		// Now Thu 2026-12-10: charged Dec 7 to Dec 10 = 4 days: 3 x 100 + 1 x 175 = 475; by tomorrow + 175 = 650
		const now = '2026-12-10T18:00:00Z';
		const item = insights(
			{
				type: 'container',
				current_status: 'picked_up',
				pod_discharged_at: '2026-11-20T10:00:00Z',
				pod_rail_loaded_at: '2026-11-22T10:00:00Z',
				pod_full_out_at: '2026-11-22T12:00:00Z',
				ind_rail_unloaded_at: '2026-11-30T10:00:00Z',
				final_destination_full_out_at: '2026-12-03T16:00:00Z',
				pod_timezone: LA,
				final_destination_timezone: 'America/Chicago',
				holds_at_pod_terminal: [],
				fees_at_pod_terminal: [],
			},
			now,
			[
				tariff({
					clock: 'detention',
					freeDays: 4,
					freeTimeCount: 'calendar',
					startsAt: 'full_out',
					tiers: [
						{ fromDay: 1, toDay: 3, rate: 100 },
						{ fromDay: 4, toDay: null, rate: 175 },
					],
					reference: 'Maersk detention, rule 7',
				}),
			],
		);
		expect(item.detention).toMatchObject({
			started_on: '2026-12-03',
			free_time_end: '2026-12-06',
			days_charged: 4,
			estimated_so_far: 475,
			estimated_by_tomorrow: 650,
		});
		expect(item).toMatchObject({
			return_by: '2026-12-06',
			return_by_source: 'tariff',
			days_until_return_by: -4,
		});
		expect(item.risks).toEqual(expect.arrayContaining(['empty_not_returned', 'empty_return_past']));
		// demurrage stopped at the inland pickup, 2026-12-03; no last free day is reported once picked up, so
		// its free time comes from discharge (no demurrage tariff here: not known, with the reason)
		expect((item.demurrage as IDataObject).estimate_unknown_reason).toBe(
			'no last free day reported',
		);
	});

	it('a combined D&D clock, from discharge until the empty is back', () => {
		// 7 calendar days from discharge Tue 2026-12-01: free until Mon 2026-12-07 (the return deadline).
		// Empty back Sat 2026-12-12: charged Dec 8 to Dec 12 = 5 days x 100 = 500, stopped
		const now = '2026-12-15T20:00:00Z';
		const item = insights(
			{
				type: 'container',
				current_status: 'empty_returned',
				pod_discharged_at: '2026-12-01T10:00:00Z',
				pod_full_out_at: '2026-12-05T18:00:00Z',
				empty_terminated_at: '2026-12-12T18:00:00Z',
				pod_timezone: LA,
				empty_terminated_timezone: LA,
				holds_at_pod_terminal: [],
				fees_at_pod_terminal: [],
			},
			now,
			[
				tariff({
					clock: 'combined',
					shippingLine: null,
					freeDays: 7,
					freeTimeCount: 'calendar',
					tiers: [
						{ fromDay: 1, toDay: 5, rate: 100 },
						{ fromDay: 6, toDay: null, rate: 150 },
					],
					reference: 'Service contract 123, D&D',
				}),
			],
		);
		expect(item.demurrage).toBeNull();
		expect(item.combined_d_and_d).toMatchObject({
			status: 'stopped',
			free_time_end: '2026-12-07',
			stopped_on: '2026-12-12',
			days_charged: 5,
			estimated_so_far: 500,
			estimated_by_tomorrow: 500,
		});
		expect(item).toMatchObject({ return_by: '2026-12-07', days_until_return_by: null });
	});
});

describe('holds and fees the terminal did not report are "not reported", never "none"', () => {
	const now = '2026-12-04T20:00:00Z';
	it('a container still on the vessel', () => {
		const item = withContainerInsights(
			{
				type: 'container',
				current_status: 'on_ship',
				holds_at_pod_terminal: [],
				fees_at_pod_terminal: [],
				availability_known: false,
				terminal_checked_at: null,
			},
			shipment(),
			{ now: new Date(now) },
		);
		expect(item).toMatchObject({ holds_reported: false, fees_reported: false });
		expect(containerSummary(item)).toMatchObject({
			holds: 'not reported',
			fees: 'not reported',
		});
		expect(item.risks_unknown).toEqual(expect.arrayContaining(['customs_hold']));
	});

	it('after the terminal was checked: none', () => {
		const item = insights(atPort(now), now, []);
		expect(containerSummary(item)).toMatchObject({ holds: 'none', fees: 'none' });
	});

	it('a fee of 0 is pending, a total line counts only alone', () => {
		const pending = insights(
			atPort(now, { fees_at_pod_terminal: [{ type: 'demurrage', amount: 0 }] }),
			now,
			[],
		);
		expect(pending).toMatchObject({ fees_total: {}, fees_pending: ['demurrage'] });
		expect(containerSummary(pending).fees).toBe('demurrage pending');
		expect(pending.costs_text).toContain('the terminal reports demurrage, amount not posted yet');
		const totalOnly = insights(
			atPort(now, { fees_at_pod_terminal: [{ type: 'total', amount: 300, currency_code: 'USD' }] }),
			now,
			[],
		);
		expect(totalOnly).toMatchObject({ fees_total: { USD: 300 }, fees_text: '300.00 USD' });
	});
});

describe('placeholder dates', () => {
	it('a container awaiting rail with no rail LFD (newer serializer): no 2099 in any field', () => {
		const now = '2026-12-04T20:00:00Z';
		const item = insights(
			atPort(now, {
				current_status: 'awaiting_inland_transfer',
				pod_rail_carrier_scac: 'UPRR',
				pickup_lfd: '2099-12-31',
				import_deadlines: {
					pickup_lfd_rail: '2099-12-30',
					pod: { unified: { current_value: null, current_selection: null } },
				},
			}),
			now,
			[],
		);
		expect(item).toMatchObject({ rail_lfd: null, rail_lfd_date: null, days_until_rail_lfd: null });
		expect(JSON.stringify(item)).not.toMatch(/2099-12-3/);
	});
});

describe('placeholder dates in changes', () => {
	it('a changeset or a fingerprint with 2099-12-30 says no date, never 26,000 days', () => {
		const current = {
			pod_timezone: 'America/Los_Angeles',
			pod_rail_carrier_scac: 'UPRR',
			import_deadlines: {
				pickup_lfd_rail: '2026-12-10T06:00:00Z',
				pod: { unified: { current_value: null, current_selection: null } },
			},
		};
		const facts = changeFacts({
			event: 'container.updated',
			changeset: { pickup_lfd_rail: ['2099-12-30', '2026-12-10T06:00:00Z'] },
			current,
			timeZone: 'America/Los_Angeles',
			now: new Date('2026-12-06T20:00:00Z'),
		});
		expect(facts.lfd_from).toBeNull();
		expect(facts.lfd_days_moved).toBeNull();
		expect(JSON.stringify(facts)).not.toContain('2099');
		expect(
			lfdValues({
				...current,
				import_deadlines: { ...current.import_deadlines, pickup_lfd_rail: '2099-12-30' },
			}).sources.rail,
		).toBeNull();
	});
});
