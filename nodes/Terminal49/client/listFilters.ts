import type { IDataObject } from 'n8n-workflow';

import type { LfdBand } from '../domain/urgency';
import { asObject, isSet } from '../domain/values';
import { calendarDayOf, dayNumber, isValidTimeZone, todayIn } from '../domain/calendar';
import type { Deadline, DeadlineRule, LfdSource } from '../domain/deadlines';
import { coalescedDeadline, deadlineOf, sourceLfds, sourceTimeZones } from '../domain/deadlines';
import type { PartyRole } from '../domain/partyRoles';
import type { PickupState } from '../domain/pickupState';
import type { Risk } from '../domain/risks';
import { hasAnyRisk } from '../domain/risks';
import type { ListOrder } from './api';

/**
 * What the filters and orders of Container Get Many and Shipment Get Many mean, judged on the flat items the
 * client builds (the node's own terms, whatever the service did with the query): plain values in, pure
 * functions out. `listQuery.ts` turns the same values into the query the service gets.
 */

/** Shipment tags (names as the account writes them): any of them, or all with `all`. */
export interface TagFilter {
	names: string[];
	all: boolean;
}

/** ETA changed within the last 24 hours or the last 3 days (a change only the service records). */
export type EtaChange = '24h' | '3d';

/** Not arrived at the port of discharge, the ETA before today (overdue) or within N days (in the port's calendar). */
export interface EtaBand {
	band: 'overdue' | 'within';
	days: number;
}

export interface ContainerFilters {
	/** current_status is one of these. */
	statuses?: string[];
	readyForPickup?: boolean;
	/** Fees are listed at the terminal (`fees_total` has an amount; a `total` line alone is no fee). */
	hasTerminalFees?: boolean;
	/** A demurrage fee of more than 0 is listed at the terminal. */
	hasDemurrageFees?: boolean;
	/** An active hold (status `hold`) of one of these names; `any`: any active hold. */
	activeHolds?: string[];
	lfdBands?: LfdBand[];
	terminalData?: 'fresh' | 'stale';
	/** The POD terminal by its Terminal49 ID or its FIRMS code (needs the terminal included). */
	podTerminal?: { by: 'id' | 'firms'; value: string };
	/** UN/LOCODE of the port of discharge (the shipment's `port_of_discharge_locode`). */
	portOfDischarge?: string;
	/** SCAC of the shipping line (the shipment's `shipping_line_scac`). */
	shippingLine?: string;
	excludeClosed?: boolean;
	urgentOnly?: boolean;
	/** pickup_state is one of these (Terminal49's four words, or unknown). */
	pickupStates?: PickupState[];
	/** At least one of these risks applies (`risks`). */
	risks?: Risk[];
	/** The shipment's tracking is stopped (`line_tracking_stopped_at` set), or still on. */
	trackingStopped?: boolean;
	/** The shipment's tags. */
	tags?: TagFilter;
	/** The container number starts with this (upper case). */
	numberPrefix?: string;
	/** The shipment's bill of lading number starts with this (upper case). */
	shipmentNumberPrefix?: string;
	/** One of the container's reference numbers starts with this (as typed: case counts). */
	refNumberPrefix?: string;
	/** One of the shipment's reference numbers starts with this (as typed: case counts). */
	shipmentRefNumberPrefix?: string;
	/** Only the service can judge these three: no field of the items says. */
	requiresAttention?: boolean;
	etaChanged?: EtaChange;
	/** A customer party (or account) ID. */
	customerId?: string;
	/** A party in one role on the container or its shipment (only the service can judge it). */
	party?: { id: string; role: PartyRole };
	/** Not arrived, by the shipment's ETA (the node's alone: Terminal49 keeps its container ETA filters off). */
	eta?: EtaBand;
}

export type ContainerSort = 'lfd' | 'arrival';

export interface ShipmentFilterSpec {
	/** Not arrived (no pod_ata_at) and the ETA is before today (overdue) or within N days. */
	eta?: EtaBand;
	portOfDischarge?: string;
	shippingLine?: string;
	tags?: TagFilter;
	/** Only the service can judge these three. */
	customerId?: string;
	etaChanged?: EtaChange;
	/** A party in any role on the shipment. */
	partyId?: string;
}

export type ShipmentSort = 'arrival';

