import type { IDataObject } from 'n8n-workflow';

import type { IncludedIndex, ResourceObject } from '../client/jsonApi';
import { identifiersOf, includedOfType, indexIncluded, lookup } from '../client/jsonApi';
import { text } from '../domain/values';
import { CATCH_UP_SOURCE } from '../views/triggerItem';
import type { Notification } from './payload';
import { containerIdOf, referenceIdentifier } from './payload';

/**
 * What Output "Container Rows" of the Terminal49 Trigger needs of a notification (views/people/trigger.ts
 * containerRows): every container the event is about, whole, so that its row has exactly the columns and values
 * of Container > Get Many's (the container's attributes, its shipment, its POD terminal). The payload is used
 * where it carries all of that; otherwise, and for a notification that arrives late, the containers are loaded
 * (one request: the container, or the shipment with its containers):
 *
 * - A late notification (a retry Terminal49 sends after newer ones, or one the catch-up runs after an outage)
 *   carries the container as it was when it was created: its row would put an older state over a newer one in a
 *   sheet that cannot compare `as_of` (Google Sheets' Append or Update). Loaded, its row is the container as it
 *   is now.
 * - An event about a shipment (Shipment ETA Changed, Tracking Request Succeeded, Tracking Stopped) is about each of
 *   its containers.
 */

/** A notification created this long before it runs is late: its containers are loaded as they are now. */
export const LATE_AFTER_MS = 5 * 60_000;

/**
 * Events about every container of a shipment: its ETA moved, its tracking began, or its tracking stopped (the
 * containers' costs are then not known: Get Many says so, and so must their rows).
 */
const SHIPMENT_EVENTS = new Set([
	'shipment.estimated.arrival',
	'tracking_request.succeeded',
	'tracking_request.tracking_stopped',
]);

/** What to load for a notification's rows: nothing (the payload is whole), its container, or its shipment. */
export type RowsSource =
	| { from: 'payload' }
	/** The container the event is about; `id` unknown when the payload came bare (the notification tells). */
	| { from: 'container'; id?: string }
	| { from: 'shipment'; id: string }
	| { from: 'none' };

/** Whether a container of the payload is whole: its attributes, its shipment and its POD terminal included. */
function whole(container: ResourceObject | undefined, index: IncludedIndex): boolean {
	if (!container?.attributes || Object.keys(container.attributes).length === 0) return false;
	const related = (name: string) => {
		const [identifier] = identifiersOf(container, name);
		// a relationship the record has without a value (no terminal yet) needs nothing
		return !identifier || lookup(index, identifier) !== undefined;
	};
	return (
		identifiersOf(container, 'shipment').length > 0 &&
		related('shipment') &&
		related('pod_terminal')
	);
}

/** The shipment a notification is about: its reference object's, the tracked object, or the only one. */
function shipmentIdOf(notification: Notification, index: IncludedIndex): string | undefined {
	const refId = referenceIdentifier(notification.document);
	if (refId?.type === 'shipment') return String(refId.id);
	const reference = refId ? lookup(index, refId) : undefined;
	const related =
		identifiersOf(reference, 'shipment')[0] ??
		identifiersOf(reference, 'tracked_object').find((identifier) => identifier.type === 'shipment');
	if (related) return String(related.id);
	const shipments = includedOfType(index, 'shipment');
	return shipments.length === 1 ? String(shipments[0].id) : undefined;
}

/** Whether the notification runs long after Terminal49 created it (or is run by the catch-up). */
export function isLate(notification: Notification, now: number): boolean {
	if (notification.document.source === CATCH_UP_SOURCE) return true;
	const data = notification.document.data as IDataObject;
	const createdAt = Date.parse(
		text((data.attributes as IDataObject | undefined)?.created_at) ?? '',
	);
	return Number.isFinite(createdAt) && now - createdAt > LATE_AFTER_MS;
}

/** Where the rows of `notification` come from (see above). */
export function rowsSource(notification: Notification, now: number): RowsSource {
	const index = indexIncluded(notification.document.included);
	const late = isLate(notification, now);
	if (SHIPMENT_EVENTS.has(notification.event)) {
		const id = shipmentIdOf(notification, index);
		if (!id) return { from: 'none' };
		const shipment = lookup(index, { type: 'shipment', id });
		const containers = identifiersOf(shipment, 'containers');
		const complete =
			!!shipment &&
			containers.length > 0 &&
			containers.every((identifier) => whole(lookup(index, identifier), index));
		return !late && complete ? { from: 'payload' } : { from: 'shipment', id };
	}
	if (!notification.event.startsWith('container.')) return { from: 'none' };
	const containers = includedOfType(index, 'container');
	const id =
		containerIdOf(notification) ?? (containers.length === 1 ? String(containers[0].id) : undefined);
	return !late && id && whole(lookup(index, { type: 'container', id }), index)
		? { from: 'payload' }
		: { from: 'container', id };
}
