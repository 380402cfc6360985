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
		displayOptions: { show: { resource: ['customField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a custom field',
				description:
					'Store a custom field value (by its definition API slug) on a shipment or container. To work by API slug on tracking requests too, use Record Custom Field.',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a custom field',
				description: 'Delete a stored custom field value by its custom field ID',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a custom field',
				description: 'Get a stored custom field value by its custom field ID',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many custom fields',
				description:
					'List stored custom field values, optionally for one record type, one record or one definition',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a custom field',
				description: 'Change a stored custom field value by its custom field ID',
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
