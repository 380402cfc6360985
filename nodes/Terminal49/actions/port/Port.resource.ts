import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get: get.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['port'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a port',
				description:
					'Get a port by UN/LOCODE (e.g. USLAX) or ID: name, country, coordinates and time zone',
			},
		],
		default: 'get',
	},
	...get.description,
];
