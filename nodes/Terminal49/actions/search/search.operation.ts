import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. MSCU4949012',
		description: 'A bill of lading, container, booking or reference number, or part of one',
	},
	...listProperties().map((property) =>
		property.name === 'returnAll'
			? {
					...property,
					description:
						'Whether to return every match (Terminal49 returns at most 25) or only up to a given limit',
				}
			: { ...property, default: 25, typeOptions: { minValue: 1, maxValue: 25 } },
	),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['search'], operation: ['search'] } },
	properties,
);

/** GET /search?query=: shipments and containers whose numbers match (the service gives at most 25). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const query = assertNotEmpty(
		this.getNode(),
		'Query',
		this.getNodeParameter('query', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).search.search(query, readTake.call(this, itemIndex));
}
