import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readLocator, terminal49 } from '../../client';
import { shipmentLocator } from '../../helpers/locators';
import { readMode, simplifyProperty } from '../../helpers/parameters';

const properties: INodeProperties[] = [shipmentLocator(), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['stopTracking'] } },
	properties,
);

/** PATCH /shipments/{id}/stop_tracking. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsFeature('stop_tracking', 'Shipment > Stop Tracking');
	const id = await t49.shipments.idOf(readLocator.call(this, 'shipmentId', itemIndex));
	return await t49.shipments.setTracking(id, 'stop_tracking', readMode.call(this, itemIndex));
}
