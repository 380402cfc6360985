import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { containerLocator, resolveContainerId } from '../../helpers/locators';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [
	containerLocator(),
	{
		displayName: 'Reference Numbers',
		name: 'refNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. PO-1234, REF-5678',
		description:
			"Comma-separated reference numbers that REPLACE the container's current ones. Leave empty to remove them all.",
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['update'] } },
	properties,
);

export function parseList(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',');
	return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

/** PATCH /containers (openapi "Edit a container"): sets the container's ref_numbers. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveContainerId.call(this, itemIndex);
	const refNumbers = parseList(this.getNodeParameter('refNumbers', itemIndex, ''));
	return await requestItems.call(
		this,
		itemIndex,
		{
			method: 'PATCH',
			path: '/containers',
			body: { data: { id, type: 'container', attributes: { ref_numbers: refNumbers } } },
		},
		{ containerInsights: true },
	);
}
