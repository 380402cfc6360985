/**
 * The pure derivations of issue 24, on hand-made records with a fixed clock: the earliest of the three LFDs
 * (orders, ties, calendars, the fallback to pickup_lfd), the pickup state's five values, and the risks that
 * stay unknown when the record does not say.
 */
import {
	containerInsights,
	withContainerInsights,
} from '../../nodes/Terminal49/domain/containerInsights';
import { earliestDeadline, sourceTimeZones } from '../../nodes/Terminal49/domain/deadlines';
import { pickupState } from '../../nodes/Terminal49/domain/pickupState';

// 15:00 UTC on Tuesday 20 October 2026: 11:00 in New York, 08:00 in Los Angeles
const now = new Date('2026-10-20T15:00:00Z');
const fresh = '2026-10-20T12:00:00Z';

const lfds = (line: string | null, terminal: string | null, rail: string | null) => ({
	import_deadlines: {
		pickup_lfd_line: line,
		pickup_lfd_terminal: terminal,
		pickup_lfd_rail: rail,
	},
	pickup_lfd: line ?? terminal ?? rail,
	pod_timezone: 'America/New_York',
	final_destination_timezone: 'America/Chicago',
	terminal_checked_at: fresh,
	current_status: 'available',
	available_for_pickup: true,
	holds_at_pod_terminal: [],
});

describe('the earliest LFD', () => {
	it.each([
		['line first', '2026-10-21T04:00:00Z', '2026-10-23T04:00:00Z', null, 'line', 1],
		['terminal first', '2026-10-27T04:00:00Z', '2026-10-22T04:00:00Z', null, 'terminal', 2],
		['rail first', '2026-10-27T04:00:00Z', null, '2026-10-21T05:00:00Z', 'rail', 1],
	] as const)('%s', (_name, line, terminal, rail, source, days) => {
		const container = lfds(line, terminal, rail);
		expect(earliestDeadline(container, sourceTimeZones(container), now)).toMatchObject({
			source,
			daysUntil: days,
		});
	});

	it('each source in its own calendar: a rail LFD at 02:00 UTC is the day before in Chicago', () => {
		// 22 Oct 02:00Z is 21 Oct 21:00 in Chicago (1 day), 21 Oct 22:00 in New York
		const container = lfds(null, '2026-10-22T12:00:00Z', '2026-10-22T02:00:00Z');
		expect(earliestDeadline(container, sourceTimeZones(container), now)).toMatchObject({
			source: 'rail',
			date: '2026-10-21',
			daysUntil: 1,
			zone: 'America/Chicago',
		});
	});

	it('the same day from two sources: the earlier instant', () => {
		const container = lfds('2026-10-22T20:00:00Z', '2026-10-22T05:00:00Z', null);
		expect(earliestDeadline(container, sourceTimeZones(container), now)?.source).toBe('terminal');
	});

	it('a record with pickup_lfd and no per-source LFD (older records): that one, its source unknown', () => {
		const container = { pickup_lfd: '2026-10-21T04:00:00Z', pod_timezone: 'America/New_York' };
		expect(containerInsights(container, sourceTimeZones(container), { now })).toMatchObject({
			earliest_lfd: '2026-10-21T04:00:00Z',
			earliest_lfd_source: null,
			days_until_earliest_lfd: 1,
		});
	});

	it("on the train with only the terminal's LFD: no deadline (pickup_lfd, that same LFD, does not bring it back)", () => {
		// as the live rail records: loaded on the train at the port, the terminal's LFD the only one reported,
		// Terminal49's coalesced pickup_lfd equal to it
		const container = {
			...lfds(null, '2026-10-19T04:00:00Z', null),
			current_status: 'on_rail',
			pod_rail_carrier_scac: 'BNSF',
			pod_rail_loaded_at: '2026-10-18T19:00:00Z',
		};
		expect(earliestDeadline(container, sourceTimeZones(container), now)).toBeNull();
		expect(containerInsights(container, sourceTimeZones(container), { now })).toMatchObject({
			earliest_lfd: null,
			earliest_lfd_source: null,
			lfd_band: 'none',
			urgent: false,
			// Terminal49's own field is still read as sent (Deadline to Watch: pickup_lfd follows it)
			pickup_lfd_source: 'terminal',
			days_until_pickup_lfd: -1,
		});
		expect(containerInsights(container, sourceTimeZones(container), { now }).risks).not.toContain(
			'lfd_past',
		);
	});

	it('no LFD at all: none', () => {
		expect(containerInsights({}, 'UTC', { now })).toMatchObject({
			earliest_lfd: null,
			days_until_earliest_lfd: null,
			lfd_band: 'none',
		});
	});
});

