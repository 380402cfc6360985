import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertEvents, eventsProperty, headersProperty, readHeaders } from './shared';

const properties: INodeProperties[] = [
	{
		displayName:
			'To receive events in a workflow, prefer the Terminal49 Trigger node: it registers and removes its webhook and verifies signatures. The output of Create includes the webhook "secret" for checking X-T49-Webhook-Signature yourself.',
		name: 'triggerNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/hooks/terminal49',
		description:
			'Where Terminal49 POSTs the events; must be https (http only for localhost or 127.0.0.1)',
	},
	eventsProperty({ required: true }),
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether Terminal49 sends deliveries to this webhook now',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [headersProperty],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['create'] } },
	properties,
);

/** POST /webhooks: the service generates the signing secret (in the item). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const url = await t49.webhooks.deliverableUrl(this.getNodeParameter('url', itemIndex));
	const events = assertEvents.call(this, this.getNodeParameter('events', itemIndex, []), itemIndex);
	const active = this.getNodeParameter('active', itemIndex, true) as boolean;
	const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = { url, active, events };
	if (additionalFields.headers !== undefined) {
		attributes.headers = readHeaders.call(this, additionalFields.headers, itemIndex);
	}
	t49.account.needsFeature('data_out_api', 'Webhook > Create');
	return await t49.webhooks.create(attributes);
}
