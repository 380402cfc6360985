import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readList, readLocator, outputProperties } from '../../parameters';
import { shipmentLocator } from '../../parameters/locators';
import type { Output } from '../../views';
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
			'Whether to return one item per container instead of one item for the shipment (each as a container: with Simplified its view, with All Fields the shipment nested under "shipment"); containers are then included automatically',
		// version 1: with Simplify on; version 2: with every Output but Raw (the document as sent)
		displayOptions: { hide: { simplify: [false], output: ['raw'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['get'] } },
	properties,
);

/**
 * GET /shipments/{id}, as one item or one item per container (not for Raw: the document as sent, containers
 * not added to the include).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	output: Output,
): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.shipments.idOf(readLocator.call(this, 'shipmentId', itemIndex));
	const split = this.getNodeParameter('splitContainers', itemIndex, false) === true;
	return await t49.shipments.get(id, {
		include: readList.call(this, 'include', itemIndex),
		splitContainers: split && output.kind !== 'raw',
	});
}
