/**
 * The spec of the filters and sorts of Container Get Many and Shipment Get Many: the plain values the node's
 * parameters are read into (parameters/listFilters.ts) and the client takes. The rest goes one way from here:
 * `listQuery.ts` turns them into the query the service gets, `listFilters.ts` judges each item the service sent
 * and `listOrder.ts` orders them.
 */
import type { LfdBand } from '../domain/urgency';
import type { PartyRole } from '../domain/partyRoles';
import type { PickupState } from '../domain/pickupState';
import type { Risk } from '../domain/risks';

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
	/** Fees are listed at the terminal: a posted amount (`fees_total`) or a fee not posted yet (`fees_pending`). */
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
	/** Urgent Only also keeps a picked-up container whose empty is due back (its return_band is urgent). */
	urgentIncludesReturn?: boolean;
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

/**
 * Sort By of Container Get Many: the watched last free day, the arrival, the empty's return deadline (soonest
 * first), or the cost by tomorrow (highest first; containers.ts's cost fields, one currency each).
 */
export type ContainerSort = 'lfd' | 'arrival' | 'return_by' | 'cost';

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

/** Whole days from today, either end open: the node's day counts (each in its item's own calendar). */
export interface DayRange {
	from?: number;
	to?: number;
}

/** True when some filter is judged on the items. */
export function hasFilters(filters: ContainerFilters | ShipmentFilterSpec): boolean {
	return Object.values(filters).some((value) => value !== undefined);
}
