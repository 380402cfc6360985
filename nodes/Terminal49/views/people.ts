import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, isValidTimeZone } from '../domain/calendar';
import type { ChangeFact } from '../domain/changeFacts';
import type { DeadlineSource } from '../domain/deadlines';
import { CHANGE_FACT_WORDS } from '../domain/changeFacts';
import { containerTimeZone, movesByRail } from '../domain/deadlines';
import { eventName } from '../domain/events';
import { lastReachedMilestone } from '../domain/milestone';
import { PARTY_ROLES } from '../domain/partyRoles';
import { asObject, text } from '../domain/values';

/**
 * The people-first view of a record (the "Simplified" output of node version 2, both triggers' too, and what
 * an AI agent gets): the dozen flat fields a coordinator reads first, in the order they read them, in words,
 * no nested objects or lists. Built from the full flat item (the client's item with its derived fields), so
 * every field the view leaves out stays reachable with Output "All Fields", "Selected Fields" or "Raw".
 */

type Item = IDataObject;

const words = (value: unknown): string | null => {
	const t = text(value);
	return t && t.charAt(0).toUpperCase() + t.slice(1).replace(/_/g, ' ');
};

/**
 * What the view says where there is nothing (no hold, no fee, no risk, no reference number): a word, not an
 * empty string, which n8n's table paints as a red "empty" as if something were missing.
 */
export const NONE = 'none';

/** A list in words (`customs, freight`), NONE when it is empty or missing. */
const listed = (values: unknown): string =>
	Array.isArray(values) && values.length ? values.join(', ') : NONE;

/** A container's `current_status` in a coordinator's words. */
export const CONTAINER_STATUS_WORDS: Record<string, string> = {
	new: 'Booked (not yet shipped)',
	on_ship: 'On the vessel',
	available: 'Available for pickup',
	not_available: 'At the terminal, not available',
	grounded: 'Grounded at the terminal',
	on_rail: 'On rail',
	awaiting_inland_transfer: 'Awaiting rail at the port',
	picked_up: 'Picked up',
	off_dock: 'Off dock',
	delivered: 'Delivered',
	dropped: 'Dropped',
	loaded: 'Loaded',
	empty_returned: 'Empty returned',
};

/** A tracking request's `status` in words. */
export const TRACKING_STATUS_WORDS: Record<string, string> = {
	pending: 'Pending: waiting for the carrier',
	awaiting_manifest: 'Awaiting manifest: the carrier does not know the number yet (checked daily)',
	created: 'Tracking',
	failed: 'Failed',
	tracking_stopped: 'Tracking stopped',
};

/** A tracking request's `failed_reason` in words, with what to do. */
export const FAILED_REASON_WORDS: Record<string, string> = {
	booking_cancelled: 'The booking was cancelled',
	duplicate: 'Already tracked',
	expired: 'The carrier never published it (expired after 7 days)',
	internal_processing_error: 'Terminal49 could not process it: try again',
	invalid_number: 'Not a valid number: check it',
	not_found: 'The carrier does not know this number: check the number and the carrier',
	retries_exhausted: 'The carrier did not answer: try again later',
	shipping_line_unreachable: 'The carrier was unreachable: try again later',
	unrecognized_response: 'The carrier answered something Terminal49 could not read',
	data_unavailable: 'The carrier has no data for it',
	scac_auto_detect_failed: 'The carrier could not be detected: give the carrier',
};

/**
 * Whose last free day it is, in words: the older serializer's sources, and the selection of the newer one
 * (Terminal49's `current_selection`).
 */
export const LFD_SOURCE_WORDS: Record<DeadlineSource, string> = {
	line: 'Shipping line',
	terminal: 'Terminal',
	rail: 'Rail (inland ramp)',
	facility: 'Terminal',
	facility_manual: 'Terminal (entered by hand)',
	line_calculated: 'Shipping line (calculated by Terminal49)',
};

/** What `last_free_day_source` says of an open container whose last free day Terminal49 does not report. */
export const LFD_NOT_REPORTED = 'Not reported';

/** `2026-11-25`: the calendar day of a date or date-time in a zone (UTC when unknown); null without a date. */
function dayIn(value: unknown, zone: unknown): string | null {
	const at = text(value);
	return at && calendarDayOf(at, isValidTimeZone(zone) ? zone : 'UTC');
}

