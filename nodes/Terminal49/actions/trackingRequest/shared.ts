import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { assertId, assertNotEmpty } from '../../helpers/validation';

/**
 * Request statuses as the service names them. Only SERVER_STATUS_FILTERS are documented for
 * `GET /tracking_requests?filter[status]=`; the others are filtered by the node on the pages it reads.
 */
export const SERVER_STATUS_FILTERS = ['created', 'pending', 'failed'];
export const TRACKING_REQUEST_STATUSES = [
	{
		name: 'Awaiting Manifest',
		value: 'awaiting_manifest',
		description: 'The carrier has not manifested the shipment yet; rechecked daily',
	},
	{
		name: 'Created',
		value: 'created',
		description: 'Tracking began: the request refers to its shipment',
	},
	{
		name: 'Failed',
		value: 'failed',
		description: 'The request cannot be fulfilled; see failed_reason',
	},
	{ name: 'Pending', value: 'pending', description: 'Just created, waiting for the carrier' },
	{
		name: 'Tracking Stopped',
		value: 'tracking_stopped',
		description: 'Tracking of the shipment was stopped',
	},
];

export const REQUEST_TYPES = [
	{
		name: 'Bill of Lading',
		value: 'bill_of_lading',
		description: 'A master bill of lading number, e.g. MEDUFR030802',
	},
	{ name: 'Booking Number', value: 'booking_number', description: 'A carrier booking number' },
	{
		name: 'Container Number',
		value: 'container',
		description: 'An ISO 6346 container number, e.g. MSCU1234566 (beta at Terminal49)',
	},
];

export function trackingRequestLocator(): INodeProperties {
	return {
		displayName: 'Tracking Request',
		name: 'trackingRequestId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description:
			'The tracking request, by its Terminal49 ID or by the number it tracks (the newest request for that number)',
		modes: [
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
			},
			{
				displayName: 'By Request Number',
				name: 'number',
				type: 'string',
				placeholder: 'e.g. MEDUFR030802',
			},
		],
	};
}

/** Upper case without spaces: how carriers print bill of lading, booking and container numbers. */
export function normalizeRequestNumber(raw: string): string {
	return raw.replace(/\s+/g, '').toUpperCase();
}

/** The tracking request ID the user chose; a request number is looked up (newest request first). */
export async function resolveTrackingRequestId(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<string> {
	const raw = this.getNodeParameter('trackingRequestId', itemIndex) as
		| { mode?: string; value?: unknown }
		| string;
	const { mode, value } =
		typeof raw === 'object' && raw !== null ? raw : { mode: 'id', value: raw };
	if (mode !== 'number') return assertId(this.getNode(), 'Tracking Request ID', value, itemIndex);
	const number = normalizeRequestNumber(
		assertNotEmpty(this.getNode(), 'Request Number', value, itemIndex),
	);
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/tracking_requests',
		qs: { 'filter[request_number]': number, 'page[size]': 1 },
		itemIndex,
	});
	const match = (Array.isArray(document.data) ? document.data : [])[0] as IDataObject | undefined;
	if (!match) {
		throw new NodeOperationError(
			this.getNode(),
			`No tracking request for "${number}" exists in this Terminal49 account`,
			{
				itemIndex,
				description:
					'Check the number, or create the tracking request first (Tracking Request > Create).',
			},
		);
	}
	return String(match.id);
}

/**
 * A date-time filter value as the service wants it (ISO 8601, UTC). A value without an offset, as the
 * date picker gives, is read as UTC. Empty -> undefined.
 */
export function readDateTime(
	this: IExecuteFunctions,
	field: string,
	raw: unknown,
	itemIndex: number,
): string | undefined {
	if (raw === undefined || raw === null || raw === '') return undefined;
	let text: string;
	if (typeof raw === 'object' && typeof (raw as { toISO?: unknown }).toISO === 'function') {
		text = String((raw as { toISO: () => string }).toISO());
	} else if (raw instanceof Date) {
		text = raw.toISOString();
	} else {
		text = String(raw).trim();
	}
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
	const withZone = /^\d{4}-\d{2}-\d{2}$/.test(text)
		? `${text}T00:00:00Z`
		: hasZone || !/T/.test(text)
			? text
			: `${text}Z`;
	const time = Date.parse(withZone);
	if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid ${field} "${text}": use an ISO 8601 date-time, e.g. 2026-11-20T00:00:00Z`,
			{
				itemIndex,
				description: `Pick a date in "${field}" or map an ISO 8601 value; a value without an offset is read as UTC.`,
			},
		);
	}
	return new Date(time).toISOString().replace(/\.000Z$/, 'Z');
}
