import { sleep } from 'n8n-workflow';

/**
 * Terminal49 limits each API key per rolling window (60 s), with separate buckets for creating tracking
 * requests, inferring numbers and refreshing containers. The pacer keeps a sliding log of the requests this
 * n8n process sent per key and bucket, and waits before a request that would exceed the limit, so a long
 * Return All runs at the limit instead of hammering into 429s.
 *
 * A request is logged at the time its answer arrived, not when it was sent: the service counted it
 * somewhere in between, so the pacer's window never ends before the service's does, and a request
 * released by the pacer is not refused because the one it replaces took long to arrive.
 *
 * When the service still answers 429 (another client shares the key), the pacer waits the Retry-After time
 * and lowers its own share to what got through in the window, but never below half the limit (so a burst
 * of 429s cannot slow a run to a crawl). It probes for more only after a quiet stretch of at least one
 * window and at least PROBE_INTERVAL_MS: a probe that meets the other client costs one Retry-After (whole
 * seconds), so probing seldom keeps that cost to a few percent of the run.
 */
export type RateBucket = 'default' | 'create_tracking_request' | 'infer_number' | 'refresh';

/** Terminal49's window: a rolling minute. */
export const DEFAULT_RATE_WINDOW_MS = 60_000;
/** Shortest quiet stretch after a 429 before the pacer tries a larger share again. */
export const PROBE_INTERVAL_MS = 30_000;

/** Documented per-window limits of the buckets with their own limit; `default` comes from the credential. */
export const FIXED_BUCKET_LIMITS: Record<Exclude<RateBucket, 'default'>, number> = {
	create_tracking_request: 100,
	infer_number: 200,
	refresh: 10,
};

export const BUCKET_LABELS: Record<RateBucket, string> = {
	default: 'requests',
	create_tracking_request: 'tracking request creations',
	infer_number: 'number inferences',
	refresh: 'container refreshes',
};

interface BucketState {
	/** Times of the requests counted inside the current window, oldest first. */
	sent: number[];
	/** Our share of the limit: lowered after a 429, raised back after quiet stretches. */
	share: number;
	/** No request before this time (set from Retry-After). */
	blockedUntil: number;
	/** Last time the share changed (a 429 or a probe). */
	lastAdjust: number;
	/** The limit and window the share was learned under: a credential with other figures starts afresh. */
	limit: number;
	windowMs: number;
}

const buckets = new Map<string, BucketState>();

export interface PaceOptions {
	key: string;
	limit: number;
	windowMs?: number;
	now?: () => number;
}

/** A request let through by the pacer: settle it when its answer arrives, cancel it if it was refused. */
export interface Slot {
	/** Ms spent waiting for the slot. */
	waited: number;
	settle(): void;
	cancel(): void;
}

function stateFor(key: string, limit: number, windowMs: number): BucketState {
	let state = buckets.get(key);
	if (!state) {
		state = { sent: [], share: limit, blockedUntil: 0, lastAdjust: 0, limit, windowMs };
		buckets.set(key, state);
	}
	if (state.limit !== limit || state.windowMs !== windowMs) {
		// The key's limit or window was changed in the credential (or two credentials hold the same key):
		// what was learned about the old figures does not apply. The log of sent requests does.
		Object.assign(state, { share: limit, lastAdjust: 0, limit, windowMs });
	}
	return state;
}

function prune(state: BucketState, now: number, windowMs: number) {
	while (state.sent.length > 0 && state.sent[0] <= now - windowMs) state.sent.shift();
}

function removeTime(state: BucketState, time: number) {
	const index = state.sent.lastIndexOf(time);
	if (index >= 0) state.sent.splice(index, 1);
}

function insertTime(state: BucketState, time: number) {
	let index = state.sent.length;
	while (index > 0 && state.sent[index - 1] > time) index--;
	state.sent.splice(index, 0, time);
}

/** How long to wait before the next request may go out (0 = now). */
export function delayBeforeNext(state: BucketState, now: number, windowMs: number): number {
	prune(state, now, windowMs);
	let wait = Math.max(0, state.blockedUntil - now);
	if (state.sent.length >= state.share) {
		const index = state.sent.length - state.share;
		wait = Math.max(wait, state.sent[index] + windowMs - now + 1);
	}
	return wait;
}

/** Waits until a request fits in the window and counts it (provisionally at its send time). */
export async function acquireSlot({
	key,
	limit,
	windowMs = DEFAULT_RATE_WINDOW_MS,
	now = Date.now,
}: PaceOptions): Promise<Slot> {
	const state = stateFor(key, limit, windowMs);
	let waited = 0;
	for (;;) {
		const t = now();
		if (state.share < limit && t - state.lastAdjust >= Math.max(windowMs, PROBE_INTERVAL_MS)) {
			state.share = Math.min(limit, state.share + Math.ceil(limit / 10));
			state.lastAdjust = t;
		}
		const wait = delayBeforeNext(state, t, windowMs);
		if (wait <= 0) break;
		await sleep(wait);
		waited += wait;
	}
	let time = now();
	state.sent.push(time);
	let open = true;
	return {
		waited,
		settle() {
			if (!open) return;
			open = false;
			removeTime(state, time);
			time = now();
			insertTime(state, time);
		},
		cancel() {
			if (!open) return;
			open = false;
			removeTime(state, time);
		},
	};
}

/** The service answered 429 to `slot`: hold the bucket for Retry-After and shrink our share to what got through. */
export function recordRateLimited(
	{ key, limit, windowMs = DEFAULT_RATE_WINDOW_MS, now = Date.now }: PaceOptions,
	slot: Slot,
	retryAfterMs: number,
) {
	const state = stateFor(key, limit, windowMs);
	// The refused request did not count at the service.
	slot.cancel();
	const t = now();
	prune(state, t, windowMs);
	state.share = Math.max(Math.ceil(limit / 2), Math.min(state.share, state.sent.length));
	state.lastAdjust = t;
	state.blockedUntil = Math.max(state.blockedUntil, t + retryAfterMs);
}

/** Forget all pacing state (tests). */
export function resetRateLimiter() {
	buckets.clear();
}
