/** The sandbox's records as the views the list filters judge (list-query.ts), built per request. */
import type { ContainerView, ShipmentView } from './list-query';
import { LEGACY_LFD_SENTINEL, coalescedLfd, visibleLineLfd } from './pod-deadlines';
import type { Store } from './store';
import { containerStatus, milestoneIndex, timeOf } from './timeline';
import type { ContainerRec, DeadlineShape, Plan, ShipmentRec } from './types';

/** Views of every shipment, by id (the numbers it was tracked by read once for all). */
export function shipmentViews(store: Store): Map<string, ShipmentView> {
	const requestNumbers = new Map<string, string[]>();
	for (const t of store.trackingRequests.all()) {
		if (!t.shipmentId || t.requestType === 'container') continue;
		requestNumbers.set(t.shipmentId, [
			...(requestNumbers.get(t.shipmentId) ?? []),
			t.requestNumber,
		]);
	}
	const views = new Map<string, ShipmentView>();
	for (const s of store.shipments.all()) views.set(s.id, shipmentView(store, s, requestNumbers));
	return views;
}

/** Party IDs by role of one record (`Shipment` or `Cargo`, as the store keeps party roles). */
function partiesOf(store: Store, type: 'Shipment' | 'Cargo', id: string): Map<string, string[]> {
	const parties = new Map<string, string[]>();
	for (const r of store.partyRoles.all()) {
		if (r.roleableType !== type || r.roleableId !== id) continue;
		parties.set(r.role, [...(parties.get(r.role) ?? []), r.partyId]);
	}
	return parties;
}

function shipmentView(
	store: Store,
	s: ShipmentRec,
	requestNumbers: Map<string, string[]>,
): ShipmentView {
	const arrived = milestoneIndex(s.milestones, 'vessel_arrived');
	return {
		id: s.id,
		number: s.blNumber,
		numbers: [s.blNumber, ...(requestNumbers.get(s.id) ?? [])],
		createdAt: s.createdAt,
		podAtaAt: arrived >= 0 && s.stage >= arrived ? s.times[arrived] : null,
		podEtaAt: arrived >= 0 && s.stage < arrived ? s.times[arrived] : null,
		podCode: s.podCode,
		polCode: s.polCode,
		destinationCode: s.metroCode ?? s.podCode,
		scac: s.scac,
		podTerminalId: s.terminalId,
		trackingStoppedAt: s.lineTrackingStoppedAt,
		tags: s.tags,
		refNumbers: s.refNumbers,
		customerId: s.customerId,
		etaChangedAt: s.etaChangedAt ?? null,
		containerNumbers: store.containersOf(s).map((c) => c.number),
		parties: partiesOf(store, 'Shipment', s.id),
	};
}

/**
 * A container's view, with its shipment's, as the account's serializer sends it (the rail LFD hidden from
 * the basic plan). The LFD filters and sorts read the stored `pickup_lfd` and the flat keys: on the
 * selected-deadline serializer `pickup_lfd` is the sentinel and the flat line and terminal keys are absent,
 * so those filters see the sentinel and nothing (the sandbox's choice where the service's is undocumented).
 */
export function containerView(
	store: Store,
	c: ContainerRec,
	shipment: ShipmentView,
	plan: Plan,
	shape: DeadlineShape = 'legacy',
): ContainerView {
	const s = store.shipmentOf(c);
	const lfdRail = plan === 'basic' ? null : c.lfdRail;
	const selected = shape === 'selected';
	const podArrivedAt = timeOf(s, c, 'vessel_arrived');
	return {
		id: c.id,
		number: c.number,
		createdAt: c.createdAt,
		updatedAt: c.updatedAt,
		status: containerStatus(s, c),
		holds: c.holds,
		fees: c.fees,
		pickupLfd: selected ? Date.parse(LEGACY_LFD_SENTINEL) : coalescedLfd(c, lfdRail),
		lfdLine: selected ? null : visibleLineLfd(c),
		lfdTerminal: selected ? null : c.lfdTerminal,
		lfdRail,
		podArrivedAt,
		podDischargedAt: timeOf(s, c, 'vessel_discharged'),
		pickedUpAt: timeOf(s, c, 'full_out'),
		deliveredAt: timeOf(s, c, 'delivered'),
		emptyReturnedAt: timeOf(s, c, 'empty_in'),
		arrival: podArrivedAt ?? shipment.podAtaAt ?? shipment.podEtaAt,
		lastStatusRefreshAt: c.terminalCheckedAt ?? s.lineTrackingLastAttemptedAt,
		refNumbers: c.refNumbers,
		parties: mergeParties(shipment.parties, partiesOf(store, 'Cargo', c.id)),
		shipment,
	};
}

function mergeParties(...maps: Array<Map<string, string[]>>): Map<string, string[]> {
	const merged = new Map<string, string[]>();
	for (const map of maps)
		for (const [role, ids] of map) merged.set(role, [...(merged.get(role) ?? []), ...ids]);
	return merged;
}
