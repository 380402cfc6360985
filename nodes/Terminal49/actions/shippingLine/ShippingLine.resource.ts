import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export const operations = { get: get.execute, getAll: getAll.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shippingLine'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a shipping line',
				description:
					'Get a carrier by SCAC or ID: name, alternative SCACs and which numbers (BL, booking, container) it can track',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many shipping lines',
				description: 'List the carriers Terminal49 supports, optionally filtered by name or SCAC',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
