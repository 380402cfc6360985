import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty } from '../../errors/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MEDUFR030802 or MSCU1234566',
		description: 'A bill of lading, booking or container number whose type and carrier to infer',
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['inferNumber'] } },
	properties,
);

/** POST /tracking_requests/infer_number: the number's type and carrier, ready for Create. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const number = assertNotEmpty(
		this.getNode(),
		'Number',
		this.getNodeParameter('number', itemIndex, ''),
		itemIndex,
	);
	return await terminal49(this, itemIndex).trackingRequests.inferNumber(number);
}
