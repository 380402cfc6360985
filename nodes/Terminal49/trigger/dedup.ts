import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

/**
 * Exactly-once delivery. Terminal49 repeats a delivery (same notification id, same bytes) when the receiver
 * does not answer 2xx in time, up to 12 times over about a day, and may send a copy while the first is still
 * on its way. Two layers keep every copy but one from running the workflow:
 *
 * 1. **In the process that receives the request** (webhook(): n8n's main or webhook process), a map of the
 *    ids it accepted in the deduplication window. Synchronous, so two concurrent copies cannot both pass. An
 *    id counts only once its delivery was answered 2xx, which n8n does after it has recorded the execution
 *    (webhook.ts): a copy that arrives while the first is still being recorded waits for that answer, and an
 *    id whose first delivery failed (n8n answered 5xx, or the connection dropped) is forgotten, so the
 *    redelivery runs. A redelivery starts no execution at all.
 * 2. **In n8n's database**, checked by the execution itself (execute(), on the worker in queue mode) through
 *    n8n's deduplication store (`checkProcessedAndRecord`, the table behind the Remove Duplicates node): the
 *    last MAX_DURABLE ids per trigger node. It catches what the first layer cannot see: a redelivery after
 *    n8n restarted, or one that reached another webhook process. Such an execution ends at the trigger with
 *    no item, so the rest of the workflow does not run. Concurrent executions in one process are batched into
 *    one read and one write of the store (group commit), which also keeps them from overwriting each other.
 *
 * Nothing of this lives in the workflow's static data: n8n 2.41 does not save what webhook() writes there
 * when it answers the request itself (see webhook.ts), and saving a growing id list on every delivery was
 * the trigger's largest cost.
 */
export const MAX_IN_MEMORY = 10_000;
export const MAX_SCOPES = 500;
/** Ids kept in n8n's deduplication store per trigger node (about 27 bytes each in the database). */
export const MAX_DURABLE = 10_000;
/** A copy waits at most this long for the first delivery's answer before it is treated as new. */
export const PENDING_WAIT_MS = 60_000;

interface Seen {
	at: number;
	/** Set while the first delivery is being recorded; resolves true once it was answered 2xx. */
	pending?: Promise<boolean>;
}

const memory = new Map<string, Map<string, Seen>>();

function memoryFor(scope: string): Map<string, Seen> {
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

function prune(seen: Map<string, Seen>, cutoff: number) {
	// entries are in arrival order: stop at the first one still inside the window
	for (const [id, entry] of seen) {
		if ((entry.at < cutoff && !entry.pending) || seen.size > MAX_IN_MEMORY) seen.delete(id);
		else break;
	}
}

export type Claim =
	| { duplicate: true; firstSeenAt: number }
	| {
			duplicate: false;
			/** Say how the delivery was answered: true = 2xx (the id now counts), false = not (forgotten). */
			settle(answered: boolean): void;
	  };

/**
 * Claims notification `id` for this process (layer 1). A duplicate is an id answered 2xx within `windowMs`;
 * a copy of an id still being recorded waits for that first answer.
 */
export async function claimDelivery(
	scope: string,
	id: string,
	windowMs: number,
	now: () => number = Date.now,
): Promise<Claim> {
	const seen = memoryFor(scope);
	for (;;) {
		const cutoff = now() - windowMs;
		prune(seen, cutoff);
		const entry = seen.get(id);
		if (entry && (entry.pending || entry.at >= cutoff)) {
			if (!entry.pending) return { duplicate: true, firstSeenAt: entry.at };
			const answered = await Promise.race([
				entry.pending,
				sleep(PENDING_WAIT_MS).then(() => false),
			]);
			if (answered) return { duplicate: true, firstSeenAt: entry.at };
			if (seen.get(id) === entry) seen.delete(id);
			continue;
		}
		let resolve: (answered: boolean) => void = () => undefined;
		const claimed: Seen = { at: now(), pending: new Promise<boolean>((done) => (resolve = done)) };
		seen.delete(id);
		seen.set(id, claimed);
		let settled = false;
		return {
			duplicate: false,
			settle(answered: boolean) {
				if (settled) return;
				settled = true;
				if (answered) {
					delete claimed.pending;
					claimed.at = now();
				} else if (seen.get(id) === claimed) {
					seen.delete(id);
				}
				resolve(answered);
			},
		};
	}
}

/** Forgets the in-process ids of a scope (tests, and when the webhook is registered again). */
export function forgetScope(scope: string) {
	memory.delete(scope);
}

interface Waiter {
	id: string;
	done: (first: boolean) => void;
	fail: (error: unknown) => void;
}

interface Batch {
	waiting: Waiter[];
	running: boolean;
}

const batches = new Map<string, Batch>();

/**
 * Layer 2: whether each of `ids` is seen here for the first time, recorded in n8n's deduplication store
 * (scope: this trigger node). Calls of one node that overlap (a burst) share one read and one write.
 * Returns undefined when the n8n running the node offers no such store.
 */
export async function firstInStore(
	this: IExecuteFunctions,
	scope: string,
	ids: string[],
): Promise<boolean[] | undefined> {
	if (typeof this.helpers.checkProcessedAndRecord !== 'function') return undefined;
	let batch = batches.get(scope);
	if (!batch) {
		batch = { waiting: [], running: false };
		batches.set(scope, batch);
	}
	const results = ids.map(
		(id) =>
			new Promise<boolean>((done, fail) => {
				batch.waiting.push({ id, done, fail });
			}),
	);
	if (!batch.running) void flush.call(this, scope, batch);
	return await Promise.all(results);
}

/** A primary-key or unique violation from n8n's database (Postgres 23505, SQLite SQLITE_CONSTRAINT, MySQL 1062). */
export function isUniqueViolation(error: unknown): boolean {
	const e = error as { code?: unknown; errno?: unknown; message?: unknown } | undefined;
	const text = `${String(e?.code ?? '')} ${String(e?.message ?? '')}`;
	return (
		e?.code === '23505' ||
		e?.errno === 1062 ||
		/duplicate key|unique constraint|SQLITE_CONSTRAINT|Duplicate entry/i.test(text)
	);
}

async function flush(this: IExecuteFunctions, scope: string, batch: Batch) {
	batch.running = true;
	try {
		while (batch.waiting.length > 0) {
			const waiting = batch.waiting.splice(0);
			const unique = [...new Set(waiting.map((waiter) => waiter.id))];
			try {
				const record = async () =>
					await this.helpers.checkProcessedAndRecord(unique, 'node', {
						mode: 'entries',
						maxEntries: MAX_DURABLE,
					});
				let result: Awaited<ReturnType<typeof record>>;
				try {
					result = await record();
				} catch (error) {
					// Queue mode: two workers writing the node's first row at once. n8n inserts it when it finds none,
					// and the second insert hits the row's primary key. The row exists now: once more updates it.
					if (!isUniqueViolation(error))
						throw new NodeOperationError(this.getNode(), error as Error);
					result = await record();
				}
				const fresh = new Set(result.new.map(String));
				for (const waiter of waiting) {
					// the first copy of a new id in this batch is the one that runs
					const first = fresh.delete(waiter.id);
					waiter.done(first);
				}
			} catch (error) {
				for (const waiter of waiting) waiter.fail(error);
			}
		}
	} finally {
		batch.running = false;
		if (batches.get(scope) === batch && batch.waiting.length === 0) batches.delete(scope);
	}
}
