/**
 * domain/changeFacts.ts: the facts of a changeset {field: [old, new]} plus the event name, written out by
 * hand for each case (the same module will serve the polling trigger, which builds the changeset from two
 * snapshots).
 */
import type { ChangeFacts } from '../../nodes/Terminal49/domain/changeFacts';
import { CHANGE_FACTS, changeFacts } from '../../nodes/Terminal49/domain/changeFacts';
import { NOTHING } from '../helpers/changeFacts';

const expectFacts = (actual: ChangeFacts, changed: Partial<ChangeFacts>) =>
	expect(actual).toEqual({ ...NOTHING, ...changed });

const hold = (name: string, status = 'hold', description: string | null = null) => ({
	name,
	status,
	description,
});

describe('holds', () => {
	test('a hold whose status leaves "hold" is released; one that disappears too; a new active one is added', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: {
					holds_at_pod_terminal: [
						[hold('customs'), hold('freight'), hold('USDA')],
						[hold('customs', 'released'), hold('USDA'), hold('TMF')],
					],
				},
			}),
			{
				facts: ['hold_released', 'hold_added'],
				holds_released: ['customs', 'freight'],
				holds_added: ['TMF'],
			},
		);
	});

	test('hold -> pending counts as released; pending -> hold as added; pending alone as nothing', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: {
					holds_at_pod_terminal: [
						[hold('customs'), hold('freight', 'pending'), hold('other', 'pending')],
						[hold('customs', 'pending'), hold('freight'), hold('other', 'pending')],
					],
				},
			}),
			{
				facts: ['hold_released', 'hold_added'],
				holds_released: ['customs'],
				holds_added: ['freight'],
			},
		);
	});

	test('two active holds of one name: one going away releases that name once; the same list again is nothing', () => {
		const two = [hold('other', 'hold', 'DOWN'), hold('other', 'hold', 'MACHINE')];
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { holds_at_pod_terminal: [two, [two[0]]] },
			}),
			{ facts: ['hold_released'], holds_released: ['other'] },
		);
		expectFacts(
			changeFacts({ event: 'container.updated', changeset: { holds_at_pod_terminal: [two, two] } }),
			{},
		);
	});
});

describe('ready for pickup (available and no active hold)', () => {
	test('available false -> true with the holds cleared in the same change', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: {
					available_for_pickup: [false, true],
					holds_at_pod_terminal: [[hold('customs')], []],
				},
			}),
			{
				facts: ['hold_released', 'became_ready_for_pickup'],
				holds_released: ['customs'],
				became_ready_for_pickup: true,
			},
		);
	});

	test('available false -> true while a hold is still active (from the current container): not ready', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { available_for_pickup: [false, true] },
				current: { available_for_pickup: true, holds_at_pod_terminal: [hold('customs')] },
			}),
			{},
		);
	});

	test('the last hold released on an available container: ready', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { holds_at_pod_terminal: [[hold('freight')], [hold('freight', 'released')]] },
				current: { available_for_pickup: true },
			}),
			{
				facts: ['hold_released', 'became_ready_for_pickup'],
				holds_released: ['freight'],
				became_ready_for_pickup: true,
			},
		);
	});

	test('a hold added to a ready container: no longer ready', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { holds_at_pod_terminal: [[], [hold('customs')]] },
				current: { available_for_pickup: true },
			}),
			{
				facts: ['hold_added', 'no_longer_ready_for_pickup'],
				holds_added: ['customs'],
				no_longer_ready_for_pickup: true,
			},
		);
	});

	test('available true -> false: no longer ready', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { available_for_pickup: [true, false] },
				current: { holds_at_pod_terminal: [] },
			}),
			{ facts: ['no_longer_ready_for_pickup'], no_longer_ready_for_pickup: true },
		);
	});

	test('holds unknown (no current container): neither, nothing guessed', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { available_for_pickup: [false, true] },
			}),
			{},
		);
	});

	test('container.transport.available alone says nothing about holds: not "became ready"', () => {
		expectFacts(changeFacts({ event: 'container.transport.available' }), {});
	});
});

