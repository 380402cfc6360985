import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleted, readDefinitionId } from '../../helpers/customFieldValue';
import { apiRequest } from '../../transport';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [definitionIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readDefinitionId.call(this, itemIndex);
	await apiRequest.call(this, {
		method: 'DELETE',
		path: `/custom_field_definitions/${encodeURIComponent(id)}`,
		itemIndex,
	});
	return deleted(id);
}
