import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentToItems, simplifyProperty } from '../../helpers/output';
import { assertNotEmpty } from '../../helpers/validation';
import { apiRequest } from '../../transport';

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
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['inferNumber'] } },
	properties,
);

/** `number_type` of the service -> the `request_type` a Create takes. */
const REQUEST_TYPE_OF: Record<string, string> = {
	container: 'container',
	bill_of_lading: 'bill_of_lading',
	booking: 'booking_number',
	booking_number: 'booking_number',
};

/**
 * POST /tracking_requests/infer_number (body `{number}`, not wrapped in `data`; own 200/min bucket). It
 * reads only, so it is safe to repeat after a dropped connection.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const number = assertNotEmpty(
		this.getNode(),
		'Number',
		this.getNodeParameter('number', itemIndex, ''),
		itemIndex,
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const document = await apiRequest.call(this, {
		method: 'POST',
		path: '/tracking_requests/infer_number',
		body: { number },
		bucket: 'infer_number',
		idempotent: true,
		itemIndex,
	});
	return documentToItems(document, simplify).map((item) => {
		if (!simplify) return item;
		const shippingLine = (item.shipping_line ?? {}) as IDataObject;
		const selected = (shippingLine.selected ?? null) as IDataObject | null;
		return {
			...item,
			// Ready to map into Tracking Request > Create.
			suggested_request_type: REQUEST_TYPE_OF[String(item.number_type)] ?? null,
			suggested_scac: selected && typeof selected.scac === 'string' ? selected.scac : null,
		};
	});
}
