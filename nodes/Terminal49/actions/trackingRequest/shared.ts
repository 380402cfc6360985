import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Request statuses as the service names them. Only some are documented for
 * `GET /tracking_requests?filter[status]=` (client/trackingRequests.ts); the node filters the others itself.
 */
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
		default: { mode: 'number', value: '' },
		required: true,
		description:
			'The tracking request, by the number it tracks (the newest request for that number) or by its Terminal49 ID',
		modes: [
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				placeholder: 'e.g. MEDUFR030802',
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
			},
		],
	};
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
