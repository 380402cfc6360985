import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readVessel, vesselLocator } from '../../helpers/lookupLocators';
import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertId } from '../../helpers/validation';
import { portProperties, resolveVesselId, routingNotice } from './shared';

const properties: INodeProperties[] = [
	routingNotice,
	vesselLocator,
	...portProperties,
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vessel'], operation: ['getFuturePositions'] } },
	properties,
);

/** GET /vessels/{id}/future_positions?port_id=&previous_port_id= (Routing Data). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	readVessel.call(this, itemIndex);
	const portId = assertId(
		this.getNode(),
		'Port ID',
		this.getNodeParameter('portId', itemIndex),
		itemIndex,
	);
	const previousPortId = assertId(
		this.getNode(),
		'Previous Port ID',
		this.getNodeParameter('previousPortId', itemIndex),
		itemIndex,
	);
	const id = await resolveVesselId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/vessels/${encodeURIComponent(id)}/future_positions`,
		qs: { port_id: portId, previous_port_id: previousPortId },
	});
}
