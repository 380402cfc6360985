import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getExamples from './getExamples.operation';

export const operations = {
	get: get.execute,
	getAll: getAll.execute,
	getExamples: getExamples.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhookNotification'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a webhook notification',
				description:
					'Get one notification Terminal49 sent: event, delivery status, webhook and what it refers to',
			},
			{
				name: 'Get Examples',
				value: 'getExamples',
				action: 'Get example webhook notifications',
				description:
					'Get example payloads of one event or of every event, to design a workflow before real events arrive',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhook notifications',
				description:
					"List the notifications sent to the account's webhooks, newest first, with delivery status",
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
	...getExamples.description,
];
