import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { definitionIdProperty, optionIdProperty, optionPath } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, optionIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path } = optionPath.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, { method: 'GET', path });
}
