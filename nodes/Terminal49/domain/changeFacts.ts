import type { IDataObject } from 'n8n-workflow';

import { dayNumber, dayNumberOf, isValidTimeZone, todayIn } from './calendar';
import type { DeadlineSource, LfdSource, SourceZones } from './deadlines';
import {
	containerTimeZone,
	leftPortByRail,
	movesByRail,
	POD_SELECTIONS,
	selectedPodLfd,
	sourceTimeZones,
} from './deadlines';
import { feeLinesOf } from './holdsAndFees';
import { withoutPlaceholder } from './placeholders';
import { isObject, text } from './values';

/**
 * What changed, as facts a Filter or IF node can test without code: holds released or added, became (or
 * stopped being) ready for pickup, became blocked, the last free day moved (Terminal49's LFD: the one it
 * selects where the container carries `import_deadlines.pod`, else its pickup_lfd; and the one watched: that
 * selected LFD, the rail LFD once the container left the port by rail, or the earliest of the three), fees
 * appeared or changed, the pickup appointment set or moved, the ETA moved. The last free day follows the one
 * rule of deadlines.ts: on the newer serializer the legacy `pickup_lfd` (a sentinel) is never read.
 *
 * One pure function of a changeset `{field: [old, new]}` (what Terminal49's `container.updated` carries,
 * and what a poller builds from two snapshots of the same container or shipment) plus the event name, so
 * the webhook trigger and a polling trigger emit the same facts for the same change. Nothing is guessed:
 * a value the input does not carry is `null` (e.g. the old ETA, which Terminal49's ETA events do not send).
 */

/** The facts, in the order they are listed in `facts`. */
export const CHANGE_FACTS = [
	'hold_released',
	'hold_added',
	'became_ready_for_pickup',
	'no_longer_ready_for_pickup',
	'became_blocked',
	'lfd_moved',
	'earliest_lfd_moved',
	'fees_appeared',
	'fees_changed',
	'fee_posted',
	'costs_started',
	'appointment_changed',
	'appointment_set',
	'appointment_moved',
	'eta_moved',
] as const;
export type ChangeFact = (typeof CHANGE_FACTS)[number];

/** Each fact in words (the trigger items' `what_changed`, and the names of the Only When choices). */
export const CHANGE_FACT_WORDS: Record<ChangeFact, string> = {
	hold_released: 'A hold was released',
	hold_added: 'A hold was added',
	became_ready_for_pickup: 'Became ready for pickup',
	no_longer_ready_for_pickup: 'No longer ready for pickup',
	became_blocked: 'Became blocked',
	lfd_moved: 'Last free day moved',
	earliest_lfd_moved: 'Earliest last free day moved',
	fees_appeared: 'Fees appeared',
	fees_changed: 'Fees changed',
	fee_posted: 'A fee was posted',
	costs_started: 'Started costing money',
	appointment_changed: 'Pickup appointment changed',
	appointment_set: 'Pickup appointment set',
	appointment_moved: 'Pickup appointment moved',
	eta_moved: 'ETA moved',
};

export type { LfdSource } from './deadlines';

