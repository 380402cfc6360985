import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import {
	assertEvents,
	eventsProperty,
	headersProperty,
	readHeaders,
	readWebhookId,
	webhookIdProperty,
} from './shared';

const properties: INodeProperties[] = [
	webhookIdProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Active',
				name: 'active',
				type: 'boolean',
				default: true,
				description: 'Whether Terminal49 sends deliveries to this webhook',
			},
			eventsProperty({
				description: 'The events to send; REPLACES the current list (at least one)',
			}),
			{
				...headersProperty,
				description: 'Custom headers sent with every delivery; REPLACES the current ones',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/hooks/terminal49',
				description:
					'Where Terminal49 POSTs the events; must be https (http only for localhost or 127.0.0.1)',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['update'] } },
	properties,
);

/** PATCH /webhooks/{id}: URL, events, active, headers. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = readWebhookId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = {};
	if (fields.url !== undefined) attributes.url = await t49.webhooks.deliverableUrl(fields.url);
	if (fields.events !== undefined)
		attributes.events = assertEvents.call(this, fields.events, itemIndex);
	if (fields.active !== undefined) attributes.active = fields.active === true;
	if (fields.headers !== undefined)
		attributes.headers = readHeaders.call(this, fields.headers, itemIndex);
	if (Object.keys(attributes).length === 0) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: "Update Fields" is empty', {
			itemIndex,
			description: 'Add at least one of Active, Events, Headers or URL.',
		});
	}
	t49.account.needsFeature('data_out_api', 'Webhook > Update');
	return await t49.webhooks.update(id, attributes);
}
