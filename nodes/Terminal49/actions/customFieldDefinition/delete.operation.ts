import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { readLocator } from '../../parameters';
import { deleted } from '../../client/resource';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [definitionIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['delete'] } },
	properties,
);

/** DELETE /custom_field_definitions/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	const id = t49.customFieldDefinitions.idOf(readLocator.call(this, 'definitionId', itemIndex));
	t49.account.needsFeature('custom_fields', 'Custom Field Definition > Delete');
	await t49.customFieldDefinitions.delete(id);
	return deleted(id);
}
