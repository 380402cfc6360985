import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiSlugProperty, readApiSlug, recordProperties } from '../../helpers/customFieldValue';
import { apiRequest } from '../../transport';
import { recordFieldsPath } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	apiSlugProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const apiSlug = readApiSlug.call(this, itemIndex);
	const { path, recordType, recordId } = await recordFieldsPath.call(this, itemIndex);
	await apiRequest.call(this, {
		method: 'DELETE',
		path: `${path}/${encodeURIComponent(apiSlug)}`,
		itemIndex,
	});
	// No custom field ID is known here: the item names the record and the slug instead.
	return [{ deleted: true, record_type: recordType, record_id: recordId, api_slug: apiSlug }];
}
