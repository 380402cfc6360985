import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { locodeLocator, readIdOrLocode } from '../../helpers/lookupLocators';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [locodeLocator('port', 'Port', 'USLAX'), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['port'], operation: ['get'] } },
	properties,
);

/** GET /ports/{id or UN/LOCODE}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const key = readIdOrLocode.call(this, 'port', 'Port', itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/ports/${encodeURIComponent(key)}`,
	});
}
