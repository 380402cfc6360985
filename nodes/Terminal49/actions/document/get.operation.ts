import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { documentIdProperty, documentPath, includeProperty } from './shared';

const properties: INodeProperties[] = [documentIdProperty, includeProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path } = documentPath.call(this, itemIndex);
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path,
		qs: include.length ? { include: include.join(',') } : {},
	});
}
