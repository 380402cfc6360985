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
		displayOptions: { show: { resource: ['customFieldDefinition'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a custom field definition',
				description:
					'Define a new custom field for shipments or containers (API slug, display name, data type such as text, number, date or enum)',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a custom field definition',
				description:
					'Delete a custom field definition, with its options and the values stored for it',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a custom field definition',
				description: 'Get a custom field definition by its ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many custom field definitions',
				description:
					'List custom field definitions, optionally by record type, data type or display name',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a custom field definition',
				description:
					'Change the display name, description, validation, default format or default value of a definition',
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
