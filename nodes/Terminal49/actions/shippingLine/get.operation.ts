import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Shipping Line',
		name: 'shippingLine',
		type: 'resourceLocator',
		default: { mode: 'scac', value: '' },
		required: true,
		description: 'The carrier, by its SCAC or by its Terminal49 ID',
		modes: [
			{ displayName: 'SCAC', name: 'scac', type: 'string', placeholder: 'e.g. MAEU' },
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 2a7c1e0b-7a5d-4b8e-9c1f-3d4e5f6a7b8c',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shippingLine'], operation: ['get'] } },
	properties,
);

/** A shipping line By ID, or By SCAC (its own or an alternative one) from the list of every page. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).shippingLines.get(
		readLocator.call(this, 'shippingLine', itemIndex),
	);
}
