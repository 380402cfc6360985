import type { IDataObject } from 'n8n-workflow';

import { movesByRail } from './deadlines';
import { isSet } from './values';

/** A container's statuses (`current_status`), and when its import is over. */

/** The 13 `current_status` values of the service (openapi.json), in journey order. */
export const CONTAINER_STATUSES = [
	'new',
	'on_ship',
	'available',
	'not_available',
	'grounded',
	'on_rail',
	'awaiting_inland_transfer',
	'picked_up',
	'off_dock',
	'delivered',
	'dropped',
	'loaded',
	'empty_returned',
] as const;

/** The statuses of a container whose import is over: picked up, delivered, or empty returned. */
export const CLOSED_STATUSES: readonly string[] = ['picked_up', 'delivered', 'empty_returned'];
/** The other ten: a container not closed has one of these (current_status is never null: openapi.json). */
export const OPEN_STATUSES: readonly string[] = CONTAINER_STATUSES.filter(
	(status) => !CLOSED_STATUSES.includes(status),
);

/** Statuses of a container not yet at the port of discharge (nothing can be due there yet). */
const NOT_ARRIVED: readonly string[] = ['new', 'on_ship'];

/** Whether the container is not yet at the port of discharge: booked or on the vessel, no arrival recorded. */
export function notArrived(container: IDataObject): boolean {
	return NOT_ARRIVED.includes(String(container.current_status)) && !isSet(container.pod_arrived_at);
}

/**
 * Whether the container's import is over: its status says picked up, delivered or empty returned, or the
 * date of one of those milestones is set (`delivered_at`, `empty_terminated_at`, the inland pickup
 * `final_destination_full_out_at`, or `pod_full_out_at` for a container that does not go on by rail: for
 * one that does, it is the train leaving the port, as the live rail records show). A picked-up container
 * keeps its old pickup_lfd for months (real-responses): that LFD is no longer anyone's deadline.
 */
export function containerClosed(container: IDataObject): boolean {
	if (CLOSED_STATUSES.includes(container.current_status as string)) return true;
	if (container.delivered_at || container.empty_terminated_at) return true;
	if (container.final_destination_full_out_at) return true;
	return !!container.pod_full_out_at && !movesByRail(container);
}
