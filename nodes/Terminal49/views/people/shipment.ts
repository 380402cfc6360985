import { PARTY_ROLES } from '../../domain/partyRoles';
import { asObject, text } from '../../domain/values';
import type { Item } from './words';
import { dayIn, listed, NONE, words } from './words';

/** Whether Terminal49 still tracks a shipment (and so its containers), in words; null when unknown. */
export function trackingOf(shipment: Item): string | null {
	const stopped = text(shipment.line_tracking_stopped_at);
	if (stopped) return `Stopped ${dayIn(stopped, shipment.pod_timezone) ?? stopped}`;
	return Object.keys(shipment).length ? 'Tracking' : null;
}

/**
 * A shipment's parties in words, by role in the order of PARTY_ROLES (`Customs broker: ACME Brokerage;
 * Shipper: Foo Exports`, the parties of one role together), NONE without a role; null when the roles came
 * without their parties (not included), which says nothing of who they are.
 */
function partiesOf(roles: unknown[]): string | null {
	const byRole = new Map<string, string[]>();
	for (const role of roles.map(asObject)) {
		if (!role) continue;
		const party = asObject(role.party);
		const name = text(party?.company_name) ?? text(party?.id) ?? text(role.party) ?? '?';
		const key = text(role.role) ?? 'party';
		byRole.set(key, [...(byRole.get(key) ?? []), name]);
	}
	if (!byRole.size) return roles.length ? null : NONE;
	const rank = (role: string) => {
		const at = (PARTY_ROLES as readonly string[]).indexOf(role);
		return at === -1 ? PARTY_ROLES.length : at;
	};
	return [...byRole]
		.sort(([a], [b]) => rank(a) - rank(b))
		.map(([role, names]) => `${words(role)}: ${names.join(', ')}`)
		.join('; ');
}

/** The shipment's people-first fields. */
export function shipmentSummary(shipment: Item): Item {
	const arrived = text(shipment.pod_ata_at);
	const containers = Array.isArray(shipment.containers) ? shipment.containers : [];
	const numbers = containers
		.map((container) => text(asObject(container)?.number))
		.filter((number): number is string => number !== null);
	return {
		bill_of_lading: text(shipment.bill_of_lading_number),
		carrier: text(shipment.shipping_line_name) ?? text(shipment.shipping_line_scac),
		from: text(shipment.port_of_lading_name),
		to: text(shipment.port_of_discharge_name),
		destination: text(shipment.destination_name) ?? text(shipment.port_of_discharge_name),
		vessel: text(shipment.pod_vessel_name),
		eta: dayIn(arrived ?? shipment.pod_eta_at, shipment.pod_timezone),
		eta_is_actual: arrived !== null,
		original_eta: dayIn(shipment.pod_original_eta_at, shipment.pod_timezone),
		containers: numbers.length ? numbers.join(', ') : containers.length,
		reference_numbers: listed(shipment.ref_numbers),
		tags: listed(shipment.tags),
		// only where the party roles were included (Include > Party Roles)
		...(Array.isArray(shipment.party_roles) ? { parties: partiesOf(shipment.party_roles) } : {}),
		tracking: trackingOf(shipment),
		id: shipment.id ?? null,
	};
}
