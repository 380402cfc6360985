import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import {
	customerFilter,
	etaChangedFilter,
	etaFilters,
	partyFilters,
	tagFilters,
} from '../../parameters/listFilterFields';
import { shippingLineLocator } from '../../parameters/locators';
import {
	listProperties,
	readList,
	readShipmentFilters,
	readShipmentSort,
	readTake,
	outputProperties,
} from '../../parameters';
import { includeProperty } from './shared';
import { trimmed } from '../../domain/values';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			"Terminal49 applies these filters (a superset where its definition is wider), and the node checks every shipment it gets again on its own terms: the result is the same whether the service applies a filter or not. Number, Search, Customer and ETA Changed are the service's alone; Shipping Line is the node's alone. The Limit counts the shipments kept.",
		options: [
			...etaFilters('shipments'),
			customerFilter('shipments'),
			etaChangedFilter('shipments'),
			...tagFilters('shipments'),
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUFR030802',
				description:
					'Only the shipment tracked under this request number (bill of lading or booking number). Applied by Terminal49.',
			},
			...partyFilters('shipments'),
			{
				displayName: 'Port of Discharge',
				name: 'portOfDischarge',
				type: 'string',
				default: '',
				placeholder: 'e.g. USLAX',
				description:
					'Only shipments discharging at this port (UN/LOCODE). Sent to Terminal49 and checked again by the node.',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234',
				description:
					'Text searched in bill of lading, reference and container numbers. Applied by Terminal49.',
			},
			shippingLineLocator(
				'shippingLine',
				'Shipping Line',
				'Only shipments of this carrier. Checked by the node only: Terminal49 has no shipment carrier filter.',
			),
			{
				displayName: 'Tracking Stopped',
				name: 'trackingStopped',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only shipments whose tracking was stopped (on) or only those still tracked (off). Sent to Terminal49 and checked again by the node.',
			},
		],
	},
	{
		displayName: 'Sort By',
		name: 'sortBy',
		type: 'options',
		default: 'none',
		description:
			"The order of the shipments. Terminal49 sorts the list and the node checks the order: with a Limit it reads only the pages it needs, or every page when the service's order does not hold.",
		options: [
			{ name: 'Newest First', value: 'none' },
			{ name: 'Arrival (Earliest First)', value: 'arrival' },
		],
	},
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getAll'] } },
	properties,
);

/**
 * GET /shipments with every filter and sort sent as Terminal49 documents it and checked again by the
 * client on each item. Every value is checked before any request.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const where = readShipmentFilters(node, itemIndex, filters);
	const sort = readShipmentSort(
		node,
		itemIndex,
		this.getNodeParameter('sortBy', itemIndex, 'none'),
	);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Shipment > Get Many');
	return await t49.shipments.list(
		{
			where,
			sort,
			q: trimmed(filters.q),
			number: trimmed(filters.number),
			trackingStopped:
				typeof filters.trackingStopped === 'boolean' ? filters.trackingStopped : undefined,
			include: readList.call(this, 'include', itemIndex),
		},
		readTake.call(this, itemIndex),
	);
}
