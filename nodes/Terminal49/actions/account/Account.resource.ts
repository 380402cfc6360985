import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

/** The account behind the credential (`GET /me`). */
export const operations = { get: get.execute };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the account',
				description:
					'Get the account of the API key: company, plan, tracking slots used and left, and each feature (webhooks, routing data, ...) with its status in words',
			},
		],
		default: 'get',
	},
	...get.description,
];
