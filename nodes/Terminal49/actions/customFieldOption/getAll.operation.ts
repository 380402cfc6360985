import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { definitionIdProperty, definitionPath } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, ...listProperties(), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const path = definitionPath.call(this, itemIndex);
	return await listItems.call(this, itemIndex, { method: 'GET', path });
}
