import type { ChangeFact } from '../../domain/changeFacts';
import { CHANGE_FACT_WORDS } from '../../domain/changeFacts';
import { eventName } from '../../domain/events';
import { CATCH_UP_SOURCE } from '../triggerItem';
import { asObject, isObject, text } from '../../domain/values';
import { containerSummary } from './container';
import { shipmentSummary } from './shipment';
import { trackingRequestSummary } from './trackingRequest';
import type { Item } from './words';
import { words } from './words';

/** `what_changed` of a trigger item: the facts in words, with the holds they name. */
function whatChanged(changes: Item | undefined): string {
	if (!changes || !Array.isArray(changes.facts)) return '';
	const holds = (names: unknown) =>
		Array.isArray(names) && names.length ? ` (${names.join(', ')})` : '';
	return (changes.facts as ChangeFact[])
		.map((fact) => {
			const phrase = CHANGE_FACT_WORDS[fact] ?? words(fact) ?? fact;
			if (fact === 'hold_released') return phrase + holds(changes.holds_released);
			if (fact === 'hold_added') return phrase + holds(changes.holds_added);
			return phrase;
		})
		.join('; ');
}

/** A milestone of a trigger item in words: `Vessel discharged at Los Angeles (USLAX), 2026-11-22 17:05 PST`. */
function milestoneWords(milestone: Item | undefined): string | null {
	if (!milestone) return null;
	const what = words(milestone.name);
	const where = text(milestone.location);
	const when = text(milestone.occurred_at_local);
	return [what && where ? `${what} at ${where}` : (what ?? where), when].filter(Boolean).join(', ');
}

/**
 * The people-first view of a trigger item (both triggers, version 2): the event and what changed in words,
 * then the view of the record it is about (the container, else the shipment, else the tracking request), then
 * the notification's own fields.
 */
export function triggerSummary(item: Item): Item {
	const container = asObject(item.container);
	const shipment = asObject(item.shipment);
	const request = asObject(item.tracking_request);
	const about = container
		? containerSummary(container, shipment)
		: shipment
			? shipmentSummary(shipment)
			: request
				? trackingRequestSummary(request)
				: {};
	return {
		event_name: eventName(String(item.event ?? '')),
		what_changed: whatChanged(asObject(item.changes)),
		milestone: milestoneWords(asObject(item.milestone)),
		...about,
		event: item.event ?? null,
		notification_id: item.notification_id ?? null,
		happened_at: text(item.created_at),
		// run by the webhook trigger's catch-up, not delivered (the polling trigger's items say nothing here)
		...(item.source === CATCH_UP_SOURCE ? { source: item.source } : {}),
	};
}

/**
 * Output "Container Rows" of both triggers: one row per container the event is about (a container event's
 * container, every container of a tracking request that succeeded, of a shipment whose tracking stopped or whose
 * ETA moved), exactly the Simplified item of Container > Get Many (containerSummary: the same columns, names and
 * formats), nothing of the event, so that one upsert matched on container_number serves the trigger and a
 * scheduled Get Many alike. None for an event about no container.
 */
export function containerRows(item: Item): Item[] {
	const shipment = asObject(item.shipment) ?? null;
	const containers = Array.isArray(item.containers) ? item.containers : [];
	return containers.filter(isObject).map((container) => containerSummary(container, shipment));
}
