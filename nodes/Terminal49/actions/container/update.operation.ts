import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { parseList, readLocator, outputProperties } from '../../parameters';
import { containerLocator } from '../../parameters/locators';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['update'] } },
	properties,
);

/** PATCH /containers: the container's reference numbers. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	const refNumbers = parseList(this.getNodeParameter('refNumbers', itemIndex, ''));
	return await t49.containers.update(id, { ref_numbers: refNumbers });
}