/**
 * How a closed container's pickup ended, in words: the last of picked up, delivered, empty returned, with
 * the day the record gives for it in the calendar of the place it was picked up (`Picked up 2026-11-20`,
 * `Empty returned 2026-11-24`; the words alone when the record has no date). Null for an open container.
 */
function pickupDone(container: Item, shipment: Item): string | null {
	if (container.closed !== true) return null;
	const zone = containerTimeZone(container, shipment);
	const on = (value: unknown) => {
		const day = dayIn(value, zone);
		return day ? ` ${day}` : '';
	};
	if (text(container.empty_terminated_at) || container.current_status === 'empty_returned')
		return `Empty returned${on(container.empty_terminated_at)}`;
	if (text(container.delivered_at) || container.current_status === 'delivered')
		return `Delivered${on(container.delivered_at)}`;
	// on a rail move, pod_full_out_at is the train leaving the port, not the pickup
	const fullOut =
		text(container.final_destination_full_out_at) ??
		(movesByRail(container) ? null : text(container.pod_full_out_at));
	return `Picked up${on(fullOut)}`;
}

/** The place a container is at, or going to, in words, from its status and its shipment and terminal. */
function whereIs(container: Item, shipment: Item): string | null {
	const terminal = text(asObject(container.pod_terminal)?.name);
	const pod = text(shipment.port_of_discharge_name);
	const destination = text(shipment.destination_name);
	const vessel = text(shipment.pod_vessel_name);
	const pol = text(shipment.port_of_lading_name);
	switch (container.current_status) {
		case 'new':
			return pol ? `Booked at ${pol}` : null;
		case 'on_ship':
			return [vessel ? `On ${vessel}` : 'On the vessel', pod ? `to ${pod}` : null]
				.filter(Boolean)
				.join(' ');
		case 'available':
		case 'not_available':
		case 'grounded':
			// a rail container waits at its inland ramp once unloaded there
			if (text(container.ind_rail_unloaded_at) && destination)
				return [text(asObject(container.pickup_facility)?.name), destination]
					.filter(Boolean)
					.join(', ');
			return terminal && pod ? `${terminal}, ${pod}` : (terminal ?? pod);
		case 'awaiting_inland_transfer':
			return pod ? `${pod}, waiting for rail to ${destination ?? 'the inland destination'}` : null;
		case 'on_rail':
			return destination ? `On rail to ${destination}` : 'On rail';
		default:
			// picked up, off dock, delivered, returned: where it was picked up
			return destination ?? pod;
	}
}

/**
 * The container's people-first fields (`shipment`: its shipment where the item does not nest it): 15, so that
 * n8n's table shows each and the answer fits the first screen. An AI agent's tool (`forAgent`) gets three more
 * that answer its questions in words: whether the ETA is the arrival, the last milestone reached (place and
 * local time) and whether Terminal49 still tracks it; a workflow reads them from All Fields or Selected Fields
 * (`pod_arrived_at`, `milestones`, `shipment.line_tracking_stopped_at`).
 */
export function containerSummary(
	container: Item,
	shipmentBeside?: Item | null,
	{ forAgent = false } = {},
): Item {
	const shipment = asObject(container.shipment) ?? shipmentBeside ?? {};
	// the watched LFD: the earliest fields hold it (earliest, or the one Terminal49 selected), else pickup_lfd's
	const earliest = container.lfd_watched !== 'pickup_lfd';
	const source = (earliest ? container.earliest_lfd_source : container.pickup_lfd_source) as
		| DeadlineSource
		| null
		| undefined;
	const lfdDate = earliest ? container.earliest_lfd_date : container.pickup_lfd_date;
	const daysLeft = earliest ? container.days_until_earliest_lfd : container.days_until_pickup_lfd;
	const arrived = text(container.pod_arrived_at) ?? text(shipment.pod_ata_at);
	const eta = arrived ?? text(shipment.pod_eta_at);
	return {
		container_number: container.number ?? null,
		status:
			CONTAINER_STATUS_WORDS[container.current_status as string] ?? words(container.current_status),
		location: whereIs(container, shipment),
		pickup: text(container.pickup_state_text) ?? pickupDone(container, shipment),
		holds: listed(container.active_holds),
		last_free_day: (lfdDate as string | null | undefined) ?? null,
		last_free_day_source: source
			? (LFD_SOURCE_WORDS[source] ?? words(source))
			: lfdDate || container.closed === true
				? null
				: LFD_NOT_REPORTED,
		days_left: typeof daysLeft === 'number' ? daysLeft : null,
		urgency: (container.urgency as string | undefined) ?? null,
		fees: text(container.fees_text) ?? NONE,
		risks: text(container.risks_text) ?? NONE,
		eta: dayIn(eta, shipment.pod_timezone ?? container.pod_timezone),
		...(forAgent
			? {
					eta_is_actual: arrived !== null,
					last_milestone: lastReachedMilestone(container, shipment)?.text ?? null,
					tracking: trackingOf(shipment),
				}
			: {}),
		bill_of_lading: text(shipment.bill_of_lading_number),
		carrier: text(shipment.shipping_line_name) ?? text(shipment.shipping_line_scac),
		id: container.id ?? null,
	};
}

