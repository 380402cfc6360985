import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ChangeFact } from '../domain/changeFacts';
import type { TriggerOutputKind } from '../views';

/**
 * The options both triggers share, with their readers: Output (the same values as the action node's Output:
 * views/index.ts) and Only When (the change facts, domain/changeFacts.ts). Deadline to Watch is the action
 * node's option too (parameters/insightFields.ts).
 */

/**
 * Options > Output of both triggers. Version 2's Simplified is the people-first view
 * (views/people/trigger.ts); a node of version 1 gets the full item there (now All Fields).
 */
export function triggerOutputOption(withRaw: boolean): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'Simplified',
				value: 'simplified',
				description:
					'What a coordinator reads first, flat and in words: the event, what changed, and the container (number, status, location, pickup, holds, last free day and days left, urgency, fees, risks, ETA, bill of lading, carrier), else the shipment or tracking request. Triggers added before version 2 get All Fields here.',
			},
			{
				name: 'All Fields',
				value: 'all',
				description:
					'One flat item: event, notification ID, the reference object, and the container, shipment, transport event and tracking request resolved from the payload, with the derived fields (pickup state, urgency, risks) and what changed (changes)',
			},
			{
				name: 'Container Rows',
				value: 'rows',
				description:
					"One item per container the event is about, with exactly the columns of Container > Get Many's Simplified output and nothing of the event: for a sheet or table kept current, matched on container_number (the examples 'Containers kept current'). A tracking request that succeeded gives one per container; an event about no container gives none.",
			},
			...(withRaw
				? [
						{
							name: 'Raw Payload',
							value: 'raw',
							description: 'The JSON:API document exactly as Terminal49 sent it',
						},
					]
				: []),
		],
		default: 'simplified',
		description: 'The shape of the item each event produces',
	};
}

/**
 * The Output of a trigger's options, in the action node's words (views/index.ts OutputKind): the values saved
 * are the same (`simplified`, `all`, `raw`), but a trigger of version 1 saved `simplified` for the full item
 * of those versions, now All Fields.
 */
export function readTriggerOutput(options: IDataObject, typeVersion: number): TriggerOutputKind {
	if (options.output === 'raw') return 'raw';
	if (options.output === 'rows') return 'rows';
	if (options.output === 'all' || typeVersion < 2) return 'all';
	return 'simplified';
}

/** The choices of "Only When": one per change fact (domain/changeFacts.ts), sorted by name. */
export const ONLY_WHEN_OPTIONS: Array<{ name: string; value: ChangeFact; description: string }> = [
	{
		name: 'A Fee Was Posted',
		value: 'fee_posted',
		description:
			'Container Updated: the terminal posted an amount for a fee that had none (a fee listed at 0 is reported but not posted yet)',
	},
	{
		name: 'A Hold Was Added',
		value: 'hold_added',
		description: 'Container Updated: a hold is active now that was not before',
	},
	{
		name: 'A Hold Was Released',
		value: 'hold_released',
		description:
			'Container Updated: a hold that was active (status hold) is no longer active, or is gone',
	},
	{
		name: 'Became Blocked',
		value: 'became_blocked',
		description:
			'Container Updated: not available and an active hold now (Terminal49: "resolve the active holds"), and was not before',
	},
	{
		name: 'Became Ready for Pickup',
		value: 'became_ready_for_pickup',
		description:
			'Container Updated: now available for pickup with no active hold, and was not before',
	},
	{
		name: 'Earliest Last Free Day Moved',
		value: 'earliest_lfd_moved',
		description:
			'The last free day watched is different now: the one Terminal49 selects (the rail LFD once the container left the port by rail), or on the older service the earliest of line, terminal and rail when one of them is in the change (the per-source Changed events carry no old value)',
	},
	{
		name: 'ETA Moved',
		value: 'eta_moved',
		description:
			'Shipment ETA Changed and the container ETA events (Terminal49 sends the new ETA only)',
	},
	{
		name: 'Fees Appeared',
		value: 'fees_appeared',
		description: 'Container Updated: the terminal lists fees and listed none before',
	},
	{
		name: 'Fees Changed',
		value: 'fees_changed',
		description: 'Container Updated: the terminal listed fees and they are different now',
	},
	{
		name: 'Last Free Day Moved',
		value: 'lfd_moved',
		description:
			'Container Updated with a new last free day, and the Last Free Day Changed events (set, moved or cleared)',
	},
	{
		name: 'No Longer Ready for Pickup',
		value: 'no_longer_ready_for_pickup',
		description: 'Container Updated: was ready for pickup and is not any more',
	},
	{
		name: 'Pickup Appointment Changed',
		value: 'appointment_changed',
		description:
			'Container Updated with a new appointment, and Pickup Appointment Changed (set, moved or cancelled)',
	},
	{
		name: 'Pickup Appointment Moved',
		value: 'appointment_moved',
		description: 'Container Updated: there was an appointment and now there is another',
	},
	{
		name: 'Pickup Appointment Set',
		value: 'appointment_set',
		description: 'Container Updated: there was no appointment and now there is one',
	},
	{
		name: 'Started Costing Money',
		value: 'costs_started',
		description:
			'Container Updated: the terminal posted its first fee amount, or the last free day watched moved to before today. A last free day that simply passes sends no event: a daily Container Get Many with Has Any of These Risks catches it.',
	},
];

/** Options > Only When of a trigger, whose `description` says what it lets through. */
export function onlyWhenOption(description: string): INodeProperties {
	return {
		displayName: 'Only When',
		name: 'onlyWhen',
		type: 'multiOptions',
		options: ONLY_WHEN_OPTIONS,
		default: [],
		description,
	};
}

/** The facts chosen in "Only When" (empty: every delivery of the selected events starts the workflow). */
export function chosenFacts(options: IDataObject): string[] {
	return Array.isArray(options.onlyWhen) ? options.onlyWhen.map(String) : [];
}
