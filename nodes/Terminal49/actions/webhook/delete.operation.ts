import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { readWebhookId, webhookIdProperty } from './shared';

const properties: INodeProperties[] = [webhookIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['delete'] } },
	properties,
);

/** DELETE /webhooks/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readWebhookId.call(this, itemIndex);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('data_out_api', 'Webhook > Delete');
	await t49.webhooks.delete(id);
	return [{ deleted: true, id }];
}
