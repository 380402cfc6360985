import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { locodeLocator } from '../../parameters/lookupLocators';

const properties: INodeProperties[] = [locodeLocator('port', 'Port', 'USLAX'), ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['port'], operation: ['get'] } },
	properties,
);

/** GET /ports/{locode|id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).ports.get(readLocator.call(this, 'port', itemIndex));
}
