import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { parseList, readLocator, outputProperties } from '../../parameters';
import { shipmentLocator } from '../../parameters/locators';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['update'] } },
	properties,
);

/** PATCH /shipments/{id}: reference numbers and tags. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
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
	const t49 = terminal49(this, itemIndex);
	const id = await t49.shipments.idOf(readLocator.call(this, 'shipmentId', itemIndex));
	return await t49.shipments.update(id, attributes);
}
