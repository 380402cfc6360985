/**
 * The urgency fields of domain/containerInsights.ts (lfd_band, terminal_data_fresh, closed, urgency,
 * urgent) on a fixed clock: bands counted in the LFD's own calendar across time-zone boundaries and DST
 * switches, and the rule that a stale or closed container is never urgent. Expected values are worked out
 * by hand in the comments, not by the code under test.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import {
	containerInsights,
	withContainerInsights,
} from '../../nodes/Terminal49/domain/containerInsights';
import { CONTAINER_STATUSES } from '../../nodes/Terminal49/domain/statuses';
import { simplifyResource, indexIncluded } from '../../nodes/Terminal49/client/jsonApi';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A container open at the terminal, checked an hour before `now`, with this LFD in this zone. */
function open(pickupLfd: string, zone: string, now: Date, extra: IDataObject = {}): IDataObject {
	return {
		current_status: 'available',
		available_for_pickup: true,
		pickup_lfd: pickupLfd,
		pod_timezone: zone,
		terminal_checked_at: new Date(now.getTime() - HOUR).toISOString(),
		...extra,
	};
}

const bandAt = (pickupLfd: string, zone: string, now: Date, imminentDays?: number) => {
	const insights = containerInsights(open(pickupLfd, zone, now), zone, {
		now,
		imminentDays: imminentDays ?? undefined,
	});
	return [insights.days_until_pickup_lfd, insights.lfd_band, insights.urgent];
};

describe('lfd_band in the LFD own calendar', () => {
	it('America/Los_Angeles across the spring-forward switch (8 Mar 2026, 02:00 PST -> 03:00 PDT = 10:00Z)', () => {
		// LFD 9 Mar local midnight (PDT, UTC-7) = 2026-03-09T07:00Z
		const lfd = '2026-03-09T07:00:00Z';
		// 7 Mar 23:30 PST (UTC-8): two calendar days ahead
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-03-08T07:30:00Z'))).toEqual([
			2,
			'imminent',
			true,
		]);
		// 8 Mar 00:30 PST, before the switch: 1 day (only 22.5 hours of clock time remain)
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-03-08T08:30:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]);
		// 8 Mar 23:59 PDT = 2026-03-09T06:59Z: still 1 day; one minute later (9 Mar 00:00 PDT) today
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-03-09T06:59:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]);
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-03-09T07:00:00Z'))).toEqual([
			0,
			'today',
			true,
		]);
		// 10 Mar 00:00 PDT = 2026-03-10T07:00Z: overdue
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-03-10T07:00:00Z'))).toEqual([
			-1,
			'overdue',
			true,
		]);
	});

	it('America/Los_Angeles across the fall-back switch (1 Nov 2026, 02:00 PDT -> 01:00 PST = 09:00Z)', () => {
		// LFD 2 Nov local midnight (PST, UTC-8) = 2026-11-02T08:00Z; 1 Nov is 25 hours long
		const lfd = '2026-11-02T08:00:00Z';
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-11-01T07:00:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]); // 1 Nov 00:00 PDT: 25 hours ahead, still one calendar day
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-11-02T07:59:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]); // 1 Nov 23:59 PST
		expect(bandAt(lfd, 'America/Los_Angeles', new Date('2026-11-02T08:00:00Z'))).toEqual([
			0,
			'today',
			true,
		]);
	});

	it('Pacific/Auckland across the DST end (5 Apr 2026, 03:00 NZDT -> 02:00 NZST = 4 Apr 14:00Z)', () => {
		// LFD 6 Apr local midnight (NZST, UTC+12) = 2026-04-05T12:00Z
		const lfd = '2026-04-05T12:00:00Z';
		// 4 Apr 23:59 NZDT (UTC+13) = 2026-04-04T10:59Z: two days
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-04-04T10:59:00Z'))).toEqual([
			2,
			'imminent',
			true,
		]);
		// 5 Apr 00:00 NZDT = 2026-04-04T11:00Z: one day (in UTC it is still 4 Apr)
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-04-04T11:00:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]);
		// 6 Apr 00:00 NZST = 2026-04-05T12:00Z: today; 7 Apr 00:00 NZST = 2026-04-06T12:00Z: overdue
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-04-05T12:00:00Z'))).toEqual([
			0,
			'today',
			true,
		]);
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-04-06T12:00:00Z'))).toEqual([
			-1,
			'overdue',
			true,
		]);
	});

	it('Pacific/Auckland across the DST start (27 Sep 2026, 02:00 NZST -> 03:00 NZDT = 26 Sep 14:00Z)', () => {
		// LFD 28 Sep local midnight (NZDT, UTC+13) = 2026-09-27T11:00Z
		const lfd = '2026-09-27T11:00:00Z';
		// 26 Sep 12:30 NZST = 2026-09-26T00:30Z: two days; 27 Sep 23:59 NZDT = 2026-09-27T10:59Z: one day
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-09-26T00:30:00Z'))[0]).toBe(2);
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-09-27T10:59:00Z'))[0]).toBe(1);
		expect(bandAt(lfd, 'Pacific/Auckland', new Date('2026-09-27T11:00:00Z'))[0]).toBe(0);
	});

	it('Asia/Kolkata (UTC+05:30, no DST): the local day starts at 18:30Z the day before', () => {
		// LFD 22 Nov local midnight = 2026-11-21T18:30Z
		const lfd = '2026-11-21T18:30:00Z';
		// 21 Nov 23:59 IST: 1 day (UTC calls both instants 21 Nov: a UTC count would say "today")
		expect(bandAt(lfd, 'Asia/Kolkata', new Date('2026-11-21T18:29:00Z'))).toEqual([
			1,
			'imminent',
			true,
		]);
		expect(bandAt(lfd, 'Asia/Kolkata', new Date('2026-11-21T18:30:00Z'))).toEqual([
			0,
			'today',
			true,
		]);
		// 23 Nov 00:00 IST = 2026-11-22T18:30Z
		expect(bandAt(lfd, 'Asia/Kolkata', new Date('2026-11-22T18:30:00Z'))).toEqual([
			-1,
			'overdue',
			true,
		]);
	});

	it('a date-only LFD is that calendar day wherever the container is', () => {
		const now = new Date('2026-11-21T18:31:00Z'); // 21 Nov in LA and UTC, 22 Nov 00:01 in Kolkata, 07:31 in Auckland
		expect(bandAt('2026-11-22', 'America/Los_Angeles', now)[0]).toBe(1);
		expect(bandAt('2026-11-22', 'Asia/Kolkata', now)[0]).toBe(0);
		expect(bandAt('2026-11-22', 'Pacific/Auckland', now)[0]).toBe(0);
	});

	it('"imminent" is 1 to N days (N = 3 unless the node says otherwise); beyond is "later"; no LFD is "none"', () => {
		const now = new Date('2026-06-10T12:00:00Z');
		const day = (d: number) => `2026-06-${String(10 + d).padStart(2, '0')}`;
		expect([0, 1, 3, 4].map((d) => bandAt(day(d), 'UTC', now)[1])).toEqual([
			'today',
			'imminent',
			'imminent',
			'later',
		]);
		expect(bandAt(day(4), 'UTC', now, 5)[1]).toBe('imminent');
		expect(bandAt(day(6), 'UTC', now, 5)[1]).toBe('later');
		expect(bandAt(day(1), 'UTC', now, 0)).toEqual([1, 'later', false]);
		expect(bandAt(day(0), 'UTC', now, 0)).toEqual([0, 'today', true]);
		const none = containerInsights({ current_status: 'on_ship' }, 'UTC', { now });
		expect(none).toMatchObject({ lfd_band: 'none', urgency: 'none', urgent: false });
	});
});

