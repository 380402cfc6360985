import { sleep } from 'n8n-workflow';

/**
 * Terminal49 limits each API key per rolling 60-second window, with separate buckets for creating
 * tracking requests, inferring numbers and refreshing containers. The pacer keeps a sliding log of the
 * requests this n8n process sent per key and bucket, and waits before a request that would exceed the
 * limit, so a long Return All runs at the limit instead of hammering into 429s.
 *
 * When the service still answers 429 (another client shares the key), the pacer waits the Retry-After time
 * and lowers its own share to what got through in the window, but never below half the limit (so a burst
 * of 429s cannot slow a run to a crawl), and grows back by a tenth of the limit per window without a 429.
 */
export type RateBucket = 'default' | 'create_tracking_request' | 'infer_number' | 'refresh';

export const RATE_WINDOW_MS = 60_000;

/** Documented per-minute limits of the buckets with their own limit; `default` comes from the credential. */
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
	/** Send times inside the current window, oldest first. */
	sent: number[];
	/** Our share of the limit: lowered after a 429, raised back after quiet windows. */
	share: number;
	/** No request before this time (set from Retry-After). */
	blockedUntil: number;
	lastAdjust: number;
}

const buckets = new Map<string, BucketState>();

export interface PaceOptions {
	key: string;
	limit: number;
	windowMs?: number;
	now?: () => number;
}

function stateFor(key: string, limit: number): BucketState {
	let state = buckets.get(key);
	if (!state) {
		state = { sent: [], share: limit, blockedUntil: 0, lastAdjust: 0 };
		buckets.set(key, state);
	}
	if (state.share > limit) state.share = limit;
	return state;
}

function prune(state: BucketState, now: number, windowMs: number) {
	while (state.sent.length > 0 && state.sent[0] <= now - windowMs) state.sent.shift();
}

/** How long to wait before the next request may go out (0 = now). Pure, for tests. */
export function delayBeforeNext(state: BucketState, now: number, windowMs: number): number {
	prune(state, now, windowMs);
	let wait = Math.max(0, state.blockedUntil - now);
	if (state.sent.length >= state.share) {
		const index = state.sent.length - state.share;
		wait = Math.max(wait, state.sent[index] + windowMs - now + 1);
	}
	return wait;
}

/** Waits until a request fits in the window, then records it as sent. Returns the ms waited. */
export async function acquireSlot({ key, limit, windowMs = RATE_WINDOW_MS, now = Date.now }: PaceOptions) {
	const state = stateFor(key, limit);
	let waited = 0;
	for (;;) {
		const t = now();
		if (state.share < limit && t - state.lastAdjust >= windowMs) {
			state.share = Math.min(limit, state.share + Math.ceil(limit / 10));
			state.lastAdjust = t;
		}
		const wait = delayBeforeNext(state, t, windowMs);
		if (wait <= 0) {
			state.sent.push(t);
			return waited;
		}
		await sleep(wait);
		waited += wait;
	}
}

/** The service answered 429: hold the bucket for Retry-After and shrink our share to what got through. */
export function recordRateLimited(
	{ key, limit, windowMs = RATE_WINDOW_MS, now = Date.now }: PaceOptions,
	retryAfterMs: number,
) {
	const state = stateFor(key, limit);
	const t = now();
	prune(state, t, windowMs);
	// The rejected request did not count at the service.
	state.sent.pop();
	state.share = Math.max(Math.ceil(limit / 2), Math.min(state.share, state.sent.length));
	state.lastAdjust = t;
	state.blockedUntil = Math.max(state.blockedUntil, t + retryAfterMs);
}

/** Forget all pacing state (tests). */
export function resetRateLimiter() {
	buckets.clear();
}
