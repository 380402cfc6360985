import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';
import { definitionIdProperty, readDefinition } from './shared';

const properties: INodeProperties[] = [
	definitionIdProperty,
	...listProperties(),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['getAll'] } },
	properties,
);

/** GET /custom_field_definitions/{id}/options. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Custom Field Option > Get Many');
	return await t49.customFieldOptions.list(
		readDefinition.call(this, itemIndex),
		readTake.call(this, itemIndex),
	);
}
