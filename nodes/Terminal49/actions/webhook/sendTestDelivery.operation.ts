import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { isWebhookEvent, webhookEventOptions } from '../../domain/events';
import { terminal49 } from '../../client';

const properties: INodeProperties[] = [
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/hooks/terminal49',
		description:
			'Where to send one example delivery; must be https (http only for localhost or 127.0.0.1). No webhook is created.',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: webhookEventOptions(),
		default: 'tracking_request.succeeded',
		required: true,
		description: 'The event whose example payload is sent',
	},
	{
		displayName: 'Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'Optional key to sign the delivery with (X-T49-Webhook-Signature = hex HMAC-SHA256 of the body). Use the secret of the receiving webhook to test its signature check.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['sendTestDelivery'] } },
	properties,
);

/** POST /webhooks/trigger: a signed sample of one event to any URL (signed with the given secret). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	const url = await t49.webhooks.deliverableUrl(this.getNodeParameter('url', itemIndex));
	const event = String(this.getNodeParameter('event', itemIndex, '')).trim();
	if (!isWebhookEvent(event)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Event "${event}": not a Terminal49 webhook event`,
			{
				itemIndex,
				description: 'Pick an event from the list, e.g. tracking_request.succeeded.',
			},
		);
	}
	const secret = String(this.getNodeParameter('secret', itemIndex, '') ?? '');
	t49.account.needsFeature('data_out_api', 'Webhook > Send Test Delivery');
	return [await t49.webhooks.sendTest({ url, event, secret: secret || undefined })];
}