describe('pickup state', () => {
	it.each([
		[true, [], 'ready'],
		[true, ['customs'], 'out_of_sync'],
		[false, ['freight'], 'blocked'],
		[false, [], 'not_released'],
	] as const)('available %s, active holds %j: %s', (available, holds, state) => {
		expect(pickupState({ available_for_pickup: available }, [...holds], false).pickup_state).toBe(
			state,
		);
	});

	it('availability not known to Terminal49: unknown, unless a hold blocks', () => {
		expect(pickupState({ availability_known: false }, [], false).pickup_state).toBe('unknown');
		expect(pickupState({ availability_known: false }, ['customs'], false).pickup_state).toBe(
			'blocked',
		);
	});

	it('a pending hold blocks nothing yet', () => {
		const item = withContainerInsights(
			{
				...lfds(null, '2026-10-25T04:00:00Z', null),
				holds_at_pod_terminal: [{ name: 'USDA', status: 'pending' }],
			},
			undefined,
			{ now },
		);
		expect(item).toMatchObject({ pickup_state: 'ready', pending_holds: ['USDA'] });
		expect(item.risks).not.toContain('usda_hold');
	});
});

describe('risks that the record cannot tell are unknown, not false', () => {
	const base = lfds(null, '2026-10-25T04:00:00Z', null);

	it('no shipment in the item: ETA slipped unknown; no transport events: rolled and transshipped unknown', () => {
		const item = withContainerInsights({ ...base, current_status: 'on_ship' }, undefined, { now });
		expect(item.risks_unknown).toEqual(
			expect.arrayContaining(['eta_slipped', 'rolled', 'transshipped']),
		);
	});

	it('the shipment included: ETA slipped from its first ETA, only while not arrived', () => {
		const onShip = {
			...base,
			current_status: 'on_ship',
			shipment: {
				pod_eta_at: '2026-10-30T12:00:00Z',
				pod_original_eta_at: '2026-10-27T12:00:00Z',
				pod_ata_at: null,
				pod_timezone: 'America/New_York',
			},
		};
		expect(withContainerInsights(onShip, undefined, { now })).toMatchObject({
			eta_days_late: 3,
			risks: expect.arrayContaining(['eta_slipped']),
		});
		const arrived = { ...onShip, shipment: { ...onShip.shipment, pod_ata_at: fresh } };
		expect(withContainerInsights(arrived, undefined, { now }).risks).not.toContain('eta_slipped');
	});

	it('terminal data never checked: the hold and LFD risks unknown', () => {
		const item = withContainerInsights({ ...base, terminal_checked_at: null }, undefined, {
			now,
		});
		expect(item.risks_unknown).toEqual(
			expect.arrayContaining(['customs_hold', 'freight_hold', 'lfd_past', 'lfd_today']),
		);
		expect(item.risks).toEqual([]);
	});

	it('not yet at the port: no LFD is due, no dwell (false, not unknown)', () => {
		const item = withContainerInsights(
			{ current_status: 'on_ship', terminal_checked_at: fresh, holds_at_pod_terminal: [] },
			undefined,
			{ now },
		);
		expect(item.risks_unknown).not.toEqual(expect.arrayContaining(['lfd_past']));
		expect(item.risks_unknown).not.toContain('dwell_3_days');
	});

	it('a discharge date still ahead (an estimate) is no waiting', () => {
		const item = withContainerInsights(
			{ ...base, current_status: 'not_available', pod_discharged_at: '2026-10-22T10:00:00Z' },
			undefined,
			{ now },
		);
		expect(item.days_waiting_for_pickup).toBeNull();
		expect(item.risks).not.toContain('dwell_3_days');
	});
});
