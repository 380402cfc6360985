/**
 * Milestone plans: the ordered transport events a container goes through, their nominal timing,
 * where each happens, and the container status after each.
 */
import { PORTS_BY_CODE, WEST_COAST, METRO_BY_CODE } from './reference-data';
import type { ContainerRec, ShipmentRec, TransportEventRec } from './types';
import { DAY_MS, HOUR_MS, Rng, uuidFromKey } from './util';

export const T = 'container.transport.';

/** Build the milestone names for a route. */
export function buildMilestones(hasTransshipment: boolean, rail: boolean): string[] {
	const m = ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'];
	if (hasTransshipment)
		m.push(
			'transshipment_arrived',
			'transshipment_discharged',
			'transshipment_loaded',
			'transshipment_departed',
		);
	m.push('vessel_arrived', 'vessel_berthed', 'vessel_discharged');
	if (rail)
		m.push(
			'rail_loaded',
			'rail_departed',
			'rail_arrived',
			'arrived_at_inland_destination',
			'rail_unloaded',
		);
	m.push('available', 'full_out', 'delivered', 'empty_in');
	return m.map((x) => T + x);
}

/** Nominal gap (days) before each milestone. */
function gapDays(name: string, westCoast: boolean): number {
	switch (name.slice(T.length)) {
		case 'empty_out':
			return 0;
		case 'full_in':
			return 2;
		case 'vessel_loaded':
			return 2;
		case 'vessel_departed':
			return 0.5;
		case 'transshipment_arrived':
			return 6;
		case 'transshipment_discharged':
			return 0.5;
		case 'transshipment_loaded':
			return 2;
		case 'transshipment_departed':
			return 0.5;
		case 'vessel_arrived':
			return westCoast ? 13 : 28;
		case 'vessel_berthed':
			return 0.4;
		case 'vessel_discharged':
			return 1;
		case 'rail_loaded':
			return 2;
		case 'rail_departed':
			return 0.5;
		case 'rail_arrived':
			return 4;
		case 'arrived_at_inland_destination':
			return 0.1;
		case 'rail_unloaded':
			return 0.5;
		case 'available':
			return 1;
		case 'full_out':
			return 2;
		case 'delivered':
			return 0.3;
		case 'empty_in':
			return 4;
		default:
			return 1;
	}
}

/** Absolute planned times for a plan starting at t0. */
export function planTimes(milestones: string[], t0: number, podCode: string, rng: Rng): number[] {
	const west = WEST_COAST.has(podCode);
	let t = t0;
	return milestones.map((m) => {
		t += gapDays(m, west) * DAY_MS + rng.int(0, 6) * HOUR_MS;
		return t;
	});
}

export function milestoneIndex(milestones: string[], short: string): number {
	return milestones.indexOf(T + short);
}

export function hasReached(milestones: string[], stage: number, short: string): boolean {
	const i = milestoneIndex(milestones, short);
	return i >= 0 && stage >= i;
}

/** Status after the last completed milestone. */
export function statusForStage(
	milestones: string[],
	stage: number,
	availableForPickup: boolean | null,
): string {
	if (stage < 0) return 'new';
	const last = milestones[stage].slice(T.length);
	switch (last) {
		case 'empty_out':
		case 'full_in':
			return 'new';
		case 'vessel_discharged':
			return milestones.includes(T + 'rail_loaded')
				? 'awaiting_inland_transfer'
				: availableForPickup
					? 'available'
					: 'not_available';
		case 'rail_loaded':
		case 'rail_departed':
		case 'rail_arrived':
		case 'arrived_at_inland_destination':
			return 'on_rail';
		case 'rail_unloaded':
			return 'grounded';
		case 'available':
			return availableForPickup === false ? 'not_available' : 'available';
		case 'full_out':
			return 'picked_up';
		case 'delivered':
			return 'delivered';
		case 'empty_in':
			return 'empty_returned';
		default:
			return 'on_ship';
	}
}

export function containerStatus(shipment: ShipmentRec, c: ContainerRec): string {
	return c.statusOverride ?? statusForStage(shipment.milestones, c.stage, c.availableForPickup);
}

