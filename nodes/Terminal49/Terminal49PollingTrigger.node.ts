import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollingProperties } from './polling/description';
import { poll } from './polling/poll';
import { EVENTS_SUBTITLE } from './domain/events';

/**
 * The Terminal49 Polling Trigger: the Terminal49 Trigger's events for an n8n that Terminal49 cannot reach
 * (no public https address). n8n calls poll() on the Poll Times schedule; each call compares what the API
 * shows with the fingerprints of the previous call (polling/).
 */
export class Terminal49PollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Terminal49 Polling Trigger',
		name: 'terminal49PollingTrigger',
		icon: { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' },
		group: ['trigger'],
		// 2: Options > Output Simplified is the people-first view (All Fields: version 1's item)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: EVENTS_SUBTITLE,
		// n8n's node panel lists this node as "Terminal49 Polling" (it drops " Trigger" from a trigger with
		// events): the description names it in full.
		description:
			'Terminal49 Polling Trigger: starts the workflow when a container, shipment or tracking request changes, checking Terminal49 on a schedule (no public URL needed)',
		documentationUrl:
			'https://github.com/terminal49/n8n-nodes-terminal49/blob/main/docs/polling.md',
		defaults: { name: 'Terminal49 Polling Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'terminal49Api', required: true }],
		polling: true,
		properties: pollingProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll(this);
	}
}
