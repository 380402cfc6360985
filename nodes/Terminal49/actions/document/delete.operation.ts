import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleted } from '../../helpers/customFieldValue';
import { apiRequest } from '../../transport';
import { documentIdProperty, documentPath } from './shared';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path, id } = documentPath.call(this, itemIndex);
	await apiRequest.call(this, { method: 'DELETE', path, itemIndex });
	return deleted(id);
}
