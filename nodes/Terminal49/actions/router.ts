import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { agentErrorItem } from '../errors/agent';
import { readOutput } from '../parameters';
import { actionOutput } from '../views';
import type { BatchExecute } from './batch';
import { resources } from './resources';

/**
 * Runs the chosen operation for input item `itemIndex` and returns its output items, each paired with that
 * input item. The node's execute() loops over the items (and handles Continue On Fail: errorItem). The Output
 * parameter is read once, here, and decided once (views/): the operation hands back its records. As an AI
 * agent's tool (`asTool`), a list is bounded for the agent (views/agent.ts).
 */
export async function runOperation(
	this: IExecuteFunctions,
	itemIndex: number,
	asTool = false,
): Promise<INodeExecutionData[]> {
	const resource = this.getNodeParameter('resource', itemIndex) as string;
	const operation = this.getNodeParameter('operation', itemIndex) as string;
	const execute = resources[resource]?.operations[operation];
	if (!execute) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
			{ itemIndex },
		);
	}
	const output = readOutput.call(this, itemIndex);
	const result = await execute.call(this, itemIndex, output);
	const items = actionOutput(
		result,
		output,
		asTool ? { complete: (read) => listIsComplete.call(this, itemIndex, read) } : undefined,
	);
	return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(items), {
		itemData: { item: itemIndex },
	});
}

/** The chosen operation when it takes every input item at once (resources' batchOperations), else undefined. */
export function batchOperationOf(this: IExecuteFunctions): BatchExecute | undefined {
	if (!this.getInputData().length) return undefined;
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	return resources[resource]?.batchOperations?.[operation];
}

/**
 * Runs an operation over every input item at once and returns its output items, each paired with the input
 * items it answers, shaped as the first item's Output says. An input item that failed stops the run, or with
 * "Continue On Fail" (or as an AI agent's tool) becomes its error item while the others go on.
 */
export async function runBatchOperation(
	this: IExecuteFunctions,
	execute: BatchExecute,
	asTool = false,
): Promise<INodeExecutionData[]> {
	const indexes = this.getInputData().map((_, index) => index);
	const result = await execute.call(this, indexes);
	const failures: INodeExecutionData[] = [];
	for (const [itemIndex, error] of result.failed) {
		const answer = asTool ? toolErrorItem.call(this, error, itemIndex) : undefined;
		if (answer) failures.push(answer);
		else if (this.continueOnFail()) failures.push(errorItem(error, itemIndex));
		else throw nodeError.call(this, error, itemIndex);
	}
	const output = readOutput.call(this, 0);
	const items = result.items.flatMap(({ json, items: paired }) =>
		actionOutput([json], output, asTool ? { complete: () => true } : undefined).map((shaped) => ({
			json: shaped,
			pairedItem: paired.length === 1 ? { item: paired[0] } : paired.map((item) => ({ item })),
		})),
	);
	return [...items, ...failures].sort((a, b) => firstPaired(a) - firstPaired(b));
}

const firstPaired = (item: INodeExecutionData) => {
	const paired = item.pairedItem;
	if (Array.isArray(paired)) return typeof paired[0] === 'object' ? paired[0].item : 0;
	return typeof paired === 'object' && paired !== null ? paired.item : 0;
};

/** Whether a list holds every record there is: Return All, or fewer than its Limit (no Limit: one answer). */
function listIsComplete(this: IExecuteFunctions, itemIndex: number, items: IDataObject[]): boolean {
	if (this.getNodeParameter('returnAll', itemIndex, false) === true) return true;
	const limit = this.getNodeParameter('limit', itemIndex, 0);
	return !(typeof limit === 'number' && limit > 0 && items.length >= limit);
}

/**
 * The item an AI agent gets for a failed call (`{error}` in one sentence: errors/agent.ts), unless
 * the node is set to stop the workflow on error. n8n's AI Agent does the same with a tool that throws: it
 * hands the agent `{error: message}` and goes on, unless the tool's On Error is "Stop Workflow".
 */
export function toolErrorItem(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): INodeExecutionData | undefined {
	if (this.getNode().onError === 'stopWorkflow') return undefined;
	return { json: agentErrorItem(error), pairedItem: { item: itemIndex } };
}

/** The item that stands for a failed input item with "Continue On Fail": `{error, error_description}`. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const message = error instanceof Error ? error.message : String(error);
	const description = (error as { description?: unknown }).description;
	return {
		json: {
			error: message,
			...(typeof description === 'string' && description ? { error_description: description } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}

/** The error to throw for a failed item: a NodeApiError stays one, anything else becomes a NodeOperationError. */
export function nodeError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	// Both constructors hand back an error that already is of their class, with its item index.
	if (error instanceof NodeApiError)
		return new NodeApiError(this.getNode(), error as unknown as JsonObject);
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}
