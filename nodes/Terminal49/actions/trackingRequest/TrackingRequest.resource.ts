import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as inferNumber from './inferNumber.operation';
import * as update from './update.operation';

export const operations = {
	create: create.execute,
	get: get.execute,
	getAll: getAll.execute,
	inferNumber: inferNumber.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['trackingRequest'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Start tracking a container or shipment by number',
				description:
					'Start tracking a bill of lading, booking or container number with a carrier (SCAC) or carrier auto-detection. Returns the pending request; the shipment appears once the carrier answers. Creating the same request again returns the existing one with duplicate: true.',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a tracking request',
				description:
					'Get a tracking request with its status (pending, awaiting_manifest, created, failed, tracking_stopped), failed_reason and its shipment once tracking began',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many tracking requests',
				description:
					'List tracking requests, newest first, filtered by status, number, carrier, text or created/updated time',
			},
			{
				name: 'Infer Number',
				value: 'inferNumber',
				action: 'Infer the type and carrier of a number',
				description:
					'Find out whether a number is a container, bill of lading or booking number and which carrier (SCAC) issued it, before creating a tracking request',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a tracking request',
				description: 'Set the reference number of a tracking request',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...inferNumber.description,
	...update.description,
];
