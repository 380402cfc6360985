import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { locodeLocator, readIdOrLocode } from '../../helpers/lookupLocators';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [
	locodeLocator('metroArea', 'Metro Area', 'USCHI'),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['metroArea'], operation: ['get'] } },
	properties,
);

/** GET /metro_areas/{id or UN/LOCODE}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const key = readIdOrLocode.call(this, 'metroArea', 'Metro Area', itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/metro_areas/${encodeURIComponent(key)}`,
	});
}
