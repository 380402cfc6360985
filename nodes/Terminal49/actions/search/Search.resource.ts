import type { INodeProperties } from 'n8n-workflow';

import * as search from './search.operation';

export const operations = { search: search.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['search'] } },
		options: [
			{
				name: 'Search',
				value: 'search',
				action: 'Search shipments containers and tracking requests',
				description:
					'Find tracked shipments, containers and tracking requests by any number or part of one (at most 25 results); each result has entity_type and shipment_id',
			},
		],
		default: 'search',
	},
	...search.description,
];
