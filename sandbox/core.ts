/**
 * What the parts of the sandbox app share (app.ts implements it, the parts read it): the state, the options
 * and the serializer of an account. The parts (carrier.ts, container-state.ts, notifications.ts) take it
 * instead of the app, so they import nothing above them.
 */
import type { Serializer } from './serializers';
import type { Store } from './store';
import type { DeadlineShape, Plan, SandboxOptions } from './types';

export interface SandboxCore {
	readonly store: Store;
	readonly options: SandboxOptions;
	/** The serializer of an account: its plan (default paid) and container serializer (default the option's). */
	serializer(plan?: Plan, shape?: DeadlineShape, hideLfdAfterPickup?: boolean): Serializer;
	/** The container serializer a key's account gets: its pinned one, else the `deadlineShape` option. */
	deadlineShapeOf(key: string | null): DeadlineShape;
}
