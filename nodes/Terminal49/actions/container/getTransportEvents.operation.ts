import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import {
	listProperties,
	readList,
	readLocator,
	readTake,
	outputProperties,
} from '../../parameters';
import { containerLocator } from '../../parameters/locators';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getTransportEvents'] } },
	properties,
);

/** GET /containers/{id}/transport_events: one item per normalised milestone, oldest first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	return await t49.containers.transportEvents(
		id,
		readList.call(this, 'include', itemIndex),
		readTake.call(this, itemIndex),
	);
}