describe('stale and closed containers are never urgent', () => {
	const now = new Date('2026-06-10T12:00:00Z');
	const lfdToday = '2026-06-10';

	it('terminal data is fresh when checked at most 7 days ago, stale beyond or never', () => {
		const at = (checked: string | null | undefined) =>
			containerInsights({ ...open(lfdToday, 'UTC', now), terminal_checked_at: checked }, 'UTC', {
				now,
			});
		expect(at(new Date(now.getTime() - 7 * DAY).toISOString())).toMatchObject({
			terminal_data_fresh: true,
			urgency: 'today',
			urgent: true,
		});
		for (const checked of [
			new Date(now.getTime() - 7 * DAY - 1000).toISOString(),
			'2026-01-01T00:00:00Z',
			null,
			undefined,
			'not a date',
		]) {
			expect(at(checked)).toMatchObject({
				terminal_data_fresh: false,
				urgency: 'stale',
				urgent: false,
				lfd_band: 'today',
			});
		}
		expect(at(null).terminal_checked_at).toBeNull();
		expect(at('2026-06-09T08:00:00Z').terminal_checked_at).toBe('2026-06-09T08:00:00Z');
	});

	it('picked up, delivered and empty returned are closed, whatever their LFD and terminal data', () => {
		for (const status of ['picked_up', 'delivered', 'empty_returned']) {
			expect(
				containerInsights({ ...open('2026-06-08', 'UTC', now), current_status: status }, 'UTC', {
					now,
				}),
			).toMatchObject({ closed: true, urgency: 'closed', urgent: false, lfd_band: 'overdue' });
		}
	});

	it('the milestone dates close a container whatever its status says', () => {
		const closedBy = (extra: IDataObject) =>
			containerInsights({ ...open(lfdToday, 'UTC', now), ...extra }, 'UTC', { now }).closed;
		expect(closedBy({ delivered_at: '2026-06-01T00:00:00Z' })).toBe(true);
		expect(closedBy({ empty_terminated_at: '2026-06-01T00:00:00Z' })).toBe(true);
		expect(closedBy({ final_destination_full_out_at: '2026-06-01T00:00:00Z' })).toBe(true);
		// out of the port terminal: picked up, unless it left on a train for an inland pickup
		expect(closedBy({ pod_full_out_at: '2026-06-01T00:00:00Z' })).toBe(true);
		expect(
			closedBy({
				pod_full_out_at: '2026-06-01T00:00:00Z',
				pod_rail_loaded_at: '2026-06-01T02:00:00Z',
			}),
		).toBe(false);
		expect(
			closedBy({
				pod_full_out_at: '2026-06-01T00:00:00Z',
				import_deadlines: { pickup_lfd_rail: '2026-06-05T05:00:00Z' },
			}),
		).toBe(false);
		expect(closedBy({})).toBe(false);
	});

	it('over every status, freshness and LFD: urgent exactly when open, fresh and the LFD is past, today or imminent', () => {
		let urgentSeen = 0;
		for (const status of CONTAINER_STATUSES) {
			for (const checkedDaysAgo of [null, 0, 3, 7.5, 30]) {
				for (const lfdDays of [null, -200, -1, 0, 1, 3, 4, 30]) {
					const container: IDataObject = {
						current_status: status,
						pod_timezone: 'UTC',
						terminal_checked_at:
							checkedDaysAgo === null
								? null
								: new Date(now.getTime() - checkedDaysAgo * DAY).toISOString(),
						pickup_lfd:
							lfdDays === null
								? null
								: new Date(Date.UTC(2026, 5, 10 + lfdDays)).toISOString().slice(0, 10),
					};
					const insights = containerInsights(container, 'UTC', { now });
					const closed = ['picked_up', 'delivered', 'empty_returned'].includes(status);
					const fresh = checkedDaysAgo !== null && checkedDaysAgo <= 7;
					const due = lfdDays !== null && lfdDays <= 3;
					expect([status, checkedDaysAgo, lfdDays, insights.urgent]).toEqual([
						status,
						checkedDaysAgo,
						lfdDays,
						!closed && fresh && due,
					]);
					expect(insights.closed).toBe(closed);
					if (insights.urgent) urgentSeen++;
				}
			}
		}
		expect(urgentSeen).toBeGreaterThan(0);
	});
});

