import type { IDataObject, INode } from 'n8n-workflow';

import type { LfdBand } from '../helpers/containerInsights';
import { isLocode } from '../helpers/referenceValidation';
import { invalidInput, isScac } from '../helpers/validation';
import {
	calendarDayOf,
	CONTAINER_STATUSES,
	dayNumber,
	DEFAULT_IMMINENT_DAYS,
	isValidTimeZone,
	LFD_BANDS,
	todayIn,
} from '../helpers/containerInsights';

/**
 * The filters and orders of Container Get Many and Shipment Get Many that Terminal49 does not apply itself
 * (it silently drops status, port, carrier and date filters on both lists): pure functions over the flat
 * items the client builds, each page as it is read. Also the readers of their parameters, which check every
 * value before any request.
 */

/** Hold names as the service writes them (case-sensitive; service-spec.md). */
export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const;

export interface ContainerFilters {
	/** current_status is one of these. */
	statuses?: string[];
	readyForPickup?: boolean;
	/** Fees are listed at the terminal (`fees_total` has an amount; a `total` line alone is no fee). */
	hasTerminalFees?: boolean;
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
}

export type ContainerSort = 'lfd' | 'arrival';

export interface ShipmentFilterSpec {
	/** Not arrived (no pod_ata_at) and the ETA is before today (overdue) or within N days. */
	eta?: { band: 'overdue' | 'within'; days: number };
	portOfDischarge?: string;
	shippingLine?: string;
}

const isSet = (value: unknown) =>
	value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** True when a filter is judged on the items (every container filter here but Container Number). */
export function hasContainerFilters(filters: ContainerFilters): boolean {
	return Object.values(filters).some((value) => value !== undefined);
}

/**
 * The related records a filter or order reads, to include in the same request (no request more): the
 * shipment for port of discharge, shipping line and arrival; the POD terminal for a FIRMS code.
 */
export function includesFor(filters: ContainerFilters, sort?: ContainerSort): string[] {
	const include: string[] = [];
	if (filters.portOfDischarge || filters.shippingLine || sort === 'arrival')
		include.push('shipment');
	if (filters.podTerminal?.by === 'firms') include.push('pod_terminal');
	return include;
}

const nested = (value: unknown): IDataObject | undefined =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/**
 * A test of one flat container item (attributes at the top level, insight fields added, relationships
 * resolved when included). `unresolved(name)` is called when a filter needs an included record the page
 * did not carry; it should throw (the item cannot be judged).
 */
export function containerMatcher(
	filters: ContainerFilters,
	unresolved: (relationship: string) => never,
): (item: IDataObject) => boolean {
	const statuses = filters.statuses ? new Set(filters.statuses) : undefined;
	const holds = filters.activeHolds ? new Set(filters.activeHolds) : undefined;
	const anyHold = holds?.has('any') ?? false;
	const bands = filters.lfdBands ? new Set<string>(filters.lfdBands) : undefined;
	const { readyForPickup, terminalData, podTerminal, portOfDischarge, shippingLine } = filters;
	const shipmentOf = (item: IDataObject) => {
		const shipment = nested(item.shipment);
		if (!shipment && isSet(item.shipment)) unresolved('shipment');
		return shipment ?? {};
	};
	return (item) => {
		if (statuses && !statuses.has(item.current_status as string)) return false;
		if (readyForPickup !== undefined && item.ready_for_pickup !== readyForPickup) return false;
		if (filters.hasTerminalFees !== undefined) {
			const fees = Object.keys(nested(item.fees_total) ?? {}).length > 0;
			if (fees !== filters.hasTerminalFees) return false;
		}
		if (holds) {
			const active = (item.active_holds ?? []) as string[];
			if (anyHold ? active.length === 0 : !active.some((name) => holds.has(name))) return false;
		}
		if (bands && !bands.has(item.lfd_band as string)) return false;
		if (terminalData && item.terminal_data_fresh !== (terminalData === 'fresh')) return false;
		if (filters.excludeClosed && item.closed === true) return false;
		if (filters.urgentOnly && item.urgent !== true) return false;
		if (podTerminal) {
			const terminal = item.pod_terminal;
			if (podTerminal.by === 'id') {
				const id = nested(terminal)?.id ?? terminal;
				if (id === undefined || id === null || String(id) !== podTerminal.value) return false;
			} else {
				if (terminal === null || terminal === undefined) return false;
				const resolved = nested(terminal) ?? unresolved('pod_terminal');
				if (String(resolved.firms_code ?? '').toUpperCase() !== podTerminal.value) return false;
			}
		}
		if (
			(portOfDischarge || shippingLine) &&
			!shipmentPlaceMatches(shipmentOf(item), portOfDischarge, shippingLine)
		)
			return false;
		return true;
	};
}

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

/** The arrival at the port of discharge: the container's, else the shipment's actual, else its ETA. */
export function arrivalOf(item: IDataObject): number | undefined {
	const shipment = nested(item.shipment) ?? {};
	return (
		instant(item.pod_arrived_at) ?? instant(shipment.pod_ata_at) ?? instant(shipment.pod_eta_at)
	);
}

