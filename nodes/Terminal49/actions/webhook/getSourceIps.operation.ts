import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['getSourceIps'] } },
	properties,
);

/** GET /webhooks/ips: one item {webhook_notification_ips, last_updated}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = await apiRequest.call(this, { method: 'GET', path: '/webhooks/ips', itemIndex });
	return [
		{
			webhook_notification_ips: body.webhook_notification_ips ?? [],
			last_updated: body.last_updated ?? null,
		},
	];
}
