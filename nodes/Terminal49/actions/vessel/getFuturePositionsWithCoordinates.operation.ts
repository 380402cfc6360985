import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readVessel, vesselLocator } from '../../helpers/lookupLocators';
import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertCoordinate } from '../../helpers/referenceValidation';
import { assertId } from '../../helpers/validation';
import { portProperties, resolveVesselId, routingNotice } from './shared';

const properties: INodeProperties[] = [
	routingNotice,
	vesselLocator,
	...portProperties,
	{
		displayName: 'Latitude',
		name: 'latitude',
		type: 'number',
		typeOptions: { minValue: -90, maxValue: 90, numberPrecision: 6 },
		default: 0,
		required: true,
		description: 'Latitude to project the route from, in decimal degrees',
	},
	{
		displayName: 'Longitude',
		name: 'longitude',
		type: 'number',
		typeOptions: { minValue: -180, maxValue: 180, numberPrecision: 6 },
		default: 0,
		required: true,
		description: 'Longitude to project the route from, in decimal degrees',
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vessel'], operation: ['getFuturePositionsWithCoordinates'] } },
	properties,
);

/** GET /vessels/{id}/future_positions_with_coordinates?port_id=&previous_port_id=&latitude=&longitude= (Routing Data). */
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
	const latitude = assertCoordinate(
		this.getNode(),
		'Latitude',
		this.getNodeParameter('latitude', itemIndex),
		itemIndex,
	);
	const longitude = assertCoordinate(
		this.getNode(),
		'Longitude',
		this.getNodeParameter('longitude', itemIndex),
		itemIndex,
	);
	const id = await resolveVesselId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/vessels/${encodeURIComponent(id)}/future_positions_with_coordinates`,
		qs: { port_id: portId, previous_port_id: previousPortId, latitude, longitude },
	});
}
