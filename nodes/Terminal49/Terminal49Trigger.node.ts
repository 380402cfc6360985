import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { ANSWER_WHEN_FINISHED, triggerProperties } from './trigger/description';
import { scheduleCatchUp } from './trigger/catchUp';
import { checkExists, create, remove } from './trigger/lifecycle';
import { emitDelivery, readDeliveries } from './trigger/emit';
import { receiveDelivery } from './trigger/webhook';
import { EVENTS_SUBTITLE } from './domain/events';

/**
 * The trigger panel's help on its "Execute step" button (n8n 2.41 and 1.123; only the narrow panel's icon
 * button keeps the tooltip "Listen for test event"; trigger/sample.ts). It says what happens with Terminal49's service and with a Terminal49
 * stand-in on the same machine (this package's sandbox, `npm start`), where n8n on localhost gets the sample too.
 */
const LISTEN_HELP =
	"<b>While building your workflow</b>, click 'Execute step'. While n8n waits (the button reads 'Stop Listening'), Terminal49 sends a sample of the first event in Events (Terminal49's example data, signed like a real delivery) to the Test URL, and it shows up in this editor within a few seconds.<br /><br />" +
	"<b>Terminal49 must be able to reach this n8n</b> at a public https address (n8n's WEBHOOK_URL). With Terminal49's service, an n8n on localhost, on a private network or on plain http receives no sample and no real event (n8n's log says why; click 'Stop Listening'). Such an n8n can use the Terminal49 Polling Trigger instead: the same events, checked on a schedule, no public address needed. With a Terminal49 stand-in on the same machine (the package's sandbox, whose Base URL is on 127.0.0.1) the sample does arrive on localhost.";

export class Terminal49Trigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Terminal49 Trigger',
		name: 'terminal49Trigger',
		icon: { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' },
		group: ['trigger'],
		// 2: Options > Output Simplified is the people-first view (All Fields: version 1's item)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: EVENTS_SUBTITLE,
		// n8n's node panel shows this node and the action node as one entry, "Terminal49", with this
		// description: its Triggers are this node's events, its Actions the action node's operations. The
		// description names the trigger, so that a search for "Terminal49 Trigger" visibly lands on it.
		description:
			'Terminal49 Trigger: starts the workflow when Terminal49 sends a container, shipment or tracking event (signed webhook, each delivery once)',
		documentationUrl:
			'https://github.com/terminal49/n8n-nodes-terminal49/blob/main/docs/trigger.md',
		defaults: { name: 'Terminal49 Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'terminal49Api', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// Options > Answer Terminal49. "When Recorded" (default): n8n answers an accepted delivery once it
				// has recorded the execution, with the node's webhookResponse as the body ('' rather than n8n's
				// default 'firstEntryJson'). "When the Workflow Finished": n8n answers once the run ended, 200
				// with no body, or 500 when it failed or its worker died (Terminal49 then delivers it again).
				responseMode: `={{$parameter["options"]["answer"] === "${ANSWER_WHEN_FINISHED}" ? "lastNode" : "onReceived"}}`,
				responseData: `={{$parameter["options"]["answer"] === "${ANSWER_WHEN_FINISHED}" ? "noData" : ""}}`,
				path: 'webhook',
			},
		],
		triggerPanel: {
			header: 'Get a sample Terminal49 event',
			executionsHelp: {
				inactive: `${LISTEN_HELP}<br /><br /><b>Once you're happy with your workflow</b>, publish it. Then every time Terminal49 sends one of the selected events, the workflow will execute. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`,
				active: `${LISTEN_HELP}<br /><br /><b>Your workflow will also execute automatically</b>, since it's published: every time Terminal49 sends one of the selected events. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`,
			},
			activationHint: {
				inactive:
					'Click "Execute step": Terminal49 sends a signed sample of the first selected event within a few seconds, so you need not wait for a container to change. Terminal49 must reach this n8n over public https: on localhost only a local stand-in such as the sandbox can deliver it.',
				active:
					'Click "Execute step" for a signed sample of the first selected event within a few seconds. Real events run the published workflow too (those executions show in the executions list, not here).',
			},
		},
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

	/**
	 * The catch-up (trigger/catchUp.ts): on a schedule, on n8n's main instance, switches the webhook back on
	 * when Terminal49 switched it off and runs the notifications Terminal49 gave up delivering.
	 */
	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		return scheduleCatchUp.call(this);
	}

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
				out.push(...(await emitDelivery.call(this, deliveries, i)));
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
