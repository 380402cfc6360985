import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getEvents from './getEvents.operation';
import * as getSourceIps from './getSourceIps.operation';
import * as sendTestDelivery from './sendTestDelivery.operation';
import * as update from './update.operation';

export const operations = {
	create: create.execute,
	delete: del.execute,
	get: get.execute,
	getAll: getAll.execute,
	getEvents: getEvents.execute,
	getSourceIps: getSourceIps.execute,
	sendTestDelivery: sendTestDelivery.execute,
	update: update.execute,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['webhook'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a webhook',
				description:
					'Register an https URL that Terminal49 POSTs the chosen events to; the output holds the signing secret',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a webhook',
				description: 'Remove a webhook so Terminal49 stops sending to its URL',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a webhook',
				description: 'Get a webhook: URL, events, active flag, headers and signing secret',
			},
			{
				name: 'Get Events',
				value: 'getEvents',
				action: 'Get webhook event names',
				description:
					'List the event names this account can subscribe to, with descriptions and categories',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhooks',
				description: 'List the webhooks registered in the account',
			},
			{
				name: 'Get Source IPs',
				value: 'getSourceIps',
				action: 'Get webhook source IP addresses',
				description:
					'Get the IP addresses Terminal49 sends webhooks from, for firewall allow-lists',
			},
			{
				name: 'Send Test Delivery',
				value: 'sendTestDelivery',
				action: 'Send a test webhook delivery',
				description:
					'Send one signed example payload of an event to a URL (no webhook needed) and return what the receiver answered',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a webhook',
				description: 'Change the URL, events, headers or active flag of a webhook',
			},
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...get.description,
	...getAll.description,
	...getEvents.description,
	...getSourceIps.description,
	...sendTestDelivery.description,
	...update.description,
];
