import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [...listProperties(), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listItems.call(this, itemIndex, { method: 'GET', path: '/parties' });
}
