import type { IDataObject } from 'n8n-workflow';

import type { LfdBand } from '../helpers/containerInsights';
import { CONTAINER_STATUSES, LFD_BANDS, OPEN_STATUSES } from '../helpers/containerInsights';
import { undocumented } from './filterCatalog';
import type {
	ContainerFilters,
	ContainerSort,
	EtaChange,
	ShipmentFilterSpec,
	ShipmentSort,
	TagFilter,
} from './listFilters';
import { utcDay } from './listFilters';

/**
 * The query Container Get Many and Shipment Get Many send: for every filter and sort of the node, the
 * server-side equivalent Terminal49 documents (filterCatalog.ts), never narrower than what the node keeps.
 * The node still judges every item it gets (listFilters.ts), so a service that applies a filter, applies it
 * loosely or ignores it gives the same items; only the number of requests differs.
 */
export interface ListQuery {
	qs: IDataObject;
	/**
	 * Filters only the service can judge (the items carry nothing to check them on), by the label the user
	 * knows, with the query parameters they add: the client makes sure the service applied them.
	 */
	serviceOnly: Array<{ label: string; keys: string[] }>;
}

/** Whole days from today, either end open: the node's day counts (each in its item's own calendar). */
export interface DayRange {
	from?: number;
	to?: number;
}

const DAY_MS = 86_400_000;
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * `filter[<field>]` bounds for a date the node counts in days from today in the item's own calendar (the
 * pickup place's, the port's), for a service that compares the date it stores (the UTC date of the instant,
 * "no automatic conversion to the port timezone") with explicit dates. In any time zone the day count and
 * (stored date - UTC today) are taken at the same offset from UTC, so they differ by at most one day: the
 * bounds are widened by one day each side, and written as dates, not `today`, so the service's own day
 * does not matter. A superset: the node keeps exactly its own range from what comes back.
 */
export function dateBounds(field: string, range: DayRange, now: Date): IDataObject {
	const today = utcDay(now.getTime());
	const bounds: string[] = [];
	if (range.from !== undefined) bounds.push(`>=${isoDate(today + range.from - 1)}`);
	if (range.to !== undefined) bounds.push(`<=${isoDate(today + range.to + 1)}`);
	const key = `filter[${field}]`;
	if (bounds.length === 0) return { [key]: '@exists' };
	return bounds.length === 1 ? { [key]: bounds[0] } : { [`${key}[]`]: bounds };
}

/** The day counts of an LFD band (`imminent`: 1 to N days ahead; empty when N is 0). */
function bandRange(band: LfdBand, imminentDays: number): DayRange | null | 'none' {
	if (band === 'none') return 'none';
	if (band === 'overdue') return { to: -1 };
	if (band === 'today') return { from: 0, to: 0 };
	if (band === 'imminent') return imminentDays >= 1 ? { from: 1, to: imminentDays } : null;
	return { from: imminentDays + 1 };
}

const URGENT_BANDS: readonly LfdBand[] = ['overdue', 'today', 'imminent'];

/**
 * `filter[pickup_lfd]` for the Last Free Day bands and Urgent Only: the smallest range holding every band
 * kept (`@not_exists` for No Last Free Day alone; nothing when it is kept with others).
 */
function lfdFilter(filters: ContainerFilters, imminentDays: number, now: Date): IDataObject {
	let bands = [...LFD_BANDS];
	if (filters.lfdBands) bands = bands.filter((band) => filters.lfdBands!.includes(band));
	if (filters.urgentOnly) bands = bands.filter((band) => URGENT_BANDS.includes(band));
	if (bands.length === LFD_BANDS.length) return {};
	const ranges = bands.map((band) => bandRange(band, imminentDays)).filter((r) => r !== null);
	if (ranges.length === 0) return {};
	if (ranges.includes('none'))
		return ranges.length === 1 ? { 'filter[pickup_lfd]': '@not_exists' } : {};
	const days = ranges as DayRange[];
	const hull: DayRange = {
		from: days.some((r) => r.from === undefined)
			? undefined
			: Math.min(...days.map((r) => r.from!)),
		to: days.some((r) => r.to === undefined) ? undefined : Math.max(...days.map((r) => r.to!)),
	};
	return dateBounds('pickup_lfd', hull, now);
}

