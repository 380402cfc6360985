/**
 * The trigger item's `milestone` (domain/milestone.ts): what a milestone log row needs without code, from
 * real payloads through simplifyNotification and from hand-written events.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { milestoneOf } from '../../nodes/Terminal49/domain/milestone';
import { readNotification, simplifyNotification } from '../../nodes/Terminal49/trigger/payload';
import type { Notification } from '../../nodes/Terminal49/trigger/payload';

const example = (file: string) =>
	readNotification(
		JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'webhook-examples', file), 'utf8')),
	) as Notification;

test('a real vessel_loaded payload: the port and vessel of the event, the local time in its zone', () => {
	expect(simplifyNotification(example('container.transport.vessel_loaded.json')).milestone).toEqual(
		{
			name: 'vessel_loaded',
			location_locode: 'CNNGB',
			location_name: 'Ningbo',
			location: 'Ningbo (CNNGB)',
			occurred_at: '2022-09-22T09:38:00Z',
			time_zone: 'Asia/Shanghai',
			occurred_at_local: '2022-09-22 17:38 GMT+8 (Asia/Shanghai)',
			occurred_date_local: '2022-09-22',
			voyage_number: '0082E',
			vessel: 'NYK THEMIS',
		},
	);
});

test('no milestone for estimates and for events that are not transport milestones', () => {
	for (const file of [
		'container.transport.estimated.vessel_arrived.json',
		'shipment.estimated.arrival.json',
		'container.updated.json',
		'tracking_request.succeeded.json',
	]) {
		expect([file, simplifyNotification(example(file)).milestone]).toEqual([file, null]);
	}
});

test('the place named from the shipment when the event does not carry it; DST; unknown zone', () => {
	const shipment = {
		port_of_lading_locode: 'CNYTN',
		port_of_lading_name: 'Yantian',
		port_of_discharge_locode: 'USNYC',
		port_of_discharge_name: 'New York',
		pod_timezone: 'America/New_York',
		pod_vessel_name: 'EVER ACE',
	};
	expect(
		milestoneOf(
			'container.transport.vessel_discharged',
			{ timestamp: '2026-07-01T14:05:00Z', location_locode: 'usnyc' },
			null,
			null,
			shipment,
		),
	).toMatchObject({
		name: 'vessel_discharged',
		location: 'New York (USNYC)',
		time_zone: 'America/New_York',
		occurred_at_local: '2026-07-01 10:05 EDT (America/New_York)',
		vessel: 'EVER ACE',
	});
	expect(
		milestoneOf(
			'container.transport.full_out',
			{ timestamp: '2026-12-01T03:00:00Z', location_locode: 'USNYC', timezone: 'Nowhere/Else' },
			null,
			null,
			shipment,
		),
	).toMatchObject({
		occurred_at_local: '2026-11-30 22:00 EST (America/New_York)',
		occurred_date_local: '2026-11-30',
	});
	expect(
		milestoneOf('container.transport.empty_in', { timestamp: null }, null, null, null),
	).toEqual({
		name: 'empty_in',
		location_locode: null,
		location_name: null,
		location: '',
		occurred_at: null,
		time_zone: 'UTC',
		occurred_at_local: null,
		occurred_date_local: null,
		voyage_number: null,
		vessel: null,
	});
});
