import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getTypes'] } },
	properties,
);

/** One item per document type: `{code, label}`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = await apiRequest.call(this, { method: 'GET', path: '/documents/types', itemIndex });
	const types = Array.isArray(body.document_types) ? (body.document_types as IDataObject[]) : [];
	return types.map((type) => ({ code: type.code, label: type.label }));
}
