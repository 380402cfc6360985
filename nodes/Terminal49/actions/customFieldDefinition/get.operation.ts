import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertId } from '../../helpers/validation';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = assertId(this.getNode(), 'Definition ID', this.getNodeParameter('definitionId', itemIndex), itemIndex);
	return await requestItems.call(this, itemIndex, { method: 'GET', path: `/custom_field_definitions/${encodeURIComponent(id)}` });
}
