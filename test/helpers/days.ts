/** Calendar days for the tests that build dates from a record (the invoice check's): at a place, and counted. */

const DAY = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const dayIn = (instant: string | number, zone: string): string =>
	new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(instant));

/** The day `n` calendar days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number): string =>
	new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);

/** How many days from one day to another, both counted. */
export const between = (from: string, to: string): number =>
	Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
