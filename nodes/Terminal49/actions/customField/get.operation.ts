import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { customFieldIdProperty, customFieldPath } from './shared';

const properties: INodeProperties[] = [customFieldIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path } = customFieldPath.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, { method: 'GET', path });
}
