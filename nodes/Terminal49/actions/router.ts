import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { selectedFields, summaryOf } from '../helpers/summaries';
import type { OutputShape } from '../parameters';
import { readOutput } from '../parameters';
import { resources } from './resources';

/**
 * Runs the chosen operation for input item `itemIndex` and returns its output items, each paired with that
 * input item. The node's execute() loops over the items (and handles Continue On Fail: errorItem).
 */
export async function runOperation(
	this: IExecuteFunctions,
	itemIndex: number,
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
	const result: IDataObject[] = await execute.call(this, itemIndex);
	const output = readOutput.call(this, itemIndex);
	return this.helpers.constructExecutionMetaData(
		this.helpers.returnJsonArray(output ? shaped(result, output.shape, output.fields) : result),
		{ itemData: { item: itemIndex } },
	);
}

/**
 * The items as Output says (node version 2): Simplified, the people-first view of containers, shipments and
 * tracking requests (other records as they are); Selected Fields, only the fields named; All Fields and Raw,
 * as the operation returned them.
 */
function shaped(items: IDataObject[], shape: OutputShape, fields: string[]): IDataObject[] {
	if (shape === 'simplified') return items.map(summaryOf);
	if (shape === 'selected') return items.map((item) => selectedFields(item, fields));
	return items;
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
