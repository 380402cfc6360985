import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties } from './trigger/description';
import { checkExists, create, remove } from './trigger/lifecycle';
import { emitDeliveries } from './trigger/emit';
import { receiveDelivery } from './trigger/webhook';

export class Terminal49Trigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Terminal49 Trigger',
		name: 'terminal49Trigger',
		icon: { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ ($parameter["events"] || []).length > 2 ? ($parameter["events"] || []).length + " events" : ($parameter["events"] || []).join(", ") }}',
		description:
			'Starts the workflow when Terminal49 sends a container, shipment or tracking event (signed webhook, each delivery once)',
		defaults: { name: 'Terminal49 Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'terminal49Api', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// n8n answers an accepted delivery once it has recorded the execution, with the node's
				// webhookResponse as the body ('' rather than n8n's default 'firstEntryJson').
				responseMode: 'onReceived',
				responseData: '',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	/** The answer path: verify, deduplicate, hand the delivery to n8n (trigger/webhook.ts). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}

	/** The execution's first step, with the delivery as input: the item of each event (trigger/emit.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await emitDeliveries.call(this);
	}
}
