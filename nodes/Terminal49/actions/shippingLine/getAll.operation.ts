import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listProperties, simplifyProperty } from '../../helpers/output';
import { simplifyResource, isResourceObject } from '../../helpers/jsonApi';
import { readLimit } from '../../helpers/unpaginated';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Name or SCAC Contains',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. maersk',
				description:
					'Only carriers whose name, short name or SCAC contains this text (case-insensitive)',
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shippingLine'], operation: ['getAll'] } },
	properties,
);

/** GET /shipping_lines: not paginated by the service; the filter and the Limit are applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const search = String(filters.search ?? '')
		.trim()
		.toLowerCase();
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/shipping_lines',
		itemIndex,
	});
	let records = (Array.isArray(document.data) ? document.data : []).filter(isResourceObject);
	if (search) {
		records = records.filter((record) => {
			const a = record.attributes ?? {};
			return [
				a.name,
				a.short_name,
				a.scac,
				...((a.alternative_scacs as unknown[] | undefined) ?? []),
			].some((value) =>
				String(value ?? '')
					.toLowerCase()
					.includes(search),
			);
		});
	}
	if (limit !== undefined) records = records.slice(0, limit);
	return records.map((record) => (simplify ? simplifyResource(record) : { data: record }));
}
