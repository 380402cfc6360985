import type { IDataObject } from 'n8n-workflow';

/**
 * Where the catch-up stands (catchUp.ts), one webhook's notifications in the order Terminal49 created them:
 * every notification created before `through`, and those created at `through` whose ids are in `ids`, are
 * settled, i.e. delivered, run by the catch-up, or never to run (another event, Only When). The rest are
 * looked at on the next run. Kept in the node's static data, which n8n saves at activation and with every
 * execution the trigger starts (never after a run that started none: then it lives in memory until then).
 */
/** The cursor's key in the node's static data. */
export const CATCH_UP_KEY = 'catchUp';

export interface CatchUpCursor extends IDataObject {
	/** The webhook whose notifications these are: a webhook registered anew starts a cursor of its own. */
	webhookId: string;
	/** created_at (ms since the epoch) of the newest settled notification. */
	through: number;
	/** The settled notifications created at exactly `through`. */
	ids: string[];
}

/**
 * A notification still `pending` this long after it was created is taken as given up by Terminal49 and caught
 * up. Terminal49 retries a delivery up to 12 times and documents no schedule; the sandbox's takes 16 hours.
 */
export const GIVE_UP_AFTER_MS = 48 * 3_600_000;

export interface Listed {
	id: string;
	createdAt: number;
	deliveryStatus: unknown;
}

/** Whether `n` is settled by `cursor`. */
export function isSettled(cursor: CatchUpCursor, n: Listed): boolean {
	return (
		n.createdAt < cursor.through || (n.createdAt === cursor.through && cursor.ids.includes(n.id))
	);
}

/** The cursor with `n`, the oldest unsettled notification, settled too. */
export function settle(cursor: CatchUpCursor, n: Listed): CatchUpCursor {
	if (n.createdAt === cursor.through) return { ...cursor, ids: [...cursor.ids, n.id] };
	return { ...cursor, through: n.createdAt, ids: [n.id] };
}

/**
 * What to do with an unsettled notification: `delivered` (Terminal49 got a 2xx: settled), `missed` (Terminal49
 * gave up: `failed`, or `pending` past GIVE_UP_AFTER_MS: run it now), `open` (Terminal49 is still trying:
 * it and everything created after it wait, so that a container's events run in order).
 */
export function verdictOf(n: Listed, now: number): 'delivered' | 'missed' | 'open' {
	if (n.deliveryStatus === 'succeeded') return 'delivered';
	if (n.deliveryStatus === 'failed') return 'missed';
	return now - n.createdAt >= GIVE_UP_AFTER_MS ? 'missed' : 'open';
}

/** The cursor stored in static data, when it is one of `webhookId`'s. */
export function storedCursor(value: unknown, webhookId: string): CatchUpCursor | undefined {
	const cursor = value as CatchUpCursor | undefined;
	return cursor &&
		typeof cursor === 'object' &&
		cursor.webhookId === webhookId &&
		Number.isFinite(cursor.through) &&
		Array.isArray(cursor.ids)
		? cursor
		: undefined;
}
