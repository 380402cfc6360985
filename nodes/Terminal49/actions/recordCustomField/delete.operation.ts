import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { apiSlugProperty, recordProperties } from '../../parameters/customFields';
import { readRecordField } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	apiSlugProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['delete'] } },
	properties,
);

/** DELETE /{records}/{id}/custom_fields/{api slug}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Record Custom Field > Delete');
	const { apiSlug, record } = await readRecordField.call(this, t49, itemIndex, false);
	await t49.recordCustomFields.delete(record, apiSlug);
	// No custom field ID is known here: the item names the record and the slug instead.
	return [{ deleted: true, record_type: record.type, record_id: record.id, api_slug: apiSlug }];
}
