import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { resolveTrackingRequestId, trackingRequestLocator } from './shared';

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: ['tracked_object'],
	description: 'Related records to return nested in the tracking request',
	options: [
		{ name: 'Shipment (Tracked Object)', value: 'tracked_object' },
		{ name: 'Customer', value: 'customer' },
	],
};

const properties: INodeProperties[] = [trackingRequestLocator(), includeProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['get'] } },
	properties,
);

/** GET /tracking_requests/{id}: status, failed_reason and, once tracking began, the shipment. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveTrackingRequestId.call(this, itemIndex);
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/tracking_requests/${encodeURIComponent(id)}`,
		qs: include.length ? { include: include.join(',') } : {},
	});
}
