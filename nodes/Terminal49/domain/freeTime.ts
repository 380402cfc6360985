import { dayNumber } from './calendar';

/**
 * Free time: how many days a container may sit (demurrage) or stay out (detention) before it is charged. A
 * tariff counts free time in calendar days, or in working days (Monday to Friday, the tariff's holidays out:
 * Maersk, and Hapag-Lloyd since 2024-09-01); the days charged after it are always calendar days. The day the
 * clock starts is the first free day when it counts (a working day, for working-day free time).
 */
export type FreeTimeCount = 'calendar' | 'working';

/** Whether a day (a day number, dayNumber) is a working day: Monday to Friday, not a holiday. */
export function isWorkingDay(day: number, holidays: ReadonlySet<number>): boolean {
	// day 0 (1970-01-01) was a Thursday: (day + 4) % 7 is 0 on Sundays
	const weekday = (((day + 4) % 7) + 7) % 7;
	return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * Holidays (YYYY-MM-DD) as day numbers, once per list (a tariff's list is the same for every container it
 * prices: not parsed again for each).
 */
const holidaySets = new WeakMap<readonly string[], ReadonlySet<number>>();
export function holidayDays(holidays: readonly string[]): ReadonlySet<number> {
	let days = holidaySets.get(holidays);
	if (days === undefined) {
		days = new Set(holidays.map(dayNumber));
		holidaySets.set(holidays, days);
	}
	return days;
}

/**
 * The last free day (a day number) of `freeDays` free days from `startDay`: the start day counts as the first
 * (for working-day free time, when it is a working day). With no free days, the day before the start.
 */
export function lastFreeDay(
	startDay: number,
	freeDays: number,
	count: FreeTimeCount,
	holidays: ReadonlySet<number>,
): number {
	if (freeDays <= 0) return startDay - 1;
	if (count === 'calendar') return startDay + freeDays - 1;
	let day = startDay - 1;
	for (let counted = 0; counted < freeDays; ) {
		day += 1;
		if (isWorkingDay(day, holidays)) counted += 1;
	}
	return day;
}
