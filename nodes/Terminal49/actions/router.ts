import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { resources } from './resources';

/**
 * Runs the chosen operation once per input item. Each output item is paired with the input it came
 * from; with "Continue On Fail" an item that fails becomes `{error}` and the rest go on.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const returnData: INodeExecutionData[] = [];

	for (let i = 0; i < items.length; i++) {
		const resource = this.getNodeParameter('resource', i) as string;
		const operation = this.getNodeParameter('operation', i) as string;
		const execute = resources[resource]?.operations[operation];
		try {
			if (!execute) {
				throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
					itemIndex: i,
				});
			}
			const result: IDataObject[] = await execute.call(this, i);
			returnData.push(...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), { itemData: { item: i } }));
		} catch (error) {
			if (this.continueOnFail()) {
				const message = error instanceof Error ? error.message : String(error);
				const description = (error as { description?: unknown }).description;
				returnData.push({
					json: { error: message, ...(typeof description === 'string' && description ? { error_description: description } : {}) },
					pairedItem: { item: i },
				});
				continue;
			}
			// Both constructors hand back an error that already is of their class, with its item index.
			if (error instanceof NodeApiError) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
		}
	}
	return [returnData];
}
