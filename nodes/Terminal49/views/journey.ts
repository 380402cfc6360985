import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, dayNumber, isValidTimeZone } from '../domain/calendar';
import { eventName } from '../domain/events';
import { localTimeOf, milestoneOf } from '../domain/milestone';
import { CONTAINER_STATUS_WORDS } from './people/words';
import { asObject, text } from '../domain/values';

/**
 * The journey of one container in a few lines, the answer to "why is it late?", "what's the ETA?", "does it go
 * on by rail?", "has it discharged?": the ETA against the first one announced, the last move Terminal49
 * confirmed (its transport events, newest first), what comes next, the route with its transshipments and rail
 * leg, and the facts behind a delay (rolled, transshipped, sailed late, ETA moved), never a guessed cause.
 * Built from the container (its shipment, POD terminal and pickup facility nested, derived fields added) and
 * its transport events (flat, their location and vessel nested), without the whole timeline.
 */

type Item = IDataObject;

const zoneOr = (...zones: unknown[]) => zones.find((zone) => isValidTimeZone(zone)) as string;

const T = 'container.transport.';

interface Move {
	event: string;
	at: number;
	item: Item;
	locode: string;
	vessel: string | null;
}

/** The confirmed moves, oldest first (invalidated ones and those without a time left out). */
function movesOf(events: unknown): Move[] {
	if (!Array.isArray(events)) return [];
	return events
		.map(asObject)
		.filter((event): event is Item => !!event && !text(event.invalidated_at))
		.map((event) => ({
			event: String(event.event ?? ''),
			at: Date.parse(String(event.timestamp ?? '')),
			item: event,
			locode: String(event.location_locode ?? '').toUpperCase(),
			vessel: text(asObject(event.vessel)?.name),
		}))
		.filter((move) => move.event.startsWith(T) && !Number.isNaN(move.at))
		.sort((a, b) => a.at - b.at);
}

/** A port's name from the event's location, else the shipment's port of that code, else the code. */
function placeOf(move: Move, shipment: Item): string {
	const location = asObject(move.item.location);
	const named = text(location?.name);
	if (named) return named;
	for (const key of ['port_of_lading', 'port_of_discharge', 'destination']) {
		if (String(shipment[`${key}_locode`] ?? '').toUpperCase() === move.locode)
			return text(shipment[`${key}_name`]) ?? move.locode;
	}
	return move.locode || 'an unnamed place';
}

/** `Vessel Departed at Kaohsiung (TWKHH) on EVER FORWARD, 2026-11-20 14:00 GMT+8`. */
function moveWords(move: Move, shipment: Item): string {
	const milestone = milestoneOf(
		move.event,
		move.item,
		asObject(move.item.location),
		asObject(move.item.vessel),
		shipment,
	);
	const where = milestone?.location || placeOf(move, shipment);
	const vessel =
		move.vessel && /vessel|transshipment|feeder/.test(move.event) ? ` on ${move.vessel}` : '';
	const when = milestone?.occurred_at_local?.replace(/ \([^)]*\)$/, '') ?? milestone?.occurred_at;
	return `${eventName(move.event)} at ${where}${vessel}, ${when}`;
}

/** The calendar day of a date-time at a place. */
const dayAt = (value: unknown, zone: string) => {
	const at = text(value);
	return at ? calendarDayOf(at, zone) : null;
};

/** Whole days from `from` to `to` (calendar days at the same place); null unless both are dates. */
const daysBetween = (from: string | null, to: string | null) =>
	from && to ? dayNumber(to) - dayNumber(from) : null;

const dayCount = (days: number) => `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'}`;
/** `7 days later` / `2 days earlier`. */
const laterOrEarlier = (days: number) => `${dayCount(days)} ${days > 0 ? 'later' : 'earlier'}`;

/**
 * A roll at a port of lading: loaded there, then discharged there again or loaded there a second time before
 * the vessel left (the box missed its sailing; a transshipment is its own event). The words, or null.
 */
