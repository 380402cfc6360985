import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readList, readLocator, outputProperties } from '../../parameters';
import { includeProperty, trackingRequestLocator } from './shared';

const properties: INodeProperties[] = [
	trackingRequestLocator(),
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['get'] } },
	properties,
);

/** GET /tracking_requests/{id}: status, failed_reason and, once tracking began, the shipment. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.trackingRequests.idOf(
		readLocator.call(this, 'trackingRequestId', itemIndex),
	);
	return await t49.trackingRequests.get(id, readList.call(this, 'include', itemIndex));
}
