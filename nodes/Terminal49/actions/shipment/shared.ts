import type { INodeProperties } from 'n8n-workflow';

export const SHIPMENT_INCLUDES = [
	{ name: 'Containers', value: 'containers' },
	{ name: 'Destination', value: 'destination' },
	{ name: 'Destination Terminal', value: 'destination_terminal' },
	{ name: 'Party Roles (With Their Parties)', value: 'party_roles.party' },
	{ name: 'POD Terminal', value: 'pod_terminal' },
	{ name: 'Port of Discharge', value: 'port_of_discharge' },
	{ name: 'Port of Lading', value: 'port_of_lading' },
];

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: [],
	description:
		'Related records to return nested in the shipment. Included containers gain ready_for_pickup, active_holds, fees_total, pickup_lfd_source and days_until_pickup_lfd; party roles (shipper, consignee, customs broker, ...) carry their party.',
	options: SHIPMENT_INCLUDES,
};
