import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { definitionIdProperty, optionIdProperty, readOption } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, optionIdProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['get'] } },
	properties,
);

/** GET /custom_field_definitions/{id}/options/{option id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const { definitionId, optionId } = readOption.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Option > Get');
	return await t49.customFieldOptions.get(definitionId, optionId);
}
