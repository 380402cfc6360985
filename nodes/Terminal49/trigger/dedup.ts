import type { IDataObject } from 'n8n-workflow';

/**
 * Exactly-once delivery: Terminal49 repeats a delivery (same notification id, same bytes) when the
 * receiver does not answer 2xx in time, up to 12 times over about a day. A notification id seen within the
 * window is answered 200 and starts no execution.
 *
 * Two layers, both bounded:
 * - an in-process map per workflow and node: authoritative within the process that runs webhook() (the
 *   main or webhook process, also in queue mode), synchronous, so concurrent deliveries of one id cannot
 *   both pass. At most MAX_IN_MEMORY ids per node and MAX_SCOPES nodes.
 * - the workflow's static data (`getWorkflowStaticData('node').seenNotifications`, id -> received at, ms),
 *   so a redelivery after a restart is still recognised. n8n saves static data changed in webhook() to the
 *   database right after the node answers (it always answers itself: see webhook.ts; n8n 2.41
 *   live-webhooks.js saves static data in the response callback), but it loads it for every request and
 *   saves it whole: of deliveries handled at the same moment, the last save wins. Every save therefore
 *   writes the stored ids plus the ids this process received in the last RECENT_MS, which heals such losses
 *   at the next delivery. At most MAX_PERSISTED ids are kept, oldest dropped first.
 */
export const MAX_PERSISTED = 1000;
export const MAX_IN_MEMORY = 10_000;
export const MAX_SCOPES = 500;
export const STATIC_KEY = 'seenNotifications';
/** How far back the in-process ids are merged into every save. */
export const RECENT_MS = 10 * 60_000;

const memory = new Map<string, Map<string, number>>();

function memoryFor(scope: string): Map<string, number> {
	let seen = memory.get(scope);
	if (seen) {
		// most recently used scope last
		memory.delete(scope);
		memory.set(scope, seen);
		return seen;
	}
	seen = new Map();
	memory.set(scope, seen);
	while (memory.size > MAX_SCOPES) memory.delete(memory.keys().next().value as string);
	return seen;
}

function prune(seen: Map<string, number>, cutoff: number, max: number) {
	for (const [id, at] of seen) {
		if (at < cutoff || seen.size > max) seen.delete(id);
		else break;
	}
	// entries are in arrival order; anything left over the cap (clock jumps) goes too
	while (seen.size > max) seen.delete(seen.keys().next().value as string);
}

export interface DedupResult {
	duplicate: boolean;
	/** When the id was first received (ms), for duplicates. */
	firstSeenAt?: number;
}

/**
 * Records `id` and says whether it was already received within `windowMs`. `staticData` is the node's
 * static data object (changed in place); `scope` identifies the workflow and node.
 */
export function checkAndRecord(
	staticData: IDataObject,
	scope: string,
	id: string,
	windowMs: number,
	now: number = Date.now(),
): DedupResult {
	const cutoff = now - windowMs;
	const seen = memoryFor(scope);
	prune(seen, cutoff, MAX_IN_MEMORY);

	const stored =
		staticData[STATIC_KEY] && typeof staticData[STATIC_KEY] === 'object' && !Array.isArray(staticData[STATIC_KEY])
			? (staticData[STATIC_KEY] as IDataObject)
			: {};
	const entries: Array<[string, number]> = [];
	let ordered = true;
	for (const [key, at] of Object.entries(stored)) {
		if (typeof at !== 'number' || !Number.isFinite(at)) continue;
		if (entries.length > 0 && at < entries[entries.length - 1][1]) ordered = false;
		entries.push([key, at]);
	}
	// Plus the ids this process received in the last minutes and the stored copy lacks: n8n saves the whole
	// static data of the request that answers last, so a concurrent delivery's id may have been lost.
	const recentCutoff = Math.max(cutoff, now - RECENT_MS);
	for (const [key, at] of seen) {
		if (at >= recentCutoff && !(key in stored)) {
			if (entries.length > 0 && at < entries[entries.length - 1][1]) ordered = false;
			entries.push([key, at]);
		}
	}
	if (!ordered) entries.sort((a, b) => a[1] - b[1]);
	const persisted = new Map<string, number>(entries);
	prune(persisted, cutoff, MAX_PERSISTED);

	const firstSeenAt = seen.get(id) ?? persisted.get(id);
	const duplicate = firstSeenAt !== undefined && firstSeenAt >= cutoff;
	if (!duplicate) {
		seen.set(id, now);
		persisted.set(id, now);
	}
	prune(persisted, cutoff, MAX_PERSISTED);
	const next: IDataObject = {};
	for (const [key, at] of persisted) next[key] = at;
	// Only write when something changed, so n8n does not save static data for nothing.
	const changed =
		Object.keys(next).length !== Object.keys(stored).length || Object.keys(next).some((key) => stored[key] !== next[key]);
	if (changed) staticData[STATIC_KEY] = next;
	return duplicate ? { duplicate, firstSeenAt } : { duplicate };
}

/** Forgets the in-process ids of a scope (tests, and when the webhook is re-registered). */
export function forgetScope(scope: string) {
	memory.delete(scope);
}
