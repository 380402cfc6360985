import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { documentToItems, requestItems, simplifyProperty } from '../../helpers/output';
import { assertId, assertScac } from '../../helpers/validation';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Shipping Line',
		name: 'shippingLine',
		type: 'resourceLocator',
		default: { mode: 'scac', value: '' },
		required: true,
		description: 'The carrier, by its SCAC or by its Terminal49 ID',
		modes: [
			{ displayName: 'By SCAC', name: 'scac', type: 'string', placeholder: 'e.g. MAEU' },
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 2a7c1e0b-7a5d-4b8e-9c1f-3d4e5f6a7b8c',
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shippingLine'], operation: ['get'] } },
	properties,
);

/** GET /shipping_lines/{id}; by SCAC, the (unpaginated) list is searched for the SCAC or an alternative SCAC. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const locator = this.getNodeParameter('shippingLine', itemIndex) as
		| { mode?: string; value?: unknown }
		| string;
	const { mode, value } =
		typeof locator === 'object' && locator !== null ? locator : { mode: 'id', value: locator };
	if (mode !== 'scac') {
		const id = assertId(this.getNode(), 'Shipping Line ID', value, itemIndex);
		return await requestItems.call(this, itemIndex, {
			method: 'GET',
			path: `/shipping_lines/${encodeURIComponent(id)}`,
		});
	}
	const scac = assertScac(this.getNode(), 'SCAC', String(value ?? ''), itemIndex);
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/shipping_lines',
		itemIndex,
	});
	const lines = (Array.isArray(document.data) ? document.data : []) as IDataObject[];
	const scacOf = (line: IDataObject) => (line.attributes as IDataObject | undefined) ?? {};
	const match =
		lines.find((line) => String(scacOf(line).scac ?? '').toUpperCase() === scac) ??
		lines.find((line) =>
			(scacOf(line).alternative_scacs as unknown[] | undefined)?.some(
				(alt) => String(alt).toUpperCase() === scac,
			),
		);
	if (!match) {
		throw new NodeOperationError(
			this.getNode(),
			`No shipping line with SCAC "${scac}" is supported by Terminal49`,
			{
				itemIndex,
				description:
					'Check the SCAC, or list the supported carriers with Shipping Line > Get Many.',
			},
		);
	}
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return documentToItems({ data: match }, simplify);
}