describe('last free day', () => {
	test('pickup_lfd moved: from, to, calendar days in the destination zone (across a DST change)', () => {
		// midnight New York before and after the switch to summer time on 2026-03-08
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd: ['2026-03-07T05:00:00Z', '2026-03-10T04:00:00Z'] },
				timeZone: 'America/New_York',
			}),
			{
				facts: ['lfd_moved'],
				lfd_moved: true,
				lfd_from: '2026-03-07T05:00:00Z',
				lfd_to: '2026-03-10T04:00:00Z',
				lfd_days_moved: 3,
			},
		);
	});

	test('calendar days, not 24-hour periods: 23:00 to 01:00 the next day is 1 day', () => {
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd: ['2026-01-05T23:00:00Z', '2026-01-06T01:00:00Z'] },
			}).lfd_days_moved,
		).toBe(1);
		// the same instants in Los Angeles are both on 2026-01-05
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd: ['2026-01-05T23:00:00Z', '2026-01-06T01:00:00Z'] },
				timeZone: 'America/Los_Angeles',
			}).lfd_days_moved,
		).toBe(0);
	});

	test('date-only LFDs, moved earlier; the source from the field name', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd_terminal: ['2026-01-05', '2026-01-01'] },
			}),
			{
				// the terminal's is the only LFD: the earliest moved with it
				facts: ['lfd_moved', 'earliest_lfd_moved'],
				lfd_moved: true,
				lfd_from: '2026-01-05',
				lfd_to: '2026-01-01',
				lfd_source: 'terminal',
				lfd_days_moved: -4,
				earliest_lfd_moved: true,
				earliest_lfd_from: '2026-01-05',
				earliest_lfd_to: '2026-01-01',
				earliest_lfd_source: 'terminal',
				earliest_lfd_days_moved: -4,
			},
		);
	});

	test('pickup_lfd with the per-source field that made it: that source', () => {
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: {
					pickup_lfd: ['2026-01-05', '2026-01-07'],
					pickup_lfd_terminal: ['2026-01-09', '2026-01-09'],
					pickup_lfd_line: ['2026-01-05', '2026-01-07'],
				},
			}),
		).toMatchObject({ lfd_source: 'line', lfd_days_moved: 2 });
	});

	test('per-source LFDs inside import_deadlines', () => {
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: {
					import_deadlines: [
						{ pickup_lfd_line: null, pickup_lfd_rail: '2026-02-01' },
						{ pickup_lfd_line: null, pickup_lfd_rail: '2026-02-03' },
					],
				},
			}),
		).toMatchObject({
			facts: ['lfd_moved', 'earliest_lfd_moved'],
			lfd_from: '2026-02-01',
			lfd_to: '2026-02-03',
			lfd_source: 'rail',
			lfd_days_moved: 2,
			earliest_lfd_source: 'rail',
		});
	});

	test('the earliest LFD: moved when the source that comes first moves, not when a later one does', () => {
		const current = {
			import_deadlines: {
				pickup_lfd_line: '2026-01-12',
				pickup_lfd_terminal: '2026-01-06',
				pickup_lfd_rail: null,
			},
		};
		// the terminal's comes first: its move moves the earliest
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd_terminal: ['2026-01-06', '2026-01-08'] },
				current: {
					import_deadlines: { ...current.import_deadlines, pickup_lfd_terminal: '2026-01-08' },
				},
			}),
		).toMatchObject({
			facts: ['lfd_moved', 'earliest_lfd_moved'],
			earliest_lfd_from: '2026-01-06',
			earliest_lfd_to: '2026-01-08',
			earliest_lfd_source: 'terminal',
			earliest_lfd_days_moved: 2,
		});
		// the line's, a week later, moving two days: pickup_lfd (the line's) moved, the earliest did not
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd_line: ['2026-01-12', '2026-01-14'] },
				current: {
					import_deadlines: { ...current.import_deadlines, pickup_lfd_line: '2026-01-14' },
				},
			}),
		).toMatchObject({
			facts: ['lfd_moved'],
			earliest_lfd_moved: false,
			earliest_lfd_source: 'terminal',
		});
		// the line's now before the terminal's: the earliest is the line's
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd_line: ['2026-01-12', '2026-01-04'] },
				current: {
					import_deadlines: { ...current.import_deadlines, pickup_lfd_line: '2026-01-04' },
				},
			}),
		).toMatchObject({
			earliest_lfd_moved: true,
			earliest_lfd_from: '2026-01-06',
			earliest_lfd_to: '2026-01-04',
			earliest_lfd_source: 'line',
			earliest_lfd_days_moved: -2,
		});
	});

	test('became blocked: not available with an active hold now, and not before', () => {
		const hold = [{ name: 'customs', status: 'hold' }];
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { holds_at_pod_terminal: [[], hold] },
				current: { available_for_pickup: false, holds_at_pod_terminal: hold },
			}),
		).toMatchObject({ became_blocked: true, facts: ['hold_added', 'became_blocked'] });
		// available with the hold: out of sync, not blocked
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { holds_at_pod_terminal: [[], hold] },
				current: { available_for_pickup: true, holds_at_pod_terminal: hold },
			}),
		).toMatchObject({ became_blocked: false });
		// already blocked: another hold added does not make it become blocked
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: {
					holds_at_pod_terminal: [hold, [...hold, { name: 'freight', status: 'hold' }]],
				},
				current: { available_for_pickup: false },
			}),
		).toMatchObject({ became_blocked: false });
	});

	test('set for the first time: moved, no days; cleared: moved, no days', () => {
		expect(
			changeFacts({ event: 'container.updated', changeset: { pickup_lfd: [null, '2026-01-05'] } }),
		).toMatchObject({
			lfd_moved: true,
			lfd_from: null,
			lfd_to: '2026-01-05',
			lfd_days_moved: null,
		});
		expect(
			changeFacts({ event: 'container.updated', changeset: { pickup_lfd: ['2026-01-05', null] } }),
		).toMatchObject({
			lfd_moved: true,
			lfd_from: '2026-01-05',
			lfd_to: null,
			lfd_days_moved: null,
		});
	});

	test('an LFD event without a changeset: moved, the new value only, source from the event name', () => {
		expectFacts(
			changeFacts({
				event: 'container.pickup_lfd_rail.changed',
				newValue: '2024-07-02T07:00:00Z',
			}),
			{
				facts: ['lfd_moved'],
				lfd_moved: true,
				lfd_to: '2024-07-02T07:00:00Z',
				lfd_source: 'rail',
			},
		);
		expect(
			changeFacts({
				event: 'container.pickup_lfd.changed',
				current: { pickup_lfd: '2024-07-02T07:00:00Z' },
			}),
		).toMatchObject({ lfd_moved: true, lfd_to: '2024-07-02T07:00:00Z', lfd_source: null });
	});

	test('an unknown time zone counts in UTC', () => {
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd: ['2026-01-05T23:00:00Z', '2026-01-06T01:00:00Z'] },
				timeZone: 'Mars/Olympus_Mons',
			}).lfd_days_moved,
		).toBe(1);
	});
});

