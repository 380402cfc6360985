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
		displayOptions: { show: { resource: ['container'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a container',
				description: 'Get a container with its status, holds, fees, last free day and pickup readiness',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many containers',
				description: 'List tracked containers, newest first, with pickup readiness and LFD fields',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
];
