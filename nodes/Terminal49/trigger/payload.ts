import type {
	IDataObject,
	IExecuteFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { ChangeInput } from '../domain/changeFacts';
import { changeFacts, changeInputFor, ETA_EVENTS } from '../domain/changeFacts';
import type { InsightOptions } from '../domain/containerInsights';
import { withNestedContainerInsights } from '../client/shipments';
import { milestoneOf } from '../domain/milestone';
import type { IncludedIndex, ResourceIdentifier, ResourceObject } from '../client/jsonApi';
import {
	identifiersOf,
	includedOfType,
	indexIncluded,
	isResourceObject,
	lookup,
	simplifyResource,
} from '../client/jsonApi';
import { text } from '../domain/values';
import type { TriggerItem } from '../views/triggerItem';
import { CATCH_UP_SOURCE, triggerItem } from '../views/triggerItem';

/**
 * A webhook notification (`data` = webhook_notification, `included` = the objects it is about), read into the
 * trigger item (views/triggerItem.ts).
 */
export interface Notification {
	id: string;
	event: string;
	document: IDataObject;
}

/** Identifies one trigger node of one workflow (deduplication and secret look-ups are kept per node). */
export function scopeOf(this: IWebhookFunctions | IExecuteFunctions | ITriggerFunctions): string {
	const node = this.getNode();
	return `${String(this.getWorkflow().id)}:${node.id ?? node.name}`;
}

/** The notification's id and event, or a reason why the document is not a Terminal49 notification. */
export function readNotification(document: unknown): Notification | { problem: string } {
	if (!document || typeof document !== 'object' || Array.isArray(document)) {
		return { problem: 'the body is not a JSON object' };
	}
	const data = (document as IDataObject).data as IDataObject | undefined;
	if (!data || typeof data !== 'object' || Array.isArray(data))
		return { problem: 'the body has no "data" object' };
	const attributes = (data.attributes ?? {}) as IDataObject;
	const id = data.id ?? attributes.id;
	if (typeof id !== 'string' || id === '') return { problem: 'data.id is missing' };
	if (typeof attributes.event !== 'string' || attributes.event === '') {
		return { problem: 'data.attributes.event is missing' };
	}
	return { id, event: attributes.event, document: document as IDataObject };
}

function related(
	resource: ResourceObject | undefined,
	name: string,
	type: string,
	index: IncludedIndex,
) {
	if (!resource) return undefined;
	const identifier = identifiersOf(resource, name).find((item) => item.type === type);
	return identifier ? lookup(index, identifier) : undefined;
}

/** The reference object of a notification (type and id always; attributes when it was included). */
export function referenceIdentifier(document: IDataObject): ResourceIdentifier | undefined {
	const data = document.data as IDataObject;
	return identifiersOf(data as ResourceObject, 'reference_object')[0];
}

export interface SimplifyOverrides {
	/** A container loaded from the API (JSON:API resource) and the resources loaded with it. */
	container?: ResourceObject;
	/** When the read of what was loaded began (its `as_of`); the payload's containers are as of `created_at`. */
	readAt?: Date;
	extraIncluded?: IDataObject[];
	/** The reference object loaded from the API, when the payload did not carry it. */
	reference?: ResourceObject;
	/** How the container's urgency is counted (the trigger's Deadline to Watch). */
	insights?: InsightOptions;
}

/** The trigger item of a notification (views/triggerItem.ts). */
export function simplifyNotification(
	notification: Notification,
	overrides: SimplifyOverrides = {},
): TriggerItem {
	const document = notification.document;
	const data = document.data as IDataObject;
	const attributes = (data.attributes ?? {}) as IDataObject;
	const index = indexIncluded([
		...((Array.isArray(document.included) ? document.included : []) as IDataObject[]),
		...(overrides.extraIncluded ?? []),
		...(overrides.reference ? [overrides.reference] : []),
		...(overrides.container ? [overrides.container] : []),
	]);

	const refId = referenceIdentifier(document);
	const reference = refId ? (lookup(index, refId) ?? overrides.reference) : undefined;

	// The container the event is about: the reference object's container, else the one loaded, else the
	// only container of the payload.
	const containers = includedOfType(index, 'container');
	const containerResource =
		related(reference, 'container', 'container', index) ??
		overrides.container ??
		(reference?.type === 'container' ? reference : undefined) ??
		(containers.length === 1 ? containers[0] : undefined);

	const shipments = includedOfType(index, 'shipment');
	const shipmentResource =
		related(reference, 'shipment', 'shipment', index) ??
		related(reference, 'tracked_object', 'shipment', index) ??
		related(containerResource, 'shipment', 'shipment', index) ??
		(shipments.length === 1 ? shipments[0] : undefined);

	// its nested containers with their derived fields, as the action node gives them (client/shipments.ts)
	const shipment = shipmentResource
		? withNestedContainerInsights(simplifyResource(shipmentResource, index))
		: null;

	const referenceItem: IDataObject | null = reference
		? simplifyResource(reference, new Map())
		: refId
			? { id: String(refId.id), type: refId.type }
			: null;

	// The reference object when it is of this type (its id and type even when the payload left it out),
	// else the first included resource of the type.
	const ofType = (type: string): IDataObject | null =>
		refId?.type === type
			? referenceItem
			: (includedOfType(index, type).map((resource) => simplifyResource(resource, new Map()))[0] ??
				null);
	const transportEvent = ofType('transport_event');
	const trackingRequest = ofType('tracking_request');

	// The transport event's resource (with its relationships), for the milestone's place and vessel.
	const transportResource =
		reference?.type === 'transport_event' ? reference : includedOfType(index, 'transport_event')[0];
	const place =
		related(transportResource, 'location', 'port', index) ??
		related(transportResource, 'location', 'metro_area', index);
	const vessel = related(transportResource, 'vessel', 'vessel', index);
	const milestone = milestoneOf(
		notification.event,
		(transportResource?.attributes ?? null) as IDataObject | null,
		(place?.attributes ?? null) as IDataObject | null,
		(vessel?.attributes ?? null) as IDataObject | null,
		shipment,
	);

	const webhook = identifiersOf(data as ResourceObject, 'webhook')[0];

	return triggerItem({
		event: notification.event,
		notificationId: notification.id,
		createdAt: attributes.created_at ?? null,
		deliveryStatus: attributes.delivery_status ?? null,
		webhookId: webhook ? String(webhook.id) : null,
		// run by the catch-up (catchUp.ts) rather than delivered
		...(document.source === CATCH_UP_SOURCE ? { source: CATCH_UP_SOURCE } : {}),
		reference: referenceItem,
		container: containerResource,
		containers,
		index,
		shipment,
		// the payload's container is the container as it was when Terminal49 created the notification
		insights: {
			...overrides.insights,
			asOf: overrides.readAt ?? text(attributes.created_at) ?? undefined,
		},
		transportEvent,
		// for container.transport.* milestones (not estimates): a log row's fields, no code needed
		milestone,
		trackingRequest,
		changeset:
			reference && reference.attributes && 'changeset' in reference.attributes
				? reference.attributes.changeset
				: undefined,
		// from the delivery alone, as webhook() judged it for "Only When" (not from a container loaded since)
		changes: notificationChanges(notification),
	});
}

/**
 * The input of changeFacts for a delivery: the changeset of a `container.updated`, the container as the
 * payload carries it (after the change), and for events that announce a new value without the old one
 * (per-source LFD and appointment changes: the transport event's `value`; ETA events: the estimate) that value.
 */
export function changeInputOf(notification: Notification): ChangeInput {
	const document = notification.document;
	const index = indexIncluded(document.included);
	const refId = referenceIdentifier(document);
	const reference = refId ? lookup(index, refId) : undefined;
	const containers = includedOfType(index, 'container');
	const container =
		related(reference, 'container', 'container', index) ??
		(containers.length === 1 ? containers[0] : undefined);
	const shipments = includedOfType(index, 'shipment');
	const shipment =
		related(reference, 'shipment', 'shipment', index) ??
		related(container, 'shipment', 'shipment', index) ??
		(shipments.length === 1 ? shipments[0] : undefined);
	const attributes = (reference?.attributes ?? {}) as IDataObject;
	const current = (container?.attributes ?? null) as IDataObject | null;
	const newValue =
		attributes.value ??
		attributes.estimated_timestamp ??
		(ETA_EVENTS.has(notification.event) ? attributes.timestamp : undefined);
	return changeInputFor({
		event: notification.event,
		changeset: attributes.changeset,
		container: current,
		shipment: (shipment?.attributes ?? {}) as IDataObject,
		newValue,
		eventZone: attributes.timezone,
	});
}

/** The change facts of a delivery (the `changes` of its item). */
export function notificationChanges(notification: Notification) {
	return changeFacts(changeInputOf(notification));
}

/** The container id a notification is about, from its reference object (loaded or included). */
export function containerIdOf(
	notification: Notification,
	reference?: ResourceObject,
): string | undefined {
	const document = notification.document;
	const index = indexIncluded(document.included);
	const refId = referenceIdentifier(document);
	const ref = reference ?? (refId ? lookup(index, refId) : undefined);
	if (refId?.type === 'container') return String(refId.id);
	const identifier = identifiersOf(ref, 'container').find((item) => item.type === 'container');
	return identifier ? String(identifier.id) : undefined;
}

/** Whether the payload already carries the container the event is about, with its attributes. */
export function hasFullContainer(notification: Notification): boolean {
	const document = notification.document;
	const index = indexIncluded(document.included);
	const id = containerIdOf(notification);
	const containers = includedOfType(index, 'container');
	const found = id
		? lookup(index, { type: 'container', id })
		: containers.length === 1
			? containers[0]
			: undefined;
	return (
		!!found &&
		isResourceObject(found) &&
		!!found.attributes &&
		Object.keys(found.attributes).length > 0
	);
}
