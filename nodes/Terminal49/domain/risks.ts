import type { IDataObject } from 'n8n-workflow';

import { daysFromToday } from './calendar';
import type { Deadline } from './deadlines';
import { emptyReturned, fullOutOf } from './pickupDates';
import { notArrived } from './statuses';
import { isSet } from './values';

/**
 * Named risks a coordinator acts on, per container (Terminal49's container-tracking guidance: LFD pressure,
 * active holds by type, long dwell, ETA change, rolled or transshipped, detention risk after pickup), each
 * derived only from fields Terminal49 sends, never from fee rates or guesses. A risk whose data is missing
 * (no or stale terminal data, no shipment or transport events in the item) is listed as unknown, not false.
 */
export const RISKS = [
	'lfd_past',
	'lfd_today',
	'lfd_tomorrow',
	'customs_hold',
	'freight_hold',
	'usda_hold',
	'vacis_hold',
	'tmf_hold',
	'other_hold',
	'dwell_3_days',
	'eta_slipped',
	'rolled',
	'transshipped',
	'empty_not_returned',
	'empty_return_past',
	'empty_return_today',
	'empty_return_tomorrow',
] as const;
export type Risk = (typeof RISKS)[number];

/** Each risk in a coordinator's words (the options of "Has Any of These Risks" and `risks_text`). */
export const RISK_WORDS: Record<Risk, string> = {
	lfd_past: 'Last free day past',
	lfd_today: 'Last free day today',
	lfd_tomorrow: 'Last free day tomorrow',
	customs_hold: 'Customs hold',
	freight_hold: 'Freight hold',
	usda_hold: 'USDA hold',
	vacis_hold: 'VACIS exam hold',
	tmf_hold: 'TMF (pier pass) hold',
	other_hold: 'Other hold',
	dwell_3_days: 'Dwelling 3+ days',
	eta_slipped: 'ETA slipped',
	rolled: 'Rolled',
	transshipped: 'Transshipped',
	empty_not_returned: 'Empty not returned',
	empty_return_past: 'Empty return past due',
	empty_return_today: 'Empty due back today',
	empty_return_tomorrow: 'Empty due back tomorrow',
};

/** The hold risks by hold name (service-spec.md: case-sensitive names). */
const HOLD_RISKS: Record<string, Risk> = {
	customs: 'customs_hold',
	freight: 'freight_hold',
	USDA: 'usda_hold',
	VACIS: 'vacis_hold',
	TMF: 'tmf_hold',
	other: 'other_hold',
};
/** The hold risks in the order of RISKS, with their hold names. */
const HOLD_RISK_ENTRIES = Object.entries(HOLD_RISKS).sort(
	([, a], [, b]) => RISKS.indexOf(a) - RISKS.indexOf(b),
);
const LFD_RISKS: Risk[] = ['lfd_past', 'lfd_today', 'lfd_tomorrow'];
const RETURN_RISKS: Risk[] = ['empty_return_past', 'empty_return_today', 'empty_return_tomorrow'];
const ALL_HOLD_RISKS = HOLD_RISK_ENTRIES.map(([, risk]) => risk);

/** Calendar days waited before dwell counts as a risk ("discharged 3 or more days ago, not picked up"). */
export const DWELL_RISK_DAYS = 3;

export interface RiskFields extends IDataObject {
	/** The risks that apply, in the order of RISKS. */
	risks: Risk[];
	/** The risks that cannot be told from what Terminal49 sent (see each risk). */
	risks_unknown: Risk[];
	/** `risks` in words, comma-separated ("Last free day tomorrow, Customs hold"); empty when none. */
	risks_text: string;
	/** Calendar days since discharge (or since the rail unload inland) while the container waits; else null. */
	days_waiting_for_pickup: number | null;
	/** Calendar days since the container was picked up (full out) while its empty is not returned; else null. */
	days_since_full_out: number | null;
	/** Calendar days the ETA at the port of discharge is past the first one given (not yet arrived); else null. */
	eta_days_late: number | null;
}

