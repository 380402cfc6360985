import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { valueProperties } from '../../parameters/customFields';
import { readValue, outputProperties } from '../../parameters';
import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { customFieldIdProperty, readCustomFieldId } from './shared';

const properties: INodeProperties[] = [
	customFieldIdProperty,
	...valueProperties({ allowNull: true }),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['update'] } },
	properties,
);

/** PATCH /custom_fields/{id}: the value. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = readCustomFieldId.call(this, itemIndex);
	const value = readValue.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field > Update');
	return await t49.customFields.update(id, value);
}