/**
 * The order of flat container items: last free day soonest first (in each LFD's own calendar, then by
 * the instant; none last), or arrival earliest first (none last).
 */
export function containerOrder(sort: ContainerSort): (a: IDataObject, b: IDataObject) => number {
	if (sort === 'arrival') return (a, b) => ascending(arrivalOf(a), arrivalOf(b));
	const days = (item: IDataObject) =>
		typeof item.days_until_pickup_lfd === 'number' ? item.days_until_pickup_lfd : undefined;
	return (a, b) =>
		ascending(days(a), days(b)) || ascending(instant(a.pickup_lfd), instant(b.pickup_lfd));
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

/** A test of one flat shipment item. */
export function shipmentMatcher(
	filters: ShipmentFilterSpec,
	now: Date = new Date(),
): (item: IDataObject) => boolean {
	const { eta, portOfDischarge, shippingLine } = filters;
	return (item) => {
		if (!shipmentPlaceMatches(item, portOfDischarge, shippingLine)) return false;
		if (eta) {
			if (isSet(item.pod_ata_at)) return false;
			const days = daysUntilEta(item, now);
			if (days === undefined) return false;
			if (eta.band === 'overdue' ? days >= 0 : days < 0 || days > eta.days) return false;
		}
		return true;
	};
}

export function hasShipmentFilters(filters: ShipmentFilterSpec): boolean {
	return Object.values(filters).some((value) => value !== undefined);
}

// ---- Reading the parameters (every check before any request) ----

/** A multi-option value: a list, or comma-separated text from an expression. */
function listOf(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
	return values
		.filter((value) => value !== undefined && value !== null)
		.map((value) => String(value).trim())
		.filter(Boolean);
}

/** Canonical values, matched ignoring case, spaces and dashes ("Picked Up" = picked_up). */
function pick(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	allowed: readonly string[],
	fix: string,
): string[] {
	const key = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '_');
	const byKey = new Map(allowed.map((value) => [key(value), value]));
	const values = listOf(raw);
	const picked: string[] = [];
	for (const value of values) {
		const canonical = byKey.get(key(value));
		if (canonical === undefined) {
			invalidInput(node, itemIndex, field, value, `use one of ${allowed.join(', ')}`, fix);
		}
		if (!picked.includes(canonical)) picked.push(canonical);
	}
	return picked;
}

/** A whole number of days, 0 or more. */
export function readDays(node: INode, itemIndex: number, field: string, raw: unknown): number {
	const days = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > 3650) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'use a whole number of days, 0 or more',
			`Set "${field}" to e.g. ${DEFAULT_IMMINENT_DAYS} (0 counts only today).`,
		);
	}
	return days;
}

function readYesNo(node: INode, itemIndex: number, field: string, raw: unknown): boolean {
	if (typeof raw === 'boolean') return raw;
	if (raw === 'true' || raw === 'false') return raw === 'true';
	return invalidInput(
		node,
		itemIndex,
		field,
		raw,
		'use true or false',
		`Turn "${field}" on or off.`,
	);
}

export function readLocode(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const locode = String(raw ?? '')
		.trim()
		.toUpperCase()
		.replace(/\s+/g, '');
	if (!isLocode(locode)) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'a UN/LOCODE is 2 letters for the country and 3 for the place, e.g. USLAX',
			`Give the port's UN/LOCODE in "${field}" (e.g. USLAX for Los Angeles, USNYC for New York).`,
		);
	}
	return locode;
}

export function readScac(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const value = nested(raw) ? nested(raw)!.value : raw;
	const scac = String(value ?? '')
		.trim()
		.toUpperCase();
	if (!isScac(scac)) {
		invalidInput(
			node,
			itemIndex,
			field,
			value,
			'a SCAC is exactly 4 letters, e.g. MAEU or MSCU',
			`Pick the shipping line from the list in "${field}", or give its 4-letter SCAC.`,
		);
	}
	return scac;
}

