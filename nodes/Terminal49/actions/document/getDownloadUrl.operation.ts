import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { documentIdProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getDownloadUrl'] } },
	properties,
);

/** GET /documents/{id}/download_url: a short-lived URL of the file. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return [
		await terminal49(this, itemIndex).documents.downloadUrl(readDocumentId.call(this, itemIndex)),
	];
}
