import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get: get.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['metroArea'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a metro area',
				description:
					'Get an inland (rail) destination area by UN/LOCODE (e.g. USCHI) or ID: name, state, coordinates and time zone',
			},
		],
		default: 'get',
	},
	...get.description,
];
