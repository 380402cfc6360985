import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { readList, readLocator, readMode, outputProperties } from '../../parameters';
import { shipmentLocator } from '../../helpers/locators';
import { includeProperty } from './shared';

const properties: INodeProperties[] = [
	shipmentLocator(),
	{ ...includeProperty, default: ['containers', 'pod_terminal'] },
	...outputProperties,
	{
		displayName: 'Split Containers',
		name: 'splitContainers',
		type: 'boolean',
		default: false,
		description:
			'Whether to return one item per container (with the shipment fields nested under "shipment") instead of one item for the shipment; containers are then included automatically',
		displayOptions: { show: { simplify: [true] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['get'] } },
	properties,
);

/** GET /shipments/{id}, as one item or one item per container. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.shipments.idOf(readLocator.call(this, 'shipmentId', itemIndex));
	return await t49.shipments.get(
		id,
		{
			include: readList.call(this, 'include', itemIndex),
			splitContainers: this.getNodeParameter('splitContainers', itemIndex, false) as boolean,
		},
		readMode.call(this, itemIndex),
	);
}