function readPodTerminal(
	node: INode,
	itemIndex: number,
	raw: unknown,
): ContainerFilters['podTerminal'] {
	const field = 'POD Terminal';
	const locator = nested(raw);
	const mode = String(locator?.mode ?? 'id');
	const value = String((locator ? locator.value : raw) ?? '').trim();
	if (!value) return undefined;
	if (mode === 'id') {
		if (/[/?#\s]/.test(value)) {
			invalidInput(
				node,
				itemIndex,
				field,
				value,
				'an ID has no spaces, slashes, ? or #',
				'Use the pod_terminal ID of a container as Terminal49 returns it, or pick the terminal from the list.',
			);
		}
		return { by: 'id', value };
	}
	const firms = value.toUpperCase();
	if (!/^[A-Z0-9]{4}$/.test(firms)) {
		invalidInput(
			node,
			itemIndex,
			field,
			value,
			'a FIRMS code is 4 letters or digits, e.g. Y258',
			'Pick the terminal from the list, or give its 4-character FIRMS code (e.g. Y258 for APM Terminals Pier 400).',
		);
	}
	return { by: 'firms', value: firms };
}

/** The Filters collection of Container Get Many (Container Number apart), checked. */
export function readContainerFilters(
	node: INode,
	itemIndex: number,
	raw: IDataObject,
): ContainerFilters {
	const filters: ContainerFilters = {};
	if (isSet(raw.currentStatus) && listOf(raw.currentStatus).length) {
		filters.statuses = pick(
			node,
			itemIndex,
			'Current Status',
			raw.currentStatus,
			CONTAINER_STATUSES,
			'Pick the statuses from the list, or map values such as "available" or "picked_up".',
		);
	}
	if (isSet(raw.readyForPickup)) {
		filters.readyForPickup = readYesNo(node, itemIndex, 'Ready for Pickup', raw.readyForPickup);
	}
	if (isSet(raw.hasTerminalFees)) {
		filters.hasTerminalFees = readYesNo(node, itemIndex, 'Has Terminal Fees', raw.hasTerminalFees);
	}
	if (isSet(raw.activeHolds) && listOf(raw.activeHolds).length) {
		filters.activeHolds = pick(
			node,
			itemIndex,
			'Active Hold',
			raw.activeHolds,
			['any', ...HOLD_NAMES],
			'Pick "Any Hold" or the hold names from the list (customs, freight, USDA, VACIS, TMF, other).',
		);
	}
	if (isSet(raw.lastFreeDay) && listOf(raw.lastFreeDay).length) {
		filters.lfdBands = pick(
			node,
			itemIndex,
			'Last Free Day',
			raw.lastFreeDay,
			LFD_BANDS,
			'Pick from the list: overdue, today, imminent (within the days of "Imminent Within (Days)"), later or none.',
		) as LfdBand[];
	}
	if (isSet(raw.terminalData)) {
		filters.terminalData = pick(
			node,
			itemIndex,
			'Terminal Data',
			raw.terminalData,
			['fresh', 'stale'],
			'Pick "Fresh" (terminal checked within 7 days) or "Stale".',
		)[0] as 'fresh' | 'stale';
	}
	if (isSet(raw.podTerminal)) {
		const podTerminal = readPodTerminal(node, itemIndex, raw.podTerminal);
		if (podTerminal) filters.podTerminal = podTerminal;
	}
	if (isSet(raw.portOfDischarge)) {
		filters.portOfDischarge = readLocode(node, itemIndex, 'Port of Discharge', raw.portOfDischarge);
	}
	const line = nested(raw.shippingLine) ? nested(raw.shippingLine)!.value : raw.shippingLine;
	if (isSet(line)) {
		filters.shippingLine = readScac(node, itemIndex, 'Shipping Line', raw.shippingLine);
	}
	if (isSet(raw.excludeClosed) && readYesNo(node, itemIndex, 'Exclude Closed', raw.excludeClosed)) {
		filters.excludeClosed = true;
	}
	if (isSet(raw.urgentOnly) && readYesNo(node, itemIndex, 'Urgent Only', raw.urgentOnly)) {
		filters.urgentOnly = true;
	}
	return filters;
}

/** Sort By of Container Get Many: undefined for the service's order (newest first). */
export function readContainerSort(
	node: INode,
	itemIndex: number,
	raw: unknown,
): ContainerSort | undefined {
	if (!isSet(raw) || raw === 'none') return undefined;
	return pick(
		node,
		itemIndex,
		'Sort By',
		raw,
		['none', 'lfd', 'arrival'],
		'Pick "Newest First", "Last Free Day (Soonest First)" or "Arrival (Earliest First)".',
	)[0] as ContainerSort;
}

/** The item filters of Shipment Get Many (Number, Search and Tracking Stopped are the service's), checked. */
export function readShipmentFilters(
	node: INode,
	itemIndex: number,
	raw: IDataObject,
): ShipmentFilterSpec {
	const filters: ShipmentFilterSpec = {};
	if (isSet(raw.eta) && raw.eta !== 'any') {
		const band = pick(
			node,
			itemIndex,
			'Arrival (ETA)',
			raw.eta,
			['overdue', 'within'],
			'Pick "Overdue (Not Arrived, ETA Passed)" or "Arriving Within N Days".',
		)[0] as 'overdue' | 'within';
		const days =
			band === 'within' ? readDays(node, itemIndex, 'Arriving Within (Days)', raw.etaDays ?? 7) : 0;
		filters.eta = { band, days };
	}
	if (isSet(raw.portOfDischarge)) {
		filters.portOfDischarge = readLocode(node, itemIndex, 'Port of Discharge', raw.portOfDischarge);
	}
	const line = nested(raw.shippingLine) ? nested(raw.shippingLine)!.value : raw.shippingLine;
	if (isSet(line)) {
		filters.shippingLine = readScac(node, itemIndex, 'Shipping Line', raw.shippingLine);
	}
	return filters;
}