/** What the risks are judged on, derived once by the insights (containerInsights.ts). */
export interface RiskContext {
	/** The deadline urgency follows (the earliest LFD, or pickup_lfd). */
	deadline: Deadline | null;
	activeHolds: string[];
	/** Whether the terminal reported holds at all (holdsAndFees.ts): else the hold risks are unknown. */
	holdsReported: boolean;
	terminalDataFresh: boolean;
	/** Picked up, delivered or empty returned. */
	closed: boolean;
	/** Left the port by rail (the inland destination is where it waits and is picked up). */
	byRail: boolean;
	zones: { port?: string; inland?: string; pickup?: string };
	/** Calendar days to the empty's return deadline (containerCosts.ts); null when there is none. */
	daysUntilReturnBy: number | null;
	now: Date;
}

const asObject = (value: unknown): IDataObject | undefined =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/** Days since the container started waiting for pickup (discharge, or the rail unload inland), or null. */
function daysWaiting(container: IDataObject, context: RiskContext): number | null | 'unknown' {
	if (context.closed || notArrived(container)) return null;
	// a date still ahead (an estimate, or a clock behind the record) is no waiting yet
	const since = (value: unknown, zone: string | undefined) => {
		const days = daysFromToday(value, zone ?? 'UTC', context.now);
		return days === null || days > 0 ? null : -days;
	};
	if (context.byRail) {
		// waiting at the port ends when the train leaves; inland it starts at the unload
		if (isSet(container.ind_rail_unloaded_at))
			return since(container.ind_rail_unloaded_at, context.zones.inland);
		if (isSet(container.pod_rail_loaded_at) || isSet(container.pod_rail_departed_at)) return null;
	}
	if (isSet(container.pod_discharged_at))
		return since(container.pod_discharged_at, context.zones.port);
	return 'unknown';
}

/** Days the ETA at the port of discharge is past the first ETA, for a shipment not yet arrived; or unknown. */
function etaDaysLate(container: IDataObject, context: RiskContext): number | null | 'unknown' {
	if (isSet(container.pod_arrived_at)) return null;
	const shipment = asObject(container.shipment);
	if (!shipment) return 'unknown';
	if (isSet(shipment.pod_ata_at)) return null;
	const zone = context.zones.port ?? 'UTC';
	const eta = daysFromToday(shipment.pod_eta_at, zone, context.now);
	const original = daysFromToday(shipment.pod_original_eta_at, zone, context.now);
	return eta === null || original === null ? 'unknown' : eta - original;
}

interface TransportEvent {
	event: string;
	locode: string;
	time: number;
}

/** The container's transport events when the item includes them (flat objects), oldest first; else null. */
function transportEventsOf(container: IDataObject): TransportEvent[] | null {
	const events = container.transport_events;
	if (!Array.isArray(events) || events.some((event) => !asObject(event))) return null;
	return (events as IDataObject[])
		.filter((event) => !isSet(event.invalidated_at) && typeof event.event === 'string')
		.map((event) => ({
			event: String(event.event),
			locode: String(event.location_locode ?? ''),
			time: Date.parse(String(event.timestamp ?? '')),
		}))
		.sort((a, b) => (a.time || 0) - (b.time || 0));
}

const T = 'container.transport.';
const TRANSSHIPMENT = `${T}transshipment_`;

/**
 * Rolled: loaded on a vessel at a port and then discharged there again, or loaded there a second time, before
 * leaving it (the box missed its sailing). Loading at a transshipment port is its own event, so a
 * transshipment is not a roll.
 */
function wasRolled(events: TransportEvent[]): boolean {
	const loadedAt = new Set<string>();
	for (const { event, locode } of events) {
		const at = locode || '?';
		if (event === `${T}vessel_loaded` || event === `${T}transshipment_loaded`) {
			if (loadedAt.has(`${event}@${at}`)) return true;
			loadedAt.add(`${event}@${at}`);
		} else if (event === `${T}vessel_discharged` && loadedAt.has(`${T}vessel_loaded@${at}`)) {
			return true;
		} else if (event === `${T}vessel_departed` || event === `${T}transshipment_departed`) {
			loadedAt.clear();
		}
	}
	return false;
}