/** The `changes` object of a trigger item: the same keys for every event (null or false where not applicable). */
export interface ChangeFacts extends IDataObject {
	facts: ChangeFact[];
	/** Names of the holds that were active (status `hold`) and no longer are (released, or gone from the list). */
	holds_released: string[];
	/** Names of the holds that are active now and were not before. */
	holds_added: string[];
	became_ready_for_pickup: boolean;
	no_longer_ready_for_pickup: boolean;
	/** Blocked now (not available, an active hold) and was not before: Terminal49's "resolve the holds" state. */
	became_blocked: boolean;
	/** The last free day is different now (moved, set for the first time, or cleared). */
	lfd_moved: boolean;
	lfd_from: string | null;
	lfd_to: string | null;
	/**
	 * Whose LFD changed, as the changed field (or the event) names it: the selection of the LFD Terminal49
	 * selects (facility, facility_manual, line, line_calculated), a source (line, terminal, rail), or null for
	 * the older serializer's combined `pickup_lfd`.
	 */
	lfd_source: DeadlineSource | null;
	/** Calendar days from the old to the new LFD (negative: earlier); null unless both are known. */
	lfd_days_moved: number | null;
	/**
	 * The LFD Terminal49 selected first, when it moved since (`original_value` of the container's selected
	 * LFD, when it differs from the new one): the day it was, even where the change does not carry the old one.
	 */
	lfd_original: string | null;
	/** Calendar days from lfd_original to the new LFD (negative: earlier); null unless both are known. */
	lfd_days_from_original: number | null;
	/**
	 * The earliest of the line, terminal and rail LFDs is different now (one of them moved, appeared or was
	 * cleared and the earliest changed with it). Known only where the change carries the per-source LFDs (a
	 * changeset, or the container as it is now for those that did not change).
	 */
	earliest_lfd_moved: boolean;
	earliest_lfd_from: string | null;
	earliest_lfd_to: string | null;
	/** The source of the earliest LFD now (on the newer serializer: of the watched one). */
	earliest_lfd_source: DeadlineSource | null;
	/** Calendar days from the old to the new earliest LFD (negative: earlier); null unless both are known. */
	earliest_lfd_days_moved: number | null;
	/** There were no fees and now there are. */
	fees_appeared: boolean;
	/** There were fees and they are different now (amounts, items, or all gone). */
	fees_changed: boolean;
	/** The terminal posted an amount for a fee type that had none (missing, or `0`: pending). */
	fee_posted: boolean;
	/** Those fee types. */
	fees_posted: string[];
	/**
	 * The container started costing money: the terminal posted its first amount (reported by the terminal), or
	 * the watched last free day moved from today or later to before today (demurrage charged from its next
	 * day). A last free day that passes with no change says nothing here: Get Many's risks and costs say it.
	 */
	costs_started: boolean;
	/** The pickup appointment is different now (set, moved or cancelled, or the event says it changed). */
	appointment_changed: boolean;
	/** There was no appointment and now there is one. */
	appointment_set: boolean;
	/** There was an appointment and now there is another. */
	appointment_moved: boolean;
	appointment_from: string | null;
	appointment_to: string | null;
	/** The estimated arrival is different now (or an ETA event says it changed). */
	eta_moved: boolean;
	/** The previous ETA; null when the input does not carry it (Terminal49's ETA events send only the new one). */
	eta_from: string | null;
	eta_to: string | null;
	/** Calendar days from the old to the new ETA (positive: later); null unless both are known. */
	eta_days_moved: number | null;
	/**
	 * The first ETA the shipment was given for the place whose ETA moved (`pod_original_eta_at`, or
	 * `destination_original_eta_at` for an inland destination); the port of discharge's when no ETA moved.
	 */
	eta_original: string | null;
	/**
	 * Calendar days from the original ETA to the new one in that place's zone (positive: later,
	 * the shipment slipped); null unless the ETA moved and both are known.
	 */
	eta_days_from_original: number | null;
}

export interface ChangeInput {
	/** The event name, e.g. `container.updated`, `container.pickup_lfd_terminal.changed`, `shipment.estimated.arrival`. */
	event: string;
	/** `{field: [old, new]}`: Terminal49's changeset, or one built from two snapshots. */
	changeset?: unknown;
	/**
	 * The container (or shipment) as it is after the change, when known: a field the changeset does not
	 * name did not change, so its value here is both the old and the new one (e.g. the holds, to tell whether a
	 * container that became available is also ready for pickup).
	 */
	current?: IDataObject | null;
	/**
	 * For an event that announces one new value without the old one: the new LFD of
	 * `container.pickup_lfd*.changed`, the new appointment of `container.pickup_appointment.changed`, the new
	 * ETA of `shipment.estimated.arrival` and `container.transport.estimated.*arrived*` events.
	 */
	newValue?: unknown;
	/** The IANA zone whose calendar days count for "days moved" (the destination's); UTC when missing or unknown. */
	timeZone?: unknown;
	/**
	 * The calendar of each LFD (sourceTimeZones: the port's for the POD LFDs, the inland destination's for the
	 * rail LFD), for their days moved; `timeZone` where a zone is missing.
	 */
	lfdZones?: SourceZones;
	/** The shipment's first ETA at the port of discharge (`pod_original_eta_at`), when the delivery carries it. */
	originalEta?: unknown;
	/** The port of discharge's IANA zone, for the days from the original ETA; else `timeZone`. */
	etaTimeZone?: unknown;
	/** The shipment's first ETA at the inland destination (`destination_original_eta_at`), when carried. */
	originalDestinationEta?: unknown;
	/** The inland destination's IANA zone; else `timeZone`. */
	destinationTimeZone?: unknown;
	/** The clock "today" is read on (costs_started); now when missing. */
	now?: Date;
}

