import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { apiSlugProperty, recordProperties, valueProperties } from '../../parameters/customFields';
import { outputProperties } from '../../parameters';
import { readRecordField } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	apiSlugProperty,
	...valueProperties({ allowNull: false }),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['create'] } },
	properties,
);

/** POST /{records}/{id}/custom_fields: a value by API slug on a tracking request, shipment or container. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Record Custom Field > Create');
	const { apiSlug, record, value } = await readRecordField.call(this, t49, itemIndex, true);
	return await t49.recordCustomFields.create(record, apiSlug, value);
}