const strings = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** True when some filter is judged on the items. */
export function hasFilters(filters: ContainerFilters | ShipmentFilterSpec): boolean {
	return Object.values(filters).some((value) => value !== undefined);
}

/** The container filters that read the container's shipment. */
function readsShipment(filters: ContainerFilters): boolean {
	return (
		!!filters.portOfDischarge ||
		!!filters.shippingLine ||
		filters.trackingStopped !== undefined ||
		!!filters.tags ||
		!!filters.shipmentNumberPrefix ||
		!!filters.shipmentRefNumberPrefix ||
		!!filters.eta
	);
}

/**
 * The related records a filter or order reads, to include in the same request (no request more): the
 * shipment for port of discharge, shipping line, tracking, tags, shipment numbers, arrival and the ETA-slipped
 * risk; the POD terminal for a FIRMS code; the transport events for the rolled and transshipped risks.
 */
export function includesFor(filters: ContainerFilters, sort?: ContainerSort): string[] {
	const include: string[] = [];
	if (readsShipment(filters) || sort === 'arrival' || filters.risks?.includes('eta_slipped'))
		include.push('shipment');
	if (filters.podTerminal?.by === 'firms') include.push('pod_terminal');
	if (filters.risks?.some((risk) => risk === 'rolled' || risk === 'transshipped'))
		include.push('transport_events');
	return include;
}

/** Whether a list of tags has any (or, with `all`, every) tag asked for: names compared exactly. */
function tagsMatch(tags: unknown, filter: TagFilter): boolean {
	const have = new Set(strings(tags));
	return filter.all
		? filter.names.every((name) => have.has(name))
		: filter.names.some((name) => have.has(name));
}

const startsWith = (value: unknown, prefix: string) =>
	typeof value === 'string' && value.startsWith(prefix);

/** A demurrage fee of more than 0 among the terminal's fees. */
function hasDemurrage(item: IDataObject): boolean {
	return (Array.isArray(item.fees_at_pod_terminal) ? item.fees_at_pod_terminal : []).some(
		(fee) => asObject(fee)?.type === 'demurrage' && Number(asObject(fee)?.amount) > 0,
	);
}

/**
 * A test of one flat container item (attributes at the top level, insight fields added, relationships
 * resolved when included). `unresolved(name)` is called when a filter needs an included record the page
 * did not carry; it should throw (the item cannot be judged). Filters only the service can judge
 * (Requires Attention, ETA Changed, Customer) are not tested here.
 */
