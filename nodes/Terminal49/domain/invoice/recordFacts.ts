import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, dateOfDayNumber, dayNumber, isValidTimeZone } from '../calendar';
import { movesByRail, sourceTimeZones } from '../deadlines';
import { fullOutOf } from '../pickupDates';
import { asObject, text } from '../values';
import type { KeptFacts } from './types';

/**
 * What a container's Terminal49 record says about the dates an invoice charges, each as a calendar day at its
 * place (the port's, the pickup's, the return's), with where it comes from. Built from the container as the
 * client reads it (its derived fields: the selected last free day, closed, holds), its transport events
 * (availability), and the facts the user kept before Terminal49 hid them. Nothing here is guessed: a fact the
 * record does not hold is null, with the reason where one can be told.
 */

/** A last free day, whose it is, and where the node read it. */
export interface RecordLfd {
	date: string;
	/** Terminal49's source of it: line, line_calculated, facility, facility_manual, terminal, rail. */
	source: string | null;
	/** Read from the container now, or from the facts kept before pickup. */
	from: 'terminal49' | 'kept';
	/** When the data behind it was current. */
	asOf: string | null;
	/** The last free day before it moved (the selection's original value), where it moved. */
	original: string | null;
}

export interface RecordFacts {
	/** Whether the account tracks the container (false: nothing below is known). */
	tracked: boolean;
	containerNumber: string;
	billOfLading: string | null;
	portLocode: string | null;
	portName: string | null;
	shippingLineScac: string | null;
	/** The port's time zone (UTC where the record names none, and said so in the sources). */
	portZone: string;
	dischargeDay: string | null;
	/** The first day the terminal recorded the container available, and the event's data source. */
	availableDay: string | null;
	availableSource: string | null;
	/** Whether Terminal49 knows the availability at all (`availability_known`). */
	availabilityKnown: boolean;
	/** Days the terminal recorded the container not available after it first was, before full out. */
	notAvailableDays: string[];
	fullOutDay: string | null;
	/** The record field the full-out day comes from. */
	fullOutField: string | null;
	emptyReturnDay: string | null;
	/** Picked up, delivered or empty returned. */
	closed: boolean;
	lfd: RecordLfd | null;
	/** Picked up, and Terminal49 no longer shows its last free day (nothing was kept either). */
	lfdHidden: boolean;
	/** Holds active now at the port terminal, whether the terminal reported, and when it was checked. */
	activeHolds: string[];
	holdsReported: boolean;
	terminalCheckedAt: string | null;
	/** When the record was current (the read's as_of). */
	asOf: string | null;
	trackingStoppedAt: string | null;
}

/** The record of a container the account does not track: every fact unknown. */
export function untracked(containerNumber: string): RecordFacts {
	return {
		tracked: false,
		containerNumber,
		billOfLading: null,
		portLocode: null,
		portName: null,
		shippingLineScac: null,
		portZone: 'UTC',
		dischargeDay: null,
		availableDay: null,
		availableSource: null,
		availabilityKnown: false,
		notAvailableDays: [],
		fullOutDay: null,
		fullOutField: null,
		emptyReturnDay: null,
		closed: false,
		lfd: null,
		lfdHidden: false,
		activeHolds: [],
		holdsReported: false,
		terminalCheckedAt: null,
		asOf: null,
		trackingStoppedAt: null,
	};
}

const dayIn = (value: unknown, zone: string): string | null =>
	typeof value === 'string' && value.trim() ? calendarDayOf(value, zone) : null;

const strings = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** A transport event's day at its own place (its `timezone`, else the port's). */
function eventDay(event: IDataObject, portZone: string): string | null {
	const zone = isValidTimeZone(event.timezone) ? event.timezone : portZone;
	return dayIn(event.timestamp, zone);
}

/**
 * Availability from the transport events: the first `container.transport.available`, and the days between a
 * `not_available` and the next `available` (or the full out) after it, each a calendar day at the port.
 */
