import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { documentIdProperty, documentPath } from './shared';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getDownloadUrl'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path, id } = documentPath.call(this, itemIndex, '/download_url');
	const body = await apiRequest.call(this, { method: 'GET', path, itemIndex });
	return [{ id, download_url: body.download_url }];
}
