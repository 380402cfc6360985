import type { DeadlineSource } from '../../domain/deadlines';
import { containerTimeZone, movesByRail } from '../../domain/deadlines';
import { lastReachedMilestone } from '../../domain/milestone';
import { asObject, text } from '../../domain/values';
import { costOutlook } from '../../domain/costWords';
import { trackingOf } from './shipment';
import type { Item } from './words';
import {
	CONTAINER_STATUS_WORDS,
	dayIn,
	LFD_NOT_REPORTED,
	LFD_SOURCE_WORDS,
	listed,
	NONE,
	NOT_REPORTED,
	words,
} from './words';

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
 * The container's people-first fields (`shipment`: its shipment where the item does not nest it): 17, so that
 * n8n's table shows each and the answer fits the first screen (`return_by` and `costs`: what the empty's return
 * deadline and the container's demurrage and detention are: domain/containerCosts.ts, costWords.ts). An AI agent's tool (`forAgent`) gets four more
 * that answer its questions in words: whether the ETA is the arrival, the last milestone reached (place and
 * local time), whether Terminal49 still tracks it, and what the container will cost each of the next days; a workflow reads them from All Fields or Selected Fields
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
		// "none" only where the terminal reported none (holdsAndFees.ts)
		holds: container.holds_reported === false ? NOT_REPORTED : listed(container.active_holds),
		last_free_day: (lfdDate as string | null | undefined) ?? null,
		last_free_day_source: source
			? (LFD_SOURCE_WORDS[source] ?? words(source))
			: lfdDate || container.closed === true
				? null
				: LFD_NOT_REPORTED,
		days_left: typeof daysLeft === 'number' ? daysLeft : null,
		urgency: (container.urgency as string | undefined) ?? null,
		fees: text(container.fees_text) ?? (container.fees_reported === false ? NOT_REPORTED : NONE),
		return_by: text(container.return_by),
		costs: text(container.costs_text) ?? 'Not started',
		risks: text(container.risks_text) ?? NONE,
		eta: dayIn(eta, shipment.pod_timezone ?? container.pod_timezone),
		...(forAgent
			? {
					eta_is_actual: arrived !== null,
					last_milestone: lastReachedMilestone(container, shipment)?.text ?? null,
					tracking: trackingOf(shipment),
					cost_outlook: costOutlook(container),
				}
			: {}),
		bill_of_lading: text(shipment.bill_of_lading_number),
		carrier: text(shipment.shipping_line_name) ?? text(shipment.shipping_line_scac),
		id: container.id ?? null,
		// when Terminal49's data in this row was current: a table kept current keeps the newest (domain/asOf.ts)
		as_of: text(container.as_of),
	};
}
