import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { deleted } from '../../client/resource';
import { definitionIdProperty, optionIdProperty, readOption } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, optionIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['delete'] } },
	properties,
);

/** DELETE /custom_field_definitions/{id}/options/{option id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { definitionId, optionId } = readOption.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Option > Delete');
	await t49.customFieldOptions.delete(definitionId, optionId);
	return deleted(optionId);
}
