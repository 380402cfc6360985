import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, readRecordLocator, readValue, outputProperties } from '../../parameters';
import { apiSlugProperty, recordProperties, valueProperties } from '../../parameters/customFields';

const properties: INodeProperties[] = [
	...recordProperties(['shipment', 'container']),
	apiSlugProperty,
	...valueProperties({ allowNull: false }),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['create'] } },
	properties,
);

/** POST /custom_fields: a value on a shipment or container (by ID or number), by its definition's API slug. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const apiSlug = t49.customFields.slugOf(readLocator.call(this, 'apiSlug', itemIndex, 'slug'));
	const value = readValue.call(this, itemIndex);
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field > Create');
	const record = await t49.recordOf(type, locator);
	return await t49.customFields.create(record, apiSlug, value);
}
