import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { terminal49 } from '../client';
import type { ResourceObject } from '../client/jsonApi';
import { isResourceObject, resourcesOf } from '../client/jsonApi';
import { readInsightOptions } from '../parameters';
import { firstInStore } from './dedup';
import { readTriggerOutput } from '../parameters/triggerOptions';
import { triggerOutput } from '../views';
import { isNotice } from '../views/notice';
import { answersWhenFinished, deduplicationWindowMs } from './description';
import type { Notification, SimplifyOverrides } from './payload';
import type { RowsSource } from './rows';
import { rowsSource } from './rows';
import {
	containerIdOf,
	hasFullContainer,
	readNotification,
	referenceIdentifier,
	scopeOf,
	simplifyNotification,
} from './payload';

/**
 * The execution side of a delivery: the Terminal49 Trigger's execute(), which n8n runs as the first step of
 * the execution a delivery started (on a worker in queue mode), with the notification webhook() accepted as
 * its input. Here, after n8n has recorded the execution and answered Terminal49: the durable deduplication
 * check (dedup.ts, layer 2), loading the container of an event that arrives without it, and the item.
 */

/**
 * Loads the container a bare event is about: its id from the reference object (asking Terminal49 for the
 * notification when the payload does not carry the reference object), then the container with its
 * shipment and terminal.
 */
async function fetchContainer(
	this: IExecuteFunctions,
	notification: Notification,
	itemIndex: number,
	knownId?: string,
) {
	const t49 = terminal49(this, itemIndex);
	let reference: ResourceObject | undefined;
	let containerId = knownId ?? containerIdOf(notification);
	if (!containerId) {
		const document = await t49.webhookNotifications.document(notification.id, ['reference_object']);
		const refId = referenceIdentifier(notification.document);
		reference = (document.included ?? [])
			.filter(isResourceObject)
			.find(
				(resource) =>
					refId && resource.type === refId.type && String(resource.id) === String(refId.id),
			);
		containerId = containerIdOf(notification, reference);
	}
	if (!containerId) return { reference };
	const readAt = new Date();
	const document = await t49.containers.document(containerId, ['shipment', 'pod_terminal']);
	const [container] = resourcesOf(document);
	return { reference, container, readAt, extraIncluded: document.included ?? [] };
}

/**
 * The containers Output "Container Rows" loads for a notification (rows.ts): the container with its shipment
 * and POD terminal, or the shipment with its containers and POD terminal, and when the read began (their as_of).
 */
async function loadForRows(
	this: IExecuteFunctions,
	notification: Notification,
	source: Extract<RowsSource, { from: 'container' | 'shipment' }>,
	itemIndex: number,
): Promise<SimplifyOverrides> {
	if (source.from === 'container') {
		const fetched = await fetchContainer.call(this, notification, itemIndex, source.id);
		if (!fetched.container)
			throw new NodeOperationError(
				this.getNode(),
				`Terminal49 did not say which container notification ${notification.id} is about, so it has no row`,
				{ itemIndex },
			);
		return fetched;
	}
	const t49 = terminal49(this, itemIndex);
	const readAt = new Date();
	const document = await t49.shipments.document(source.id, ['containers', 'pod_terminal']);
	return { readAt, extraIncluded: [...(document.included ?? []), ...resourcesOf(document)] };
}

/** Whether a container event came without its container and Fetch Full Container is on. */
function needsContainer(notification: Notification, options: IDataObject): boolean {
	return (
		// On unless turned off: without it these events would carry no container number at all.
		options.fetchFullContainer !== false &&
		notification.event.startsWith('container.') &&
		!hasFullContainer(notification)
	);
}

/**
 * Whether the execution of `notification` asks Terminal49 for its container (one request; two when the
 * reference object is missing too): the item is built (not Output "Raw Payload") and needsContainer.
 */
export function loadsContainer(
	notification: Notification,
	options: IDataObject,
	typeVersion: number,
	now: number = Date.now(),
): boolean {
	const output = readTriggerOutput(options, typeVersion);
	if (output === 'rows') {
		const { from } = rowsSource(notification, now);
		return from === 'container' || from === 'shipment';
	}
	return output !== 'raw' && needsContainer(notification, options);
}

