import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { listProperties, readList, readMode, readTake, simplifyProperty } from '../../parameters';
import { includeProperty } from './shared';
import { readShipmentFilters } from '../../client/containerFilters';
import { shippingLineLocator } from '../../helpers/locators';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Terminal49 applies Number, Search and Tracking Stopped itself (the node checks Tracking Stopped on the items too); it ignores the others, which the node checks on each page as it reads it: the Limit counts the shipments kept',
		options: [
			{
				displayName: 'Arrival (ETA)',
				name: 'eta',
				type: 'options',
				default: 'within',
				description:
					"Shipments not yet arrived at the port of discharge (no pod_ata_at), by their ETA counted in the port's own calendar",
				options: [
					{ name: 'Arriving Within N Days', value: 'within' },
					{ name: 'Overdue (ETA Passed, Not Arrived)', value: 'overdue' },
				],
			},
			{
				displayName: 'Arriving Within (Days)',
				name: 'etaDays',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 7,
				description:
					'With Arrival (ETA) "Arriving Within N Days": the N (0 = arriving today). Ignored otherwise.',
			},
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
				displayName: 'Port of Discharge',
				name: 'portOfDischarge',
				type: 'string',
				default: '',
				placeholder: 'e.g. USLAX',
				description: 'Only shipments discharging at this port (UN/LOCODE)',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234',
				description: 'Text searched in bill of lading, reference and container numbers',
			},
			shippingLineLocator('shippingLine', 'Shipping Line', 'Only shipments of this carrier'),
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
 * drops port, carrier and date filters silently, so the client judges those on the items. Every value is
 * checked before any request.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const text = (value: unknown) =>
		typeof value === 'string' && value.trim() ? value.trim() : undefined;
	const where = readShipmentFilters(this.getNode(), itemIndex, filters);
	return await terminal49(this, itemIndex).shipments.list(
		{
			where,
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
