import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { parseCustomFieldValue, VALUE_TYPE_BY_DATA_TYPE } from '../../parameters/customFields';
import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertId, assertNotEmpty, parseJsonObject } from '../../errors/validation';
import { DATA_TYPE_OPTIONS } from './shared';

const properties: INodeProperties[] = [
	{
		displayName: 'Record Type',
		name: 'entityType',
		type: 'options',
		required: true,
		default: 'Shipment',
		description: 'The kind of record the field is stored on',
		options: [
			{ name: 'Shipment', value: 'Shipment' },
			{ name: 'Container', value: 'Container' },
		],
	},
	{
		displayName: 'API Slug',
		name: 'apiSlug',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. po_number',
		description:
			'The key used to read and write the field through the API: lowercase letters, digits and underscores',
	},
	{
		displayName: 'Display Name',
		name: 'displayName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. PO Number',
		description: 'The name shown in Terminal49',
	},
	{
		displayName: 'Data Type',
		name: 'dataType',
		type: 'options',
		required: true,
		default: 'short_text',
		description:
			'The kind of value the field holds. Enum fields get their choices from Custom Field Option > Create.',
		options: DATA_TYPE_OPTIONS,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
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
				description:
					'Value used when a record has none, read by the Data Type: a number, true/false, an ISO date, or comma-separated option values for Enum Multi',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'What the field is for',
			},
			{
				displayName: 'Reference Type',
				name: 'referenceType',
				type: 'string',
				default: '',
				description: 'For Reference fields: the type of record referenced',
			},
			{
				displayName: 'Validation (JSON)',
				name: 'validation',
				type: 'json',
				default: '',
				description: 'Validation rules as a JSON object',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const entityType = this.getNodeParameter('entityType', itemIndex) as string;
	if (!['Shipment', 'Container'].includes(entityType)) {
		throw new NodeOperationError(
			node,
			`Invalid Record Type "${entityType}": use Shipment or Container`,
			{ itemIndex },
		);
	}
	const dataType = this.getNodeParameter('dataType', itemIndex) as string;
	if (!VALUE_TYPE_BY_DATA_TYPE[dataType]) {
		throw new NodeOperationError(
			node,
			`Invalid Data Type "${dataType}": use one of ${Object.keys(VALUE_TYPE_BY_DATA_TYPE).join(', ')}`,
			{ itemIndex },
		);
	}
	const attributes: IDataObject = {
		entity_type: entityType,
		api_slug: assertId(node, 'API Slug', this.getNodeParameter('apiSlug', itemIndex), itemIndex),
		display_name: assertNotEmpty(
			node,
			'Display Name',
			this.getNodeParameter('displayName', itemIndex),
			itemIndex,
		),
		data_type: dataType,
	};
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	if (typeof extra.description === 'string' && extra.description !== '')
		attributes.description = extra.description;
	if (typeof extra.referenceType === 'string' && extra.referenceType !== '')
		attributes.reference_type = extra.referenceType;
	if (typeof extra.defaultFormat === 'string' && extra.defaultFormat !== '')
		attributes.default_format = extra.defaultFormat;
	if (extra.validation !== undefined && extra.validation !== '') {
		attributes.validation = parseJsonObject(node, 'Validation (JSON)', extra.validation, itemIndex);
	}
	if (extra.defaultValue !== undefined && extra.defaultValue !== '') {
		attributes.default_value = parseCustomFieldValue(
			node,
			'Default Value',
			extra.defaultValue,
			VALUE_TYPE_BY_DATA_TYPE[dataType],
			itemIndex,
		) as IDataObject;
	}
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Definition > Create');
	return await t49.customFieldDefinitions.create(attributes);
}
