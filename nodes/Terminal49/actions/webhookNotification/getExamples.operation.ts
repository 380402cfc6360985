import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { isWebhookEvent, webhookEventOptions } from '../../domain/events';
import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: [
			{ name: 'All Events', value: '', description: 'One example per event' },
			...webhookEventOptions(),
		],
		default: '',
		description: 'The event to get an example payload of',
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhookNotification'], operation: ['getExamples'] } },
	properties,
);

/** GET /webhook_notifications/examples: sample payloads of one event, or of all. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const event = String(this.getNodeParameter('event', itemIndex, '') ?? '').trim();
	if (event && !isWebhookEvent(event)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Event "${event}": not a Terminal49 webhook event`,
			{
				itemIndex,
				description: 'Pick an event from the list, or "All Events".',
			},
		);
	}
	return await terminal49(this, itemIndex).webhookNotifications.examples(event || undefined);
}
