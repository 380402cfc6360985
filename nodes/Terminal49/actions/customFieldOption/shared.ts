import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { definitionLocator, readDefinitionId } from '../../helpers/customFieldValue';
import { assertId } from '../../helpers/validation';

export const definitionIdProperty: INodeProperties = definitionLocator({
	description:
		'The Enum or Enum Multi custom field definition the options belong to, picked by name or given by its ID',
});

export const optionIdProperty: INodeProperties = {
	displayName: 'Option ID',
	name: 'optionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 9a8b7c6d-5e4f-4a2b-8c1d-0e9f8a7b6c5d',
	description: 'The ID of the option (Custom Field Option > Get Many lists them)',
};

export function definitionPath(this: IExecuteFunctions, itemIndex: number): string {
	const id = readDefinitionId.call(this, itemIndex);
	return `/custom_field_definitions/${encodeURIComponent(id)}/options`;
}

export function optionPath(
	this: IExecuteFunctions,
	itemIndex: number,
): { path: string; id: string } {
	const base = definitionPath.call(this, itemIndex);
	const id = assertId(
		this.getNode(),
		'Option ID',
		this.getNodeParameter('optionId', itemIndex),
		itemIndex,
	);
	return { path: `${base}/${encodeURIComponent(id)}`, id };
}
