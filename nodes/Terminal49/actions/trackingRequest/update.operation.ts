import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertNotEmpty } from '../../helpers/validation';
import { resolveTrackingRequestId, trackingRequestLocator } from './shared';

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
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['update'] } },
	properties,
);

/** PATCH /tracking_requests/{id} with `ref_number`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const refNumber = assertNotEmpty(
		this.getNode(),
		'Reference Number',
		this.getNodeParameter('refNumber', itemIndex, ''),
		itemIndex,
	);
	const id = await resolveTrackingRequestId.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'PATCH',
		path: `/tracking_requests/${encodeURIComponent(id)}`,
		body: { data: { id, type: 'tracking_request', attributes: { ref_number: refNumber } } },
	});
}
