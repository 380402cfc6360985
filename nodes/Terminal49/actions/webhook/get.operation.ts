import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { readWebhookId, webhookIdProperty } from './shared';

const properties: INodeProperties[] = [webhookIdProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['get'] } },
	properties,
);

/** GET /webhooks/{id} (with its signing secret). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = readWebhookId.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('data_out_api', 'Webhook > Get');
	return await t49.webhooks.get(id);
}