describe('fees', () => {
	const fee = (type: string, amount: number) => ({ type, amount, currency_code: 'USD' });
	test('none -> some: appeared, the first amount posted: started costing money', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[], [fee('demurrage', 150)]] },
			}),
			{
				facts: ['fees_appeared', 'fee_posted', 'costs_started'],
				fees_appeared: true,
				fee_posted: true,
				fees_posted: ['demurrage'],
				costs_started: true,
			},
		);
	});
	test('some -> other amounts, and some -> none: changed', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[fee('demurrage', 150)], [fee('demurrage', 300)]] },
			}),
			{ facts: ['fees_changed'], fees_changed: true },
		);
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[fee('demurrage', 150)], []] },
			}).facts,
		).toEqual(['fees_changed']);
	});
	test("Terminal49's fee rules: a total line counts only alone, 0 is pending (reported, not posted)", () => {
		// the exam line is the fee, the total beside it is not counted; null is no fees
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [null, [fee('total', 0), fee('exam', 75)]] },
			}),
		).toMatchObject({
			facts: ['fees_appeared', 'fee_posted', 'costs_started'],
			fees_posted: ['exam'],
		});
		// a total line alone is the fee
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[], [fee('total', 300)]] },
			}),
		).toMatchObject({ fees_posted: ['total'], costs_started: true });
		// reported without an amount: the fee appeared, nothing is posted, no money yet
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[], [fee('demurrage', 0)]] },
			}).facts,
		).toEqual(['fees_appeared']);
		// its amount posted later: posted, and the first money
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: { fees_at_pod_terminal: [[fee('demurrage', 0)], [fee('demurrage', 235)]] },
			}).facts,
		).toEqual(['fees_changed', 'fee_posted', 'costs_started']);
		// another fee posted beside one already posted: posted, but the money had started before
		expect(
			changeFacts({
				event: 'container.updated',
				changeset: {
					fees_at_pod_terminal: [[fee('demurrage', 235)], [fee('demurrage', 235), fee('exam', 75)]],
				},
			}),
		).toMatchObject({ fees_posted: ['exam'], costs_started: false });
	});
	test('the watched LFD moved from tomorrow to yesterday: started costing money', () => {
		// now 2026-12-06 15:00 UTC (07:00 in Los Angeles); the line's LFD moves from Dec 7 to Dec 5 there
		const now = new Date('2026-12-06T15:00:00Z');
		const current = {
			pod_timezone: 'America/Los_Angeles',
			import_deadlines: { pickup_lfd_line: '2026-12-05T08:00:00Z' },
		};
		const moved = (from: string, to: string) =>
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_lfd_line: [from, to] },
				current,
				timeZone: 'America/Los_Angeles',
				now,
			});
		expect(moved('2026-12-07T08:00:00Z', '2026-12-05T08:00:00Z').costs_started).toBe(true);
		// already past before: no start now; moved later, into the future: none either
		expect(moved('2026-12-04T08:00:00Z', '2026-12-05T08:00:00Z').costs_started).toBe(false);
		expect(moved('2026-12-05T08:00:00Z', '2026-12-09T08:00:00Z').costs_started).toBe(false);
	});
});

