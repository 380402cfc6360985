/**
 * Party roles on records (Terminal49's guide "Assign Shipper, Consignee, and Other Parties"): roles are
 * additive, the same party in the same role on the same record is taken once, and a tracking request's roles
 * reach its shipment. The validation of a request (role names, what a container takes) is in
 * routes/party-roles.ts.
 */
import type { Store } from './store';
import type { PartyRoleRec, RoleableType } from './types';

/**
 * Gives `partyId` the role `role` on a record; undefined when it already has it there. A role on a tracking
 * request that has its shipment is copied to the shipment too (a later shipment gets it in copyPartyRoles).
 */
export function assignPartyRole(
	store: Store,
	type: RoleableType,
	id: string,
	partyId: string,
	role: string,
): PartyRoleRec | undefined {
	const taken = store.partyRoles.find(
		(r) =>
			r.roleableType === type && r.roleableId === id && r.partyId === partyId && r.role === role,
	);
	if (taken) return undefined;
	const now = Date.now();
	const created = store.partyRoles.add({
		id: store.newId(),
		partyId,
		role,
		roleableType: type,
		roleableId: id,
		createdAt: now,
		updatedAt: now,
	});
	const shipmentId = type === 'TrackingRequest' ? store.trackingRequests.get(id)?.shipmentId : null;
	if (shipmentId) assignPartyRole(store, 'Shipment', shipmentId, partyId, role);
	return created;
}

/** The roles of a tracking request, copied to its shipment (those it has already are kept once). */
export function copyPartyRoles(store: Store, trackingRequestId: string, shipmentId: string): void {
	for (const r of store.partyRoles.all().slice()) {
		if (r.roleableType === 'TrackingRequest' && r.roleableId === trackingRequestId)
			assignPartyRole(store, 'Shipment', shipmentId, r.partyId, r.role);
	}
}
