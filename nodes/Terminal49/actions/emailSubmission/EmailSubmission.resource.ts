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
		displayOptions: { show: { resource: ['emailSubmission'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get an email submission',
				description:
					'Get an email sent to Terminal49 (subject, senders, recipients) with the documents created from it',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many email submissions',
				description:
					'List the emails sent to Terminal49, newest first, with the documents created from them',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
