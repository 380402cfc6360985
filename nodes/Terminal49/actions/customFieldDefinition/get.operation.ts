import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { definitionIdProperty } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldDefinition'], operation: ['get'] } },
	properties,
);

/** GET /custom_field_definitions/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Definition > Get');
	return await t49.customFieldDefinitions.get(
		t49.customFieldDefinitions.idOf(readLocator.call(this, 'definitionId', itemIndex)),
	);
}