function rollOf(moves: Move[], shipment: Item): string | null {
	const loaded = new Map<string, Move>();
	for (const move of moves) {
		if (move.event === `${T}vessel_loaded`) {
			const first = loaded.get(move.locode);
			if (first) {
				return `Rolled at ${placeOf(move, shipment)}: loaded on ${first.vessel ?? 'a vessel'}, then loaded again on ${move.vessel ?? 'another vessel'} ${Math.round((move.at - first.at) / 86_400_000)} days later`;
			}
			loaded.set(move.locode, move);
		} else if (move.event === `${T}vessel_discharged` && loaded.has(move.locode)) {
			const first = loaded.get(move.locode)!;
			const next = moves.find(
				(later) =>
					later.at > move.at && later.event === `${T}vessel_loaded` && later.locode === move.locode,
			);
			return `Rolled at ${placeOf(move, shipment)}: loaded on ${first.vessel ?? 'a vessel'}, unloaded again${next ? `, then loaded on ${next.vessel ?? 'another vessel'} ${Math.round((next.at - first.at) / 86_400_000)} days after the first loading` : ''}`;
		} else if (move.event === `${T}vessel_departed`) {
			loaded.clear();
		}
	}
	return null;
}

/** The transshipment ports, in order, with the vessel change when the events show one. */
function transshipmentsOf(moves: Move[], shipment: Item): string[] {
	const ports: string[] = [];
	for (const move of moves) {
		if (!move.event.startsWith(`${T}transshipment_`)) continue;
		const place = placeOf(move, shipment);
		if (!ports.includes(place)) ports.push(place);
	}
	return ports;
}

/** The journey view of a container (see above). `now` only for "days left" of the pickup. */
export function journeyOf(container: Item): Item {
	const shipment = asObject(container.shipment) ?? {};
	const moves = movesOf(container.transport_events);
	const podZone = zoneOr(container.pod_timezone, shipment.pod_timezone, 'UTC');
	const inlandZone = zoneOr(
		container.final_destination_timezone,
		shipment.destination_timezone,
		podZone,
	);
	const polZone = zoneOr(shipment.pol_timezone, 'UTC');
	const pol = text(shipment.port_of_lading_name);
	const pod = text(shipment.port_of_discharge_name);
	const inland = text(shipment.destination_name);
	const terminal = text(asObject(container.pod_terminal)?.name);
	const pickupFacility = text(asObject(container.pickup_facility)?.name);
	const railScac = text(container.pod_rail_carrier_scac) ?? text(container.ind_rail_carrier_scac);
	const byRail = !!railScac || !!text(container.pod_rail_loaded_at) || !!text(container.ind_eta_at);

	// the ETA at the port of discharge against the first one announced
	const arrived = text(container.pod_arrived_at) ?? text(shipment.pod_ata_at);
	const eta = dayAt(arrived ?? shipment.pod_eta_at, podZone);
	const originalEta = dayAt(shipment.pod_original_eta_at, podZone);
	const etaChange = daysBetween(originalEta, eta);
	// the sailing against the first one planned
	const departed = dayAt(container.pol_vessel_departed_at ?? shipment.pol_atd_at, polZone);
	const originalDeparture = dayAt(shipment.pol_original_etd_at, polZone);
	const sailedLate = daysBetween(originalDeparture, departed);

	const roll = rollOf(moves, shipment);
	const transshipments = transshipmentsOf(moves, shipment);
	const facts: string[] = [];
	if (roll) facts.push(roll);
	if (sailedLate !== null && sailedLate > 0)
		facts.push(
			`Sailed from ${pol ?? 'the port of lading'} ${dayCount(sailedLate)} after the first planned sailing (${originalDeparture} → ${departed})`,
		);
	if (etaChange !== null && etaChange !== 0)
		facts.push(
			`${arrived ? 'Arrived' : 'ETA'} at ${pod ?? 'the port of discharge'} ${laterOrEarlier(etaChange)} than the first ETA announced (${originalEta} → ${eta})`,
		);
	if (transshipments.length) facts.push(`Transshipped at ${transshipments.join(', ')}`);
	const late =
		(etaChange !== null && etaChange > 0) || (sailedLate !== null && sailedLate > 0) || !!roll;

	// rail beyond the port
	const railArrived = text(container.ind_ata_at) ?? text(shipment.destination_ata_at);
	const railEta = dayAt(
		railArrived ?? container.ind_eta_at ?? shipment.destination_eta_at,
		inlandZone,
	);
	const rail = byRail
		? `Rail${railScac ? ` (${railScac})` : ''} from ${pod ?? 'the port of discharge'} to ${inland ?? 'the inland destination'}: ${railArrived ? `arrived ${railEta}` : railEta ? `estimated arrival ${railEta}` : 'arrival not announced yet'}`
		: null;

	const route = [
		pol,
		...transshipments.map((port) => `${port} (transshipment)`),
		pod,
		byRail
			? `rail to ${inland ?? 'the inland destination'}`
			: inland && inland !== pod
				? inland
				: null,
	]
		.filter(Boolean)
		.join(' → ');

	const last = moves.length ? moves[moves.length - 1] : null;
	const discharged = text(container.pod_discharged_at);
	return {
		container_number: container.number ?? null,
		status:
			CONTAINER_STATUS_WORDS[container.current_status as string] ?? text(container.current_status),
		late,
		eta,
		eta_is_actual: arrived !== null,
		first_eta: originalEta,
		eta_change_days: etaChange,
		delay_facts: facts.join('; '),
		cause: late
			? 'Not recorded: Terminal49 reports the moves, not why the carrier made them (the facts above are the evidence)'
			: null,
		last_confirmed_move: last ? moveWords(last, shipment) : null,
		next_expected: nextExpected(container, shipment, {
			arrived,
			eta,
			byRail,
			railArrived,
			railEta,
			pol,
			pod,
			inland,
			terminal,
			polZone,
		}),
		discharged: discharged
			? `${localTimeOf(discharged, podZone)} at ${[terminal, pod].filter(Boolean).join(', ')}`
			: 'Not reported yet',
		route: route || null,
		rail,
		pickup_at: byRail
			? [pickupFacility, inland].filter(Boolean).join(', ') || null
			: [terminal, pod].filter(Boolean).join(', ') || null,
		moves_read: moves.length,
		id: container.id ?? null,
	};
}

