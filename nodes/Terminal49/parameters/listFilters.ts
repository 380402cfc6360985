import type { IDataObject, INode } from 'n8n-workflow';

import type { LfdBand } from '../domain/urgency';
import { CONTAINER_STATUSES } from '../domain/statuses';
import { HOLD_NAMES } from '../domain/holdsAndFees';
import { LFD_BANDS } from '../domain/urgency';
import type { PartyRole } from '../domain/partyRoles';
import type { PickupState } from '../domain/pickupState';
import { PICKUP_STATES } from '../domain/pickupState';
import type { Risk } from '../domain/risks';
import { RISKS } from '../domain/risks';
import { PARTY_ROLES } from '../domain/partyRoles';
import { asObject, isSet } from '../domain/values';
import { invalidInput } from '../errors/validation';
import type {
	ContainerFilters,
	ContainerSort,
	EtaBand,
	EtaChange,
	ShipmentFilterSpec,
	ShipmentSort,
	TagFilter,
} from '../client/listSpec';
import { parseList } from './list';
import {
	listOf,
	pick,
	readDays,
	readLocode,
	readPrefix,
	readRecordId,
	readScac,
	readYesNo,
} from './valueReaders';

/**
 * The readers of the Filters and Sort By of Container Get Many and Shipment Get Many: every value checked
 * before any request, handed to the client as plain values (client/listSpec.ts; client/listFilters.ts says what
 * they mean).
 */

