import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { shipmentLocator } from '../../parameters/locators';

const properties: INodeProperties[] = [shipmentLocator(), ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['resumeTracking'] } },
	properties,
);

/** PATCH /shipments/{id}/resume_tracking. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.shipments.idOf(readLocator.call(this, 'shipmentId', itemIndex));
	return await t49.shipments.setTracking(id, 'resume_tracking');
}
