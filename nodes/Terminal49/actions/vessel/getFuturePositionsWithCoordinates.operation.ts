import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { vesselLocator } from '../../parameters/lookupLocators';
import { assertCoordinate } from '../../errors/referenceValidation';
import { assertId } from '../../errors/validation';
import { portProperties, routingNotice } from './shared';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vessel'], operation: ['getFuturePositionsWithCoordinates'] } },
	properties,
);

/** GET /vessels/{id}/future_positions_with_coordinates (an IMO is looked up first). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const vessel = readLocator.call(this, 'vessel', itemIndex, 'id');
	t49.vessels.key(vessel);
	const node = this.getNode();
	const portId = assertId(node, 'Port ID', this.getNodeParameter('portId', itemIndex), itemIndex);
	const previousPortId = assertId(
		node,
		'Previous Port ID',
		this.getNodeParameter('previousPortId', itemIndex),
		itemIndex,
	);
	const latitude = assertCoordinate(
		node,
		'Latitude',
		this.getNodeParameter('latitude', itemIndex),
		itemIndex,
	);
	const longitude = assertCoordinate(
		node,
		'Longitude',
		this.getNodeParameter('longitude', itemIndex),
		itemIndex,
	);
	t49.account.needsFeature('routing_data', 'Vessel > Get Future Positions With Coordinates');
	const id = await t49.vessels.idOf(vessel);
	return await t49.vessels.futurePositions(id, {
		port_id: portId,
		previous_port_id: previousPortId,
		latitude,
		longitude,
	});
}
