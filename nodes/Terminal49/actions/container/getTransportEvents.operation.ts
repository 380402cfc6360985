import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { containerLocator, resolveContainerId } from '../../helpers/locators';
import { listItems, listProperties, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [
	containerLocator(),
	...listProperties(),
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['location', 'terminal', 'vessel'],
		description: 'Related records to return nested in each event',
		options: [
			{
				name: 'Location',
				value: 'location',
				description: 'The port or metro area where the event happened',
			},
			{ name: 'Shipment', value: 'shipment' },
			{
				name: 'Terminal',
				value: 'terminal',
				description: 'The terminal or rail terminal of the event',
			},
			{ name: 'Vessel', value: 'vessel', description: 'The vessel of vessel events' },
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getTransportEvents'] } },
	properties,
);

/** GET /containers/{id}/transport_events: one item per normalised milestone, oldest first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveContainerId.call(this, itemIndex);
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await listItems.call(this, itemIndex, {
		method: 'GET',
		path: `/containers/${encodeURIComponent(id)}/transport_events`,
		qs: include.length ? { include: include.join(',') } : {},
	});
}
