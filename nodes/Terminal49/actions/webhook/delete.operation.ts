import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { readWebhookId, webhookIdProperty } from './shared';

const properties: INodeProperties[] = [webhookIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readWebhookId.call(this, itemIndex);
	await apiRequest.call(this, {
		method: 'DELETE',
		path: `/webhooks/${encodeURIComponent(id)}`,
		itemIndex,
	});
	return [{ deleted: true, id }];
}
