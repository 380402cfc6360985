import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ChangeFact } from '../domain/changeFacts';
import { webhookEventOptions } from '../domain/events';
import { deadlineToWatchOption } from '../parameters/insightFields';

/** Parameters of the Terminal49 Trigger. */
export const DEFAULT_DEDUPLICATION_HOURS = 24;

/** Options > Answer Terminal49: the value that answers once the workflow finished. */
export const ANSWER_WHEN_FINISHED = 'finished';

/** Whether the node answers Terminal49 only once the workflow finished (Options > Answer Terminal49). */
export function answersWhenFinished(options: IDataObject): boolean {
	return options.answer === ANSWER_WHEN_FINISHED;
}

/** The deduplication window of the node's options in ms (0: off). */
export function deduplicationWindowMs(options: IDataObject): number {
	const hours =
		options.deduplicationHours === undefined
			? DEFAULT_DEDUPLICATION_HOURS
			: Number(options.deduplicationHours);
	return Number.isFinite(hours) && hours > 0 ? hours * 3_600_000 : 0;
}

/** What a trigger's item holds (Options > Output): Simplified, All Fields, Raw Payload (webhook trigger only). */
export type TriggerOutput = 'summary' | 'all' | 'raw';

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

/** The Output of a trigger's options, by its version (version 1's Simplified is today's All Fields). */
export function triggerOutput(options: IDataObject, typeVersion: number): TriggerOutput {
	if (options.output === 'raw') return 'raw';
	if (options.output === 'all' || typeVersion < 2) return 'all';
	return 'summary';
}

/** The choices of "Only When": one per change fact (domain/changeFacts.ts), sorted by name. */
export const ONLY_WHEN_OPTIONS: Array<{ name: string; value: ChangeFact; description: string }> = [
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
];

/** The facts chosen in "Only When" (empty: every delivery of the selected events starts the workflow). */
export function chosenFacts(options: IDataObject): string[] {
	return Array.isArray(options.onlyWhen) ? options.onlyWhen.map(String) : [];
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: webhookEventOptions(),
		default: [],
		description:
			'The events that start this workflow (at least one), grouped: Tracking Request, Shipment, Container, Pickup (availability, last free day, appointment), Gate, Vessel, Transshipment, Feeder, Rail, Document',
	},
	{
		displayName: 'Webhook Management',
		name: 'webhookManagement',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Automatic',
				value: 'automatic',
				description:
					'Register a Terminal49 webhook for this workflow when it is published (activated in n8n 1.x), and remove it when it is unpublished',
			},
			{
				name: 'Managed by Hand',
				value: 'manual',
				description:
					'Use a webhook you created yourself (pointing at the URL above); the node registers nothing and checks signatures with its secret',
			},
		],
		default: 'automatic',
		description: 'Whether the node registers its own Terminal49 webhook or uses one you created',
	},
	{
		displayName:
			"Create the webhook in Terminal49 (or with the Terminal49 node: Webhook > Create) for this node's Production URL and the same events, then paste its secret below. Deliveries without a valid signature are refused.",
		name: 'manualNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { webhookManagement: ['manual'] } },
	},
	{
		displayName: 'Webhook Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'The "secret" of your Terminal49 webhook (shown when it is created, and by Webhook > Get): used to verify the X-T49-Webhook-Signature of every delivery',
		displayOptions: { show: { webhookManagement: ['manual'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Answer Terminal49',
				name: 'answer',
				type: 'options',
				options: [
					{
						name: 'When Recorded',
						value: 'recorded',
						description:
							'As soon as n8n has recorded the execution (fastest; each notification runs once). In queue mode a worker killed in the middle of a run loses that run.',
					},
					{
						name: 'When the Workflow Finished',
						value: ANSWER_WHEN_FINISHED,
						description:
							'Only once the workflow ran to the end: a run that fails, or whose worker is killed, is answered 500 and Terminal49 delivers it again (up to 12 times), so nothing is lost. A notification can then run more than once: write rows with an upsert on notification_id.',
					},
				],
				default: 'recorded',
				description:
					'When Terminal49 gets its 2xx. Terminal49 waits for the answer, so keep such workflows short.',
			},
			deadlineToWatchOption,
			{
				displayName: 'Deduplication Window (Hours)',
				name: 'deduplicationHours',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_DEDUPLICATION_HOURS,
				description:
					'A redelivery of a notification ID already received within this many hours is answered 200 and starts no execution (0 turns deduplication off)',
			},
			{
				displayName: 'Fetch Full Container',
				name: 'fetchFullContainer',
				type: 'boolean',
				default: true,
				description:
					'Whether to load the container (with its shipment and terminal) from Terminal49 when a container event arrives without it, e.g. Available for Pickup, Not Available, Delivered, estimated arrivals and appointment changes. On unless turned off here. Uses one or two API requests per such event only (events that carry their container cost none); Simplified output only.',
			},
			{
				displayName: 'Only When',
				name: 'onlyWhen',
				type: 'multiOptions',
				options: ONLY_WHEN_OPTIONS,
				default: [],
				description:
					'Start the workflow only for deliveries that show at least one of these changes (see the "changes" field of the item); the others are answered and start nothing. Empty: every delivery of the selected events starts it.',
			},
			triggerOutputOption(true),
		],
	},
];
