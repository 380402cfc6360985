import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get: get.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['terminal'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a terminal',
				description:
					'Get a terminal by ID: name, SMDG code, firms (BIC facility) code and its port',
			},
		],
		default: 'get',
	},
	...get.description,
];
