import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listProperties, requestItems, simplifyProperty } from '../../helpers/output';
import { readLimit } from '../../helpers/unpaginated';
import { assertNotEmpty } from '../../helpers/validation';

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
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['search'], operation: ['search'] } },
	properties,
);

/** GET /search?query=: shipments, containers ("cargo") and tracking requests; at most 25 results. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const query = assertNotEmpty(
		this.getNode(),
		'Query',
		this.getNodeParameter('query', itemIndex),
		itemIndex,
	);
	const limit = readLimit.call(this, itemIndex);
	const items = await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: '/search',
		qs: { query },
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	if (limit === undefined) return items;
	if (!simplify) {
		const [document] = items;
		return Array.isArray(document?.data)
			? [{ ...document, data: document.data.slice(0, limit) }]
			: items;
	}
	return items.slice(0, limit);
}
