/**
 * The day ranges of the list queries: the whole days from today the node's last-free-day filters keep (each in
 * its item's own calendar), and the `filter[<date>]` bounds that hold them for a service comparing UTC dates.
 */
import type { IDataObject } from 'n8n-workflow';

import type { LfdBand } from '../domain/urgency';
import { LFD_BANDS } from '../domain/urgency';
import type { Risk } from '../domain/risks';
import type { ContainerFilters, DayRange } from './listSpec';

const DAY_MS = 86_400_000;
export const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day (since 1970-01-01) of an instant's UTC date: the date component the service stores. */
export const utcDay = (time: number) => Math.floor(time / 86_400_000);

/**
 * `filter[<field>]` bounds for a date the node counts in days from today in the item's own calendar (the
 * pickup place's, the port's), for a service that compares the date it stores (the UTC date of the instant,
 * "no automatic conversion to the port timezone") with explicit dates. In any time zone the day count and
 * (stored date - UTC today) are taken at the same offset from UTC, so they differ by at most one day: the
 * bounds are widened by one day each side, and written as dates, not `today`, so the service's own day
 * does not matter. A superset: the node keeps exactly its own range from what comes back.
 */
export function dateBounds(field: string, range: DayRange, now: Date): IDataObject {
	const today = utcDay(now.getTime());
	const bounds: string[] = [];
	if (range.from !== undefined) bounds.push(`>=${isoDate(today + range.from - 1)}`);
	if (range.to !== undefined) bounds.push(`<=${isoDate(today + range.to + 1)}`);
	const key = `filter[${field}]`;
	if (bounds.length === 0) return { [key]: '@exists' };
	return bounds.length === 1 ? { [key]: bounds[0] } : { [`${key}[]`]: bounds };
}

/** The day counts of an LFD band (`imminent`: 1 to N days ahead; empty when N is 0). */
function bandRange(band: LfdBand, imminentDays: number): DayRange | null | 'none' {
	if (band === 'none') return 'none';
	if (band === 'overdue') return { to: -1 };
	if (band === 'today') return { from: 0, to: 0 };
	if (band === 'imminent') return imminentDays >= 1 ? { from: 1, to: imminentDays } : null;
	return { from: imminentDays + 1 };
}

const URGENT_BANDS: readonly LfdBand[] = ['overdue', 'today', 'imminent'];

/** The day counts of the last-free-day risks (past, today, tomorrow). */
const LFD_RISK_RANGES: Partial<Record<Risk, DayRange>> = {
	lfd_past: { to: -1 },
	lfd_today: { from: 0, to: 0 },
	lfd_tomorrow: { from: 1, to: 1 },
};

/**
 * The days from today the watched last free day may be at for the container to be kept: the smallest range
 * holding every band kept (Last Free Day, Urgent Only) and, when every risk asked for is a last-free-day one,
 * those risks' days; `none` for No Last Free Day alone; undefined when the filters keep any day.
 */
export function deadlineRange(
	filters: ContainerFilters,
	imminentDays: number,
): DayRange | 'none' | undefined {
	let bands = [...LFD_BANDS];
	if (filters.lfdBands) bands = bands.filter((band) => filters.lfdBands!.includes(band));
	// with the empty's return counted, an urgent container may have any LFD (a closed one has none)
	if (filters.urgentOnly && !filters.urgentIncludesReturn)
		bands = bands.filter((band) => URGENT_BANDS.includes(band));
	const ranges: Array<DayRange | 'none'> =
		bands.length === LFD_BANDS.length
			? []
			: (bands.map((band) => bandRange(band, imminentDays)).filter((r) => r !== null) as Array<
					DayRange | 'none'
				>);
	if (bands.length !== LFD_BANDS.length && ranges.length === 0) return undefined;
	const riskRanges = filters.risks?.map((risk) => LFD_RISK_RANGES[risk]);
	const onlyLfdRisks = riskRanges?.length && riskRanges.every((range) => range !== undefined);
	if (ranges.includes('none')) return ranges.length === 1 && !onlyLfdRisks ? 'none' : undefined;
	let days = ranges as DayRange[];
	if (onlyLfdRisks) {
		// both hold: intersect the bands' hull with the risks' hull
		const risky = hull(riskRanges as DayRange[]);
		days = days.length ? [intersect(hull(days), risky)] : [risky];
	}
	return days.length ? hull(days) : undefined;
}

function hull(ranges: DayRange[]): DayRange {
	return {
		from: ranges.some((r) => r.from === undefined)
			? undefined
			: Math.min(...ranges.map((r) => r.from!)),
		to: ranges.some((r) => r.to === undefined) ? undefined : Math.max(...ranges.map((r) => r.to!)),
	};
}

function intersect(a: DayRange, b: DayRange): DayRange {
	const pick = (x: number | undefined, y: number | undefined, f: (...n: number[]) => number) =>
		x === undefined ? y : y === undefined ? x : f(x, y);
	return { from: pick(a.from, b.from, Math.max), to: pick(a.to, b.to, Math.min) };
}

/**
 * Whether a date the service stores lies within the bounds dateBounds sends for `range` (one day wider each
 * side): a record outside them shows that the service did not apply the filter.
 */
export function withinBounds(value: unknown, range: DayRange, now: Date): boolean {
	if (typeof value !== 'string' || value === '') return false;
	const time = Date.parse(value);
	if (Number.isNaN(time)) return false;
	const day = utcDay(time) - utcDay(now.getTime());
	return (
		(range.from === undefined || day >= range.from - 1) &&
		(range.to === undefined || day <= range.to + 1)
	);
}
