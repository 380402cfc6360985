import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertId } from '../../errors/validation';

export const customFieldIdProperty: INodeProperties = {
	displayName: 'Custom Field ID',
	name: 'customFieldId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9',
	description: 'The ID of the stored custom field value (Custom Field > Get Many lists them)',
};

/** The Custom Field ID parameter, checked. */
export function readCustomFieldId(this: IExecuteFunctions, itemIndex: number): string {
	return assertId(
		this.getNode(),
		'Custom Field ID',
		this.getNodeParameter('customFieldId', itemIndex),
		itemIndex,
	);
}
