import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { webhookEventOptions } from '../domain/events';
import { deadlineToWatchOption } from '../parameters/insightFields';
import { tariffOptions } from '../parameters/tariffFields';
import { onlyWhenOption, triggerOutputOption } from '../parameters/triggerOptions';
import { MILESTONES } from './fingerprint';

/**
 * The events the polling trigger can tell from two polls (a subset of the webhook events, same names):
 * tracking-request statuses, the shipment ETA, container records, terminal data and the milestones whose
 * timestamp the container carries.
 */
export const POLLED_EVENTS: string[] = [
	'tracking_request.succeeded',
	'tracking_request.awaiting_manifest',
	'tracking_request.failed',
	'tracking_request.tracking_stopped',
	'shipment.estimated.arrival',
	'container.created',
	'container.updated',
	'container.pod_terminal_changed',
	'container.transport.available',
	'container.transport.not_available',
	'container.pickup_lfd.changed',
	'container.pickup_lfd_line.changed',
	'container.pickup_lfd_terminal.changed',
	'container.pickup_lfd_rail.changed',
	'container.pickup_appointment.changed',
	...MILESTONES.map((milestone) => milestone.event),
];

export function polledEventOptions(): INodePropertyOptions[] {
	return webhookEventOptions()
		.filter((option) => POLLED_EVENTS.includes(String(option.value)))
		.map((option) =>
			option.value === 'container.updated'
				? {
						...option,
						description:
							'Holds, fees, last free day, appointment, availability or status changed since the last check; carries a changeset {field: [old, new]} (container.updated)',
					}
				: option,
		);
}

export const pollingProperties: INodeProperties[] = [
	{
		displayName:
			'Checks Terminal49 on the schedule below and starts the workflow once for each change since the last check. The first check only records where things stand. Each check reads every tracked shipment (one request per 100 shipments) from the same rate limit as your other Terminal49 nodes; when n8n can receive webhooks, the Terminal49 Trigger is immediate and costs nothing.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: polledEventOptions(),
		default: [],
		description:
			'The changes that start this workflow (at least one): the events a check can detect, named as in the Terminal49 Trigger',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			...tariffOptions,
			deadlineToWatchOption,
			onlyWhenOption(
				'Start the workflow only for changes that show at least one of these (see the "changes" field of the item). Empty: every change of the selected events starts it.',
			),
			triggerOutputOption(false),
		],
	},
];
