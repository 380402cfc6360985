import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { resolveShipmentId, shipmentLocator } from '../../helpers/locators';
import { requestItems, simplifyProperty } from '../../helpers/output';
import { parseList } from '../container/update.operation';

const properties: INodeProperties[] = [
	shipmentLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Reference Numbers',
				name: 'refNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234, REF-5678',
				description:
					"Comma-separated reference numbers that REPLACE the shipment's current ones; empty removes them all",
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. priority, customer-acme',
				description:
					"Comma-separated tags that REPLACE the shipment's current ones; empty removes them all",
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['update'] } },
	properties,
);

/** PATCH /shipments/{id} with `ref_numbers` and/or `tags` (each replaces the current list). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = {};
	if ('refNumbers' in fields) attributes.ref_numbers = parseList(fields.refNumbers);
	if ('tags' in fields) attributes.tags = parseList(fields.tags);
	if (Object.keys(attributes).length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Nothing to update in item ${itemIndex + 1}: "Update Fields" is empty`,
			{
				itemIndex,
				description: 'Add "Reference Numbers" or "Tags" under Update Fields.',
			},
		);
	}
	const id = await resolveShipmentId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'PATCH',
		path: `/shipments/${encodeURIComponent(id)}`,
		body: { data: { id, type: 'shipment', attributes } },
	});
}
