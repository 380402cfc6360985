/**
 * What `GET /me` said, per API key, for a short time (client/account.ts reads it through here). Module state,
 * like the rate limiter's (transport/rateLimiter.ts): one n8n process shares it between executions, keyed
 * by the transport's key identity (`connectionOf().keyId`, a hash), never by the key.
 *
 * - An execution reads `/me` at most once: a reading it made (or waited for) is its own and is used for
 *   every item after, however old.
 * - Other executions reuse the newest reading for `maxAge`; at most one request per key is in flight.
 * - A reading that would refuse an operation is first confirmed by a fresh one (the caller asks with a
 *   short `maxAge`), so a plan upgraded a minute ago is not refused from an older reading.
 */

/** How long a reading serves other executions (allowing; refusals are confirmed: see above). */
export const ACCOUNT_TTL_MS = 5 * 60_000;
/** Age under which a reading may refuse an operation of an execution that did not make it. */
export const REFUSAL_MAX_AGE_MS = 10_000;
/** Executions whose own readings are remembered (the oldest are forgotten first). */
const MAX_EXECUTIONS = 256;

export interface Reading<T> {
	value: T;
	/** When it was read (ms). */
	at: number;
	/** Tracking requests created with the key since (Tracking Request > Create counts them). */
	created: number;
}

const latest = new Map<string, Reading<unknown>>();
const own = new Map<string, Reading<unknown>>();
const inFlight = new Map<string, Promise<Reading<unknown>>>();

export interface CacheKey {
	/** The transport's identity of the key (a hash of base URL and key). */
	keyId: string;
	/** The execution reading it; empty where n8n gives none (activation of a trigger). */
	executionId?: string;
}

const ownKey = (key: CacheKey) => `${key.keyId}\n${key.executionId}`;

function remember(key: CacheKey, reading: Reading<unknown>) {
	if (!key.executionId) return;
	own.delete(ownKey(key));
	own.set(ownKey(key), reading);
	while (own.size > MAX_EXECUTIONS) own.delete(own.keys().next().value as string);
}

/**
 * This execution's reading, or another's not older than `maxAge`, or a new one made with `read` (shared with
 * a read of the same key already in flight). A failing `read` is not cached.
 */
export async function cachedReading<T>(
	key: CacheKey,
	read: () => Promise<T>,
	maxAge: number,
	now: () => number = Date.now,
): Promise<Reading<T>> {
	const mine = key.executionId ? own.get(ownKey(key)) : undefined;
	if (mine) return mine as Reading<T>;
	const newest = latest.get(key.keyId);
	if (newest && now() - newest.at <= maxAge) return newest as Reading<T>;
	let pending = inFlight.get(key.keyId);
	if (!pending) {
		pending = (async () => {
			try {
				const reading: Reading<unknown> = { value: await read(), at: now(), created: 0 };
				latest.set(key.keyId, reading);
				return reading;
			} finally {
				inFlight.delete(key.keyId);
			}
		})();
		inFlight.set(key.keyId, pending);
	}
	const reading = await pending;
	remember(key, reading);
	return reading as Reading<T>;
}

/** Whether `reading` may refuse an operation of this execution without being read again. */
export function freshEnoughToRefuse(
	key: CacheKey,
	reading: Reading<unknown>,
	now: () => number = Date.now,
): boolean {
	return (
		(!!key.executionId && own.get(ownKey(key)) === reading) ||
		now() - reading.at <= REFUSAL_MAX_AGE_MS
	);
}

/** A tracking request was created with the key: the readings made before it count it. */
export function countCreated(key: CacheKey) {
	const readings = new Set([key.executionId && own.get(ownKey(key)), latest.get(key.keyId)]);
	for (const reading of readings) if (reading) reading.created++;
}

/** Forget every reading (tests). */
export function resetAccountCache() {
	latest.clear();
	own.clear();
	inFlight.clear();
}
