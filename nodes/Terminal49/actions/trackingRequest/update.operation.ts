import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';
import { trackingRequestLocator } from './shared';

const properties: INodeProperties[] = [
	trackingRequestLocator(),
	{
		displayName: 'Reference Number',
		name: 'refNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. PO-1234',
		description: 'The reference number to set on the tracking request (ref_number)',
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['update'] } },
	properties,
);

/** PATCH /tracking_requests/{id}: the reference number. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const refNumber = assertNotEmpty(
		this.getNode(),
		'Reference Number',
		this.getNodeParameter('refNumber', itemIndex, ''),
		itemIndex,
	);
	const t49 = terminal49(this, itemIndex);
	const id = await t49.trackingRequests.idOf(
		readLocator.call(this, 'trackingRequestId', itemIndex),
	);
	return await t49.trackingRequests.update(id, refNumber);
}
