import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty } from './shared';
import { runDocumentAction } from './action';

const properties: INodeProperties[] = [documentIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['reclassify'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await runDocumentAction.call(this, itemIndex, 'reclassify');
}
