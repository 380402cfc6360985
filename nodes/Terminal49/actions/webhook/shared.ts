import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isWebhookEvent, webhookEventOptions } from '../../domain/events';
import { assertId } from '../../errors/validation';

/** Pieces shared by the webhook operations. */
export const webhookIdProperty: INodeProperties = {
	displayName: 'Webhook ID',
	name: 'webhookId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 497f6eca-6276-4993-bfeb-53cbbbba6f08',
	description: 'The ID of the webhook, as returned by Create or Get Many',
};

export function eventsProperty(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: webhookEventOptions(),
		default: [],
		description: 'The events Terminal49 sends to the URL (at least one; there is no wildcard)',
		...overrides,
	};
}

export const headersProperty: INodeProperties = {
	displayName: 'Headers',
	name: 'headers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	placeholder: 'Add Header',
	description:
		'Custom headers Terminal49 sends with every delivery (the service capitalises the names)',
	options: [
		{
			displayName: 'Header',
			name: 'header',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. X-Api-Key',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					typeOptions: { password: true },
				},
			],
		},
	],
};

export function readWebhookId(this: IExecuteFunctions, itemIndex: number): string {
	return assertId(
		this.getNode(),
		'Webhook ID',
		this.getNodeParameter('webhookId', itemIndex),
		itemIndex,
	);
}

export function assertEvents(this: IExecuteFunctions, raw: unknown, itemIndex: number): string[] {
	const events = (
		Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? raw.split(',') : []
	).map((event) => String(event).trim());
	if (events.length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			'"Events" is empty: a webhook needs at least one event',
			{
				itemIndex,
				description: 'Pick one or more events, e.g. "Vessel Arrived" or "Available for Pickup".',
			},
		);
	}
	const unknown = events.find((event) => !isWebhookEvent(event));
	if (unknown !== undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Events "${unknown}": not a Terminal49 webhook event`,
			{
				itemIndex,
				description:
					'Use an event name such as container.transport.vessel_arrived (see Webhook > Get Events).',
			},
		);
	}
	return [...new Set(events)];
}

export function readHeaders(
	this: IExecuteFunctions,
	raw: unknown,
	itemIndex: number,
): Array<{ name: string; value: string }> {
	const entries = ((raw as IDataObject | undefined)?.header ?? []) as IDataObject[];
	return entries.map((entry, index) => {
		const name = String(entry.name ?? '').trim();
		if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) {
			throw new NodeOperationError(
				this.getNode(),
				`Invalid header name "${name}" (header ${index + 1})`,
				{
					itemIndex,
					description:
						'A header name is letters, digits and - (e.g. X-Api-Key), with no spaces or colon.',
				},
			);
		}
		return { name, value: String(entry.value ?? '') };
	});
}