/** The next step and when it is expected, from where the container stands. */
function nextExpected(
	container: Item,
	shipment: Item,
	at: {
		arrived: string | null;
		eta: string | null;
		byRail: boolean;
		railArrived: string | null;
		railEta: string | null;
		pol: string | null;
		pod: string | null;
		inland: string | null;
		terminal: string | null;
		polZone: string;
	},
): string | null {
	const status = String(container.current_status ?? '');
	if (['picked_up', 'delivered', 'empty_returned', 'dropped', 'off_dock'].includes(status)) {
		return text(container.empty_terminated_at) ? null : 'Empty return';
	}
	if (!text(container.pol_vessel_departed_at) && !text(shipment.pol_atd_at) && !at.arrived) {
		const etd = dayAt(shipment.pol_etd_at, at.polZone);
		return `Departure from ${at.pol ?? 'the port of lading'}${etd ? `, planned ${etd}` : ''}`;
	}
	if (!at.arrived) {
		return `Arrival at ${at.pod ?? 'the port of discharge'}${at.eta ? `, estimated ${at.eta}` : ''}`;
	}
	if (!text(container.pod_discharged_at))
		return `Discharge at ${at.terminal ?? at.pod ?? 'the port'}`;
	if (at.byRail && !text(container.pod_rail_departed_at) && !at.railArrived) {
		return `Rail departure from ${at.pod ?? 'the port of discharge'} to ${at.inland ?? 'the inland destination'}`;
	}
	if (at.byRail && !at.railArrived) {
		return `Rail arrival at ${at.inland ?? 'the inland destination'}${at.railEta ? `, estimated ${at.railEta}` : ''}`;
	}
	const lfd = text(container.earliest_lfd_date) ?? text(container.pickup_lfd_date);
	return `Pickup${lfd ? `, last free day ${lfd}` : ''}`;
}