describe('real responses of the live service (test/fixtures/real-responses)', () => {
	const real = (file: string) =>
		JSON.parse(
			fs.readFileSync(path.join(__dirname, '../fixtures/real-responses', file), 'utf8'),
		) as { data: IDataObject | IDataObject[]; included?: unknown };
	const flat = (file: string) => {
		const document = real(file);
		const record = (Array.isArray(document.data) ? document.data[0] : document.data) as never;
		return simplifyResource(record, indexIncluded(document.included));
	};

	it('containers.get.base.json: picked up, no LFD, terminal never checked: closed, never urgent', () => {
		const item = withContainerInsights(flat('containers.get.base.json'), undefined, {
			now: new Date(),
		});
		expect(item).toMatchObject({
			current_status: 'picked_up',
			closed: true,
			terminal_checked_at: null,
			terminal_data_fresh: false,
			lfd_band: 'none',
			urgency: 'closed',
			urgent: false,
		});
	});

	it('containers.list.json: an inland rail container whose LFD is months past; its terminal data is stale a week after the capture', () => {
		const item = flat('containers.list.json');
		// Checked 2026-02-04T05:04:40Z; the train left the port (pod_full_out_at) but it was not picked up inland
		const atCapture = withContainerInsights(item, undefined, {
			now: new Date('2026-02-04T12:00:00Z'),
		});
		expect(atCapture).toMatchObject({
			terminal_checked_at: '2026-02-04T05:04:40Z',
			terminal_data_fresh: true,
			closed: false,
			lfd_band: 'overdue',
			urgency: 'overdue',
			urgent: true,
		});
		const weekLater = withContainerInsights(item, undefined, {
			now: new Date('2026-02-11T05:04:41Z'),
		});
		expect(weekLater).toMatchObject({
			terminal_data_fresh: false,
			lfd_band: 'overdue',
			urgency: 'stale',
			urgent: false,
		});
		// today's clock: the old LFD no longer makes it urgent
		expect(withContainerInsights(item)).toMatchObject({ urgency: 'stale', urgent: false });
	});

	it('containers.get.pickup.json (hand-made by the SDK authors): no terminal check recorded, so stale, not urgent', () => {
		const item = withContainerInsights(flat('containers.get.pickup.json'), undefined, {
			now: new Date('2026-06-19T12:00:00Z'),
		});
		expect(item).toMatchObject({
			current_status: 'available',
			ready_for_pickup: true,
			lfd_band: 'imminent',
			terminal_data_fresh: false,
			urgency: 'stale',
			urgent: false,
		});
	});

	it('every container of the real shipments reads closed when picked up', () => {
		const document = real('shipments.get.include.json');
		const index = indexIncluded(document.included);
		const containers = ((document.included ?? []) as IDataObject[])
			.filter((r) => r.type === 'container')
			.map((r) => withContainerInsights(simplifyResource(r as never, index)));
		expect(containers.length).toBeGreaterThan(0);
		for (const container of containers) {
			expect(container.closed).toBe(container.current_status === 'picked_up');
			expect(container.urgent).toBe(false);
		}
	});
});