/** The simplified item, with the container loaded when the event came without it (and the option is on). */
async function simplifiedItem(
	this: IExecuteFunctions,
	notification: Notification,
	options: IDataObject,
	itemIndex: number,
) {
	const insights = readInsightOptions(this.getNode(), itemIndex, options);
	if (!needsContainer(notification, options))
		return simplifyNotification(notification, { insights });
	let fetched: Awaited<ReturnType<typeof fetchContainer>> | undefined;
	let fetchError: IDataObject | undefined;
	try {
		fetched = await fetchContainer.call(this, notification, itemIndex);
	} catch (error) {
		// The event is still delivered: its item says why it has no container, and the log says so too.
		const failure = error as { message?: string; description?: string; httpCode?: string };
		fetchError = {
			message: failure.message ?? String(error),
			description: failure.description ?? null,
			http_code: failure.httpCode ?? null,
		};
		this.logger.warn(
			`Terminal49 Trigger: could not load the container of notification ${notification.id}: ${String(fetchError.message)}`,
		);
	}
	if (fetched && !fetched.container) {
		fetchError = {
			message: 'Terminal49 did not say which container this event is about',
			description: null,
			http_code: null,
		};
	}
	const item = simplifyNotification(notification, { ...fetched, insights });
	if (fetchError) item.fetch_error = fetchError;
	return item;
}

export interface Deliveries {
	options: IDataObject;
	/** Each input item: a notification, a notice of the catch-up (views/notice.ts), or why it is neither. */
	notifications: Array<Notification | { problem: string } | { notice: IDataObject }>;
	/** Layer 2 of deduplication: whether each item is the first run of its notification (undefined: not checked). */
	first?: boolean[];
}

/**
 * Reads the execution's input: the notifications webhook() accepted, and for an execution of the active
 * workflow whether each was run before (a test event is always shown).
 */
export async function readDeliveries(this: IExecuteFunctions): Promise<Deliveries> {
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const notifications = this.getInputData().map((item) =>
		isNotice(item.json) ? { notice: item.json } : readNotification(item.json),
	);
	const ids = notifications.map((notification) => ('id' in notification ? notification.id : ''));
	// Answer Terminal49 "When the Workflow Finished": the store is not consulted. It would record the id when
	// the run starts, so the redelivery of a run that failed or whose worker died (answered 500) would be
	// stopped here as a duplicate and lost; layer 1 forgets such an id by itself.
	if (
		this.getMode() === 'manual' ||
		deduplicationWindowMs(options) === 0 ||
		answersWhenFinished(options) ||
		!ids.some(Boolean)
	)
		return { options, notifications };
	try {
		return {
			options,
			notifications,
			first: await firstInStore.call(this, scopeOf.call(this), ids),
		};
	} catch (error) {
		// Not run unchecked: the execution fails, keeps the delivery as its input and can be retried.
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not check n8n's deduplication store: ${error instanceof Error ? error.message : String(error)}`,
			description:
				"The delivery is kept in this execution; retry it once n8n's database is available again.",
		});
	}
}

/**
 * The items of input item `itemIndex`: its one item, the rows of its containers (Output "Container Rows"), or
 * none when an earlier execution already ran its notification.
 */
export async function emitDelivery(
	this: IExecuteFunctions,
	deliveries: Deliveries,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const notification = deliveries.notifications[itemIndex];
	if ('notice' in notification)
		return [{ json: notification.notice, pairedItem: { item: itemIndex } }];
	if ('problem' in notification) {
		throw new NodeOperationError(
			this.getNode(),
			`The trigger's input is not a Terminal49 notification: ${notification.problem}`,
			{
				itemIndex,
			},
		);
	}
	if (deliveries.first && !deliveries.first[itemIndex]) {
		this.logger.info(
			`Terminal49 Trigger: notification ${notification.id} was already run by an earlier execution; this one stops here`,
		);
		return [];
	}
	const output = readTriggerOutput(deliveries.options, this.getNode().typeVersion);
	const items = await triggerOutput(
		output,
		async () =>
			output === 'rows'
				? await rowsItem.call(this, notification, deliveries.options, itemIndex)
				: await simplifiedItem.call(this, notification, deliveries.options, itemIndex),
		notification.document,
	);
	return items.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * The trigger item Output "Container Rows" makes its rows of: every container the notification is about, whole
 * and, for a late notification, as it is now (rows.ts). A container that cannot be loaded fails the execution
 * (which keeps the delivery, to be retried): a row is never written from part of a container.
 */
async function rowsItem(
	this: IExecuteFunctions,
	notification: Notification,
	options: IDataObject,
	itemIndex: number,
) {
	const insights = readInsightOptions(this.getNode(), itemIndex, options);
	const source = rowsSource(notification, Date.now());
	let loaded: SimplifyOverrides = {};
	if (source.from === 'container' || source.from === 'shipment') {
		try {
			loaded = await loadForRows.call(this, notification, source, itemIndex);
		} catch (error) {
			// "Execute step": Terminal49's sample is its example data, not the account's: its rows as it came
			if (this.getMode() !== 'manual')
				throw error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	const item = simplifyNotification(notification, { ...loaded, insights });
	// an event about no container (a failed tracking request, a document) has no row
	return source.from === 'none' ? { ...item, containers: [] } : item;
}