/**
 * The input of changeFacts for one change, the same for both triggers: `container` and `shipment` as they
 * are after the change (their attributes), the calendars of their places, and `eventZone`, the zone the
 * event itself names (a transport event's), for a change no place of the container dates: the container's
 * place, else the event's, else the port of discharge's.
 */
export function changeInputFor(change: {
	event: string;
	changeset: unknown;
	container: IDataObject | null;
	shipment: IDataObject;
	newValue?: unknown;
	eventZone?: unknown;
}): ChangeInput {
	const { container, shipment, eventZone } = change;
	return {
		event: change.event,
		changeset: change.changeset,
		current: container,
		newValue: change.newValue,
		originalEta: shipment.pod_original_eta_at,
		etaTimeZone: shipment.pod_timezone ?? eventZone,
		originalDestinationEta: shipment.destination_original_eta_at,
		destinationTimeZone: shipment.destination_timezone ?? eventZone,
		timeZone:
			(container ? containerTimeZone(container, shipment) : undefined) ??
			eventZone ??
			shipment.pod_timezone,
		lfdZones: container ? sourceTimeZones(container, shipment) : undefined,
	};
}

/** Events whose name says the ETA changed; their payload carries the new ETA only. */
export const ETA_EVENTS = new Set([
	'shipment.estimated.arrival',
	'container.transport.estimated.vessel_arrived',
	'container.transport.estimated.arrived_at_inland_destination',
]);

const LFD_EVENTS: Record<string, LfdSource | null> = {
	'container.pickup_lfd.changed': null,
	'container.pickup_lfd_line.changed': 'line',
	'container.pickup_lfd_terminal.changed': 'terminal',
	'container.pickup_lfd_rail.changed': 'rail',
};

const APPOINTMENT_EVENT = 'container.pickup_appointment.changed';

/** The changeset's fields with their ETA meaning, first found wins (shipment POD, then inland destination). */
const ETA_FIELDS = ['pod_eta_at', 'destination_eta_at', 'ind_eta_at'];

/** The ETA fields and events about the inland destination (the others are about the port of discharge). */
const DESTINATION_ETAS = new Set([
	'destination_eta_at',
	'ind_eta_at',
	'container.transport.estimated.arrived_at_inland_destination',
]);

type Pair = [unknown, unknown];

/** The pairs of the LFD Terminal49 selected and its selection, read out of `import_deadlines.pod.unified`. */
const SELECTED = 'import_deadlines.pod.unified.current_value';
const SELECTION = 'import_deadlines.pod.unified.current_selection';

const selectionOf = (value: unknown): DeadlineSource | null =>
	POD_SELECTIONS.includes(value as never) ? (value as DeadlineSource) : null;

function pairsOf(changeset: unknown): Map<string, Pair> {
	const pairs = new Map<string, Pair>();
	if (!isObject(changeset)) return pairs;
	// a placeholder date (2099-12-30, 2099-12-31: placeholders.ts) is no date: null on either side
	const real = withoutPlaceholder;
	for (const [field, pair] of Object.entries(changeset)) {
		if (Array.isArray(pair) && pair.length === 2) pairs.set(field, [real(pair[0]), real(pair[1])]);
	}
	// per-source LFDs inside import_deadlines: {import_deadlines: [{pickup_lfd_line: …}, {…}]}; on the newer
	// serializer the line's and the facility's in `pod`, and the LFD Terminal49 selected in `pod.unified`
	const deadlines = pairs.get('import_deadlines');
	if (deadlines) {
		const [before, after] = deadlines.map((side) => (isObject(side) ? side : {}));
		const [podBefore, podAfter] = [before, after].map((side) =>
			isObject(side.pod) ? side.pod : undefined,
		);
		const pod = (side: IDataObject | undefined, source: string, key: string) => {
			const record = side?.[source];
			return isObject(record) ? (record[key] ?? null) : null;
		};
		const add = (field: string, pair: Pair) => {
			if (!pairs.has(field) && !same(pair[0] ?? null, pair[1] ?? null)) pairs.set(field, pair);
		};
		for (const source of ['line', 'terminal', 'rail']) {
			const field = `pickup_lfd_${source}`;
			add(field, [real(before[field] ?? null), real(after[field] ?? null)]);
		}
		if (podBefore || podAfter) {
			add('pickup_lfd_line', [pod(podBefore, 'line', 'current'), pod(podAfter, 'line', 'current')]);
			add('pickup_lfd_terminal', [
				pod(podBefore, 'facility', 'current'),
				pod(podAfter, 'facility', 'current'),
			]);
			const selected: Pair = [
				pod(podBefore, 'unified', 'current_value'),
				pod(podAfter, 'unified', 'current_value'),
			];
			if (!same(selected[0], selected[1])) {
				pairs.set(SELECTED, selected);
				pairs.set(SELECTION, [
					pod(podBefore, 'unified', 'current_selection'),
					pod(podAfter, 'unified', 'current_selection'),
				]);
			}
		}
	}
	return pairs;
}

