import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import {
	listProperties,
	readList,
	readMode,
	readTake,
	simplifyProperty,
} from '../../helpers/parameters';
import { includeProperty } from './shared';

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
				displayName: 'Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUFR030802',
				description:
					'Only the shipment tracked under this request number (bill of lading or booking number)',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234',
				description: 'Text searched in bill of lading, reference and container numbers',
			},
			{
				displayName: 'Tracking Stopped',
				name: 'trackingStopped',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only shipments whose tracking was stopped (on) or only those still tracked (off)',
			},
		],
	},
	includeProperty,
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getAll'] } },
	properties,
);

/**
 * GET /shipments with the filters the service honours (`q`, `number`, `filter[tracking_stopped]`); it
 * drops status, port, carrier and date filters silently, so none are offered.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const text = (value: unknown) =>
		typeof value === 'string' && value.trim() ? value.trim() : undefined;
	return await terminal49(this, itemIndex).shipments.list(
		{
			q: text(filters.q),
			number: text(filters.number),
			trackingStopped:
				typeof filters.trackingStopped === 'boolean' ? filters.trackingStopped : undefined,
			include: readList.call(this, 'include', itemIndex),
		},
		readTake.call(this, itemIndex),
		readMode.call(this, itemIndex),
	);
}
