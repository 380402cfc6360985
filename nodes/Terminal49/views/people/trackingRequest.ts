import { asObject, text } from '../../domain/values';
import type { Item } from './words';
import { FAILED_REASON_WORDS, listed, TRACKING_STATUS_WORDS, words } from './words';

/** The tracking request's people-first fields. */
export function trackingRequestSummary(request: Item): Item {
	const reason = text(request.failed_reason);
	const tracked = asObject(request.tracked_object);
	return {
		request_number: text(request.request_number),
		number_type: words(request.request_type),
		carrier: text(request.scac),
		status: TRACKING_STATUS_WORDS[request.status as string] ?? words(request.status),
		failed_reason: reason ? (FAILED_REASON_WORDS[reason] ?? words(reason)) : null,
		reference_numbers: listed(request.ref_numbers),
		created_at: text(request.created_at),
		shipment_id: tracked ? (tracked.id ?? null) : text(request.tracked_object),
		bill_of_lading: text(tracked?.bill_of_lading_number),
		// Create: whether the number was already tracked (nothing new was created)
		...(typeof request.duplicate === 'boolean' ? { already_tracked: request.duplicate } : {}),
		...(text(request.already_tracked_as) ? { already_tracked_as: request.already_tracked_as } : {}),
		id: request.id ?? null,
	};
}
