import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Schema ID',
		name: 'schemaId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. commercial_invoice@2026-03-23',
		description: 'The schema in full-version format: document type code, @, version date',
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['documentSchema'], operation: ['get'] } },
	properties,
);

/** GET /document_schemas/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = assertId(
		this.getNode(),
		'Schema ID',
		this.getNodeParameter('schemaId', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).documentSchemas.get(id);
}
