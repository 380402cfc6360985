import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';

const properties: INodeProperties[] = [...listProperties(), ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['getAll'] } },
	properties,
);

/** GET /webhooks. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('data_out_api', 'Webhook > Get Many');
	return await t49.webhooks.list(readTake.call(this, itemIndex));
}
