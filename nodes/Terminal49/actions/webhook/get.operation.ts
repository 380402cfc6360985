import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { readWebhookId, webhookIdProperty } from './shared';

const properties: INodeProperties[] = [webhookIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = readWebhookId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/webhooks/${encodeURIComponent(id)}`,
	});
}