export function containerMatcher(
	filters: ContainerFilters,
	unresolved: (relationship: string) => never,
	now: Date = new Date(),
): (item: IDataObject) => boolean {
	const statuses = filters.statuses ? new Set(filters.statuses) : undefined;
	const holds = filters.activeHolds ? new Set(filters.activeHolds) : undefined;
	const anyHold = holds?.has('any') ?? false;
	const bands = filters.lfdBands ? new Set<string>(filters.lfdBands) : undefined;
	const pickupStates = filters.pickupStates ? new Set<string>(filters.pickupStates) : undefined;
	const risks = filters.risks ? new Set<string>(filters.risks) : undefined;
	const { readyForPickup, terminalData, podTerminal, portOfDischarge, shippingLine, tags } =
		filters;
	const shipmentOf = (item: IDataObject) => {
		const shipment = asObject(item.shipment);
		if (!shipment && isSet(item.shipment)) unresolved('shipment');
		return shipment ?? {};
	};
	const shipmentTests: Array<(shipment: IDataObject) => boolean> = [];
	if (portOfDischarge || shippingLine)
		shipmentTests.push((shipment) => shipmentPlaceMatches(shipment, portOfDischarge, shippingLine));
	if (filters.trackingStopped !== undefined)
		shipmentTests.push(
			(shipment) => isSet(shipment.line_tracking_stopped_at) === filters.trackingStopped,
		);
	if (tags) shipmentTests.push((shipment) => tagsMatch(shipment.tags, tags));
	const blPrefix = filters.shipmentNumberPrefix;
	if (blPrefix)
		shipmentTests.push((shipment) => startsWith(shipment.bill_of_lading_number, blPrefix));
	const shipmentRef = filters.shipmentRefNumberPrefix;
	if (shipmentRef)
		shipmentTests.push((shipment) =>
			strings(shipment.ref_numbers).some((ref) => ref.startsWith(shipmentRef)),
		);
	const { eta } = filters;
	if (eta) shipmentTests.push((shipment) => etaWithin(shipment, eta, now));
	const { numberPrefix, refNumberPrefix } = filters;
	return (item) => {
		// arrived at the port of discharge: no ETA band holds it
		if (eta && isSet(item.pod_arrived_at)) return false;
		if (statuses && !statuses.has(item.current_status as string)) return false;
		if (readyForPickup !== undefined && item.ready_for_pickup !== readyForPickup) return false;
		if (filters.hasTerminalFees !== undefined) {
			const fees = Object.keys(asObject(item.fees_total) ?? {}).length > 0;
			if (fees !== filters.hasTerminalFees) return false;
		}
		if (filters.hasDemurrageFees !== undefined && hasDemurrage(item) !== filters.hasDemurrageFees)
			return false;
		if (holds) {
			const active = (item.active_holds ?? []) as string[];
			if (anyHold ? active.length === 0 : !active.some((name) => holds.has(name))) return false;
		}
		if (bands && !bands.has(item.lfd_band as string)) return false;
		if (terminalData && item.terminal_data_fresh !== (terminalData === 'fresh')) return false;
		if (filters.excludeClosed && item.closed === true) return false;
		if (filters.urgentOnly && item.urgent !== true) return false;
		if (pickupStates && !pickupStates.has(item.pickup_state as string)) return false;
		if (risks && !hasAnyRisk(item.risks, risks)) return false;
		if (numberPrefix && !startsWith(item.number, numberPrefix)) return false;
		if (
			refNumberPrefix &&
			!strings(item.ref_numbers).some((ref) => ref.startsWith(refNumberPrefix))
		)
			return false;
		if (podTerminal) {
			const terminal = item.pod_terminal;
			if (podTerminal.by === 'id') {
				const id = asObject(terminal)?.id ?? terminal;
				if (id === undefined || id === null || String(id) !== podTerminal.value) return false;
			} else {
				if (terminal === null || terminal === undefined) return false;
				const resolved = asObject(terminal) ?? unresolved('pod_terminal');
				if (String(resolved.firms_code ?? '').toUpperCase() !== podTerminal.value) return false;
			}
		}
		if (shipmentTests.length) {
			const shipment = shipmentOf(item);
			if (!shipmentTests.every((test) => test(shipment))) return false;
		}
		return true;
	};
}

const instant = (value: unknown) => {
	const time = typeof value === 'string' && value ? Date.parse(value) : NaN;
	return Number.isNaN(time) ? undefined : time;
};

/** The day (since 1970-01-01) of an instant's UTC date: the date component the service stores. */
export const utcDay = (time: number) => Math.floor(time / 86_400_000);

/** Ascending, a missing key last (the caller's sort is stable: ties keep the service's order). */
function ascending(a: number | undefined, b: number | undefined): number {
	if (a === undefined) return b === undefined ? 0 : 1;
	if (b === undefined) return -1;
	return a - b;
}

/** Newest created first. */
const newestFirst = (a: IDataObject, b: IDataObject) =>
	(instant(b.created_at) ?? 0) - (instant(a.created_at) ?? 0);

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The last tie-breaks of the sorts, after newest created first: by container (or bill of lading) number,
 * then by ID, so the order never hangs on the service's.
 */
const tieBreak = (a: IDataObject, b: IDataObject) =>
	byText(
		text(a.number) || text(a.bill_of_lading_number),
		text(b.number) || text(b.bill_of_lading_number),
	) || byText(String(a.id ?? ''), String(b.id ?? ''));

/** The arrival at the port of discharge: the container's, else the shipment's actual, else its ETA. */
export function arrivalOf(item: IDataObject): number | undefined {
	const shipment = asObject(item.shipment) ?? {};
	return (
		instant(item.pod_arrived_at) ?? instant(shipment.pod_ata_at) ?? instant(shipment.pod_eta_at)
	);
}

/**
 * An order by an instant the service sorts by the same way (its `sort` token sent): earliest first, none
 * last, then the tie-breaks.
 */
function byInstant(
	of: (item: IDataObject) => number | undefined,
	serviceTiesNewestFirst: boolean,
): ListOrder {
	const compareKey = (a: IDataObject, b: IDataObject) => ascending(of(a), of(b));
	// Containers: the service is asked for the newest first among equal keys too (`sort=<key>,-created_at`);
	// shipments take one sort token only, so their ties are read to the end
	const serviceKey = serviceTiesNewestFirst
		? (a: IDataObject, b: IDataObject) => compareKey(a, b) || newestFirst(a, b)
		: compareKey;
	return {
		compare: (a, b) => compareKey(a, b) || newestFirst(a, b) || tieBreak(a, b),
		service: { compareKey: serviceKey },
	};
}

