import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readList, outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';
import { includeProperty } from './shared';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhook Notification ID',
		name: 'notificationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 5a6b2c1d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
		description: 'The ID of the notification, as in the data of a delivered payload',
	},
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhookNotification'], operation: ['get'] } },
	properties,
);

/** GET /webhook_notifications/{id}: what was sent, its delivery status and attempts. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = assertId(
		this.getNode(),
		'Webhook Notification ID',
		this.getNodeParameter('notificationId', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).webhookNotifications.get(
		id,
		readList.call(this, 'include', itemIndex),
	);
}