function readPodTerminal(
	node: INode,
	itemIndex: number,
	raw: unknown,
): ContainerFilters['podTerminal'] {
	const field = 'POD Terminal';
	const locator = asObject(raw);
	const mode = String(locator?.mode ?? 'id');
	const value = String((locator ? locator.value : raw) ?? '').trim();
	if (!value) return undefined;
	if (mode === 'id') {
		const id = readRecordId(
			node,
			itemIndex,
			field,
			value,
			'Use the pod_terminal ID of a container as Terminal49 returns it, or pick the terminal from the list.',
		);
		return id === undefined ? undefined : { by: 'id', value: id };
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

/** The filters set, without the keys of those left unset. */
function withoutUnset<T extends object>(filters: T): T {
	return Object.fromEntries(
		Object.entries(filters).filter(([, value]) => value !== undefined),
	) as T;
}

/** Tags (comma-separated names) and whether all must be there. */
function readTags(node: INode, itemIndex: number, raw: IDataObject): TagFilter | undefined {
	const names = parseList(raw.tags);
	if (!names.length) return undefined;
	const all = isSet(raw.matchAllTags)
		? readYesNo(node, itemIndex, 'Match All Tags', raw.matchAllTags)
		: false;
	return { names, all };
}

function readEtaChanged(node: INode, itemIndex: number, raw: unknown): EtaChange | undefined {
	if (!isSet(raw)) return undefined;
	return pick(
		node,
		itemIndex,
		'ETA Changed',
		raw,
		['24h', '3d'],
		'Pick "In the Last 24 Hours" or "In the Last 3 Days".',
	)[0] as EtaChange;
}

function readCustomer(node: INode, itemIndex: number, raw: unknown): string | undefined {
	return readRecordId(
		node,
		itemIndex,
		'Customer',
		raw,
		'Pick the customer from the list, or give the ID of one of your parties (Party > Get Many lists them).',
	);
}

function readParty(node: INode, itemIndex: number, raw: unknown): string | undefined {
	return readRecordId(
		node,
		itemIndex,
		'Party',
		raw,
		'Pick the party from the list, or give the ID of one of your parties (Party > Get Many lists them).',
	);
}

/** Party Role of Container Get Many's Party filter (the role it has on the shipment). */
function readPartyRole(node: INode, itemIndex: number, raw: unknown): PartyRole {
	return pick(
		node,
		itemIndex,
		'Party Role',
		raw ?? 'customs_broker',
		PARTY_ROLES,
		'Pick the role from the list (e.g. Customs Broker, Consignee, Pickup Dray Carrier).',
	)[0] as PartyRole;
}

/** Shipping Line (a locator or a SCAC); undefined when empty. */
function readShippingLine(node: INode, itemIndex: number, raw: unknown): string | undefined {
	const line = asObject(raw) ? asObject(raw)!.value : raw;
	return isSet(line) ? readScac(node, itemIndex, 'Shipping Line', raw) : undefined;
}

/** The Filters collection of Container Get Many (Container Number apart), checked. */
export function readContainerFilters(
	node: INode,
	itemIndex: number,
	raw: IDataObject,
): ContainerFilters {
	const filters: ContainerFilters = {};
	const yes = (name: string, field: string) =>
		isSet(raw[name]) ? readYesNo(node, itemIndex, field, raw[name]) : undefined;
	// A multi-option filter: undefined when nothing is picked
	const picked = (name: string, field: string, allowed: readonly string[], fix: string) =>
		isSet(raw[name]) && listOf(raw[name]).length
			? pick(node, itemIndex, field, raw[name], allowed, fix)
			: undefined;
	filters.statuses = picked(
		'currentStatus',
		'Current Status',
		CONTAINER_STATUSES,
		'Pick the statuses from the list, or map values such as "available" or "picked_up".',
	);
	filters.readyForPickup = yes('readyForPickup', 'Ready for Pickup');
	filters.hasTerminalFees = yes('hasTerminalFees', 'Has Terminal Fees');
	filters.hasDemurrageFees = yes('hasDemurrageFees', 'Has Demurrage Fees');
	filters.activeHolds = picked(
		'activeHolds',
		'Active Hold',
		['any', ...HOLD_NAMES],
		'Pick "Any Hold" or the hold names from the list (customs, freight, USDA, VACIS, TMF, other).',
	);
	filters.lfdBands = picked(
		'lastFreeDay',
		'Last Free Day',
		LFD_BANDS,
		'Pick from the list: overdue, today, imminent (within the days of "Imminent Within (Days)"), later or none.',
	) as LfdBand[] | undefined;
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
	if (isSet(raw.podTerminal))
		filters.podTerminal = readPodTerminal(node, itemIndex, raw.podTerminal);
	if (isSet(raw.portOfDischarge)) {
		filters.portOfDischarge = readLocode(node, itemIndex, 'Port of Discharge', raw.portOfDischarge);
	}
	filters.shippingLine = readShippingLine(node, itemIndex, raw.shippingLine);
	if (yes('excludeClosed', 'Exclude Closed')) filters.excludeClosed = true;
	if (yes('urgentOnly', 'Urgent Only')) filters.urgentOnly = true;
	if (yes('urgentIncludesReturn', 'Urgent Includes Empty Return'))
		filters.urgentIncludesReturn = true;
	filters.trackingStopped = yes('trackingStopped', 'Tracking Stopped');
	filters.tags = readTags(node, itemIndex, raw);
	filters.numberPrefix = readPrefix(
		node,
		itemIndex,
		'Container Number Starts With',
		raw.numberStartsWith,
		true,
	);
	filters.shipmentNumberPrefix = readPrefix(
		node,
		itemIndex,
		'Bill of Lading Starts With',
		raw.billOfLadingStartsWith,
		true,
	);
	filters.refNumberPrefix = readPrefix(
		node,
		itemIndex,
		'Container Reference Starts With',
		raw.containerReferenceStartsWith,
		false,
	);
	filters.shipmentRefNumberPrefix = readPrefix(
		node,
		itemIndex,
		'Shipment Reference Starts With',
		raw.shipmentReferenceStartsWith,
		false,
	);
	if (yes('requiresAttention', 'Requires Attention')) filters.requiresAttention = true;
	filters.etaChanged = readEtaChanged(node, itemIndex, raw.etaChanged);
	filters.eta = readEta(node, itemIndex, raw);
	filters.pickupStates = picked(
		'pickupState',
		'Pickup State',
		PICKUP_STATES,
		'Pick from the list: ready, blocked, not released, out of sync or unknown.',
	) as PickupState[] | undefined;
	filters.risks = picked(
		'risks',
		'Has Any of These Risks',
		RISKS,
		`Pick the risks from the list (${RISKS.join(', ')}).`,
	) as Risk[] | undefined;
	filters.customerId = readCustomer(node, itemIndex, raw.customer);
	const partyId = readParty(node, itemIndex, raw.party);
	if (partyId) filters.party = { id: partyId, role: readPartyRole(node, itemIndex, raw.partyRole) };
	return withoutUnset(filters);
}

/** A Sort By option: its value and label (the first is Newest First, undefined). */
function readSort<T extends string>(
	node: INode,
	itemIndex: number,
	raw: unknown,
	options: Array<[value: 'none' | T, label: string]>,
): T | undefined {
	if (!isSet(raw) || raw === 'none') return undefined;
	const labels = options.map(([, label]) => `"${label}"`);
	const picked = pick(
		node,
		itemIndex,
		'Sort By',
		raw,
		options.map(([value]) => value),
		`Pick ${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}.`,
	)[0];
	return picked === 'none' ? undefined : (picked as T);
}

/** Sort By of Container Get Many: undefined for Newest First. */
export function readContainerSort(
	node: INode,
	itemIndex: number,
	raw: unknown,
): ContainerSort | undefined {
	return readSort<ContainerSort>(node, itemIndex, raw, [
		['none', 'Newest First'],
		['lfd', 'Last Free Day (Soonest First)'],
		['arrival', 'Arrival (Earliest First)'],
		['return_by', 'Empty Return Deadline (Soonest First)'],
		['cost', 'Cost by Tomorrow (Highest First)'],
	]);
}

/** Arrival (ETA) with Arriving Within (Days), of both Get Many operations; undefined when not set. */
function readEta(node: INode, itemIndex: number, raw: IDataObject): EtaBand | undefined {
	if (!isSet(raw.eta) || raw.eta === 'any') return undefined;
	const band = pick(
		node,
		itemIndex,
		'Arrival (ETA)',
		raw.eta,
		['overdue', 'within'],
		'Pick "Overdue (ETA Passed, Not Arrived)" or "Arriving Within N Days".',
	)[0] as EtaBand['band'];
	const days =
		band === 'within' ? readDays(node, itemIndex, 'Arriving Within (Days)', raw.etaDays ?? 7) : 0;
	return { band, days };
}

/** The Filters of Shipment Get Many judged on the items (and sent), checked. */
export function readShipmentFilters(
	node: INode,
	itemIndex: number,
	raw: IDataObject,
): ShipmentFilterSpec {
	const filters: ShipmentFilterSpec = {};
	filters.eta = readEta(node, itemIndex, raw);
	if (isSet(raw.portOfDischarge)) {
		filters.portOfDischarge = readLocode(node, itemIndex, 'Port of Discharge', raw.portOfDischarge);
	}
	filters.shippingLine = readShippingLine(node, itemIndex, raw.shippingLine);
	filters.tags = readTags(node, itemIndex, raw);
	filters.customerId = readCustomer(node, itemIndex, raw.customer);
	filters.partyId = readParty(node, itemIndex, raw.party);
	filters.etaChanged = readEtaChanged(node, itemIndex, raw.etaChanged);
	if (filters.etaChanged && raw.trackingStopped === true) {
		invalidInput(
			node,
			itemIndex,
			'ETA Changed',
			filters.etaChanged,
			'Terminal49 records ETA changes of tracked shipments not yet arrived only',
			'Turn "Tracking Stopped" off, or remove "ETA Changed".',
		);
	}
	return withoutUnset(filters);
}

/** Sort By of Shipment Get Many: undefined for Newest First. */
export function readShipmentSort(
	node: INode,
	itemIndex: number,
	raw: unknown,
): ShipmentSort | undefined {
	return readSort<ShipmentSort>(node, itemIndex, raw, [
		['none', 'Newest First'],
		['arrival', 'Arrival (Earliest First)'],
	]);
}
