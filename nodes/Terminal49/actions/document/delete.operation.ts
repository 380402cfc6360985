import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { deleted } from '../../client/resource';
import { documentIdProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['delete'] } },
	properties,
);

/** DELETE /documents/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readDocumentId.call(this, itemIndex);
	await terminal49(this, itemIndex).documents.delete(id);
	return deleted(id);
}
