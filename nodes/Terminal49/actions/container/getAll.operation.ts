import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { CONTAINER_STATUSES } from '../../domain/statuses';
import {
	deadlineToWatchOption,
	imminentDaysOption,
	PICKUP_STATE_OPTIONS,
	RISK_OPTIONS,
} from '../../parameters/insightFields';
import {
	customerFilter,
	etaChangedFilter,
	etaFilters,
	partyFilters,
	tagFilters,
} from '../../parameters/listFilterFields';
import { shippingLineLocator } from '../../parameters/locators';
import { tariffOptions } from '../../parameters/tariffFields';
import { assertContainerNumber } from '../../errors/validation';
import {
	listProperties,
	readContainerFilters,
	readContainerSort,
	readInsightOptions,
	readList,
	readTake,
	outputProperties,
} from '../../parameters';

const statusOptions = CONTAINER_STATUSES.map((value) => ({
	name: value
		.split('_')
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' '),
	value,
}));

/** The hint of a filter Terminal49 applies and the node checks again on every container. */
const both = (what: string) =>
	`${what}. Sent to Terminal49 and checked again by the node on every container.`;

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			"Terminal49 applies these filters (a superset where its definition is wider), and the node checks every container it gets again on its own terms: the result is the same whether the service applies a filter or not. Only Requires Attention, ETA Changed and Customer are the service's alone. The Limit counts the containers kept.",
		options: [
			{
				displayName: 'Active Hold',
				name: 'activeHolds',
				type: 'multiOptions',
				default: [],
				description: both(
					'Only containers with an active hold (status "hold", not "pending") of one of these kinds (sent as has_holds=true)',
				),
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
			...etaFilters('containers'),
			{
				displayName: 'Bill of Lading Starts With',
				name: 'billOfLadingStartsWith',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUT49',
				description: both(
					"Only containers whose shipment's bill of lading number starts with this text",
				),
			},
			{
				displayName: 'Container Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU1234566',
				description: both('Only the container with this number'),
			},
			{
				displayName: 'Container Number Starts With',
				name: 'numberStartsWith',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU49',
				description: both('Only containers whose number starts with this text'),
			},
			{
				displayName: 'Container Reference Starts With',
				name: 'containerReferenceStartsWith',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-4711',
				description: both(
					'Only containers with a reference number that starts with this text (as typed: upper and lower case count)',
				),
			},
			{
				displayName: 'Current Status',
				name: 'currentStatus',
				type: 'multiOptions',
				default: [],
				description: both('Only containers whose current_status is one of these'),
				options: statusOptions,
			},
			customerFilter('containers'),
			etaChangedFilter('containers'),
			{
				displayName: 'Exclude Closed',
				name: 'excludeClosed',
				type: 'boolean',
				default: true,
				description:
					'Whether to leave out containers already picked up, delivered or returned empty (their old last free day is no longer a deadline). Sent as the other statuses; the node also checks the milestone dates.',
			},
			{
				displayName: 'Has Any of These Risks',
				name: 'risks',
				type: 'multiOptions',
				default: [],
				description:
					'Only containers with at least one of these risks (the risks field), judged by the node on what Terminal49 sends; a risk whose data is missing counts as unknown, not present (risks_unknown). Holds alone are sent as has_holds, last-free-day risks alone as dates of the watched last free day.',
				options: RISK_OPTIONS,
			},
			{
				displayName: 'Has Demurrage Fees',
				name: 'hasDemurrageFees',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers with a demurrage fee (more than 0) listed at the terminal (on) or only those without (off). On is sent to Terminal49; every container is checked by the node.',
			},
			{
				displayName: 'Has Terminal Fees',
				name: 'hasTerminalFees',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers with fees listed at the terminal (demurrage, exam, …, posted or not yet; a total line counts where the terminal sends no other) (on) or only those without (off). On is sent to Terminal49; every container is checked by the node.',
			},
			{
				displayName: 'Last Free Day',
				name: 'lastFreeDay',
				type: 'multiOptions',
				default: [],
				description:
					'Only containers whose last free day is in one of these bands, each day counted in the calendar of the place it applies to. Where Terminal49 selects the last free day, it is its selection and the node checks every container (nothing is sent: the service\'s pickup_lfd filter would read a placeholder date there). On the older service, the one of "Deadline to Watch" (by default the earliest of line, terminal and rail), sent as dates of each source a day wider each side and checked again by the node.',
				hint: 'Keeps containers whose terminal data is stale (not checked for 7 days); Urgent Only leaves them out',
				options: [
					{ name: 'Imminent (Within "Imminent Within" Days)', value: 'imminent' },
					{ name: 'Later', value: 'later' },
					{ name: 'No Last Free Day', value: 'none' },
					{ name: 'Overdue (Past)', value: 'overdue' },
					{ name: 'Today', value: 'today' },
				],
			},
			...tagFilters('containers'),
			...partyFilters('containers'),
			{
				displayName: 'Pickup State',
				name: 'pickupState',
				type: 'multiOptions',
				default: [],
				description:
					"Only containers whose pickup_state is one of these: Terminal49's release-readiness chart (available and active holds). Judged by the node; Blocked and Out of Sync alone are sent as has_holds.",
				options: PICKUP_STATE_OPTIONS,
			},
			{
				displayName: 'POD Terminal',
				name: 'podTerminal',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description:
					"Only containers discharged at this terminal. By ID it is sent to Terminal49 and checked again; from the list or by FIRMS code, the node checks the included terminal's code.",
				modes: [
					{
						displayName: 'From list',
						name: 'list',
						type: 'list',
						placeholder: 'Select a terminal...',
						typeOptions: { searchListMethod: 'searchTerminals', searchable: true },
					},
					{
						displayName: 'FIRMS',
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
				description: both(
					'Only containers whose shipment discharges at this port (UN/LOCODE). The shipment is included in the requests to check it',
				),
			},
			{
				displayName: 'Ready for Pickup',
				name: 'readyForPickup',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers ready for pickup (available, no active hold) (on) or only those not ready (off). Checked by the node only: Terminal49 has no such filter.',
			},
			{
				displayName: 'Requires Attention',
				name: 'requiresAttention',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only containers Terminal49 marks as needing attention (marked, overdue pickup or LFD approaching, by its own rules). Only Terminal49 can apply this: the node cannot check it and stops with an error if the service may have ignored it. Off does nothing (Terminal49 has no exact opposite).',
			},
			shippingLineLocator(
				'shippingLine',
				'Shipping Line',
				both(
					'Only containers of this carrier. The shipment is included in the requests to check its SCAC',
				),
			),
			{
				displayName: 'Shipment Reference Starts With',
				name: 'shipmentReferenceStartsWith',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-4711',
				description: both(
					'Only containers whose shipment has a reference number that starts with this text (as typed: upper and lower case count)',
				),
			},
			{
				displayName: 'Terminal Data',
				name: 'terminalData',
				type: 'options',
				default: 'fresh',
				description:
					'Whether Terminal49 checked the terminal recently. Checked by the node only: Terminal49 has no such filter.',
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
				displayName: 'Tracking Stopped',
				name: 'trackingStopped',
				type: 'boolean',
				default: false,
				description:
					"Whether to return only containers whose shipment's tracking was stopped (on) or only those still tracked (off). Sent to Terminal49 and checked again by the node.",
			},
			{
				displayName: 'Urgent Includes Empty Return',
				name: 'urgentIncludesReturn',
				type: 'boolean',
				default: true,
				description:
					'Whether Urgent Only also keeps picked-up containers whose empty is due back: past, today or within "Imminent Within" days (return_by: Terminal49\'s own return deadline, else your detention or combined D&D tariff\'s). Picked-up containers are then read too.',
			},
			{
				displayName: 'Urgent Only',
				name: 'urgentOnly',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only urgent containers: not closed, terminal data checked within 7 days, and the last free day (the one Terminal49 selects; on the older service the one of "Deadline to Watch") past, today or within "Imminent Within" days. Sent as open statuses (and LFD dates on the older service); the node checks every container. Leaving out stale terminal data, it can find fewer than Last Free Day (Overdue, Today, Imminent) with Exclude Closed.',
				hint: 'Leaves out containers whose terminal data is stale (not checked for 7 days)',
			},
		],
	},
	{
		displayName: 'Sort By',
		name: 'sortBy',
		type: 'options',
		default: 'none',
		description:
			"The order of the containers. Terminal49 sorts the list and the node checks the order: with a Limit it reads only the pages it needs, or every page when the service's order does not hold. Last Free Day is sorted by the node where Terminal49 selects the last free day (every page is read).",
		options: [
			{ name: 'Arrival (Earliest First)', value: 'arrival' },
			{
				name: 'Cost by Tomorrow (Highest First)',
				value: 'cost',
				description:
					'What the container costs if nothing moves by tomorrow (cost_by_tomorrow, else cost_so_far; set D&D Tariffs in Options); sorted by the node, every page read',
			},
			{
				name: 'Empty Return Deadline (Soonest First)',
				value: 'return_by',
				description:
					'The day the empty must be back (return_by); sorted by the node, every page read',
			},
			{ name: 'Last Free Day (Soonest First)', value: 'lfd' },
			{ name: 'Newest First', value: 'none' },
		],
	},
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['shipment', 'pod_terminal'],
		description:
			"Related records to return nested in each container, in the same requests. The Simplified output's location (the terminal), bill of lading, carrier and ETA come from the shipment and the POD terminal, as in Container > Get and both triggers.",
		options: [
			{ name: 'Shipment', value: 'shipment' },
			{ name: 'POD Terminal', value: 'pod_terminal' },
			{
				name: 'Transport Events',
				value: 'transport_events',
				description: 'Needed to tell the Rolled and Transshipped risks (else they are unknown)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...tariffOptions, deadlineToWatchOption, imminentDaysOption],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getAll'] } },
	properties,
);

/**
 * GET /containers with every filter and sort sent as Terminal49 documents it and checked again by the
 * client on each item. Every value is checked first.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
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
	const insights = readInsightOptions(node, itemIndex, options);
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Container > Get Many');
	return await t49.containers.list(
		{
			number,
			include: readList.call(this, 'include', itemIndex),
			where,
			sort,
			insights,
		},
		readTake.call(this, itemIndex),
	);
}