/** Whether Terminal49 still tracks a shipment (and so its containers), in words; null when unknown. */
function trackingOf(shipment: Item): string | null {
	const stopped = text(shipment.line_tracking_stopped_at);
	if (stopped) return `Stopped ${dayIn(stopped, shipment.pod_timezone) ?? stopped}`;
	return Object.keys(shipment).length ? 'Tracking' : null;
}

/**
 * A shipment's parties in words, by role in the order of PARTY_ROLES (`Customs broker: ACME Brokerage;
 * Shipper: Foo Exports`, the parties of one role together), NONE without a role; null when the roles came
 * without their parties (not included), which says nothing of who they are.
 */
function partiesOf(roles: unknown[]): string | null {
	const byRole = new Map<string, string[]>();
	for (const role of roles.map(asObject)) {
		if (!role) continue;
		const party = asObject(role.party);
		const name = text(party?.company_name) ?? text(party?.id) ?? text(role.party) ?? '?';
		const key = text(role.role) ?? 'party';
		byRole.set(key, [...(byRole.get(key) ?? []), name]);
	}
	if (!byRole.size) return roles.length ? null : NONE;
	const rank = (role: string) => {
		const at = (PARTY_ROLES as readonly string[]).indexOf(role);
		return at === -1 ? PARTY_ROLES.length : at;
	};
	return [...byRole]
		.sort(([a], [b]) => rank(a) - rank(b))
		.map(([role, names]) => `${words(role)}: ${names.join(', ')}`)
		.join('; ');
}

/** The shipment's people-first fields. */
export function shipmentSummary(shipment: Item): Item {
	const arrived = text(shipment.pod_ata_at);
	const containers = Array.isArray(shipment.containers) ? shipment.containers : [];
	const numbers = containers
		.map((container) => text(asObject(container)?.number))
		.filter((number): number is string => number !== null);
	return {
		bill_of_lading: text(shipment.bill_of_lading_number),
		carrier: text(shipment.shipping_line_name) ?? text(shipment.shipping_line_scac),
		from: text(shipment.port_of_lading_name),
		to: text(shipment.port_of_discharge_name),
		destination: text(shipment.destination_name) ?? text(shipment.port_of_discharge_name),
		vessel: text(shipment.pod_vessel_name),
		eta: dayIn(arrived ?? shipment.pod_eta_at, shipment.pod_timezone),
		eta_is_actual: arrived !== null,
		original_eta: dayIn(shipment.pod_original_eta_at, shipment.pod_timezone),
		containers: numbers.length ? numbers.join(', ') : containers.length,
		reference_numbers: listed(shipment.ref_numbers),
		tags: listed(shipment.tags),
		// only where the party roles were included (Include > Party Roles)
		...(Array.isArray(shipment.party_roles) ? { parties: partiesOf(shipment.party_roles) } : {}),
		tracking: trackingOf(shipment),
		id: shipment.id ?? null,
	};
}

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

/**
 * The people-first view of one flat item by its `type`; other records as they are. `forAgent`: as an AI
 * agent's tool reads it (containerSummary).
 */
export function summaryOf(item: Item, { forAgent = false } = {}): Item {
	switch (item.type) {
		case 'container':
			return containerSummary(item, null, { forAgent });
		case 'shipment':
			return shipmentSummary(item);
		case 'tracking_request':
			return trackingRequestSummary(item);
		default:
			return item;
	}
}

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
	};
}
