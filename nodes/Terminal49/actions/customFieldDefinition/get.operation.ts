import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { readDefinitionId } from '../../helpers/customFieldValue';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readDefinitionId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/custom_field_definitions/${encodeURIComponent(id)}`,
	});
}
