import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { triggerProperties } from './trigger/description';
import { checkExists, create, remove } from './trigger/lifecycle';
import { emitDelivery, readDeliveries } from './trigger/emit';
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

	/**
	 * The execution's first step, with the accepted delivery as input (trigger/emit.ts): the item of each event,
	 * none for a notification an earlier execution already ran.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const deliveries = await readDeliveries.call(this);
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < deliveries.notifications.length; i++) {
			try {
				const item = await emitDelivery.call(this, deliveries, i);
				if (item) out.push(item);
			} catch (error) {
				if (this.continueOnFail()) {
					out.push({
						json: { error: error instanceof Error ? error.message : String(error) },
						pairedItem: { item: i },
					});
					continue;
				}
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
			}
		}
		return [out];
	}
}
