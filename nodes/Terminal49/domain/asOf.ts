/**
 * `as_of` of a container: when Terminal49's data in it was current. A read of the service: the moment the read
 * began (its data is at least that current); a webhook delivery's container: the notification's `created_at`
 * (the payload is the container as it was then, however late it arrives); the polling trigger: the start of the
 * poll. A table or sheet kept current from several sources keeps the row with the newest `as_of` (an older
 * event arriving after a newer read changes nothing).
 *
 * Always one format, UTC with milliseconds (`2026-12-07T09:30:00.000Z`), so that comparing two as text orders
 * them as instants, the way a Data Table's text column, a sheet or an If node compares them. Terminal49's own
 * `created_at` has whole seconds (`…T09:30:00Z`): as text it would sort after `…T09:30:00.500Z`.
 */
export function asOfInstant(value: unknown, fallback: Date): string {
	const ms =
		value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
	return isoText(Number.isFinite(ms) ? ms : fallback.getTime());
}

/**
 * The text of an instant, remembered for the last one: every container of a page, a poll or a delivery shares
 * its read's instant, and a page of 100 would otherwise format the same one 100 times.
 */
let lastMs = NaN;
let lastText = '';
function isoText(ms: number): string {
	if (ms !== lastMs) {
		lastText = new Date(ms).toISOString();
		lastMs = ms;
	}
	return lastText;
}
