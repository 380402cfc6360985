import type { INodeProperties } from 'n8n-workflow';

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: [],
	description: 'Related records to return nested in each notification',
	options: [
		{
			name: 'Reference Object',
			value: 'reference_object',
			description:
				'What the notification is about: the tracking request, transport event or change event',
		},
		{ name: 'Webhook', value: 'webhook', description: 'The webhook the notification was sent to' },
	],
};
