import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as resumeTracking from './resumeTracking.operation';
import * as stopTracking from './stopTracking.operation';
import * as update from './update.operation';

export const operations = {
	get: get.execute,
	getAll: getAll.execute,
	resumeTracking: resumeTracking.execute,
	stopTracking: stopTracking.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shipment'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the containers of a shipment by bill of lading',
				description:
					'Get a shipment by ID or bill of lading number with its route, vessel, ETA/ATA and containers (pickup readiness, holds, fees, last free day); optionally one item per container',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many shipments',
				description:
					'List tracked shipments, newest first, searched by number, reference or container number, or by whether tracking stopped',
			},
			{
				name: 'Resume Tracking',
				value: 'resumeTracking',
				action: 'Resume tracking a shipment',
				description: 'Start following a shipment again after its tracking was stopped',
			},
			{
				name: 'Stop Tracking',
				value: 'stopTracking',
				action: 'Stop tracking a shipment',
				description:
					'Stop following a shipment with carriers and terminals (no more updates or webhooks for it); can be resumed',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a shipment',
				description: 'Replace the reference numbers and/or tags of a shipment',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
	...resumeTracking.description,
	...stopTracking.description,
	...update.description,
];
