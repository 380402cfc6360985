import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readList, outputProperties } from '../../parameters';
import { documentIdProperty, includeProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [documentIdProperty, includeProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['get'] } },
	properties,
);

/** GET /documents/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).documents.get(
		readDocumentId.call(this, itemIndex),
		readList.call(this, 'include', itemIndex),
	);
}
