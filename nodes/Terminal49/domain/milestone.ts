import type { IDataObject } from 'n8n-workflow';

import { isValidTimeZone } from './calendar';
import { text } from './values';

/**
 * The `milestone` of a trigger item for a container transport event: what one row of a milestone log
 * needs, without code (short event name, place with its UN/LOCODE, the time in the place's own zone).
 */
export interface Milestone extends IDataObject {
	/** The event without its prefix, e.g. `vessel_loaded`. */
	name: string;
	/** The UN/LOCODE of the place, e.g. `CNYTN`; null when the event has none. */
	location_locode: string | null;
	/** The place's name (the event's port or metro area, else the shipment's port of that code); null if unknown. */
	location_name: string | null;
	/** `Yantian (CNYTN)`, the code alone when the name is unknown, empty when neither is. */
	location: string;
	/** When it happened, as Terminal49 sends it (UTC). */
	occurred_at: string | null;
	/** The place's IANA zone (the event's, else the shipment's port of discharge); UTC when unknown. */
	time_zone: string;
	/** `2026-11-22 17:05 GMT+8 (Asia/Shanghai)`: the time at the place. */
	occurred_at_local: string | null;
	/** `2026-11-22`: the calendar day at the place. */
	occurred_date_local: string | null;
	voyage_number: string | null;
	/** The vessel's name (the event's vessel, else the shipment's vessel at the port of discharge). */
	vessel: string | null;
}

const PREFIX = /^container\.transport\./;

const validZone = (zone: unknown): string | null => (isValidTimeZone(zone) ? zone : null);

/** `YYYY-MM-DD HH:mm <short zone name>` of an instant in a zone. */
function localParts(instant: Date, zone: string) {
	const parts: Record<string, string> = {};
	for (const part of new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
		timeZoneName: 'short',
	}).formatToParts(instant)) {
		parts[part.type] = part.value;
	}
	const date = `${parts.year}-${parts.month}-${parts.day}`;
	return { date, time: `${date} ${parts.hour}:${parts.minute} ${parts.timeZoneName}` };
}

/**
 * The milestone of a `container.transport.*` event (not the `…estimated.…` ones), else null.
 * `event`: the transport event's attributes; `place` and `vessel`: its location and vessel when included;
 * `shipment`: the flattened shipment, for port names and the fallback zone and vessel.
 */
export function milestoneOf(
	eventName: string,
	event: IDataObject | null | undefined,
	place: IDataObject | null | undefined,
	vessel: IDataObject | null | undefined,
	shipment: IDataObject | null | undefined,
): Milestone | null {
	if (!PREFIX.test(eventName) || eventName.includes('.estimated.') || !event) return null;
	const s = shipment ?? {};
	const locode = text(event.location_locode)?.toUpperCase() ?? null;
	const portNames: Record<string, unknown> = {};
	for (const key of ['destination', 'port_of_discharge', 'port_of_lading']) {
		const code = text(s[`${key}_locode`]);
		if (code) portNames[code.toUpperCase()] = s[`${key}_name`];
	}
	const placeCode = text(place?.code ?? place?.locode)?.toUpperCase();
	const name =
		(place && (!placeCode || placeCode === locode) ? text(place.name) : null) ??
		(locode ? text(portNames[locode]) : null);
	const zone = validZone(event.timezone) ?? validZone(s.pod_timezone) ?? 'UTC';
	const occurred = text(event.timestamp);
	const instant = occurred ? new Date(occurred) : null;
	const local = instant && !Number.isNaN(instant.getTime()) ? localParts(instant, zone) : null;
	return {
		name: eventName.replace(PREFIX, ''),
		location_locode: locode,
		location_name: name,
		location: locode ? (name ? `${name} (${locode})` : locode) : (name ?? ''),
		occurred_at: occurred,
		time_zone: zone,
		occurred_at_local: local ? `${local.time} (${zone})` : null,
		occurred_date_local: local ? local.date : null,
		voyage_number: text(event.voyage_number),
		vessel: text(vessel?.name) ?? text(s.pod_vessel_name),
	};
}

