import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resources } from './actions/resources';
import {
	batchOperationOf,
	errorItem,
	nodeError,
	runBatchOperation,
	runOperation,
	toolErrorItem,
} from './actions/router';
import { runsAsTool } from './actions/tool';
import { operationSubtitle } from './actions/subtitle';
import { listSearch } from './methods';
import * as customFieldSearch from './methods/customFields';

const properties: INodeTypeDescription['properties'] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resourceOptions,
		default: 'container',
	},
	...Object.values(resources).flatMap((resource) => resource.description),
];

export class Terminal49 implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Terminal49',
		name: 'terminal49',
		icon: { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' },
		group: ['transform'],
		// 2: Output (Simplified, the people-first view; All Fields; Selected Fields; Raw) instead of Simplify
		// 3: no parameter named `name` (Document > Upload's Name is `documentName`), which n8n's editor would not
		// let an AI agent's tool have the model define (n8n 1.x)
		version: [1, 2, 3],
		defaultVersion: 3,
		// "Get Many: Container" (actions/subtitle.ts)
		subtitle: operationSubtitle(resourceOptions, properties),
		description:
			'Track ocean containers with Terminal49: tracking requests, shipments, containers (holds, fees, last free day, pickup readiness), webhooks and lookups',
		documentationUrl:
			'https://github.com/terminal49/n8n-nodes-terminal49/blob/main/docs/operations.md',
		defaults: { name: 'Terminal49' },
		// As "Terminal49 Tool" (an AI Agent's tool, or an MCP Server Trigger's): what an agent reads of it when
		// no operation says more (the default of its "Description", Set Manually). With "Set Automatically" n8n
		// describes the tool by its operation's action, "<action> in Terminal49" (n8n-workflow's
		// makeDescription), so the actions an agent uses say what they answer and which number they take, in 50
		// characters at most: n8n names a new tool node the same way, and a tool's name stops at 64
		// (docs/ai-agents.md)
		usableAsTool: {
			replacements: {
				description:
					'Answers questions about the ocean containers this Terminal49 account tracks: where a container is, whether it is on hold or ready for pickup, its last free day and demurrage risk, its ETA and why it is late, and starts tracking a new number. Give it the number the customer quotes: container number, bill of lading, booking or reference number.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The widget's embed code needs no API call: no credential is asked for it.
		credentials: [
			{ name: 'terminal49Api', required: true, displayOptions: { hide: { resource: ['widget'] } } },
		],
		properties,
	};

	methods = { listSearch: { ...listSearch, ...customFieldSearch } };

	/**
	 * Runs the chosen operation once per input item (actions/router.ts). Each output item is paired with the
	 * input it came from; with "Continue On Fail" an item that fails becomes `{error}` and the rest go on. As an
	 * AI agent's tool (actions/tool.ts) a list is bounded and a failure is answered in one sentence.
	 */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const asTool = runsAsTool(this);
		// Invoice > Check: the lines of one invoice come as several items and are checked together
		const batch = batchOperationOf.call(this);
		if (batch) return [await runBatchOperation.call(this, batch, asTool)];
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				returnData.push(...(await runOperation.call(this, i, asTool)));
			} catch (error) {
				const answer = asTool ? toolErrorItem.call(this, error, i) : undefined;
				if (answer) {
					returnData.push(answer);
					continue;
				}
				if (this.continueOnFail()) {
					returnData.push(errorItem(error, i));
					continue;
				}
				throw nodeError.call(this, error, i);
			}
		}
		return [returnData];
	}
}
