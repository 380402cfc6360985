import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations = {
	create: create.execute,
	delete: del.execute,
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
		displayOptions: { show: { resource: ['customFieldOption'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a custom field option',
				description:
					'Add a choice (label and value) to an enum or enum multi custom field definition',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a custom field option',
				description: 'Remove a choice from a custom field definition',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a custom field option',
				description: 'Get one choice of a custom field definition',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many custom field options',
				description: 'List the choices of an enum custom field definition, in their display order',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a custom field option',
				description: 'Change the label or position of a choice (its value cannot change)',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...update.description,
];