/**
 * Newest created first (`sort=-created_at`, and the older service's own order), whatever the service's
 * order. Records created in the same second (the containers of one shipment) keep the service's order, so
 * that a Limit is final as soon as it is filled and pages stay sized for the Limit.
 */
export const NEWEST_FIRST: ListOrder = {
	compare: newestFirst,
	service: { compareKey: newestFirst, tiesFinal: true },
};

/** The day count and the value of the deadline an item's urgency follows (`lfd_watched`). */
function watchedLfd(item: IDataObject): { days: number | undefined; at: number | undefined } {
	const earliest = item.lfd_watched !== 'pickup_lfd';
	const days = earliest ? item.days_until_earliest_lfd : item.days_until_pickup_lfd;
	return {
		days: typeof days === 'number' ? days : undefined,
		at: instant(earliest ? item.earliest_lfd : item.pickup_lfd),
	};
}

/** Last free day soonest first (the watched one, in its own calendar, then by the instant; none last). */
const byWatchedLfd = (a: IDataObject, b: IDataObject) => {
	const [x, y] = [watchedLfd(a), watchedLfd(b)];
	return ascending(x.days, y.days) || ascending(x.at, y.at);
};

/**
 * The order of flat container items: last free day soonest first (the deadline urgency follows, in its own
 * calendar, then by the instant; none last), or arrival earliest first (none last), ties newest created
 * first, then by number; without a sort, newest created first. The service is asked for the same order
 * (`sort=pickup_lfd`) only when the coalesced pickup_lfd is watched: the earliest of the three LFDs is no
 * field of the service (see sourceOrder), nor is the LFD Terminal49 selects (`selected`: its legacy pickup_lfd
 * is a sentinel).
 */
export function containerOrder(
	sort: ContainerSort | undefined,
	watch: DeadlineRule = 'earliest',
): ListOrder {
	if (sort === undefined) return NEWEST_FIRST;
	if (sort === 'arrival') return byInstant(arrivalOf, true);
	const compareKey = (a: IDataObject, b: IDataObject) => byWatchedLfd(a, b) || newestFirst(a, b);
	const compare = (a: IDataObject, b: IDataObject) => compareKey(a, b) || tieBreak(a, b);
	return watch === 'pickup_lfd' ? { compare, service: { compareKey } } : { compare };
}

/**
 * The days from today to one LFD source of a flat container item (in that source's calendar), or to its
 * pickup_lfd (`coalesced`); undefined without one. Remembered per item.
 */
export function sourceDaysOf(
	source: LfdSource | 'coalesced',
	now: Date,
): (item: IDataObject) => number | undefined {
	const deadline = sourceDeadlineOf(source, now);
	return (item) => deadline(item)?.daysUntil;
}

/** One LFD source's deadline of a flat container item (or its pickup_lfd: `coalesced`), remembered per item. */
function sourceDeadlineOf(
	source: LfdSource | 'coalesced',
	now: Date,
): (item: IDataObject) => Deadline | null {
	const deadlines = new WeakMap<IDataObject, Deadline | null>();
	return (item) => {
		let deadline = deadlines.get(item);
		if (deadline === undefined) {
			const zones = sourceTimeZones(item);
			deadline =
				source === 'coalesced'
					? coalescedDeadline(item, zones, now)
					: deadlineOf(sourceLfds(item)[source], source, zones[source], now);
			deadlines.set(item, deadline);
		}
		return deadline;
	};
}

/** The days from today to the last free day an item's urgency follows (earliest or pickup_lfd), if any. */
export function watchedDays(item: IDataObject): number | undefined {
	return watchedLfd(item).days;
}

/**
 * An order made total (ties broken by number, then ID) for lists read apart and merged: each list reads on
 * past a tie at its Limit (no `tiesFinal`), so the merge picks among tied records the same way whichever list
 * they came from, and the same way as one unfiltered list would.
 */
export function mergedOrder(order: ListOrder): ListOrder {
	return {
		compare: (a, b) => order.compare(a, b) || tieBreak(a, b),
		service: order.service && { compareKey: order.service.compareKey },
	};
}

