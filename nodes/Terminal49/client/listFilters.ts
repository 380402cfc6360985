/**
 * What the filters of Container Get Many and Shipment Get Many mean, judged on the flat items the client
 * builds (the node's own terms, whatever the service did with the query): the spec's plain values
 * (`listSpec.ts`) in, pure functions out. `listQuery.ts` turns the same values into the query the service gets;
 * `listOrder.ts` orders the items kept.
 */
import type { IDataObject } from 'n8n-workflow';

import { asObject, isSet } from '../domain/values';
import { calendarDayOf, dayNumber, isValidTimeZone, todayIn } from '../domain/calendar';
import { hasAnyRisk } from '../domain/risks';
import type {
	ContainerFilters,
	ContainerSort,
	EtaBand,
	ShipmentFilterSpec,
	TagFilter,
} from './listSpec';

const strings = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

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
			// a posted amount, or a fee the terminal reported without one yet (holdsAndFees.ts)
			const fees =
				Object.keys(asObject(item.fees_total) ?? {}).length > 0 ||
				(Array.isArray(item.fees_pending) && item.fees_pending.length > 0);
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
		if (
			filters.urgentOnly &&
			item.urgent !== true &&
			!(filters.urgentIncludesReturn && item.return_urgent === true)
		)
			return false;
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
