import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';
import { DATA_TYPE_OPTIONS } from './shared';
import { trimmed } from '../../domain/values';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Data Type',
				name: 'dataType',
				type: 'options',
				default: 'short_text',
				description: 'Only definitions of this data type',
				options: DATA_TYPE_OPTIONS,
			},
			{
				displayName: 'Display Name Starts With',
				name: 'displayName',
				type: 'string',
				default: '',
				description: 'Only definitions whose display name starts with this text',
			},
			{
				displayName: 'Record Type',
				name: 'entityType',
				type: 'options',
				default: 'Shipment',
				description: 'Only definitions for this kind of record',
				options: [
					{ name: 'Container', value: 'Container' },
					{ name: 'Shipment', value: 'Shipment' },
					{ name: 'Tracking Request', value: 'TrackingRequest' },
				],
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['getAll'] } },
	properties,
);

/** GET /custom_field_definitions, filtered by record type, data type and display name. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Definition > Get Many');
	return await t49.customFieldDefinitions.list(
		{
			entityType: trimmed(filters.entityType),
			dataType: trimmed(filters.dataType),
			displayName: trimmed(filters.displayName),
		},
		readTake.call(this, itemIndex),
	);
}
