import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shippingLine'], operation: ['getAll'] } },
	properties,
);

/** GET /shipping_lines (every page), filtered by name or SCAC on the node. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Shipping Line > Get Many');
	return await t49.shippingLines.list(String(filters.search ?? ''), readTake.call(this, itemIndex));
}
