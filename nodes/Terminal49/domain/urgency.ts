/**
 * How urgent a container is: where its watched last free day stands (the band, each day counted in the
 * calendar of the place it applies to), whether the terminal data behind it is fresh, and whether its import
 * is over (closed). `closed` and `stale` win over the band: such a container is never urgent.
 */

/** Days ahead of a last free day counted as "imminent" unless the node says otherwise. */
export const DEFAULT_IMMINENT_DAYS = 3;

/** Where the last free day stands, in the calendar of the place it applies to. */
export type LfdBand = 'overdue' | 'today' | 'imminent' | 'later' | 'none';
export const LFD_BANDS: readonly LfdBand[] = ['overdue', 'today', 'imminent', 'later', 'none'];

/** The band of a day count; `imminentDays` is N of "within N days". */
export function lfdBand(daysUntil: number | null, imminentDays = DEFAULT_IMMINENT_DAYS): LfdBand {
	if (daysUntil === null) return 'none';
	if (daysUntil < 0) return 'overdue';
	if (daysUntil === 0) return 'today';
	return daysUntil <= imminentDays ? 'imminent' : 'later';
}

/**
 * Terminal data checked longer ago than this is stale: its LFD, holds and availability are not trusted to
 * make a container urgent. Seven days, as Terminal49's own assistant tools judge `terminal_checked_at`.
 */
export const TERMINAL_DATA_FRESH_DAYS = 7;
const FRESH_MS = TERMINAL_DATA_FRESH_DAYS * 86_400_000;

/** Whether `terminal_checked_at` is at most TERMINAL_DATA_FRESH_DAYS before `now` (never checked: no). */
export function terminalDataFresh(checkedAt: unknown, now: Date): boolean {
	if (typeof checkedAt !== 'string' || !checkedAt) return false;
	const checked = Date.parse(checkedAt);
	return !Number.isNaN(checked) && now.getTime() - checked <= FRESH_MS;
}

/** `closed` and `stale` win over the band: such a container is never urgent. */
export type Urgency = 'closed' | 'stale' | LfdBand;

/** The urgency of a container: closed, else none (no LFD), else stale, else the LFD band. */
export function urgencyOf(closed: boolean, band: LfdBand, fresh: boolean): Urgency {
	return closed ? 'closed' : band === 'none' ? 'none' : fresh ? band : 'stale';
}

/** Whether an urgency is urgent: overdue, today or imminent. */
export function isUrgent(urgency: Urgency): boolean {
	return urgency === 'overdue' || urgency === 'today' || urgency === 'imminent';
}
