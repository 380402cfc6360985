/**
 * Calendar days in a time zone: the day a date or date-time falls on where it matters (a port, a rail ramp),
 * today there, and day counts between them. Last free days, ETAs and dwell are counted this way, never in
 * hours from now.
 */

/**
 * One date formatter per time zone (null for a zone Intl does not know). Building an Intl.DateTimeFormat
 * costs far more than using one, and a page of containers shares a handful of zones.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const MAX_FORMATTERS = 500;

function formatterFor(zone: string): Intl.DateTimeFormat | null {
	let formatter = formatters.get(zone);
	if (formatter === undefined) {
		try {
			formatter = new Intl.DateTimeFormat('en-CA', {
				timeZone: zone,
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
			});
		} catch {
			formatter = null;
		}
		if (formatters.size >= MAX_FORMATTERS) formatters.clear();
		formatters.set(zone, formatter);
	}
	return formatter;
}

/** Whether Intl knows this IANA time zone. */
export function isValidTimeZone(zone: unknown): zone is string {
	return typeof zone === 'string' && zone !== '' && formatterFor(zone) !== null;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
	const formatter = formatterFor(timeZone);
	if (!formatter) throw new RangeError(`Unknown time zone: ${timeZone}`);
	return formatter.format(instant);
}

/**
 * localDate of the same few instants again and again (a page of containers shares LFDs and "now" down to
 * the minute): remembered per zone and instant, the memo emptied when it grows large.
 */
const localDates = new Map<string, string>();
function cachedLocalDate(epochMs: number, timeZone: string): string {
	const key = `${timeZone} ${epochMs}`;
	let date = localDates.get(key);
	if (date === undefined) {
		date = localDate(new Date(epochMs), timeZone);
		if (localDates.size >= 5_000) localDates.clear();
		localDates.set(key, date);
	}
	return date;
}

/**
 * The calendar day (YYYY-MM-DD) of a date or date-time value in `zone`: a date-only value is that day
 * already; null for a value that is not a date. Remembered per zone and value: a page of containers asks for
 * the same few dates again and again, and a look-up costs far less than parsing the date.
 */
const daysOfValues = new Map<string, Map<string, string | null>>();
let rememberedDays = 0;
export function calendarDayOf(value: string, zone: string): string | null {
	let byValue = daysOfValues.get(zone);
	if (byValue === undefined) {
		byValue = new Map();
		daysOfValues.set(zone, byValue);
	}
	let day = byValue.get(value);
	if (day === undefined) {
		const instant = Date.parse(value);
		day = Number.isNaN(instant)
			? null
			: /^\d{4}-\d{2}-\d{2}$/.test(value)
				? value
				: cachedLocalDate(instant, zone);
		if (++rememberedDays > 20_000) {
			daysOfValues.clear();
			rememberedDays = 0;
		}
		byValue.set(value, day);
	}
	return day;
}

/** dayNumber of the calendar day of a date or date-time in `zone` (calendarDayOf); null for no date. */
export function dayNumberOf(value: unknown, zone: string): number | null {
	if (typeof value !== 'string' || value.trim() === '') return null;
	const day = calendarDayOf(value, zone);
	return day === null ? null : dayNumber(day);
}

/** Today's calendar day in `zone`, remembered to the minute (the date of a zone cannot change within one). */
export function todayIn(zone: string, now: Date = new Date()): string {
	return cachedLocalDate(Math.floor(now.getTime() / 60_000) * 60_000, zone);
}

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD): the difference of two is a count of calendar days. */
export function dayNumber(isoDate: string): number {
	// sliced, not split: a page of containers counts thousands of days
	const y = Number(isoDate.slice(0, 4));
	const m = Number(isoDate.slice(5, 7));
	const d = Number(isoDate.slice(8, 10));
	return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** Calendar days from today to the day of `value` (a date or date-time), both in `zone`; null for no date. */
export function daysFromToday(value: unknown, zone: string, now: Date): number | null {
	if (typeof value !== 'string' || value === '') return null;
	const day = calendarDayOf(value, zone);
	return day === null ? null : dayNumber(day) - todayNumberIn(zone, now);
}

/** dayNumber of today in `zone` (todayIn), remembered per zone and minute. */
const todayNumbers = new Map<string, { minute: number; day: number }>();
export function todayNumberIn(zone: string, now: Date = new Date()): number {
	const minute = Math.floor(now.getTime() / 60_000);
	const known = todayNumbers.get(zone);
	if (known && known.minute === minute) return known.day;
	const day = dayNumber(todayIn(zone, now));
	if (todayNumbers.size >= MAX_FORMATTERS) todayNumbers.clear();
	todayNumbers.set(zone, { minute, day });
	return day;
}

/** The calendar date (YYYY-MM-DD) of a day number (dayNumber's inverse), remembered: a page shares its days. */
const datesOfDays = new Map<number, string>();
export function dateOfDayNumber(day: number): string {
	let date = datesOfDays.get(day);
	if (date === undefined) {
		date = new Date(day * 86_400_000).toISOString().slice(0, 10);
		if (datesOfDays.size >= 5_000) datesOfDays.clear();
		datesOfDays.set(day, date);
	}
	return date;
}
