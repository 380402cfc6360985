import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { documentIdProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['reclassify'] } },
	properties,
);

/** POST /documents/{id}/reclassify. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return [
		await terminal49(this, itemIndex).documents.act(
			readDocumentId.call(this, itemIndex),
			'reclassify',
		),
	];
}
