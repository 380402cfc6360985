import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertId } from '../../helpers/validation';

export const definitionIdProperty: INodeProperties = {
	displayName: 'Definition ID',
	name: 'definitionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 5d1e0f3a-4b7e-4c2d-9a8b-7c6d5e4f3a2b',
	description: 'The ID of the enum custom field definition the options belong to',
};

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
	const id = assertId(this.getNode(), 'Definition ID', this.getNodeParameter('definitionId', itemIndex), itemIndex);
	return `/custom_field_definitions/${encodeURIComponent(id)}/options`;
}

export function optionPath(this: IExecuteFunctions, itemIndex: number): { path: string; id: string } {
	const base = definitionPath.call(this, itemIndex);
	const id = assertId(this.getNode(), 'Option ID', this.getNodeParameter('optionId', itemIndex), itemIndex);
	return { path: `${base}/${encodeURIComponent(id)}`, id };
}

