import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';
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
				displayName: 'Definition ID',
				name: 'definitionId',
				type: 'string',
				default: '',
				description: 'Only values of this custom field definition',
			},
			{
				displayName: 'Record ID',
				name: 'entityId',
				type: 'string',
				default: '',
				description: 'Only values stored on this shipment or container (its Terminal49 ID)',
			},
			{
				displayName: 'Record Type',
				name: 'entityType',
				type: 'options',
				default: 'Shipment',
				description: 'Only values stored on this kind of record',
				options: [
					{ name: 'Container', value: 'Container' },
					{ name: 'Shipment', value: 'Shipment' },
				],
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['getAll'] } },
	properties,
);

/** GET /custom_fields, filtered by record type, record and definition. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const where = {
		entityType: trimmed(filters.entityType),
		entityId:
			filters.entityId !== undefined && filters.entityId !== ''
				? assertId(node, 'Record ID', filters.entityId, itemIndex)
				: undefined,
		definitionId:
			filters.definitionId !== undefined && filters.definitionId !== ''
				? assertId(node, 'Definition ID', filters.definitionId, itemIndex)
				: undefined,
	};
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field > Get Many');
	return await t49.customFields.list(where, readTake.call(this, itemIndex));
}
