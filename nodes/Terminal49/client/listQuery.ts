/**
 * The query Container Get Many and Shipment Get Many send, built from the spec (`listSpec.ts`): the step
 * between the spec and the check of each item (`listFilters.ts`, which this file never imports).
 */
import type { IDataObject } from 'n8n-workflow';

import { CONTAINER_STATUSES, OPEN_STATUSES } from '../domain/statuses';
import type { DeadlineRule, LfdSource } from '../domain/deadlines';
import { isHoldRisk } from '../domain/risks';
import { undocumented } from './filterCatalog';
import { dateBounds, deadlineRange, isoDate, utcDay, withinBounds } from './listDateBounds';
import type {
	ContainerFilters,
	ContainerSort,
	DayRange,
	EtaChange,
	ShipmentFilterSpec,
	ShipmentSort,
	TagFilter,
} from './listSpec';

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

/** `filter[pickup_lfd]` for a range of the coalesced pickup_lfd (the watched deadline `pickup_lfd`). */
function lfdFilter(range: DayRange | 'none' | undefined, now: Date): IDataObject {
	if (range === undefined) return {};
	if (range === 'none') return { 'filter[pickup_lfd]': '@not_exists' };
	return dateBounds('pickup_lfd', range, now);
}

/** `filter[current_status]`: the statuses picked, and only open ones for Exclude Closed or Urgent Only. */
function statusFilter(filters: ContainerFilters): IDataObject {
	let statuses: readonly string[] | undefined = filters.statuses;
	// an urgent empty return is a closed container's: Urgent Only then keeps closed ones too
	if (filters.excludeClosed || (filters.urgentOnly && !filters.urgentIncludesReturn)) {
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

/** A query whose every key and sort token is in Terminal49's catalog (filterCatalog.ts). */
function checkedQs(qs: IDataObject, list: 'containers' | 'shipments' = 'containers'): IDataObject {
	for (const [name, value] of Object.entries(qs)) {
		const problem = undocumented(list, name, value);
		// A programming error, never the user's: the catalog test keeps it from shipping.
		if (problem) throw new Error(`Terminal49 list query: ${problem}`);
	}
	return qs;
}

function checked(
	list: 'containers' | 'shipments',
	query: ListQuery & { sort?: string },
): ListQuery {
	const { sort, ...rest } = query;
	if (sort) rest.qs.sort = sort;
	checkedQs(rest.qs, list);
	return rest;
}

const CONTAINER_ETA_CHANGE: Record<EtaChange, string> = {
	'24h': 'filter[eta_changed_in_last_24h]',
	'3d': 'filter[eta_changed_in_past_3_days]',
};

/** Pickup states that need an active hold: a filter keeping only these can ask for `has_holds=true`. */
const HELD_STATES = ['blocked', 'out_of_sync'];

/**
 * One list read for the earliest last free day: the containers whose pickup_lfd (`coalesced`), terminal or rail
 * LFD lies in the range (sorted by it for Sort By Last Free Day), or, for `none`, those with no LFD at all
 * (read only when the others do not fill the Limit). `honours` tells a record the service should not have sent
 * (a service that ignored the filter sends the whole list).
 */
export interface SourceList {
	/**
	 * `coalesced`: Terminal49's pickup_lfd (the line's LFD whenever there is one, and a record's only LFD where
	 * it reports none per source); `terminal`, `rail`: that source's LFD; `none`: no LFD at all.
	 */
	source: Exclude<LfdSource, 'line'> | 'coalesced' | 'none';
	qs: IDataObject;
	honours(attributes: IDataObject): boolean;
}

export interface ContainerListQuery extends ListQuery {
	/**
	 * Set when the watched deadline is the earliest of the three LFDs and it narrows the list: one list for
	 * pickup_lfd and one per other source, merged by the client (a container is kept once), since the earliest
	 * LFD is no field the service filters or sorts on. `qs` is then the same query without the LFD, which each
	 * list extends.
	 */
	bySource?: SourceList[];
}

/**
 * The query of `GET /containers` for the node's filters and sort (`include` apart). Sent as documented:
 * - never `has_holds=false`, `has_fees=false` or `has_demurrage_fees=false` (they keep only explicitly empty
 *   arrays, while the node's "no hold/fee" keeps a container with none reported);
 * - `eta_changed_*` only as `true` (`false` acts as true);
 * - Ready for Pickup and Terminal Data have no server-side equivalent (pending holds still count for
 *   `has_holds`; no filter on `terminal_checked_at`), nor POD Terminal by FIRMS code;
 * - Pickup State and Has Any of These Risks only as `has_holds=true` when every state or risk picked needs an
 *   active hold, and LFD risks alone as a range of the watched LFD;
 * - the watched last free day: `pickup_lfd` bounds for the coalesced one, else one list per source (bySource);
 *   none at all where Terminal49 selects the LFD (`watch: 'selected'`, the newer serializer: it is not
 *   documented which field `filter[pickup_lfd…]` and `sort=pickup_lfd` read there, and its legacy `pickup_lfd`
 *   is a sentinel, so a filter or sort on it could drop or misorder a container due today: the node judges and
 *   orders every item itself);
 * - the default order is sent as `sort=-created_at`, the node's "Newest First" (the service's own default is
 *   the last status refresh first).
 */
export function containerQuery(
	filters: ContainerFilters,
	options: {
		number?: string;
		sort?: ContainerSort;
		imminentDays: number;
		now: Date;
		/** The rule the account's last free days follow (`selected`: Terminal49 selects them). */
		watch?: DeadlineRule;
		/** A Limit is set (Sort By Last Free Day on the earliest LFD then reads source by source). */
		limited?: boolean;
	},
): ContainerListQuery {
	const qs: IDataObject = {};
	const serviceOnly: ListQuery['serviceOnly'] = [];
	if (options.number) qs['filter[number]'] = options.number;
	Object.assign(qs, statusFilter(filters));
	if (filters.hasTerminalFees === true) qs['filter[has_fees]'] = true;
	if (filters.hasDemurrageFees === true) qs['filter[has_demurrage_fees]'] = true;
	const needsHold =
		!!filters.activeHolds?.length ||
		(!!filters.pickupStates?.length &&
			filters.pickupStates.every((state) => HELD_STATES.includes(state))) ||
		(!!filters.risks?.length && filters.risks.every(isHoldRisk));
	if (needsHold) qs['filter[has_holds]'] = true;
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
	if (options.watch === 'selected') {
		const unsorted = options.sort === 'arrival' ? 'arrival,-created_at' : '-created_at';
		return checked('containers', { qs, serviceOnly, sort: unsorted });
	}
	const range = deadlineRange(filters, options.imminentDays);
	const earliest = (options.watch ?? 'earliest') === 'earliest';
	// Ties newest created first, as the node orders them, so a sorted Limit stops right after its last
	const sortedByLfd = options.sort === 'lfd';
	const sort =
		sortedByLfd && !earliest
			? 'pickup_lfd,-created_at'
			: options.sort === 'arrival'
				? 'arrival,-created_at'
				: '-created_at';
	if (!earliest) {
		Object.assign(qs, lfdFilter(range, options.now));
		return checked('containers', { qs, serviceOnly, sort });
	}
	if (range === 'none') {
		// No last free day: none reported (no pickup_lfd), or only the terminal's, which binds no more once the
		// container left the port by rail (the node tells those apart): two lists, no container in both
		const terminalOnly = (attributes: IDataObject) =>
			!sourceLfdOf(attributes, 'line') &&
			!sourceLfdOf(attributes, 'rail') &&
			!!sourceLfdOf(attributes, 'terminal');
		return {
			...checked('containers', { qs, serviceOnly, sort }),
			bySource: [
				{
					source: 'none',
					qs: checkedQs({ ...qs, 'filter[pickup_lfd]': '@not_exists', sort }),
					honours: (attributes) => !attributes.pickup_lfd,
				},
				{
					source: 'terminal',
					qs: checkedQs({
						...qs,
						'filter[pickup_lfd_line_on]': '@not_exists',
						'filter[pickup_lfd_rail_on]': '@not_exists',
						'filter[pickup_lfd_terminal_on]': '@exists',
						sort,
					}),
					honours: terminalOnly,
				},
			],
		};
	}
	if (range === undefined && !(sortedByLfd && options.limited)) {
		// Nothing to narrow and every page read anyway: one list, sorted by the node
		return checked('containers', { qs, serviceOnly, sort });
	}
	const bounds = range ?? {};
	const day = (offset: number) => isoDate(utcDay(options.now.getTime()) + offset);
	// 1. pickup_lfd in the range: every container whose pickup_lfd is there (the line's whenever it has one, so
	// the line's LFD needs no list of its own); read first, it holds most of them.
	const bySource: SourceList[] = [
		{
			source: 'coalesced',
			qs: checkedQs({
				...qs,
				...dateBounds('pickup_lfd', bounds, options.now),
				sort: sortedByLfd ? 'pickup_lfd,-created_at' : sort,
			}),
			honours: (attributes) => withinBounds(attributes.pickup_lfd, bounds, options.now),
		},
	];
	// 2. the terminal's and the rail's LFD in the range, for the containers whose pickup_lfd (the line's) is
	// later. Without Sort By Last Free Day, only those whose pickup_lfd is after the range (the others are in
	// list 1: no container read twice). Sorted, every one: each container must be in a list sorted by its
	// earliest LFD for a Limit to stop early.
	for (const source of ['terminal', 'rail'] as const) {
		const field = `pickup_lfd_${source}_on`;
		const afterRange =
			!sortedByLfd && bounds.to !== undefined && source === 'terminal'
				? { 'filter[pickup_lfd]': `>${day(bounds.to + 1)}` }
				: {};
		bySource.push({
			source,
			qs: checkedQs({
				...qs,
				...dateBounds(field, bounds, options.now),
				...afterRange,
				sort: sortedByLfd ? `${field},-created_at` : sort,
			}),
			honours: (attributes) => withinBounds(sourceLfdOf(attributes, source), bounds, options.now),
		});
	}
	if (range === undefined) {
		// Sort By Last Free Day with a Limit and no range: the containers without any LFD come last
		bySource.push({
			source: 'none',
			qs: checkedQs({ ...qs, 'filter[pickup_lfd]': '@not_exists', sort: '-created_at' }),
			honours: (attributes) => !attributes.pickup_lfd,
		});
	}
	return { ...checked('containers', { qs, serviceOnly, sort }), bySource };
}

/**
 * Whether a container query filters or sorts on the service's last-free-day fields (`filter[pickup_lfd…]`,
 * `sort=pickup_lfd…`, or one list per source): only safe where the account's containers come from the older
 * serializer (client/lfdSelection.ts).
 */
export function readsLfdFields(query: ContainerListQuery): boolean {
	if (query.bySource) return true;
	return (
		Object.keys(query.qs).some((key) => key.startsWith('filter[pickup_lfd')) ||
		String(query.qs.sort ?? '').includes('pickup_lfd')
	);
}

/** The per-source LFD of a record's attributes (`import_deadlines.pickup_lfd_<source>`). */
function sourceLfdOf(attributes: IDataObject, source: LfdSource): unknown {
	const deadlines = attributes.import_deadlines;
	return deadlines && typeof deadlines === 'object'
		? (deadlines as IDataObject)[`pickup_lfd_${source}`]
		: undefined;
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
