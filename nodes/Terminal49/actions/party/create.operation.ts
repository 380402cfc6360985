import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';
import { companyNameProperty } from './shared';

const properties: INodeProperties[] = [companyNameProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['create'] } },
	properties,
);

/** POST /parties: a customer to set on tracking requests. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const companyName = assertNotEmpty(
		this.getNode(),
		'Company Name',
		this.getNodeParameter('companyName', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).parties.create(companyName);
}
