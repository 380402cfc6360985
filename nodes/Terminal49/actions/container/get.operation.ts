import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { deadlineToWatchOption, imminentDaysOption } from '../../parameters/insightFields';
import { tariffOptions } from '../../parameters/tariffFields';
import { readInsightOptions, readList, readLocator, outputProperties } from '../../parameters';
import { containerLocator } from '../../parameters/locators';

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
			{
				name: 'Transport Events',
				value: 'transport_events',
				description: 'Needed to tell the Rolled and Transshipped risks (else they are unknown)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...tariffOptions, deadlineToWatchOption, imminentDaysOption],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['get'] } },
	properties,
);

/** GET /containers/{id} (the container By ID or By Number), with the derived pickup fields. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const insights = readInsightOptions(this.getNode(), itemIndex, options);
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	return await t49.containers.get(id, readList.call(this, 'include', itemIndex), insights);
}