/** `2026-11-22 17:05 PST`: an instant at a place (its zone; UTC when unknown); null without a valid time. */
export function localTimeOf(value: unknown, zone: unknown): string | null {
	const at = text(value);
	const instant = at ? new Date(at) : null;
	if (!instant || Number.isNaN(instant.getTime())) return null;
	return localParts(instant, validZone(zone) ?? 'UTC').time;
}

/** A milestone a container record carries as a date of its own: what, where (in words) and when. */
export interface ReachedMilestone {
	/** e.g. `Discharged`. */
	what: string;
	/** e.g. `Fenix Marine Services, Los Angeles`; null when the record names no place. */
	where: string | null;
	/** As Terminal49 sends it (UTC). */
	at: string;
	/** `2026-11-22 17:05 PST`: the time at the place. */
	at_local: string | null;
	/** `Discharged at Fenix Marine Services, Los Angeles, 2026-11-22 17:05 PST`. */
	text: string;
}

const joinPlace = (...parts: Array<string | null>) =>
	parts.filter((part): part is string => !!part).join(', ') || null;

/**
 * The last milestone a container has reached, from the dates its own record and its shipment's carry (no
 * transport events needed): the latest step of the journey that has a date, in journey order (the order is
 * the truth; a late correction to an earlier step does not make it the last). Null before any.
 */
export function lastReachedMilestone(
	container: IDataObject,
	shipment: IDataObject | null | undefined,
): ReachedMilestone | null {
	const s = shipment ?? {};
	const terminal = (container.pod_terminal ?? null) as IDataObject | string | null;
	const terminalName = terminal && typeof terminal === 'object' ? text(terminal.name) : null;
	const pol = text(s.port_of_lading_name);
	const pod = text(s.port_of_discharge_name);
	const inland = text(s.destination_name);
	const byRail =
		!!text(container.pod_rail_carrier_scac) ||
		!!text(container.pod_rail_loaded_at) ||
		!!text(container.pod_rail_departed_at);
	const polZone = s.pol_timezone;
	const podZone = container.pod_timezone ?? s.pod_timezone;
	const inlandZone = container.final_destination_timezone ?? s.destination_timezone ?? podZone;
	// journey order: [date, what, where, zone]
	const steps: Array<[unknown, string, string | null, unknown]> = [
		[container.empty_out_at, 'Empty picked up for loading', pol, polZone],
		[container.pol_full_in_at, 'Gated in full', pol, polZone],
		[container.pol_vessel_loaded_at, 'Loaded on the vessel', pol, polZone],
		[container.pol_vessel_departed_at ?? s.pol_atd_at, 'Vessel departed', pol, polZone],
		[container.pod_arrived_at ?? s.pod_ata_at, 'Vessel arrived', pod, podZone],
		[container.pod_discharged_at, 'Discharged', joinPlace(terminalName, pod), podZone],
		[container.pod_rail_loaded_at, 'Loaded on rail', pod, podZone],
		[container.pod_rail_departed_at, 'Rail departed', pod, podZone],
		[byRail ? null : container.pod_full_out_at, 'Picked up', joinPlace(terminalName, pod), podZone],
		[container.ind_ata_at, 'Rail arrived', inland, inlandZone],
		[container.ind_rail_unloaded_at, 'Unloaded from rail', inland, inlandZone],
		[container.final_destination_full_out_at, 'Picked up', inland, inlandZone],
		[container.delivered_at, 'Delivered', inland ?? pod, inlandZone],
		[container.empty_terminated_at, 'Empty returned', null, container.empty_terminated_timezone],
	];
	for (let i = steps.length - 1; i >= 0; i--) {
		const [date, what, where, zone] = steps[i];
		const at = text(date);
		if (!at) continue;
		const local = localTimeOf(at, zone);
		return {
			what,
			where,
			at,
			at_local: local,
			text: [where ? `${what} at ${where}` : what, local ?? at].join(', '),
		};
	}
	return null;
}
