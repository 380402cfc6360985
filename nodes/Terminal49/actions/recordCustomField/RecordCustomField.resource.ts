import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

/**
 * Custom fields of one record, addressed by the record and the field's API slug:
 * `/{tracking_requests|shipments|containers}/{id}/custom_fields[/{api_slug}]`.
 */
export const operations = {
	create: create.execute,
	delete: del.execute,
	getAll: getAll.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['recordCustomField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Set a custom field on a record',
				description:
					'Set a custom field (by its API slug, e.g. po_number) on a tracking request, shipment or container that does not have it yet',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Remove a custom field from a record',
				description:
					'Remove a custom field (by its API slug) from a tracking request, shipment or container',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get the custom fields of a record',
				description: 'List the custom field values of one tracking request, shipment or container',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a custom field on a record',
				description:
					'Change the value of a custom field (by its API slug) that a tracking request, shipment or container already has',
			},
		],
		default: 'getAll',
	},
	...create.description,
	...del.description,
	...getAll.description,
	...update.description,
];
