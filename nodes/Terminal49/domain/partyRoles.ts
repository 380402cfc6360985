/**
 * The roles a party can have (Terminal49's guide "Assign Shipper, Consignee, and Other Parties",
 * docs/api-docs/in-depth-guides/assigning-parties.mdx): every one on a shipment or tracking request, only
 * `pickup_dray_carrier` on a container. Party Role > Assign / Get Many / Remove and the Party filters of
 * Container and Shipment Get Many offer them.
 */
export const PARTY_ROLES = [
	'customer',
	'shipper',
	'consignee',
	'notify_party',
	'customs_broker',
	'freight_forwarder',
	'pickup_dray_carrier',
] as const;

export type PartyRole = (typeof PARTY_ROLES)[number];

/** The one role a container takes. */
export const CONTAINER_ROLE: PartyRole = 'pickup_dray_carrier';

/** The roles as options of a parameter, by name. */
export const ROLE_OPTIONS: Array<{ name: string; value: PartyRole }> = [
	{ name: 'Consignee', value: 'consignee' },
	{ name: 'Customer', value: 'customer' },
	{ name: 'Customs Broker', value: 'customs_broker' },
	{ name: 'Freight Forwarder', value: 'freight_forwarder' },
	{ name: 'Notify Party', value: 'notify_party' },
	{ name: 'Pickup Dray Carrier', value: 'pickup_dray_carrier' },
	{ name: 'Shipper', value: 'shipper' },
];
