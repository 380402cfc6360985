import {
	containerInsights,
	withContainerInsights,
} from '../../nodes/Terminal49/domain/containerInsights';
import { pickupLfdSource } from '../../nodes/Terminal49/domain/deadlines';

const now = new Date('2026-11-22T06:00:00Z'); // 22:00 on Nov 21 in Los Angeles

test('ready for pickup only when available and no hold has status "hold" (pending does not block)', () => {
	const base = {
		available_for_pickup: true,
		holds_at_pod_terminal: [{ name: 'USDA', status: 'pending', description: null }],
	};
	expect(containerInsights(base, 'UTC', { now })).toMatchObject({
		ready_for_pickup: true,
		active_holds: [],
		pending_holds: ['USDA'],
	});
	expect(
		containerInsights(
			{
				...base,
				holds_at_pod_terminal: [
					{ name: 'customs', status: 'hold' },
					{ name: 'TMF', status: 'pending' },
				],
			},
			'UTC',
			{ now },
		),
	).toMatchObject({ ready_for_pickup: false, active_holds: ['customs'], pending_holds: ['TMF'] });
	expect(
		containerInsights({ available_for_pickup: false, holds_at_pod_terminal: [] }, 'UTC', { now })
			.ready_for_pickup,
	).toBe(false);
	expect(containerInsights({}, undefined, { now })).toMatchObject({
		ready_for_pickup: false,
		active_holds: [],
		fees_total: {},
	});
});

test('fees are summed per currency, `total` items excluded, amount 0 pending (Terminal49: reported, not yet posted)', () => {
	const insights = containerInsights(
		{
			fees_at_pod_terminal: [
				{ type: 'demurrage', amount: 150.5, currency_code: 'USD' },
				{ type: 'exam', amount: 0, currency_code: 'USD' },
				{ type: 'extended_dwell_time', amount: 20, currency_code: 'CAD' },
				{ type: 'total', amount: 170.5, currency_code: 'USD' },
			],
		},
		'UTC',
		{ now },
	);
	expect(insights.fees_total).toEqual({ USD: 150.5, CAD: 20 });
	expect(insights.fees_pending).toEqual(['exam']);
	expect(insights.fees_text).toBe('150.50 USD, 20.00 CAD (exam pending)');
	expect(
		containerInsights(
			{ fees_at_pod_terminal: [{ type: 'exam', amount: 0, currency_code: 'USD' }] },
			'UTC',
			{ now },
		),
	).toMatchObject({ fees_total: {}, fees_pending: ['exam'], fees_text: 'exam pending' });
});

test('the LFD source follows the priority line, terminal, rail, not the earliest date', () => {
	expect(
		pickupLfdSource({
			pickup_lfd_line: '2026-11-30T00:00:00Z',
			pickup_lfd_terminal: '2026-11-25T00:00:00Z',
		}),
	).toBe('line');
	expect(
		pickupLfdSource({
			pickup_lfd_line: null,
			pickup_lfd_terminal: '2026-11-25',
			pickup_lfd_rail: '2026-11-20',
		}),
	).toBe('terminal');
	expect(pickupLfdSource({ pickup_lfd_rail: '2026-11-20' })).toBe('rail');
	expect(pickupLfdSource(null)).toBeNull();
});

test('days until the LFD count calendar days in the destination time zone', () => {
	const lfd = '2026-11-23T07:00:00Z'; // Nov 22 23:00 in Los Angeles, Nov 23 in UTC
	expect(containerInsights({ pickup_lfd: lfd }, 'America/Los_Angeles', { now })).toMatchObject({
		days_until_pickup_lfd: 1,
		lfd_time_zone: 'America/Los_Angeles',
	});
	expect(containerInsights({ pickup_lfd: lfd }, 'UTC', { now }).days_until_pickup_lfd).toBe(1);
	expect(
		containerInsights({ pickup_lfd: '2026-11-20T12:00:00Z' }, 'America/New_York', { now })
			.days_until_pickup_lfd,
	).toBe(-2);
	expect(
		containerInsights({ pickup_lfd: '2026-11-21' }, 'Asia/Tokyo', { now }).days_until_pickup_lfd,
	).toBe(-1);
	expect(containerInsights({ pickup_lfd: null }, 'UTC', { now }).days_until_pickup_lfd).toBeNull();
	expect(containerInsights({ pickup_lfd: 'soon' }, 'Not/AZone', { now })).toMatchObject({
		days_until_pickup_lfd: null,
		lfd_time_zone: null,
	});
});

test('the time zone comes from the shipment or the terminal of the item', () => {
	const item = withContainerInsights(
		{
			pickup_lfd: '2026-11-23T07:00:00Z',
			shipment: { destination_timezone: 'America/Los_Angeles' },
		},
		undefined,
		{ now },
	);
	expect(item.lfd_time_zone).toBe('America/Los_Angeles');
	expect(item.days_until_pickup_lfd).toBe(1);
});

test('fees_text and pickup_lfd_date: the fees as text, the LFD as a calendar day at the place of pickup', () => {
	const insights = containerInsights(
		{
			pickup_lfd: '2026-03-10T03:00:00Z',
			fees_at_pod_terminal: [
				{ type: 'demurrage', amount: 450, currency_code: 'USD' },
				{ type: 'exam', amount: 20.5, currency_code: 'CAD' },
				{ type: 'total', amount: 470.5, currency_code: 'USD' },
			],
		},
		'America/New_York',
		{ now: new Date('2026-03-08T12:00:00Z') },
	);
	expect(insights.fees_text).toBe('450.00 USD, 20.50 CAD');
	// 03:00 UTC is 23:00 the evening before in New York (EDT since March 8)
	expect(insights.pickup_lfd_date).toBe('2026-03-09');
	expect(insights.days_until_pickup_lfd).toBe(1);
	const none = containerInsights({ pickup_lfd: null, fees_at_pod_terminal: [] }, 'UTC');
	expect([none.fees_text, none.pickup_lfd_date]).toEqual(['', null]);
});
