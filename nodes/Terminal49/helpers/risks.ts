import type { IDataObject } from 'n8n-workflow';

import { daysFromToday } from './calendar';
import type { Deadline } from './deadlines';

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
const LFD_RISKS: Risk[] = ['lfd_past', 'lfd_today', 'lfd_tomorrow'];
const ALL_HOLD_RISKS = Object.values(HOLD_RISKS);
/** Risks that hold only while the import is open (false once the container is picked up). */
const OPEN_ONLY: Risk[] = [
	...LFD_RISKS,
	...ALL_HOLD_RISKS,
	'dwell_3_days',
	'eta_slipped',
	'rolled',
	'transshipped',
];

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
	terminalDataFresh: boolean;
	/** Picked up, delivered or empty returned. */
	closed: boolean;
	/** Left the port by rail (the inland destination is where it waits and is picked up). */
	byRail: boolean;
	zones: { port?: string; inland?: string; pickup?: string };
	now: Date;
}

const asObject = (value: unknown): IDataObject | undefined =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Statuses of a container not yet at the port of discharge (nothing can be due there yet). */
const NOT_ARRIVED = ['new', 'on_ship'];

function notArrived(container: IDataObject): boolean {
	return NOT_ARRIVED.includes(String(container.current_status)) && !isSet(container.pod_arrived_at);
}

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

/** The day the container left the terminal full (picked up), or null. */
function fullOutOf(container: IDataObject, byRail: boolean): unknown {
	if (isSet(container.final_destination_full_out_at))
		return container.final_destination_full_out_at;
	if (!byRail && isSet(container.pod_full_out_at)) return container.pod_full_out_at;
	return container.delivered_at ?? null;
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

/** The risks of one container (a flat item: attributes at the top, shipment and events nested when included). */
export function containerRisks(container: IDataObject, context: RiskContext): RiskFields {
	const found = new Set<Risk>();
	const unknown = new Set<Risk>();
	const judge = (risk: Risk, value: boolean | 'unknown') => {
		if (value === 'unknown') unknown.add(risk);
		else if (value) found.add(risk);
	};

	// Last free day pressure, on the deadline urgency follows
	const { deadline } = context;
	const lfdKnown = deadline
		? context.terminalDataFresh
		: // no LFD: nothing is due before arrival; once at the terminal it should be there
			notArrived(container);
	for (const [risk, test] of [
		['lfd_past', (days: number) => days < 0],
		['lfd_today', (days: number) => days === 0],
		['lfd_tomorrow', (days: number) => days === 1],
	] as Array<[Risk, (days: number) => boolean]>) {
		judge(risk, !lfdKnown ? 'unknown' : deadline ? test(deadline.daysUntil) : false);
	}

	// Holds by type, from fresh terminal data only
	const held = new Set(context.activeHolds);
	for (const [name, risk] of Object.entries(HOLD_RISKS)) {
		judge(risk, context.terminalDataFresh ? held.has(name) : 'unknown');
	}

	const waiting = daysWaiting(container, context);
	judge(
		'dwell_3_days',
		waiting === 'unknown' ? 'unknown' : waiting !== null && waiting >= DWELL_RISK_DAYS,
	);

	const late = etaDaysLate(container, context);
	judge('eta_slipped', late === 'unknown' ? 'unknown' : late !== null && late >= 1);

	const events = transportEventsOf(container);
	judge('rolled', events ? wasRolled(events) : 'unknown');
	judge(
		'transshipped',
		events ? events.some(({ event }) => event.startsWith(`${T}transshipment_`)) : 'unknown',
	);

	// Detention: picked up full, the empty not returned yet
	const fullOut = context.closed ? fullOutOf(container, context.byRail) : null;
	const emptyReturned =
		isSet(container.empty_terminated_at) || container.current_status === 'empty_returned';
	const outstanding = context.closed && !emptyReturned;
	judge('empty_not_returned', outstanding);
	let daysSinceFullOut: number | null = null;
	if (outstanding && fullOut !== null) {
		const days = daysFromToday(fullOut, context.zones.pickup ?? 'UTC', context.now);
		daysSinceFullOut = days === null ? null : -days;
	}

	if (context.closed) {
		for (const risk of OPEN_ONLY) {
			found.delete(risk);
			unknown.delete(risk);
		}
	}
	const risks = RISKS.filter((risk) => found.has(risk));
	return {
		risks,
		risks_unknown: RISKS.filter((risk) => unknown.has(risk)),
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
