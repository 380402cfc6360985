import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { containerLocator, resolveContainerId } from '../../helpers/locators';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [
	containerLocator(),
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['shipment', 'pod_terminal'],
		description: 'Related records to return nested in the container',
		options: [
			{ name: 'Shipment', value: 'shipment' },
			{ name: 'POD Terminal', value: 'pod_terminal' },
			{ name: 'Transport Events', value: 'transport_events' },
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveContainerId.call(this, itemIndex);
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await requestItems.call(
		this,
		itemIndex,
		{
			method: 'GET',
			path: `/containers/${encodeURIComponent(id)}`,
			qs: include.length ? { include: include.join(',') } : {},
		},
		{ containerInsights: true },
	);
}
