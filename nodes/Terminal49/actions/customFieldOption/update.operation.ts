import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';
import {
	definitionIdProperty,
	optionIdProperty,
	readOption,
	positionProperty,
	readPosition,
} from './shared';

const properties: INodeProperties[] = [
	definitionIdProperty,
	optionIdProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The value of an option cannot be changed: delete it and create another',
		options: [
			{
				displayName: 'Label',
				name: 'label',
				type: 'string',
				default: '',
				description: 'The text shown for the choice',
			},
			positionProperty,
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const { definitionId, optionId } = readOption.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = {};
	if (fields.label !== undefined)
		attributes.label = assertNotEmpty(node, 'Label', fields.label, itemIndex);
	readPosition.call(this, fields, attributes, itemIndex);
	if (Object.keys(attributes).length === 0) {
		throw new NodeOperationError(node, 'Nothing to update: "Update Fields" is empty', {
			itemIndex,
			description: 'Add Label or Position under "Update Fields".',
		});
	}
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Option > Update');
	return await t49.customFieldOptions.update(definitionId, optionId, attributes);
}
