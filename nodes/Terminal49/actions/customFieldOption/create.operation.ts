import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';
import { definitionIdProperty, readDefinition, positionProperty, readPosition } from './shared';

const properties: INodeProperties[] = [
	definitionIdProperty,
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. High',
		description: 'The text shown for the choice',
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. high',
		description: 'The value stored in custom fields that pick this choice',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [positionProperty],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const definitionId = readDefinition.call(this, itemIndex);
	const attributes: IDataObject = {
		label: assertNotEmpty(node, 'Label', this.getNodeParameter('label', itemIndex), itemIndex),
		value: assertNotEmpty(node, 'Value', this.getNodeParameter('value', itemIndex), itemIndex),
	};
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	readPosition.call(this, extra, attributes, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Option > Create');
	return await t49.customFieldOptions.create(definitionId, attributes);
}