/**
 * The risks of one container (a flat item: attributes at the top, shipment and events nested when included),
 * each judged in the order of RISKS (a page of containers is judged at once: no sets or closures per item).
 */
export function containerRisks(container: IDataObject, context: RiskContext): RiskFields {
	const risks: Risk[] = [];
	const unknown: Risk[] = [];
	let waiting: number | null | 'unknown' = null;
	let late: number | null | 'unknown' = null;
	if (!context.closed) {
		// Last free day pressure, on the deadline urgency follows: nothing is due before arrival; at the
		// terminal, an LFD is known only from fresh terminal data
		const { deadline } = context;
		if (deadline ? !context.terminalDataFresh : !notArrived(container)) {
			unknown.push(...LFD_RISKS);
		} else if (deadline) {
			const days = deadline.daysUntil;
			if (days < 0) risks.push('lfd_past');
			else if (days === 0) risks.push('lfd_today');
			else if (days === 1) risks.push('lfd_tomorrow');
		}
		// Holds by type, from fresh terminal data only
		if (!context.terminalDataFresh || !context.holdsReported) unknown.push(...ALL_HOLD_RISKS);
		else
			for (const [name, risk] of HOLD_RISK_ENTRIES)
				if (context.activeHolds.includes(name)) risks.push(risk);
		waiting = daysWaiting(container, context);
		if (waiting === 'unknown') unknown.push('dwell_3_days');
		else if (waiting !== null && waiting >= DWELL_RISK_DAYS) risks.push('dwell_3_days');
		late = etaDaysLate(container, context);
		if (late === 'unknown') unknown.push('eta_slipped');
		else if (late !== null && late >= 1) risks.push('eta_slipped');
		const events = transportEventsOf(container);
		if (!events) unknown.push('rolled', 'transshipped');
		else {
			if (wasRolled(events)) risks.push('rolled');
			if (events.some(({ event }) => event.startsWith(TRANSSHIPMENT))) risks.push('transshipped');
		}
	}
	// Detention: picked up full, the empty not returned yet (the only risk of a closed container)
	let daysSinceFullOut: number | null = null;
	if (context.closed && !emptyReturned(container)) {
		risks.push('empty_not_returned');
		// the return deadline: Terminal49's own, else the user's detention or D&D tariff's (none: unknown)
		const due = context.daysUntilReturnBy;
		if (due === null) unknown.push(...RETURN_RISKS);
		else if (due < 0) risks.push('empty_return_past');
		else if (due === 0) risks.push('empty_return_today');
		else if (due === 1) risks.push('empty_return_tomorrow');
		const fullOut = fullOutOf(container, context.byRail);
		const days =
			fullOut === null ? null : daysFromToday(fullOut, context.zones.pickup ?? 'UTC', context.now);
		daysSinceFullOut = days === null ? null : -days;
	}
	return {
		risks,
		risks_unknown: unknown,
		risks_text: risks.map((risk) => RISK_WORDS[risk]).join(', '),
		days_waiting_for_pickup: typeof waiting === 'number' ? waiting : null,
		days_since_full_out: daysSinceFullOut,
		eta_days_late: typeof late === 'number' ? late : null,
	};
}

/** Whether a risk list has any of the risks asked for (the filter "Has Any of These Risks"). */
export function hasAnyRisk(risks: unknown, wanted: ReadonlySet<string>): boolean {
	return Array.isArray(risks) && risks.some((risk) => wanted.has(String(risk)));
}

/** The hold risks (each says an active hold of one name): a filter on them alone needs a hold. */
export function isHoldRisk(risk: string): boolean {
	return (ALL_HOLD_RISKS as string[]).includes(risk);
}