describe('pickup appointment', () => {
	test('set, moved, cancelled', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_appointment_at: [null, '2026-01-05T15:00:00Z'] },
			}),
			{
				facts: ['appointment_changed', 'appointment_set'],
				appointment_changed: true,
				appointment_set: true,
				appointment_to: '2026-01-05T15:00:00Z',
			},
		);
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_appointment_at: ['2026-01-05T15:00:00Z', '2026-01-06T09:00:00Z'] },
			}),
			{
				facts: ['appointment_changed', 'appointment_moved'],
				appointment_changed: true,
				appointment_moved: true,
				appointment_from: '2026-01-05T15:00:00Z',
				appointment_to: '2026-01-06T09:00:00Z',
			},
		);
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { pickup_appointment_at: ['2026-01-05T15:00:00Z', null] },
			}),
			{
				facts: ['appointment_changed'],
				appointment_changed: true,
				appointment_from: '2026-01-05T15:00:00Z',
			},
		);
	});
	test('the appointment event carries the new one only: changed, neither set nor moved', () => {
		expectFacts(
			changeFacts({
				event: 'container.pickup_appointment.changed',
				newValue: '2024-06-28T15:00:00Z',
			}),
			{
				facts: ['appointment_changed'],
				appointment_changed: true,
				appointment_to: '2024-06-28T15:00:00Z',
			},
		);
	});
});

