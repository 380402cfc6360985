import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { resolveShipmentId, shipmentLocator } from '../../helpers/locators';
import { documentToItems, simplifyProperty } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { includeProperty, splitContainers, withNestedContainerInsights } from './shared';

const properties: INodeProperties[] = [
	shipmentLocator(),
	{ ...includeProperty, default: ['containers', 'pod_terminal'] },
	simplifyProperty,
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
	const id = await resolveShipmentId.call(this, itemIndex);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const split = simplify && (this.getNodeParameter('splitContainers', itemIndex, false) as boolean);
	const include = [...(this.getNodeParameter('include', itemIndex, []) as string[])];
	if (split && !include.includes('containers')) include.push('containers');
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: `/shipments/${encodeURIComponent(id)}`,
		qs: include.length ? { include: include.join(',') } : {},
		itemIndex,
	});
	if (split) return splitContainers(document);
	return documentToItems(document, simplify).map((item) =>
		simplify ? withNestedContainerInsights(item) : item,
	);
}
