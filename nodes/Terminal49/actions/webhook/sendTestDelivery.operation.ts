import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { isWebhookEvent, webhookEventOptions } from '../../helpers/events';
import { assertWebhookUrl } from '../../helpers/referenceValidation';
import { apiRequest } from '../../transport';

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

/** POST /webhooks/trigger {url, event, secret?}: one signed example delivery; returns the attempt's result. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const url = assertWebhookUrl(
		this.getNode(),
		'URL',
		this.getNodeParameter('url', itemIndex),
		itemIndex,
	);
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
	const body: IDataObject = { url, event };
	if (secret) body.secret = secret;
	const result = await apiRequest.call(this, {
		method: 'POST',
		path: '/webhooks/trigger',
		body,
		itemIndex,
	});
	return [result];
}