/**
 * The order of a list the service sorted by one LFD source (`sort=pickup_lfd_<source>_on,-created_at`, or
 * `pickup_lfd` for the records with no per-source LFD), for
 * the earliest LFD read source by source: the node's order by the earliest LFD, the service's by that
 * source's day (in its own calendar), none last. A Limit stops once a record past its last by that source has
 * come: a container whose earliest LFD is another source's is found in that source's list.
 */
export function sourceOrder(source: LfdSource | 'coalesced', now: Date): ListOrder {
	const deadline = sourceDeadlineOf(source, now);
	// The service's key: the source's day, then its instant, then the newest created. Checked on every record:
	// a service that orders one day's records otherwise (a date column: by creation alone) is caught, and the
	// list then read to its end.
	const sourceKey = (item: IDataObject) => {
		const lfd = deadline(item);
		return { days: lfd?.daysUntil, at: lfd ? instant(lfd.value) : undefined };
	};
	const byKey = (a: { days?: number; at?: number }, b: { days?: number; at?: number }): number =>
		ascending(a.days, b.days) || ascending(a.at, b.at);
	return {
		compare: containerOrder('lfd').compare,
		service: {
			compareKey: (a, b) => byKey(sourceKey(a), sourceKey(b)) || newestFirst(a, b),
			// A record of this list whose earliest LFD is this source's comes at that key: once the list is past
			// the Limit's last by the earliest LFD, none to come can enter the Limit (a container whose earliest
			// is another source's, or whose terminal LFD no longer counts, is in that source's list)
			pastLimit: (limitKey, last) => {
				const limit = watchedLfd(limitKey);
				const order =
					byKey({ days: limit.days, at: limit.at }, sourceKey(last)) || newestFirst(limitKey, last);
				return limit.days !== undefined && order < 0;
			},
		},
	};
}

/**
 * The order of flat shipment items: arrival at the port of discharge (actual, else ETA) earliest first, or
 * newest created first.
 */
export function shipmentOrder(sort: ShipmentSort | undefined): ListOrder {
	if (sort === undefined) return NEWEST_FIRST;
	return byInstant((item) => instant(item.pod_ata_at) ?? instant(item.pod_eta_at), false);
}

/** Calendar days from today to the shipment's ETA at the port of discharge, in that port's zone. */
export function daysUntilEta(shipment: IDataObject, now: Date = new Date()): number | undefined {
	const eta = shipment.pod_eta_at;
	const zone = isValidTimeZone(shipment.pod_timezone) ? shipment.pod_timezone : 'UTC';
	const etaDay = typeof eta === 'string' && eta ? calendarDayOf(eta, zone) : null;
	if (etaDay === null) return undefined;
	return dayNumber(etaDay) - dayNumber(todayIn(zone, now));
}

/** Whether a flat shipment has the port of discharge (UN/LOCODE) and the carrier (SCAC) asked for, if any. */
function shipmentPlaceMatches(
	shipment: IDataObject,
	portOfDischarge: string | undefined,
	shippingLine: string | undefined,
): boolean {
	const upper = (value: unknown) => String(value ?? '').toUpperCase();
	if (portOfDischarge && upper(shipment.port_of_discharge_locode) !== portOfDischarge) return false;
	return !shippingLine || upper(shipment.shipping_line_scac) === shippingLine;
}

/** Whether a flat shipment is not arrived and its ETA is in the band (days counted in the port's calendar). */
function etaWithin(shipment: IDataObject, eta: EtaBand, now: Date): boolean {
	if (isSet(shipment.pod_ata_at)) return false;
	const days = daysUntilEta(shipment, now);
	if (days === undefined) return false;
	return eta.band === 'overdue' ? days < 0 : days >= 0 && days <= eta.days;
}

/** A test of one flat shipment item (Customer and ETA Changed are the service's alone). */
export function shipmentMatcher(
	filters: ShipmentFilterSpec,
	now: Date = new Date(),
): (item: IDataObject) => boolean {
	const { eta, portOfDischarge, shippingLine, tags } = filters;
	return (item) => {
		if (!shipmentPlaceMatches(item, portOfDischarge, shippingLine)) return false;
		if (tags && !tagsMatch(item.tags, tags)) return false;
		return !eta || etaWithin(item, eta, now);
	};
}
