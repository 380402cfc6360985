import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { listProperties, readMode, readTake, simplifyProperty } from '../../parameters';

const properties: INodeProperties[] = [...listProperties(), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['getAll'] } },
	properties,
);

/** GET /webhooks. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await terminal49(this, itemIndex).webhooks.list(
		readTake.call(this, itemIndex),
		readMode.call(this, itemIndex),
	);
}
