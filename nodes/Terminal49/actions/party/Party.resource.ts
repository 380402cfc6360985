import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations = {
	create: create.execute,
	get: get.execute,
	getAll: getAll.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['party'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a party',
				description: 'Create a party (a company such as a customer) from its company name',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a party',
				description: 'Get a party by its ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many parties',
				description: 'List the parties (companies) of the account, newest first',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a party',
				description: 'Change the company name of a party',
			},
		],
		default: 'get',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
];
