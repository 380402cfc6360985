import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { CustomFieldValueType } from '../../parameters/customFields';
import { parseCustomFieldValue, VALUE_TYPE_OPTIONS } from '../../parameters/customFields';
import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { assertNotEmpty, parseJsonObject } from '../../errors/validation';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [
	definitionIdProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The API slug, record type and data type cannot be changed',
		options: [
			{
				displayName: 'Default Format',
				name: 'defaultFormat',
				type: 'string',
				default: '',
				description: 'Display format of the value, e.g. a date format',
			},
			{
				displayName: 'Default Value',
				name: 'defaultValue',
				type: 'string',
				default: '',
				description: 'Value used when a record has none, read as Default Value Type',
			},
			{
				displayName: 'Default Value Type',
				name: 'defaultValueType',
				type: 'options',
				default: 'text',
				description: 'How to read Default Value; match the data type of the definition',
				options: VALUE_TYPE_OPTIONS,
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'What the field is for',
			},
			{
				displayName: 'Display Name',
				name: 'displayName',
				type: 'string',
				default: '',
				description: 'The name shown in Terminal49',
			},
			{
				displayName: 'Validation (JSON)',
				name: 'validation',
				type: 'json',
				default: '',
				description: 'Validation rules as a JSON object; null removes them',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const t49 = terminal49(this, itemIndex);
	const id = t49.customFieldDefinitions.idOf(readLocator.call(this, 'definitionId', itemIndex));
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = {};
	if (fields.displayName !== undefined) {
		attributes.display_name = assertNotEmpty(node, 'Display Name', fields.displayName, itemIndex);
	}
	if (fields.description !== undefined)
		attributes.description = fields.description === '' ? null : fields.description;
	if (fields.defaultFormat !== undefined)
		attributes.default_format = fields.defaultFormat === '' ? null : fields.defaultFormat;
	if (fields.validation !== undefined) {
		attributes.validation = parseJsonObject(
			node,
			'Validation (JSON)',
			fields.validation,
			itemIndex,
		);
	}
	if (fields.defaultValue !== undefined || fields.defaultValueType === 'null') {
		const type = (fields.defaultValueType as CustomFieldValueType | undefined) ?? 'text';
		attributes.default_value = parseCustomFieldValue(
			node,
			'Default Value',
			fields.defaultValue,
			type,
			itemIndex,
		) as IDataObject;
	}
	if (Object.keys(attributes).length === 0) {
		throw new NodeOperationError(node, 'Nothing to update: "Update Fields" is empty', {
			itemIndex,
			description: 'Add at least one field under "Update Fields" (e.g. Display Name).',
		});
	}
	t49.account.needsFeature('custom_fields', 'Custom Field Definition > Update');
	return await t49.customFieldDefinitions.update(id, attributes);
}