function availability(
	events: readonly IDataObject[],
	portZone: string,
	fullOutDay: string | null,
): { first: string | null; source: string | null; notAvailable: string[] } {
	const moves = events
		.filter((event) =>
			['container.transport.available', 'container.transport.not_available'].includes(
				String(event.event),
			),
		)
		.map((event) => ({ event, day: eventDay(event, portZone) }))
		.filter((move): move is { event: IDataObject; day: string } => move.day !== null)
		.sort((a, b) => Date.parse(String(a.event.timestamp)) - Date.parse(String(b.event.timestamp)));
	const firstAvailable = moves.find((move) => move.event.event === 'container.transport.available');
	const notAvailable = new Set<string>();
	let since: number | null = null;
	const close = (until: number) => {
		if (since === null) return;
		for (let day = since; day < until; day++) notAvailable.add(dateOfDayNumber(day));
		since = null;
	};
	for (const move of moves) {
		if (
			!firstAvailable ||
			Date.parse(String(move.event.timestamp)) < Date.parse(String(firstAvailable.event.timestamp))
		)
			continue;
		if (move.event.event === 'container.transport.not_available') {
			if (since === null) since = dayNumber(move.day);
		} else close(dayNumber(move.day));
	}
	if (since !== null && fullOutDay !== null) close(dayNumber(fullOutDay));
	return {
		first: firstAvailable?.day ?? null,
		source: firstAvailable ? (text(firstAvailable.event.data_source) ?? null) : null,
		notAvailable: [...notAvailable].sort(),
	};
}

/**
 * The record of a tracked container: `container` as the client reads it (All Fields: its derived fields, its
 * shipment and POD terminal nested), `events` its transport events (none read: availability unknown).
 */
export function recordFacts(
	container: IDataObject,
	events: readonly IDataObject[] | null,
): RecordFacts {
	const shipment = asObject(container.shipment) ?? {};
	const zones = sourceTimeZones(container);
	const portZone = zones.terminal ?? 'UTC';
	const pickupZone = zones.line ?? portZone;
	const byRail = movesByRail(container);
	const fullOut = fullOutOf(container, byRail);
	const fullOutDay = dayIn(fullOut, pickupZone);
	const returnZone = isValidTimeZone(container.empty_terminated_timezone)
		? container.empty_terminated_timezone
		: pickupZone;
	const seen = availability(events ?? [], portZone, fullOutDay);
	const closed = container.closed === true;
	const shown = text(container.pickup_lfd_date);
	const lfd: RecordLfd | null = shown
		? {
				date: shown,
				source: text(container.pickup_lfd_source),
				from: 'terminal49',
				asOf: text(container.as_of),
				original: text(container.pickup_lfd_original_date),
			}
		: null;
	return {
		tracked: true,
		containerNumber: String(container.number ?? ''),
		billOfLading: text(shipment.bill_of_lading_number),
		portLocode: text(shipment.port_of_discharge_locode)?.toUpperCase() ?? null,
		portName: text(shipment.port_of_discharge_name),
		shippingLineScac: text(shipment.shipping_line_scac)?.toUpperCase() ?? null,
		portZone,
		dischargeDay: dayIn(container.pod_discharged_at, portZone),
		availableDay: seen.first,
		availableSource: seen.source,
		availabilityKnown: container.availability_known === true || seen.first !== null,
		notAvailableDays: seen.notAvailable,
		fullOutDay,
		fullOutField:
			fullOut === null
				? null
				: fullOut === container.final_destination_full_out_at
					? 'final_destination_full_out_at'
					: fullOut === container.pod_full_out_at
						? 'pod_full_out_at'
						: 'delivered_at',
		emptyReturnDay: dayIn(container.empty_terminated_at, returnZone),
		closed,
		lfd,
		lfdHidden: closed && lfd === null,
		activeHolds: strings(container.active_holds),
		holdsReported: container.holds_reported === true,
		terminalCheckedAt: text(container.terminal_checked_at),
		asOf: text(container.as_of),
		trackingStoppedAt: text(shipment.line_tracking_stopped_at),
	};
}

/**
 * The record with the facts a line's user kept: the kept last free day stands where Terminal49 shows none now
 * (hidden after pickup); one Terminal49 still shows is used over it.
 */
export function withKept(facts: RecordFacts, kept: KeptFacts | null): RecordFacts {
	if (!facts.tracked || facts.lfd || !kept?.lastFreeDay) return facts;
	return {
		...facts,
		lfd: {
			date: kept.lastFreeDay,
			source: kept.lastFreeDaySource,
			from: 'kept',
			asOf: kept.asOf,
			original: null,
		},
		lfdHidden: false,
	};
}
