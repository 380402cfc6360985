import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { deleted } from '../../client/resource';
import { customFieldIdProperty, readCustomFieldId } from './shared';

const properties: INodeProperties[] = [customFieldIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['delete'] } },
	properties,
);

/** DELETE /custom_fields/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readCustomFieldId.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field > Delete');
	await t49.customFields.delete(id);
	return deleted(id);
}
