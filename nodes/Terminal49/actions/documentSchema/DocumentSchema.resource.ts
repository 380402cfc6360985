import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get: get.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['documentSchema'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a document schema',
				description:
					'Get the JSON Schema that describes the fields extracted from one document type version, e.g. commercial_invoice@2026-03-23',
			},
		],
		default: 'get',
	},
	...get.description,
];
