import type { IDataObject } from 'n8n-workflow';

import type { IncludedIndex, ResourceObject } from '../client/jsonApi';
import { simplifyResource } from '../client/jsonApi';
import type { ChangeFacts } from '../domain/changeFacts';
import type { InsightOptions } from '../domain/containerInsights';
import { addContainerInsights } from '../domain/containerInsights';
import { withoutPlaceholder } from '../domain/placeholders';
import type { Milestone } from '../domain/milestone';

/**
 * The item of one trigger event, the same for the Terminal49 Trigger (a delivery: trigger/payload.ts) and the
 * Terminal49 Polling Trigger (a change between two polls: polling/poll.ts): Output "All Fields", and what the
 * people-first view (views/people/trigger.ts) is made of. Its fields, in this order, are the columns a user
 * sees; the polling trigger adds `source` and `status_from`, the webhook trigger `fetch_error` when the
 * container of a bare event could not be loaded.
 */
export interface TriggerItem extends IDataObject {
	event: string;
	/** The notification's id (webhook), or one derived from the change (polling: the same change, the same id). */
	notification_id: string;
	created_at: IDataObject[string];
	delivery_status: IDataObject[string];
	webhook_id: string | null;
	/** `polling` for the polling trigger's items, `catch_up` for a notification the catch-up ran. */
	source?: 'polling' | 'catch_up';
	reference_object: IDataObject | null;
	/** The container the event is about, flat, with its derived fields. */
	container: IDataObject | null;
	containers: IDataObject[];
	shipment: IDataObject | null;
	transport_event: IDataObject | null;
	/** For `container.transport.*` milestones: a log row's fields (domain/milestone.ts). */
	milestone: Milestone | null;
	tracking_request: IDataObject | null;
	/** `{field: {old, new}}` of the change. */
	changeset: IDataObject | null;
	/** What changed, as facts (domain/changeFacts.ts). */
	changes: ChangeFacts;
	/** Polling: the status the record had at the poll before. */
	status_from?: string | null;
}

/** `source` of a notification the webhook trigger's catch-up ran (trigger/catchUp.ts) instead of a delivery. */
export const CATCH_UP_SOURCE = 'catch_up';

/** What a trigger read of one event, for triggerItem. */
export interface TriggerEvent {
	event: string;
	notificationId: string;
	createdAt: IDataObject[string];
	deliveryStatus: IDataObject[string];
	webhookId: string | null;
	source?: 'polling' | 'catch_up';
	reference: IDataObject | null;
	/** The container the event is about and every container of the event, as records. */
	container: ResourceObject | undefined;
	containers: ResourceObject[];
	/** The included resources the records refer to. */
	index: IncludedIndex;
	/** The shipment, flat (the webhook trigger nests its containers, the polling trigger their ids). */
	shipment: IDataObject | null;
	/** How the containers' urgency is counted (the trigger's Deadline to Watch). */
	insights: InsightOptions;
	transportEvent: IDataObject | null;
	milestone: Milestone | null;
	trackingRequest: IDataObject | null;
	/** As sent: `{field: [old, new]}`. */
	changeset: unknown;
	changes: ChangeFacts;
	statusFrom?: string | null;
}

/** The item of one event (see TriggerItem). */
export function triggerItem(event: TriggerEvent): TriggerItem {
	const decorate = (resource: ResourceObject) =>
		addContainerInsights(
			simplifyResource(resource, event.index),
			event.shipment ?? undefined,
			event.insights,
		);
	const container = event.container ? decorate(event.container) : null;
	return {
		event: event.event,
		notification_id: event.notificationId,
		created_at: event.createdAt,
		delivery_status: event.deliveryStatus,
		webhook_id: event.webhookId,
		...(event.source ? { source: event.source } : {}),
		reference_object: event.reference,
		container,
		// every container of the event (tracking_request.succeeded may carry several)
		containers: event.containers.length
			? event.containers.map(decorate)
			: container
				? [container]
				: [],
		shipment: event.shipment,
		transport_event: event.transportEvent,
		milestone: event.milestone,
		tracking_request: event.trackingRequest,
		changeset: changesetToObject(event.changeset),
		changes: event.changes,
		...(event.statusFrom !== undefined ? { status_from: event.statusFrom } : {}),
	};
}

/**
 * `{field: [old, new]}` (as sent) -> `{field: {old, new}}`; a placeholder date (2099-12-30, 2099-12-31:
 * domain/placeholders.ts) is no date, so null.
 */
export function changesetToObject(changeset: unknown): IDataObject | null {
	if (!changeset || typeof changeset !== 'object' || Array.isArray(changeset)) return null;
	const result: IDataObject = {};
	for (const [field, pair] of Object.entries(changeset as IDataObject)) {
		result[field] = Array.isArray(pair)
			? ({ old: withoutPlaceholder(pair[0]), new: withoutPlaceholder(pair[1]) } as IDataObject)
			: ({ old: null, new: withoutPlaceholder(pair) } as IDataObject);
	}
	return result;
}
