import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertId } from '../../helpers/validation';
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
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhookNotification'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = assertId(
		this.getNode(),
		'Webhook Notification ID',
		this.getNodeParameter('notificationId', itemIndex),
		itemIndex,
	);
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/webhook_notifications/${encodeURIComponent(id)}`,
		qs: include.length ? { include: include.join(',') } : {},
	});
}