/** `filter[current_status]`: the statuses picked, and only open ones for Exclude Closed or Urgent Only. */
function statusFilter(filters: ContainerFilters): IDataObject {
	let statuses: readonly string[] | undefined = filters.statuses;
	if (filters.excludeClosed || filters.urgentOnly) {
		const open = (statuses ?? CONTAINER_STATUSES).filter((status) =>
			OPEN_STATUSES.includes(status),
		);
		// None left: the node keeps nothing; the statuses picked still narrow what is read.
		statuses = open.length ? open : statuses;
	}
	return statuses?.length ? { 'filter[current_status]': statuses.join(',') } : {};
}

/** `filter[tags][]` (any; an array, so a tag may hold a comma) and `filter[tags_and]` for all. */
function tagFilter(tags: TagFilter | undefined): IDataObject {
	if (!tags) return {};
	return tags.all
		? { 'filter[tags][]': tags.names, 'filter[tags_and]': true }
		: { 'filter[tags][]': tags.names };
}

/** A prefix search: the `~` operator of the `search_by_*` filters. */
const search = (prefix: string | undefined, key: string): IDataObject =>
	prefix ? { [`filter[${key}]`]: `~${prefix}` } : {};

function checked(list: 'containers' | 'shipments', query: ListQuery): ListQuery {
	for (const [name, value] of Object.entries(query.qs)) {
		const problem = undocumented(list, name, value);
		// A programming error, never the user's: the catalog test keeps it from shipping.
		if (problem) throw new Error(`Terminal49 list query: ${problem}`);
	}
	return query;
}

const CONTAINER_ETA_CHANGE: Record<EtaChange, string> = {
	'24h': 'filter[eta_changed_in_last_24h]',
	'3d': 'filter[eta_changed_in_past_3_days]',
};

/**
 * The query of `GET /containers` for the node's filters and sort (`include` apart). Sent as documented:
 * - never `has_holds=false`, `has_fees=false` or `has_demurrage_fees=false` (they keep only explicitly empty
 *   arrays, while the node's "no hold/fee" keeps a container with none reported);
 * - `eta_changed_*` only as `true` (`false` acts as true);
 * - Ready for Pickup and Terminal Data have no server-side equivalent (pending holds still count for
 *   `has_holds`; no filter on `terminal_checked_at`), nor POD Terminal by FIRMS code;
 * - the default order is sent as `sort=-created_at`, the node's "Newest First" (the service's own default is
 *   the last status refresh first).
 */
