import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { webhookEventOptions } from '../domain/events';
import { deadlineToWatchOption } from '../parameters/insightFields';
import { tariffOptions } from '../parameters/tariffFields';
import { onlyWhenOption, triggerOutputOption } from '../parameters/triggerOptions';

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

/** How often the catch-up runs (Options > Catch Up Missed Deliveries), in minutes; 0: never. */
export function catchUpMinutes(options: IDataObject): number {
	const minutes =
		options.catchUpMinutes === undefined
			? DEFAULT_CATCH_UP_MINUTES
			: Number(options.catchUpMinutes);
	return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
}

/** Options > Catch Up Missed Deliveries when not set (trigger/catchUp.ts). */
export const DEFAULT_CATCH_UP_MINUTES = 15;

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
			{
				displayName: 'Catch Up Missed Deliveries',
				name: 'catchUpMinutes',
				type: 'options',
				options: [
					{ name: 'Every Minute', value: 1 },
					{ name: 'Every 5 Minutes', value: 5 },
					{ name: 'Every 10 Minutes', value: 10 },
					{ name: 'Every 15 Minutes', value: 15 },
					{ name: 'Every 30 Minutes', value: 30 },
					{ name: 'Every Hour', value: 60 },
					{ name: 'Never', value: 0 },
				],
				default: DEFAULT_CATCH_UP_MINUTES,
				description:
					'How often the published workflow checks Terminal49 for events it gave up delivering (after 12 failed tries, e.g. while n8n\'s address was down) and runs each of them once, oldest first, marked source "catch_up". It also switches the webhook back on if Terminal49 switched it off. With nothing missed it costs two API requests.',
			},
			...tariffOptions,
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
				displayName: 'Outage Notices',
				name: 'outageNotices',
				type: 'boolean',
				default: true,
				description:
					'Whether to send an item with event "notice" down the workflow when Terminal49 had switched the webhook off and the catch-up switched it back on (route it with an IF node, e.g. to Slack): one per outage. Always in n8n\'s log.',
			},
			onlyWhenOption(
				'Start the workflow only for deliveries that show at least one of these changes (see the "changes" field of the item); the others are answered and start nothing. Empty: every delivery of the selected events starts it.',
			),
			triggerOutputOption(true),
		],
	},
];
