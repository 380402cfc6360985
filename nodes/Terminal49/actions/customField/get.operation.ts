import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { customFieldIdProperty, readCustomFieldId } from './shared';

const properties: INodeProperties[] = [customFieldIdProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['get'] } },
	properties,
);

/** GET /custom_fields/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field > Get');
	return await t49.customFields.get(readCustomFieldId.call(this, itemIndex));
}
