import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { assertContainerNumber } from '../../helpers/validation';

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
				displayName: 'Container Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU1234566',
				description: 'Only the container with this number',
			},
		],
	},
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['shipment'],
		description: 'Related records to return nested in each container',
		options: [
			{ name: 'Shipment', value: 'shipment' },
			{ name: 'POD Terminal', value: 'pod_terminal' },
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	const qs: IDataObject = {};
	if (include.length) qs.include = include.join(',');
	if (typeof filters.number === 'string' && filters.number.trim()) {
		qs['filter[number]'] = assertContainerNumber(
			this.getNode(),
			'Container Number',
			filters.number,
			itemIndex,
			false,
		);
	}
	return await listItems.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/containers', qs },
		{ containerInsights: true },
	);
}