function same(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const ka = Object.keys(a as object);
	const kb = Object.keys(b as object);
	return (
		ka.length === kb.length && ka.every((k) => same((a as IDataObject)[k], (b as IDataObject)[k]))
	);
}

function activeHoldCounts(holds: unknown): Map<string, number> {
	const counts = new Map<string, number>();
	if (!Array.isArray(holds)) return counts;
	for (const hold of holds) {
		if (!isObject(hold) || hold.status !== 'hold') continue;
		const name = String(hold.name ?? 'unnamed');
		counts.set(name, (counts.get(name) ?? 0) + 1);
	}
	return counts;
}

/** Names with fewer active holds in `after` than in `before` (each name once). */
function fewer(before: Map<string, number>, after: Map<string, number>): string[] {
	return [...before].filter(([name, n]) => (after.get(name) ?? 0) < n).map(([name]) => name);
}

/** The zone to count calendar days in: an unknown one counts in UTC. */
function zoneOf(timeZone: unknown): string {
	return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

function daysBetween(from: string | null, to: string | null, zone: string): number | null {
	if (from === null || to === null) return null;
	const a = dayNumberOf(from, zone);
	const b = dayNumberOf(to, zone);
	return a === null || b === null ? null : b - a;
}

/** An LFD as text; null for none or a placeholder date (placeholders.ts). */
const lfdText = (value: unknown) => text(withoutPlaceholder(value));

/** Whether a fee list has at least one fee, posted or pending, by Terminal49's rules (holdsAndFees.ts). */
function hasFees(fees: unknown): boolean {
	return feeLinesOf({ fees_at_pod_terminal: fees as IDataObject[] }).length > 0;
}

/** The fee types with a posted amount (not `0`: pending). */
function postedTypes(fees: unknown): Set<string> {
	return new Set(
		feeLinesOf({ fees_at_pod_terminal: fees as IDataObject[] })
			.filter((line) => line.amount !== null)
			.map((line) => line.type),
	);
}

/** Whether the container is ready for pickup (available and no active hold), or null when not known. */
function ready(available: unknown, holds: unknown): boolean | null {
	if (typeof available !== 'boolean' || !Array.isArray(holds)) return null;
	return available && activeHoldCounts(holds).size === 0;
}

/** Whether the container is blocked (not available, an active hold), or null when not known. */
function blocked(available: unknown, holds: unknown): boolean | null {
	if (typeof available !== 'boolean' || !Array.isArray(holds)) return null;
	return !available && activeHoldCounts(holds).size > 0;
}

/** The earliest of some per-source LFDs by calendar day in `zone` (then the instant); null when none. */
function earliestOf(
	lfds: Array<{ source: LfdSource; value: string | null }>,
	zone: string,
): { source: DeadlineSource; value: string } | null {
	let best: { source: LfdSource; value: string; day: number } | null = null;
	for (const { source, value } of lfds) {
		const day = value === null ? null : dayNumberOf(value, zone);
		if (value === null || day === null) continue;
		if (!best || day < best.day || (day === best.day && Date.parse(value) < Date.parse(best.value)))
			best = { source, value, day };
	}
	return best && { source: best.source, value: best.value };
}

/** The facts of one change. */
export function changeFacts(input: ChangeInput): ChangeFacts {
	const pairs = pairsOf(input.changeset);
	const current = isObject(input.current) ? input.current : {};
	const zone = zoneOf(input.timeZone);
	const event = input.event;

	// Holds
	const holdPair = pairs.get('holds_at_pod_terminal');
	const holdsBefore = activeHoldCounts(holdPair?.[0]);
	const holdsAfter = activeHoldCounts(holdPair?.[1]);
	const holdsReleased = holdPair ? fewer(holdsBefore, holdsAfter) : [];
	const holdsAdded = holdPair ? fewer(holdsAfter, holdsBefore) : [];

	// Ready for pickup: a field the changeset does not name kept its current value.
	const availablePair = pairs.get('available_for_pickup');
	let becameReady = false;
	let noLongerReady = false;
	let becameBlocked = false;
	if (availablePair || holdPair) {
		const [availableOld, availableNew] = availablePair ?? [
			current.available_for_pickup,
			current.available_for_pickup,
		];
		const [holdsOld, holdsNew] = holdPair ?? [
			current.holds_at_pod_terminal,
			current.holds_at_pod_terminal,
		];
		const before = ready(availableOld, holdsOld);
		const after = ready(availableNew, holdsNew);
		if (before !== null && after !== null) {
			becameReady = !before && after;
			noLongerReady = before && !after;
		}
		const blockedBefore = blocked(availableOld, holdsOld);
		const blockedAfter = blocked(availableNew, holdsNew);
		becameBlocked = blockedBefore === false && blockedAfter === true;
	}

	// Last free day: Terminal49's (the one it selects, else its combined pickup_lfd) first, else the first
	// per-source field that changed. On the newer serializer the legacy pickup_lfd is a sentinel: never read.
	const unified = selectedPodLfd(current);
	const selects = unified !== undefined || pairs.has(SELECTED);
	const podZone = zoneOf(input.lfdZones?.terminal ?? input.timeZone);
	const railZone = zoneOf(input.lfdZones?.rail ?? input.timeZone);
	const zoneOfSource = (source: DeadlineSource | null) =>
		!selects ? zone : source === 'rail' ? railZone : podZone;
	let lfdMoved = false;
	let lfdFrom: string | null = null;
	let lfdTo: string | null = null;
	let lfdSource: DeadlineSource | null = null;
	let lfdKnownOld = false;
	// the change names the LFD Terminal49 selected (its pair, or `container.pickup_lfd.changed`)
	let namesSelected = false;
	// on the newer serializer a rail LFD counts only for a container bound for its inland ramp (else it is a
	// placeholder: deadlines.ts movesByRail)
	if (selects && !movesByRail(current)) pairs.delete('pickup_lfd_rail');
	const sourcePairs = (['line', 'terminal', 'rail'] as const)
		.map((source) => ({ source, pair: pairs.get(`pickup_lfd_${source}`) }))
		.filter((entry) => entry.pair && !same(entry.pair[0], entry.pair[1]));
	const lfdPair = selects ? pairs.get(SELECTED) : pairs.get('pickup_lfd');
	const selectionNow = selectionOf(pairs.get(SELECTION)?.[1] ?? unified?.current_selection);
	const deadlines = isObject(current.import_deadlines) ? current.import_deadlines : {};
	const podSources = isObject(deadlines.pod) ? deadlines.pod : {};
	/** A source's LFD as the container carries it now (the newer serializer's line and facility in `pod`). */
	const sourceNow = (source: LfdSource): unknown => {
		if (!selects) return deadlines[`pickup_lfd_${source}`];
		if (source === 'rail') return movesByRail(current) ? deadlines.pickup_lfd_rail : null;
		const record = podSources[source === 'line' ? 'line' : 'facility'];
		return isObject(record) ? record.current : null;
	};
	if (lfdPair && !same(lfdPair[0], lfdPair[1])) {
		lfdMoved = true;
		[lfdFrom, lfdTo] = [text(lfdPair[0]), text(lfdPair[1])];
		lfdKnownOld = true;
		namesSelected = selects;
		// the selection, or the source whose new LFD is the combined one when the changeset also names it
		lfdSource = selects
			? selectionNow
			: (sourcePairs.find((entry) => same(entry.pair![1], lfdPair[1]))?.source ?? null);
	} else if (sourcePairs.length > 0) {
		lfdMoved = true;
		const { source, pair } = sourcePairs[0];
		[lfdFrom, lfdTo] = [text(pair![0]), text(pair![1])];
		lfdKnownOld = true;
		lfdSource = source;
	} else if (event in LFD_EVENTS) {
		// The event says the LFD changed; it does not carry the old one.
		lfdMoved = true;
		const source = LFD_EVENTS[event];
		namesSelected = selects && source === null;
		lfdSource = source ?? (selects ? selectionNow : null);
		lfdTo =
			lfdText(input.newValue) ??
			lfdText(source ? sourceNow(source) : selects ? unified?.current_value : current.pickup_lfd);
	}
	const lfdDays = lfdKnownOld ? daysBetween(lfdFrom, lfdTo, zoneOfSource(lfdSource)) : null;
	// The day the selected LFD was first, when it moved since (the newer serializer's original_value)
	const originalValue = text(unified?.original_value);
	const lfdOriginal =
		namesSelected && originalValue !== null && originalValue !== lfdTo ? originalValue : null;
	const lfdDaysFromOriginal = lfdOriginal ? daysBetween(lfdOriginal, lfdTo, podZone) : null;

	// The watched LFD, before and after: on the older serializer the earliest of the three LFDs (a source the
	// change does not name kept its value); on the newer one the selected LFD, or the rail LFD once the
	// container left the port by rail
	let earliestBefore: { source: DeadlineSource | null; value: string } | null = null;
	let earliestAfter: { source: DeadlineSource | null; value: string } | null = null;
	let earliestMoved = false;
	let earliestZone = zone;
	if (selects) {
		const byRail = leftPortByRail(current);
		const pair = byRail ? pairs.get('pickup_lfd_rail') : pairs.get(SELECTED);
		const source: DeadlineSource | null = byRail ? 'rail' : selectionNow;
		earliestZone = byRail ? railZone : podZone;
		const side = (value: unknown) => {
			const at = lfdText(value);
			return at === null ? null : { source, value: at };
		};
		if (pair && !same(pair[0], pair[1])) {
			[earliestBefore, earliestAfter] = [side(pair[0]), side(pair[1])];
			earliestMoved = true;
		} else if (
			!pair &&
			(byRail
				? event === 'container.pickup_lfd_rail.changed'
				: event === 'container.pickup_lfd.changed')
		) {
			// the event says the watched LFD changed, without the old one
			earliestAfter = side(lfdTo);
			earliestMoved = true;
		} else {
			earliestAfter = side(byRail ? deadlines.pickup_lfd_rail : unified?.current_value);
		}
	} else if (sourcePairs.length > 0) {
		const sideOf = (index: 0 | 1) =>
			earliestOf(
				(['line', 'terminal', 'rail'] as const).map((source) => {
					const pair = pairs.get(`pickup_lfd_${source}`);
					return { source, value: text(pair ? pair[index] : deadlines[`pickup_lfd_${source}`]) };
				}),
				zone,
			);
		[earliestBefore, earliestAfter] = [sideOf(0), sideOf(1)];
		earliestMoved = (earliestBefore?.value ?? null) !== (earliestAfter?.value ?? null);
	}

	// Fees
	const feePair = pairs.get('fees_at_pod_terminal');
	const feesBefore = feePair ? hasFees(feePair[0]) : false;
	const feesAfter = feePair ? hasFees(feePair[1]) : false;
	const feesAppeared = !!feePair && !feesBefore && feesAfter;
	const feesChanged = !!feePair && feesBefore && !same(feePair[0], feePair[1]);
	const postedBefore = feePair ? postedTypes(feePair[0]) : new Set<string>();
	const feesPosted = feePair
		? [...postedTypes(feePair[1])].filter((t) => !postedBefore.has(t))
		: [];
	// the watched LFD moved from today or later to before today: demurrage is charged from the day after it
	const today = (zoneName: string) => dayNumber(todayIn(zoneName, input.now ?? new Date()));
	const watchedDay = (value: string | null | undefined) =>
		value ? dayNumberOf(value, earliestZone) : null;
	const [wasDay, isDay] = earliestMoved
		? [watchedDay(earliestBefore?.value), watchedDay(earliestAfter?.value)]
		: [null, null];
	const lfdNowPast =
		wasDay !== null &&
		isDay !== null &&
		wasDay >= today(earliestZone) &&
		isDay < today(earliestZone);
	const costsStarted = (feesPosted.length > 0 && postedBefore.size === 0) || lfdNowPast;

	// Pickup appointment
	const appointmentPair = pairs.get('pickup_appointment_at');
	let appointmentChanged = false;
	let appointmentFrom: string | null = null;
	let appointmentTo: string | null = null;
	let appointmentSet = false;
	let appointmentMoved = false;
	if (appointmentPair && !same(appointmentPair[0], appointmentPair[1])) {
		appointmentChanged = true;
		[appointmentFrom, appointmentTo] = [text(appointmentPair[0]), text(appointmentPair[1])];
		appointmentSet = appointmentFrom === null && appointmentTo !== null;
		appointmentMoved = appointmentFrom !== null && appointmentTo !== null;
	} else if (event === APPOINTMENT_EVENT) {
		// The event says it changed and carries the new appointment only: set or moved cannot be told.
		appointmentChanged = true;
		appointmentTo = text(input.newValue) ?? text(current.pickup_appointment_at);
	}

	// ETA
	const etaField = ETA_FIELDS.find((field) => {
		const pair = pairs.get(field);
		return pair && !same(pair[0], pair[1]);
	});
	let etaMoved = false;
	let etaFrom: string | null = null;
	let etaTo: string | null = null;
	let etaDays: number | null = null;
	if (etaField) {
		const pair = pairs.get(etaField)!;
		etaMoved = true;
		[etaFrom, etaTo] = [text(pair[0]), text(pair[1])];
		etaDays = daysBetween(etaFrom, etaTo, zone);
	} else if (ETA_EVENTS.has(event)) {
		etaMoved = true;
		etaTo = text(input.newValue);
	}

	// The first ETA of the place whose ETA moved: the inland destination's, else the port of discharge's.
	const atDestination = DESTINATION_ETAS.has(etaField ?? event);
	const etaOriginal = text(atDestination ? input.originalDestinationEta : input.originalEta);
	const placeZone = atDestination ? input.destinationTimeZone : input.etaTimeZone;
	const etaZone = placeZone ? zoneOf(placeZone) : zone;
	const etaDaysFromOriginal = etaMoved ? daysBetween(etaOriginal, etaTo, etaZone) : null;

	const flags: Record<ChangeFact, boolean> = {
		hold_released: holdsReleased.length > 0,
		hold_added: holdsAdded.length > 0,
		became_ready_for_pickup: becameReady,
		no_longer_ready_for_pickup: noLongerReady,
		became_blocked: becameBlocked,
		lfd_moved: lfdMoved,
		earliest_lfd_moved: earliestMoved,
		fees_appeared: feesAppeared,
		fees_changed: feesChanged,
		fee_posted: feesPosted.length > 0,
		costs_started: costsStarted,
		appointment_changed: appointmentChanged,
		appointment_set: appointmentSet,
		appointment_moved: appointmentMoved,
		eta_moved: etaMoved,
	};

	return {
		facts: CHANGE_FACTS.filter((fact) => flags[fact]),
		holds_released: holdsReleased,
		holds_added: holdsAdded,
		became_ready_for_pickup: becameReady,
		no_longer_ready_for_pickup: noLongerReady,
		became_blocked: becameBlocked,
		lfd_moved: lfdMoved,
		lfd_from: lfdFrom,
		lfd_to: lfdTo,
		lfd_source: lfdSource,
		lfd_days_moved: lfdDays,
		lfd_original: lfdOriginal,
		lfd_days_from_original: lfdDaysFromOriginal,
		earliest_lfd_moved: earliestMoved,
		earliest_lfd_from: earliestMoved ? (earliestBefore?.value ?? null) : null,
		earliest_lfd_to: earliestMoved ? (earliestAfter?.value ?? null) : null,
		earliest_lfd_source: earliestAfter?.source ?? null,
		earliest_lfd_days_moved:
			earliestMoved && earliestBefore && earliestAfter
				? daysBetween(earliestBefore.value, earliestAfter.value, earliestZone)
				: null,
		fees_appeared: feesAppeared,
		fees_changed: feesChanged,
		fee_posted: feesPosted.length > 0,
		fees_posted: feesPosted,
		costs_started: costsStarted,
		appointment_changed: appointmentChanged,
		appointment_set: appointmentSet,
		appointment_moved: appointmentMoved,
		appointment_from: appointmentFrom,
		appointment_to: appointmentTo,
		eta_moved: etaMoved,
		eta_from: etaFrom,
		eta_to: etaTo,
		eta_days_moved: etaDays,
		eta_original: etaOriginal,
		eta_days_from_original: etaDaysFromOriginal,
	};
}
