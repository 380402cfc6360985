import type { IDataObject } from 'n8n-workflow';

/**
 * Whether a container can be picked up, in the four states of Terminal49's release-readiness chart
 * (docs/api-docs/in-depth-guides/holds-and-fees.mdx, "Determine if a container is ready for pickup"):
 *
 * | available_for_pickup | active holds (status `hold`) | state |
 * |---|---|---|
 * | true  | none | `ready`: ready for pickup |
 * | true  | some | `out_of_sync`: data may be out of sync, wait for the next update |
 * | false | some | `blocked`: resolve the active holds |
 * | false | none | `not_released`: not yet released, monitor for updates |
 *
 * Plus `unknown` where Terminal49 says it does not know the availability (`availability_known: false`) and no
 * hold blocks, and none (null) for a container already picked up (closed). A pending hold blocks nothing yet.
 */
export type PickupState = 'ready' | 'blocked' | 'not_released' | 'out_of_sync' | 'unknown';
export const PICKUP_STATES: readonly PickupState[] = [
	'ready',
	'blocked',
	'not_released',
	'out_of_sync',
	'unknown',
];

/** Each state in the words of Terminal49's chart, for a message or a table. */
export const PICKUP_STATE_WORDS: Record<PickupState, string> = {
	ready: 'Ready for pickup',
	blocked: 'Blocked: resolve the active holds',
	not_released: 'Not yet released: monitor for updates',
	out_of_sync: 'Data may be out of sync: available but holds remain, wait for the next update',
	unknown: 'Availability not known to Terminal49',
};

export interface PickupStateFields extends IDataObject {
	/** null once the container was picked up (closed). */
	pickup_state: PickupState | null;
	/** The state in words, with the holds that block it, e.g. "Blocked: resolve the active holds (customs)". */
	pickup_state_text: string | null;
	/** The active holds that block pickup (blocked or out of sync); empty otherwise. */
	pickup_blocked_by: string[];
}

/** The pickup state of a container from its availability and its active holds (names, status `hold`). */
export function pickupState(
	container: IDataObject,
	activeHolds: string[],
	closed: boolean,
): PickupStateFields {
	if (closed) return { pickup_state: null, pickup_state_text: null, pickup_blocked_by: [] };
	const held = activeHolds.length > 0;
	const available = container.available_for_pickup === true;
	const state: PickupState =
		container.availability_known === false && !held
			? 'unknown'
			: available
				? held
					? 'out_of_sync'
					: 'ready'
				: held
					? 'blocked'
					: 'not_released';
	const blockedBy = held ? activeHolds : [];
	const words = PICKUP_STATE_WORDS[state];
	return {
		pickup_state: state,
		pickup_state_text: blockedBy.length ? `${words} (${blockedBy.join(', ')})` : words,
		pickup_blocked_by: blockedBy,
	};
}
