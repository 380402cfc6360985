import type { INodeProperties } from 'n8n-workflow';

import { partyLocator } from './locators';
import { ROLE_OPTIONS } from '../domain/partyRoles';

/**
 * Filter fields Container Get Many and Shipment Get Many share (their descriptions only; the readers are in
 * parameters/listFilters.ts).
 */

/** Tags and Match All Tags: the shipment's tags (of the container's shipment, for containers). */
export function tagFilters(records: 'containers' | 'shipments'): INodeProperties[] {
	const whose = records === 'containers' ? 'whose shipment has' : 'with';
	return [
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. priority, hazmat',
			description: `Only ${records} ${whose} one of these shipment tags (comma-separated, as written in Terminal49: upper and lower case count). Sent to Terminal49 and checked again by the node.`,
		},
		{
			displayName: 'Match All Tags',
			name: 'matchAllTags',
			type: 'boolean',
			default: false,
			description: 'Whether every tag of Tags must be there, instead of any one of them',
		},
	];
}

/** Customer: a party From List or By ID (only the service can apply it). */
export function customerFilter(records: 'containers' | 'shipments'): INodeProperties {
	return partyLocator({
		displayName: 'Customer',
		name: 'customer',
		required: false,
		description: `Only ${records} of this customer (a party; Terminal49 also matches the account that created a shipment without a customer). Only Terminal49 can apply this: the node cannot check it and stops with an error if the service may have ignored it.`,
	});
}

/**
 * Party (and, for containers, Party Role): a party given a role on the shipment (Party Role > Assign), From
 * List or By ID. Only the service can apply it.
 */
export function partyFilters(records: 'containers' | 'shipments'): INodeProperties[] {
	const only =
		'Only Terminal49 can apply this: the node cannot check it and stops with an error if the service may have ignored it.';
	if (records === 'shipments') {
		return [
			partyLocator({
				name: 'party',
				required: false,
				description: `Only shipments on which this party has a role (shipper, consignee, customs broker, ...: Party Role > Assign). ${only}`,
			}),
		];
	}
	return [
		partyLocator({
			name: 'party',
			required: false,
			description: `Only containers whose shipment (or the container itself, for a pickup dray carrier) has this party in the role of "Party Role". ${only}`,
		}),
		{
			displayName: 'Party Role',
			name: 'partyRole',
			type: 'options',
			default: 'customs_broker',
			description: 'With Party: the role the party has on the shipment. Ignored otherwise.',
			options: ROLE_OPTIONS,
		},
	];
}

/** ETA Changed: within the last 24 hours or 3 days (only the service records ETA changes). */
export function etaChangedFilter(records: 'containers' | 'shipments'): INodeProperties {
	return {
		displayName: 'ETA Changed',
		name: 'etaChanged',
		type: 'options',
		default: '24h',
		description: `Only ${records} whose estimated arrival Terminal49 saw change recently${records === 'shipments' ? ' (tracked shipments not yet arrived)' : ''}. Only Terminal49 can apply this: the node cannot check it and stops with an error if the service may have ignored it.`,
		options: [
			{ name: 'In the Last 24 Hours', value: '24h' },
			{ name: 'In the Last 3 Days', value: '3d' },
		],
	};
}

/**
 * Arrival (ETA) and Arriving Within (Days): not yet arrived at the port of discharge, by the ETA counted in the
 * port's calendar. Shipments send it to Terminal49; containers do not: Terminal49 keeps its container ETA
 * filters off (`pod_eta_at`, `pod_ata_at` answer errors or filter nothing), so the node applies it alone.
 */
export function etaFilters(records: 'containers' | 'shipments'): INodeProperties[] {
	const how =
		records === 'shipments'
			? "Shipments not yet arrived at the port of discharge (no pod_ata_at), by their ETA counted in the port's own calendar. Sent to Terminal49 (pod_ata_at absent, pod_arrival dates a day wider each side) and checked again by the node."
			: "Containers not yet arrived at the port of discharge, by their shipment's ETA counted in the port's own calendar (the shipment is included in the same requests).";
	return [
		{
			displayName: 'Arrival (ETA)',
			name: 'eta',
			type: 'options',
			default: 'within',
			description: how,
			...(records === 'containers'
				? {
						hint: "Applied by the node alone: Terminal49's container ETA filters are unreliable, so none is sent (every page is read)",
					}
				: {}),
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
	];
}
