import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getTypes'] } },
	properties,
);

/** GET /documents/types: one item per document type (code, label). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await terminal49(this, itemIndex).documents.types();
}
