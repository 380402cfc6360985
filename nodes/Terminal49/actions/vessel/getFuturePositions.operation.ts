import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { vesselLocator } from '../../parameters/lookupLocators';
import { assertId } from '../../errors/validation';
import { portProperties, routingNotice } from './shared';

const properties: INodeProperties[] = [
	routingNotice,
	vesselLocator,
	...portProperties,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vessel'], operation: ['getFuturePositions'] } },
	properties,
);

/** GET /vessels/{id}/future_positions (an IMO is looked up first). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const vessel = readLocator.call(this, 'vessel', itemIndex, 'id');
	t49.vessels.key(vessel);
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
	t49.account.needsFeature('routing_data', 'Vessel > Get Future Positions');
	const id = await t49.vessels.idOf(vessel);
	return await t49.vessels.futurePositions(id, {
		port_id: portId,
		previous_port_id: previousPortId,
	});
}
