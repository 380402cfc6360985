import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	apiSlugProperty,
	readApiSlug,
	readValue,
	recordProperties,
	valueProperties,
} from '../../helpers/customFieldValue';
import { requestItems, simplifyProperty } from '../../helpers/output';
import { recordFieldsPath } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	apiSlugProperty,
	...valueProperties({ allowNull: true }),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const apiSlug = readApiSlug.call(this, itemIndex);
	const value = readValue.call(this, itemIndex);
	const { path: base } = await recordFieldsPath.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'PATCH',
		path: `${base}/${encodeURIComponent(apiSlug)}`,
		body: { data: { type: 'custom_field', attributes: { value: value as IDataObject } } },
	});
}
