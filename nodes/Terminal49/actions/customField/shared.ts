import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertId } from '../../helpers/validation';

export const customFieldIdProperty: INodeProperties = {
	displayName: 'Custom Field ID',
	name: 'customFieldId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9',
	description: 'The ID of the stored custom field value (Custom Field > Get Many lists them)',
};

export function customFieldPath(
	this: IExecuteFunctions,
	itemIndex: number,
): { path: string; id: string } {
	const id = assertId(
		this.getNode(),
		'Custom Field ID',
		this.getNodeParameter('customFieldId', itemIndex),
		itemIndex,
	);
	return { path: `/custom_fields/${encodeURIComponent(id)}`, id };
}
