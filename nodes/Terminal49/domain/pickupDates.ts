import type { IDataObject } from 'n8n-workflow';

import { isSet } from './values';

/**
 * The dates that end a container's time at the terminal and out of it: picked up full (the demurrage clock
 * stops, the detention clock starts) and the empty returned (the detention clock stops).
 */

/**
 * When the container left full for its pickup, or null: inland (`final_destination_full_out_at`) for a container
 * picked up at its inland ramp; else at the port (`pod_full_out_at`, which on a rail move is the train leaving,
 * not a pickup); else the delivery.
 */
export function fullOutOf(container: IDataObject, byRail: boolean): unknown {
	if (isSet(container.final_destination_full_out_at))
		return container.final_destination_full_out_at;
	if (!byRail && isSet(container.pod_full_out_at)) return container.pod_full_out_at;
	return container.delivered_at ?? null;
}

/** Whether the empty is back (its date, or the status). */
export function emptyReturned(container: IDataObject): boolean {
	return isSet(container.empty_terminated_at) || container.current_status === 'empty_returned';
}
