import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { listProperties, readList, readMode, readTake, simplifyProperty } from '../../parameters';
import { assertContainerNumber } from '../../helpers/validation';
import { readContainerFilters, readContainerSort, readDays } from '../../client/containerFilters';
import { CONTAINER_STATUSES, DEFAULT_IMMINENT_DAYS } from '../../helpers/containerInsights';
import { shippingLineLocator } from '../../helpers/locators';

const statusOptions = CONTAINER_STATUSES.map((value) => ({
	name: value
		.split('_')
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' '),
	value,
}));

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Terminal49 applies only Container Number itself; the node checks every other filter on each page as it reads it, so the Limit counts the containers kept and Return All costs the same requests as without filters',
		options: [
			{
				displayName: 'Active Hold',
				name: 'activeHolds',
				type: 'multiOptions',
				default: [],
				description:
					'Only containers with an active hold (status "hold", not "pending") of one of these kinds',
				options: [
					{ name: 'Any Hold', value: 'any' },
					{ name: 'Customs', value: 'customs' },
					{ name: 'Freight', value: 'freight' },
					{ name: 'Other', value: 'other' },
					{ name: 'TMF', value: 'TMF' },
					{ name: 'USDA', value: 'USDA' },
					{ name: 'VACIS', value: 'VACIS' },
				],
			},
			{
				displayName: 'Container Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU1234566',
				description: 'Only the container with this number',
			},
			{
				displayName: 'Current Status',
				name: 'currentStatus',
				type: 'multiOptions',
				default: [],
				description: 'Only containers whose current_status is one of these',
				options: statusOptions,
			},
			{
				displayName: 'Exclude Closed',
				name: 'excludeClosed',
				type: 'boolean',
				default: true,
				description:
					'Whether to leave out containers already picked up, delivered or returned empty (their old last free day is no longer a deadline)',
			},
			{
				displayName: 'Has Terminal Fees',
				name: 'hasTerminalFees',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers with fees listed at the terminal (demurrage, exam, …; a total line alone is no fee) (on) or only those without (off)',
			},
			{
				displayName: 'Last Free Day',
				name: 'lastFreeDay',
				type: 'multiOptions',
				default: [],
				description:
					"Only containers whose last free day (counted in the pickup place's own calendar) is in one of these bands",
				options: [
					{ name: 'Imminent (Within "Imminent Within" Days)', value: 'imminent' },
					{ name: 'Later', value: 'later' },
					{ name: 'No Last Free Day', value: 'none' },
					{ name: 'Overdue (Past)', value: 'overdue' },
					{ name: 'Today', value: 'today' },
				],
			},
			{
				displayName: 'POD Terminal',
				name: 'podTerminal',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					'Only containers discharged at this terminal. From the list or by FIRMS code, the terminal is included in the request to check its code.',
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						placeholder: 'Select a terminal...',
						typeOptions: { searchListMethod: 'searchTerminals', searchable: true },
					},
					{
						displayName: 'By FIRMS Code',
						name: 'firms',
						type: 'string',
						placeholder: 'e.g. Y258',
					},
					{
						displayName: 'By ID',
						name: 'id',
						type: 'string',
						placeholder: 'e.g. 9b5e1c2d-3f4a-4b6c-8d7e-0f1a2b3c4d5e',
					},
				],
			},
			{
				displayName: 'Port of Discharge',
				name: 'portOfDischarge',
				type: 'string',
				default: '',
				placeholder: 'e.g. USLAX',
				description:
					'Only containers whose shipment discharges at this port (UN/LOCODE). The shipment is included in the request to check it.',
			},
			{
				displayName: 'Ready for Pickup',
				name: 'readyForPickup',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers ready for pickup (available, no active hold) (on) or only those not ready (off)',
			},
			shippingLineLocator(
				'shippingLine',
				'Shipping Line',
				'Only containers of this carrier. The shipment is included in the request to check its SCAC.',
			),
			{
				displayName: 'Terminal Data',
				name: 'terminalData',
				type: 'options',
				default: 'fresh',
				description: 'Whether Terminal49 checked the terminal recently',
				options: [
					{
						name: 'Fresh (Checked Within 7 Days)',
						value: 'fresh',
					},
					{
						name: 'Stale (Not Checked for 7 Days, or Never)',
						value: 'stale',
					},
				],
			},
			{
				displayName: 'Urgent Only',
				name: 'urgentOnly',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only urgent containers: not closed, terminal data fresh, last free day past, today or imminent',
			},
		],
	},
	{
		displayName: 'Sort By',
		name: 'sortBy',
		type: 'options',
		default: 'none',
		description:
			'The order of the containers. Sorting reads every page of the list (one request per 100 containers), even with a Limit.',
		options: [
			{ name: 'Newest First (as Terminal49 Sends Them)', value: 'none' },
			{ name: 'Last Free Day (Soonest First)', value: 'lfd' },
			{ name: 'Arrival (Earliest First)', value: 'arrival' },
		],
	},
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['shipment'],
		description: 'Related records to return nested in each container',
		options: [
			{ name: 'Shipment', value: 'shipment' },
			{ name: 'POD Terminal', value: 'pod_terminal' },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Imminent Within (Days)',
				name: 'imminentDays',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_IMMINENT_DAYS,
				description:
					'How many days ahead a last free day counts as imminent (lfd_band "imminent", urgent), today not included',
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getAll'] } },
	properties,
);

/**
 * GET /containers (a number filter is checked on the records too: the service may drop it); the other
 * filters and the order are applied by the client as the pages are read. Every value is checked first.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const node = this.getNode();
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const number =
		typeof filters.number === 'string' && filters.number.trim()
			? assertContainerNumber(node, 'Container Number', filters.number, itemIndex, false)
			: undefined;
	const where = readContainerFilters(node, itemIndex, filters);
	const sort = readContainerSort(
		node,
		itemIndex,
		this.getNodeParameter('sortBy', itemIndex, 'none'),
	);
	const imminentDays =
		options.imminentDays === undefined
			? undefined
			: readDays(node, itemIndex, 'Imminent Within (Days)', options.imminentDays);
	return await terminal49(this, itemIndex).containers.list(
		{ number, include: readList.call(this, 'include', itemIndex), where, sort, imminentDays },
		readTake.call(this, itemIndex),
		readMode.call(this, itemIndex),
	);
}
