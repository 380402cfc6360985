import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertId, assertNotEmpty } from '../../errors/validation';
import { companyNameProperty, partyIdProperty } from './shared';

const properties: INodeProperties[] = [
	partyIdProperty,
	{ ...companyNameProperty, description: 'The new name of the company' },
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['update'] } },
	properties,
);

/** PATCH /parties/{id}: the company name. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const id = assertId(node, 'Party ID', this.getNodeParameter('partyId', itemIndex), itemIndex);
	const companyName = assertNotEmpty(
		node,
		'Company Name',
		this.getNodeParameter('companyName', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).parties.update(id, companyName);
}