/** Milestones of the first leg (port of lading to the transshipment port), on its own vessel if it has one. */
const FIRST_LEG = new Set([
	'empty_out',
	'full_in',
	'vessel_loaded',
	'vessel_departed',
	'transshipment_arrived',
	'transshipment_discharged',
]);

/** The vessel and voyage of a milestone (short name): the first leg's when the shipment changes vessel. */
export function vesselOfLeg(
	shipment: ShipmentRec,
	short: string,
): { vesselImo: string; voyageNumber: string } {
	return shipment.tsCode && shipment.polVesselImo && FIRST_LEG.has(short)
		? {
				vesselImo: shipment.polVesselImo,
				voyageNumber: shipment.polVoyageNumber ?? shipment.voyageNumber,
			}
		: { vesselImo: shipment.vesselImo, voyageNumber: shipment.voyageNumber };
}

/** Where and how a milestone happens. */
export function milestoneContext(
	shipment: ShipmentRec,
	name: string,
): Pick<
	TransportEventRec,
	| 'locationCode'
	| 'locationType'
	| 'terminalId'
	| 'terminalType'
	| 'vesselImo'
	| 'voyageNumber'
	| 'dataSource'
	| 'timezone'
> {
	const short = name.slice(T.length);
	const metro = shipment.metroCode ? METRO_BY_CODE.get(shipment.metroCode) : undefined;
	const atPol = ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'].includes(short);
	const atTs = short.startsWith('transshipment_');
	const inland =
		metro &&
		[
			'rail_arrived',
			'arrived_at_inland_destination',
			'rail_unloaded',
			'available',
			'full_out',
			'delivered',
			'empty_in',
		].includes(short);
	const code = atPol
		? shipment.polCode
		: atTs
			? shipment.tsCode!
			: inland
				? metro!.code
				: shipment.podCode;
	const tz = inland ? metro!.timeZone : PORTS_BY_CODE.get(code)!.timeZone;
	const vessel =
		atPol || atTs || ['vessel_arrived', 'vessel_berthed', 'vessel_discharged'].includes(short);
	const leg = vesselOfLeg(shipment, short);
	const atPodTerminal =
		!inland &&
		[
			'vessel_berthed',
			'vessel_discharged',
			'available',
			'full_out',
			'rail_loaded',
			'delivered',
		].includes(short);
	const atRailTerminal =
		inland &&
		[
			'rail_arrived',
			'arrived_at_inland_destination',
			'rail_unloaded',
			'available',
			'full_out',
		].includes(short);
	const fromTerminal = ['available', 'full_out', 'vessel_discharged'].includes(short);
	return {
		locationCode: code,
		locationType: inland ? 'metro_area' : 'port',
		terminalId: atPodTerminal
			? shipment.terminalId
			: atRailTerminal
				? metro!.railTerminal.id
				: null,
		terminalType: atPodTerminal ? 'terminal' : atRailTerminal ? 'rail_terminal' : null,
		vesselImo: vessel ? leg.vesselImo : null,
		voyageNumber: vessel ? leg.voyageNumber : null,
		dataSource: fromTerminal ? 'terminal' : 'shipping_line',
		timezone: tz,
	};
}

/** Deterministic id of the i-th milestone event of a container. */
export function milestoneEventId(containerId: string, index: number): string {
	return uuidFromKey(`${containerId}:te:${index}`);
}

/** Deterministic id of the raw event of the i-th milestone of a container. */
export function rawEventId(containerId: string, index: number): string {
	return uuidFromKey(`${containerId}:raw:${index}`);
}

/** The events of a roll at the port of lading: loaded on the first vessel, discharged back off it. */
export const ROLL_EVENTS = ['vessel_loaded', 'vessel_discharged'] as const;

/**
 * The raw events of a container by key, in the order (`index`) the service lists them: one per milestone
 * (key = milestone index) and, for a rolled container, the two roll events (keys after the milestones),
 * which happened before the milestone `vessel_loaded` (onto the vessel that took it).
 */
