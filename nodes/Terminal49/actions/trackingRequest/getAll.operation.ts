import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readList, readTake, outputProperties } from '../../parameters';
import { assertScac } from '../../errors/validation';
import { includeProperty, readDateTime, TRACKING_REQUEST_STATUSES } from './shared';
import { trimmed } from '../../domain/values';
import type { TrackingRequestDates } from '../../client/recordQueries';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Carrier (SCAC)',
				name: 'scac',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU',
				description: 'Only requests for this carrier (4-letter SCAC)',
			},
			{
				displayName: 'Created After',
				name: 'createdAfter',
				type: 'dateTime',
				default: '',
				description: 'Only requests created at or after this time (UTC when no offset is given)',
			},
			{
				displayName: 'Created Before',
				name: 'createdBefore',
				type: 'dateTime',
				default: '',
				description: 'Only requests created at or before this time (UTC when no offset is given)',
			},
			{
				displayName: 'Request Number',
				name: 'requestNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUFR030802',
				description: 'Only requests for exactly this bill of lading, booking or container number',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234',
				description: 'Text searched in request numbers and reference numbers',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'failed',
				description:
					'Only requests in this status. Terminal49 filters Created, Pending and Failed itself; for Awaiting Manifest and Tracking Stopped the node reads the list and keeps the matching requests.',
				options: TRACKING_REQUEST_STATUSES,
			},
			{
				displayName: 'Updated After',
				name: 'updatedAfter',
				type: 'dateTime',
				default: '',
				description: 'Only requests updated at or after this time (UTC when no offset is given)',
			},
			{
				displayName: 'Updated Before',
				name: 'updatedBefore',
				type: 'dateTime',
				default: '',
				description: 'Only requests updated at or before this time (UTC when no offset is given)',
			},
		],
	},
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['getAll'] } },
	properties,
);

const DATE_FILTERS: Array<[keyof TrackingRequestDates, string]> = [
	['createdAfter', 'Created After'],
	['createdBefore', 'Created Before'],
	['updatedAfter', 'Updated After'],
	['updatedBefore', 'Updated Before'],
];

/** GET /tracking_requests with the service's own filters (and a status it does not filter), newest first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const scac = trimmed(filters.scac);
	const dates: TrackingRequestDates = {};
	for (const [name, label] of DATE_FILTERS) {
		const value = readDateTime.call(this, label, filters[name], itemIndex);
		if (value) dates[name] = value;
	}
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Tracking Request > Get Many');
	return await t49.trackingRequests.list(
		{
			q: trimmed(filters.q),
			requestNumber: trimmed(filters.requestNumber),
			scac: scac ? assertScac(this.getNode(), 'Carrier (SCAC)', scac, itemIndex) : undefined,
			status: trimmed(filters.status),
			dates,
			include: readList.call(this, 'include', itemIndex),
		},
		readTake.call(this, itemIndex),
	);
}
