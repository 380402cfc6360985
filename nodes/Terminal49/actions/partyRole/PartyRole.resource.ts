import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';

/**
 * The parties of a shipment, container or tracking request in their roles (shipper, consignee, customs broker,
 * customer, pickup dray carrier, ...): `/{shipments|containers|tracking_requests}/{id}/party_roles`.
 */
export const operations = {
	create: create.execute,
	delete: del.execute,
	getAll: getAll.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['partyRole'] } },
		options: [
			{
				name: 'Assign',
				value: 'create',
				action: 'Assign a party role',
				description:
					'Give a party (e.g. a customs broker) a role on a shipment, container (pickup dray carrier only) or tracking request',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get the party roles of a record',
				description:
					'List the parties of a shipment, container or tracking request with their roles',
			},
			{
				name: 'Remove',
				value: 'delete',
				action: 'Remove a party role',
				description: 'Take a role away from a party on a shipment, container or tracking request',
			},
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...getAll.description,
];