describe('ETA', () => {
	test('a changeset with the old and new ETA (as a poller builds it): days moved', () => {
		expectFacts(
			changeFacts({
				event: 'shipment.estimated.arrival',
				changeset: { pod_eta_at: ['2022-11-03T01:00:00Z', '2022-11-01T14:00:00Z'] },
				timeZone: 'America/Los_Angeles',
			}),
			{
				facts: ['eta_moved'],
				eta_moved: true,
				eta_from: '2022-11-03T01:00:00Z',
				eta_to: '2022-11-01T14:00:00Z',
				// 2022-11-02 18:00 -> 2022-11-01 07:00 in Los Angeles
				eta_days_moved: -1,
			},
		);
	});
	test("Terminal49's ETA event: the new ETA only, the old one and the days null", () => {
		expectFacts(
			changeFacts({ event: 'shipment.estimated.arrival', newValue: '2022-11-01T14:00:00Z' }),
			{ facts: ['eta_moved'], eta_moved: true, eta_to: '2022-11-01T14:00:00Z' },
		);
	});
	test("Terminal49's ETA event with the shipment's original ETA: days from the original in the POD's zone", () => {
		expectFacts(
			changeFacts({
				event: 'shipment.estimated.arrival',
				newValue: '2022-11-08T06:00:00Z',
				originalEta: '2022-11-03T01:00:00Z',
				// the container's zone would say otherwise; the POD's counts
				timeZone: 'Asia/Tokyo',
				etaTimeZone: 'America/Los_Angeles',
			}),
			{
				facts: ['eta_moved'],
				eta_moved: true,
				eta_to: '2022-11-08T06:00:00Z',
				eta_original: '2022-11-03T01:00:00Z',
				// 2022-11-02 18:00 -> 2022-11-07 22:00 in Los Angeles: 5 days later (6 in Tokyo)
				eta_days_from_original: 5,
			},
		);
		// earlier than first announced: negative; the POD zone missing: the item's zone
		expectFacts(
			changeFacts({
				event: 'container.transport.estimated.vessel_arrived',
				newValue: '2022-11-01T14:00:00Z',
				originalEta: '2022-11-03T01:00:00Z',
				timeZone: 'UTC',
			}),
			{
				facts: ['eta_moved'],
				eta_moved: true,
				eta_to: '2022-11-01T14:00:00Z',
				eta_original: '2022-11-03T01:00:00Z',
				eta_days_from_original: -2,
			},
		);
	});
	test('the original ETA without an ETA change: shown, no days from it', () => {
		expectFacts(
			changeFacts({
				event: 'container.updated',
				changeset: { available_for_pickup: [false, true] },
				originalEta: '2022-11-03T01:00:00Z',
			}),
			{ eta_original: '2022-11-03T01:00:00Z' },
		);
	});
	test('an estimated departure is not an ETA', () => {
		expectFacts(
			changeFacts({
				event: 'container.transport.estimated.vessel_departed',
				newValue: '2022-11-01T14:00:00Z',
			}),
			{},
		);
	});
});

test('the shape is the same for every input, and facts follow the flags', () => {
	const inputs = [
		{ event: 'container.transport.vessel_arrived' },
		{ event: 'container.updated', changeset: 'not an object' },
		{ event: 'container.updated', changeset: { pickup_lfd: 'not a pair', holds: [[], [], []] } },
		{
			event: 'container.updated',
			changeset: {
				available_for_pickup: [false, true],
				holds_at_pod_terminal: [[hold('a')], []],
				pickup_lfd: ['2026-01-01', '2026-01-02'],
				fees_at_pod_terminal: [[], [{ type: 'exam', amount: 1 }]],
				pickup_appointment_at: [null, '2026-01-02T10:00:00Z'],
				pod_eta_at: ['2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z'],
			},
		},
	];
	for (const input of inputs) {
		const result = changeFacts(input);
		expect(Object.keys(result).sort()).toEqual(Object.keys(NOTHING).sort());
		for (const fact of CHANGE_FACTS) {
			const flag =
				fact === 'hold_released'
					? result.holds_released.length > 0
					: fact === 'hold_added'
						? result.holds_added.length > 0
						: result[fact];
			expect([fact, result.facts.includes(fact)]).toEqual([fact, flag]);
		}
	}
	expectFacts(changeFacts(inputs[1]), {});
	expectFacts(changeFacts(inputs[2]), {});
	expect(changeFacts(inputs[3]).facts).toEqual([
		'hold_released',
		'became_ready_for_pickup',
		'lfd_moved',
		'fees_appeared',
		'fee_posted',
		'costs_started',
		'appointment_changed',
		'appointment_set',
		'eta_moved',
	]);
});