export function rawEventKeys(shipment: ShipmentRec, c: ContainerRec): number[] {
	const keys = shipment.milestones.map((_, i) => i);
	if (!c.roll) return keys;
	const at = milestoneIndex(shipment.milestones, 'vessel_loaded');
	const roll = ROLL_EVENTS.map((_, k) => shipment.milestones.length + k);
	return [...keys.slice(0, at), ...roll, ...keys.slice(at)];
}

/** The roll events of a container as transport events (empty when it was not rolled). */
function rollEvents(shipment: ShipmentRec, c: ContainerRec): TransportEventRec[] {
	const roll = c.roll;
	if (!roll) return [];
	const pol = PORTS_BY_CODE.get(shipment.polCode)!;
	return ROLL_EVENTS.map((short, k) => {
		const timestamp = k === 0 ? roll.loadedAt : roll.dischargedAt;
		return {
			id: uuidFromKey(`${c.id}:te:roll:${k}`),
			containerId: c.id,
			shipmentId: shipment.id,
			event: T + short,
			timestamp,
			createdAt: Math.max(c.createdAt, timestamp + 20 * 60 * 1000),
			voyageNumber: roll.voyageNumber,
			locationCode: pol.code,
			locationType: 'port',
			terminalId: null,
			terminalType: null,
			vesselImo: roll.vesselImo,
			dataSource: 'shipping_line',
			timezone: pol.timeZone,
			rawIndex: shipment.milestones.length + k,
		};
	});
}

/**
 * Completed milestone events of a container plus run-time events, in the order of the live service: newest
 * recorded first (`created_at` descending, as every list), and the events recorded together (the history
 * backfilled when tracking starts, all with the container's `created_at`) in no chronological order: by id.
 * A milestone that happened before tracking started is recorded then; a later seeded one 20 minutes after it
 * happened; one reached at run time (advance) when it is reached.
 */
export function transportEvents(shipment: ShipmentRec, c: ContainerRec): TransportEventRec[] {
	const out: TransportEventRec[] = [];
	for (let i = 0; i <= c.stage && i < shipment.milestones.length; i++) {
		const name = shipment.milestones[i];
		out.push({
			id: milestoneEventId(c.id, i),
			containerId: c.id,
			shipmentId: shipment.id,
			event: name,
			timestamp: c.times[i],
			createdAt: c.recordedAt[i] ?? Math.max(c.createdAt, c.times[i] + 20 * 60 * 1000),
			...milestoneContext(shipment, name),
			rawIndex: i,
		});
	}
	out.push(...rollEvents(shipment, c), ...c.extraEvents);
	return out.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A run-time transport event of a container at `now`, one its plan does not record: a terminal update, an
 * LFD change, a fired or an example event. It happens where the milestone it names happens, else where the
 * container is (its terminal once discharged, else the port of discharge); terminal events (pickup, LFD,
 * availability) come from the terminal and name no vessel.
 */
export function runtimeTransportEvent(
	shipment: ShipmentRec,
	c: ContainerRec,
	event: string,
	id: string,
	now: number,
): TransportEventRec {
	const discharged = c.stage >= milestoneIndex(shipment.milestones, 'vessel_discharged');
	const te: TransportEventRec = {
		id,
		containerId: c.id,
		shipmentId: shipment.id,
		event,
		timestamp: now,
		createdAt: now,
		...milestoneContext(
			shipment,
			shipment.milestones.includes(event)
				? event
				: T + (discharged ? 'available' : 'vessel_arrived'),
		),
		rawIndex: null,
	};
	if (event.startsWith('container.pickup') || event.endsWith('available')) {
		te.dataSource = 'terminal';
		te.vesselImo = null;
		te.voyageNumber = null;
	}
	return te;
}

export function timeOf(
	shipment: ShipmentRec,
	c: ContainerRec,
	short: string,
	actualOnly = true,
): number | null {
	const i = milestoneIndex(shipment.milestones, short);
	if (i < 0) return null;
	if (actualOnly && c.stage < i) return null;
	return c.times[i];
}