export function containerQuery(
	filters: ContainerFilters,
	options: { number?: string; sort?: ContainerSort; imminentDays: number; now: Date },
): ListQuery {
	const qs: IDataObject = {};
	const serviceOnly: ListQuery['serviceOnly'] = [];
	if (options.number) qs['filter[number]'] = options.number;
	Object.assign(qs, statusFilter(filters));
	if (filters.hasTerminalFees === true) qs['filter[has_fees]'] = true;
	if (filters.hasDemurrageFees === true) qs['filter[has_demurrage_fees]'] = true;
	if (filters.activeHolds?.length) qs['filter[has_holds]'] = true;
	Object.assign(qs, lfdFilter(filters, options.imminentDays, options.now));
	if (filters.podTerminal?.by === 'id') qs['filter[pod_terminal_id]'] = filters.podTerminal.value;
	if (filters.portOfDischarge) qs['filter[pod_code]'] = filters.portOfDischarge;
	if (filters.shippingLine) qs['filter[shipping_line_scac]'] = filters.shippingLine;
	if (filters.trackingStopped !== undefined)
		qs['filter[actively_tracked]'] = !filters.trackingStopped;
	Object.assign(qs, tagFilter(filters.tags));
	Object.assign(
		qs,
		search(filters.numberPrefix, 'search_by_number'),
		search(filters.shipmentNumberPrefix, 'search_by_shipment_number'),
		search(filters.refNumberPrefix, 'search_by_ref_numbers'),
		search(filters.shipmentRefNumberPrefix, 'search_by_shipment_ref_numbers'),
	);
	if (filters.requiresAttention) {
		qs['filter[requires_attention]'] = true;
		serviceOnly.push({ label: 'Requires Attention', keys: ['filter[requires_attention]'] });
	}
	if (filters.etaChanged) {
		const key = CONTAINER_ETA_CHANGE[filters.etaChanged];
		qs[key] = true;
		serviceOnly.push({ label: 'ETA Changed', keys: [key] });
	}
	if (filters.customerId) {
		qs['filter[customer_id]'] = filters.customerId;
		serviceOnly.push({ label: 'Customer', keys: ['filter[customer_id]'] });
	}
	if (filters.party) {
		const key = `filter[parties][${filters.party.role}]`;
		qs[key] = filters.party.id;
		serviceOnly.push({ label: 'Party', keys: [key] });
	}
	// Ties newest created first, as the node orders them, so a sorted Limit stops right after its last
	qs.sort =
		options.sort === 'lfd'
			? 'pickup_lfd,-created_at'
			: options.sort === 'arrival'
				? 'arrival,-created_at'
				: '-created_at';
	return checked('containers', { qs, serviceOnly });
}

const HOURS: Record<EtaChange, number> = { '24h': 24, '3d': 72 };

/** An ISO 8601 timestamp to the second, in UTC. */
const isoInstant = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The query of `GET /shipments` for the node's filters and sort (`include` apart): Search and Number as the
 * top-level `q` and `number` (documented aliases, which the older service honoured too), Tracking Stopped,
 * the ETA window as `pod_ata_at=@not_exists` plus `pod_arrival` bounds, Port of Discharge, Tags, Customer
 * and ETA Changed (`pod_eta_changed_at`, from the moment 24 hours or 3 days ago). There is no shipment
 * carrier filter: Shipping Line is the node's alone.
 */
export function shipmentQuery(
	filters: ShipmentFilterSpec & { q?: string; number?: string; trackingStopped?: boolean },
	options: { sort?: ShipmentSort; now: Date },
): ListQuery {
	const qs: IDataObject = {};
	const serviceOnly: ListQuery['serviceOnly'] = [];
	if (filters.q) qs.q = filters.q;
	if (filters.number) qs.number = filters.number;
	if (typeof filters.trackingStopped === 'boolean')
		qs['filter[tracking_stopped]'] = filters.trackingStopped;
	if (filters.eta) {
		qs['filter[pod_ata_at]'] = '@not_exists';
		const range: DayRange =
			filters.eta.band === 'overdue' ? { to: -1 } : { from: 0, to: filters.eta.days };
		Object.assign(qs, dateBounds('pod_arrival', range, options.now));
	}
	if (filters.portOfDischarge) qs['filter[pod_code]'] = filters.portOfDischarge;
	Object.assign(qs, tagFilter(filters.tags));
	if (filters.customerId) {
		qs['filter[customer_id]'] = filters.customerId;
		serviceOnly.push({ label: 'Customer', keys: ['filter[customer_id]'] });
	}
	if (filters.etaChanged) {
		const since = options.now.getTime() - HOURS[filters.etaChanged] * 3_600_000;
		qs['filter[pod_eta_changed_at]'] = `>=${isoInstant(since)}`;
		serviceOnly.push({ label: 'ETA Changed', keys: ['filter[pod_eta_changed_at]'] });
	}
	if (filters.partyId) {
		qs['filter[party_id]'] = filters.partyId;
		serviceOnly.push({ label: 'Party', keys: ['filter[party_id]'] });
	}
	qs.sort = options.sort === 'arrival' ? 'pod_arrival' : '-created_at';
	return checked('shipments', { qs, serviceOnly });
}
