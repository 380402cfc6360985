import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	apiSlugProperty,
	readApiSlug,
	readValue,
	recordProperties,
	resolveRecord,
	valueProperties,
} from '../../helpers/customFieldValue';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [
	...recordProperties(['shipment', 'container']),
	apiSlugProperty,
	...valueProperties({ allowNull: false }),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const apiSlug = readApiSlug.call(this, itemIndex);
	const value = readValue.call(this, itemIndex);
	const record = await resolveRecord.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'POST',
		path: '/custom_fields',
		body: {
			data: {
				type: 'custom_field',
				attributes: { api_slug: apiSlug, value: value as IDataObject },
				relationships: { entity: { data: { type: record.type, id: record.id } } },
			},
		},
	});
}
