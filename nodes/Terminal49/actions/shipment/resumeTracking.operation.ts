import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { resolveShipmentId, shipmentLocator } from '../../helpers/locators';
import { requestItems, simplifyProperty } from '../../helpers/output';

const properties: INodeProperties[] = [shipmentLocator(), simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['resumeTracking'] } },
	properties,
);

/** PATCH /shipments/{id}/resume_tracking: returns the shipment. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveShipmentId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'PATCH',
		path: `/shipments/${encodeURIComponent(id)}/resume_tracking`,
	});
}
