import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { locodeLocator } from '../../parameters/lookupLocators';

const properties: INodeProperties[] = [
	locodeLocator('metroArea', 'Metro Area', 'USCHI'),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['metroArea'], operation: ['get'] } },
	properties,
);

/** GET /metro_areas/{locode|id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).metroAreas.get(
		readLocator.call(this, 'metroArea', itemIndex),
	);
}
