/**
 * The orders of Container Get Many and Shipment Get Many on the flat items the client builds (Sort By, else
 * newest created first), with the order the service is expected to send them in, so that a Limit stops as
 * soon as it is filled: the spec's sorts (`listSpec.ts`) in, a ListOrder (`api.ts`) out.
 */
import type { IDataObject } from 'n8n-workflow';

import { asObject } from '../domain/values';
import type { Deadline, DeadlineRule, LfdSource } from '../domain/deadlines';
import { coalescedDeadline, deadlineOf, sourceLfds, sourceTimeZones } from '../domain/deadlines';
import type { ListOrder } from './api';
import type { ContainerSort, ShipmentSort } from './listSpec';

const instant = (value: unknown) => {
	const time = typeof value === 'string' && value ? Date.parse(value) : NaN;
	return Number.isNaN(time) ? undefined : time;
};

/** Ascending, a missing key last (the caller's sort is stable: ties keep the service's order). */
function ascending(a: number | undefined, b: number | undefined): number {
	if (a === undefined) return b === undefined ? 0 : 1;
	if (b === undefined) return -1;
	return a - b;
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);

/**
 * An order by a derived field only the node knows (the return deadline, the cost): ascending, none last, ties
 * newest first. No service order holds it, so every page is read.
 */
function byDerived(key: (item: IDataObject) => number | undefined): ListOrder {
	return { compare: (a, b) => ascending(key(a), key(b)) || newestFirst(a, b) || tieBreak(a, b) };
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
	if (sort === 'return_by') return byDerived((item) => numberOr(item.days_until_return_by));
	if (sort === 'cost')
		return byDerived((item) => {
			const cost = numberOr(item.cost_by_tomorrow) ?? numberOr(item.cost_so_far);
			return cost === undefined ? undefined : -cost;
		});
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
