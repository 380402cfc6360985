import type { IDataObject } from 'n8n-workflow';

import { dateOfDayNumber, dayNumber, dayNumberOf, todayNumberIn } from './calendar';
import type { Deadline } from './deadlines';
import { leftPortByRail } from './deadlines';
import type { FreeTimeCount } from './freeTime';
import { holidayDays, isWorkingDay, lastFreeDay } from './freeTime';
import { emptyReturned, fullOutOf } from './pickupDates';
import { notArrived } from './statuses';
import type { ChargeClockKind, ClockStart, MatchedTariffs, Tariff, TariffKey } from './tariffs';
import { chargeForDays, tierOf, tierText } from './tariffRates';

/**
 * A container's charge clocks (demurrage, detention, or one combined D&D clock): when free time starts and
 * ends, which days are charged so far, and what they cost by the user's tariff. Terminal49 decides what it can
 * (its selected last free day ends demurrage's free time; its own return deadline, if it ever sends one, ends
 * detention's); the tariff counts the rest. An estimate that cannot be told is null with the reason, never 0
 * and never a guess (API-DRIFT.md section 7: "Do not calculate fees unless the required tariff and timing
 * inputs are present"). The days charged follow from the dates alone, so they are given even without a tariff.
 */

/** Where a clock is: not started, in free time, charging, stopped (picked up or returned), or not known. */
export type ClockStatus = 'not_started' | 'free_time' | 'charging' | 'stopped' | 'unknown';

/** Where the end of free time comes from. */
export type FreeTimeEndSource = 'terminal49' | 'tariff';

/** The days ahead of today the projection covers (a question such as "by Friday" within a week). */
export const PROJECTION_DAYS = 7;

/** One clock of a container, as the output shows it (All Fields). */
export interface ChargeClock extends IDataObject {
	clock: ChargeClockKind;
	status: ClockStatus;
	/** What starts it: discharge, availability or full out; the day it started (YYYY-MM-DD) once known. */
	starts_at: ClockStart;
	started_on: string | null;
	/** Free time: its days, how they count, its first and last day, and whose last day it is. */
	free_days: number | null;
	free_time_counts: FreeTimeCount | null;
	free_time_start: string | null;
	free_time_end: string | null;
	free_time_end_source: FreeTimeEndSource | null;
	/** The day it stopped (picked up, or the empty returned); null while it runs. */
	stopped_on: string | null;
	/** Calendar days charged so far (after free time, through today or the stop), and which. */
	days_charged: number | null;
	charged_from: string | null;
	charged_through: string | null;
	/** The tier of the last day charged (today's while it runs), in words; null in free time or unknown. */
	current_tier: string | null;
	/** Estimated from the user's tariff: so far, and if nothing moves by tomorrow; null when not known. */
	estimated_so_far: number | null;
	estimated_by_tomorrow: number | null;
	currency: string | null;
	tariff_reference: string | null;
	/** Why the estimate is not known (no tariff, no start, tracking stopped, stale data); null when it is. */
	estimate_unknown_reason: string | null;
	/**
	 * While the clock runs: the estimate through each of the next PROJECTION_DAYS days, tomorrow first (null
	 * where the tariff has no rate), from `projection_from` on: "what if it is not picked up by Friday". Numbers
	 * only (no object a day): a page of containers carries a hundred of them.
	 */
	projection_from: string | null;
	projection: Array<number | null>;
}

/** What the clocks are judged on, derived once by the insights (containerInsights.ts). */
export interface ChargeContext {
	tariffs: MatchedTariffs;
	key: TariffKey;
	/** The watched LFD: Terminal49's selection, or the one the user watches on the older serializer. */
	lfd: Deadline | null;
	/** Terminal49's own return deadline (emptyReturn.ts) as sent; null while it sends none. */
	ownReturnBy: string | null;
	zones: { port?: string; inland?: string; pickup?: string; returned?: string };
	now: Date;
	closed: boolean;
	byRail: boolean;
	terminalDataFresh: boolean;
	terminalCheckedAt: string | null;
	trackingStoppedAt: string | null;
}

/** A day (day number) of a date or date-time value in a zone, or null. */
const dayOf = (value: unknown, zone: string | undefined): number | null =>
	dayNumberOf(value, zone ?? 'UTC');

const iso = (day: number | null) => (day === null ? null : dateOfDayNumber(day));

/** The free days between two days by a tariff's count (both counted); for an end Terminal49 chose. */
function freeDaysBetween(start: number, end: number, tariff: Tariff | null): number {
	if (end < start) return 0;
	if (!tariff || tariff.freeTimeCount === 'calendar') return end - start + 1;
	const holidays = holidayDays(tariff.holidays);
	let days = 0;
	for (let day = start; day <= end; day++) if (isWorkingDay(day, holidays)) days += 1;
	return days;
}

/** The span of one clock: its start, the end of its free time, its stop, and why any is not known. */
interface Span {
	kind: ChargeClockKind;
	tariff: Tariff | null;
	startsAt: ClockStart;
	start: number | null;
	freeEnd: number | null;
	freeEndSource: FreeTimeEndSource | null;
	stop: number | null;
	today: number;
	/** The clock has not started yet (nothing is charged, nothing is unknown). */
	notStarted: boolean;
	/** Why the dates are not known (the clock runs, but from or to when cannot be told). */
	datesUnknown: string | null;
	/** Why the estimate is not known although the dates may be (tracking stopped, stale data). */
	doubt: string | null;
}

/** The end of free time a tariff gives from a start day. */
function tariffFreeEnd(tariff: Tariff, start: number): number {
	return lastFreeDay(start, tariff.freeDays, tariff.freeTimeCount, holidayDays(tariff.holidays));
}

/** Why a running clock's estimate is in doubt: tracking stopped, or (at the terminal) stale data. */
function doubtOf(context: ChargeContext, atTerminal: boolean): string | null {
	if (context.trackingStoppedAt)
		return `Terminal49 stopped tracking on ${context.trackingStoppedAt.slice(0, 10)}: whether the container moved since is not known`;
	if (atTerminal && !context.terminalDataFresh)
		return context.terminalCheckedAt
			? `the terminal's data is stale (last checked ${context.terminalCheckedAt.slice(0, 10)}): whether the container is still there is not known`
			: 'Terminal49 reports no check of the terminal (terminal_checked_at): whether the container is still there is not known';
	return null;
}

/** The start of a clock that starts at the port (discharge, or availability: a date Terminal49 does not send). */
function portStart(
	container: IDataObject,
	startsAt: ClockStart,
	context: ChargeContext,
): { start: number | null; reason: string | null } {
	if (startsAt === 'availability')
		return {
			start: null,
			reason:
				'Terminal49 reports no availability date: start the tariff at discharge, or wait for the last free day',
		};
	const start = dayOf(container.pod_discharged_at, context.zones.port);
	return { start, reason: start === null ? 'no discharge time reported' : null };
}

/** The start of demurrage at the inland ramp of a rail move: the unload there (its calendar); null before. */
function inlandStart(
	container: IDataObject,
	context: ChargeContext,
): { start: number | null; reason: string | null } {
	const start = dayOf(container.ind_rail_unloaded_at, context.zones.inland);
	return { start, reason: start === null ? 'no unload at the inland ramp reported' : null };
}

/**
 * Demurrage: at the port, from discharge (or availability) until picked up full. A container going on by rail
 * is counted at the port until it leaves it by rail (the LFD watched there is the port's, deadlines.ts), then at
 * its inland ramp from the unload there (the rail LFD); on the train it sits at no terminal: not started. What
 * the port charged before it left is not carried over.
 */
function demurrageSpan(
	container: IDataObject,
	tariff: Tariff | null,
	context: ChargeContext,
): Span {
	const inland = context.byRail && leftPortByRail(container);
	const zone = context.lfd?.zone ?? (inland ? context.zones.inland : context.zones.port);
	const today = todayNumberIn(zone ?? 'UTC', context.now);
	const startsAt = tariff?.startsAt === 'availability' ? 'availability' : 'discharge';
	const { start, reason } = inland
		? inlandStart(container, context)
		: portStart(container, startsAt, context);
	const fullOut = fullOutOf(container, context.byRail);
	const stop = dayOf(fullOut, context.zones.pickup ?? zone);
	const beforeStart = inland ? start === null && !context.closed : notArrived(container);
	let freeEnd: number | null = null;
	let freeEndSource: FreeTimeEndSource | null = null;
	if (context.lfd && !(inland && beforeStart)) {
		freeEnd = dayNumber(context.lfd.date);
		freeEndSource = 'terminal49';
	} else if (tariff && start !== null) {
		freeEnd = tariffFreeEnd(tariff, start);
		freeEndSource = 'tariff';
	}
	const pickedUpUndated = context.closed && stop === null;
	return {
		kind: 'demurrage',
		tariff,
		startsAt,
		start,
		freeEnd,
		freeEndSource,
		stop,
		today,
		notStarted: freeEnd === null && beforeStart,
		datesUnknown: pickedUpUndated
			? 'picked up, but no full-out time reported'
			: freeEnd === null
				? context.lfd === null && !tariff
					? 'no last free day reported'
					: (reason ?? 'no last free day reported')
				: null,
		doubt: stop === null && !context.closed ? doubtOf(context, true) : null,
	};
}

/** Detention: out of the terminal, from full out until the empty is returned. */
function detentionSpan(
	container: IDataObject,
	tariff: Tariff | null,
	context: ChargeContext,
): Span {
	const zone = context.zones.pickup;
	const today = todayNumberIn(zone ?? 'UTC', context.now);
	const start = dayOf(fullOutOf(container, context.byRail), zone);
	const stop = dayOf(container.empty_terminated_at, context.zones.returned ?? zone);
	let freeEnd: number | null = null;
	let freeEndSource: FreeTimeEndSource | null = null;
	const own = context.ownReturnBy === null ? null : dayOf(context.ownReturnBy, zone);
	if (own !== null) {
		freeEnd = own;
		freeEndSource = 'terminal49';
	} else if (tariff && start !== null) {
		freeEnd = tariffFreeEnd(tariff, start);
		freeEndSource = 'tariff';
	}
	const returned = emptyReturned(container);
	return {
		kind: 'detention',
		tariff,
		startsAt: 'full_out',
		start,
		freeEnd,
		freeEndSource,
		stop,
		today,
		notStarted: start === null && !context.closed,
		datesUnknown:
			start === null
				? 'picked up, but no full-out time reported'
				: returned && stop === null
					? 'returned, but no empty-return time reported'
					: freeEnd === null
						? 'no return deadline: Terminal49 sends none, and no detention tariff is set'
						: null,
		doubt: returned ? null : doubtOf(context, false),
	};
}

/** One combined D&D clock: from discharge (or availability) until the empty is returned. */
function combinedSpan(container: IDataObject, tariff: Tariff, context: ChargeContext): Span {
	const zone = context.zones.port;
	const today = todayNumberIn(zone ?? 'UTC', context.now);
	const { start, reason } = portStart(container, tariff.startsAt, context);
	const stop = dayOf(container.empty_terminated_at, context.zones.returned ?? context.zones.pickup);
	const returned = emptyReturned(container);
	return {
		kind: 'combined',
		tariff,
		startsAt: tariff.startsAt === 'availability' ? 'availability' : 'discharge',
		start,
		freeEnd: start === null ? null : tariffFreeEnd(tariff, start),
		freeEndSource: start === null ? null : 'tariff',
		stop,
		today,
		notStarted: start === null && notArrived(container),
		datesUnknown:
			start === null
				? reason
				: returned && stop === null
					? 'returned, but no empty-return time reported'
					: null,
		doubt: returned ? null : doubtOf(context, !context.closed),
	};
}

/** A span's clock as the output shows it. */
function clockOf(span: Span, key: TariffKey): ChargeClock {
	const { tariff, start, freeEnd, stop, today } = span;
	const base: ChargeClock = {
		clock: span.kind,
		status: 'unknown',
		starts_at: span.startsAt,
		started_on: iso(start),
		free_days:
			freeEnd === null
				? null
				: span.freeEndSource === 'tariff'
					? tariff!.freeDays
					: start === null
						? null
						: freeDaysBetween(start, freeEnd, tariff),
		free_time_counts: tariff?.freeTimeCount ?? null,
		free_time_start: iso(start),
		free_time_end: iso(freeEnd),
		free_time_end_source: span.freeEndSource,
		stopped_on: iso(stop),
		days_charged: null,
		charged_from: null,
		charged_through: null,
		current_tier: null,
		estimated_so_far: null,
		estimated_by_tomorrow: null,
		currency: tariff?.currency ?? null,
		tariff_reference: tariff?.reference ?? null,
		estimate_unknown_reason: null,
		projection_from: null,
		projection: [],
	};
	if (span.notStarted) {
		base.status = 'not_started';
		base.estimate_unknown_reason = 'not started';
		return base;
	}
	if (span.datesUnknown !== null || freeEnd === null) {
		base.estimate_unknown_reason = span.datesUnknown ?? 'not known';
		return base;
	}
	if (span.doubt !== null && today > freeEnd) {
		// past free time, and whether it is still there (or moved since) is not known: the days charged through
		// today would be a guess; the first day charged is a fact
		base.charged_from = iso(freeEnd + 1);
		base.estimate_unknown_reason = span.doubt;
		return base;
	}
	const through = stop ?? today;
	const days = Math.max(0, through - freeEnd);
	const daysByTomorrow = stop !== null ? days : Math.max(0, today + 1 - freeEnd);
	base.status = stop !== null ? 'stopped' : today > freeEnd ? 'charging' : 'free_time';
	base.days_charged = days;
	base.charged_from = days > 0 ? iso(freeEnd + 1) : null;
	base.charged_through = days > 0 ? iso(freeEnd + days) : null;
	if (!tariff) {
		base.estimate_unknown_reason = `no ${span.kind} tariff for ${key.shippingLine ?? 'this shipping line'}${key.port ? ` at ${key.port}` : ''}`;
		return base;
	}
	if (span.doubt !== null) {
		base.estimate_unknown_reason = span.doubt;
		return base;
	}
	const tier = days > 0 ? tierOf(tariff.tiers, days) : null;
	base.current_tier = tier ? tierText(tier, tariff.currency) : null;
	base.estimated_so_far = chargeForDays(tariff.tiers, days);
	base.estimated_by_tomorrow = chargeForDays(tariff.tiers, daysByTomorrow);
	if (base.estimated_so_far === null)
		base.estimate_unknown_reason = `the tariff "${tariff.reference}" has no rate for charged day ${days}`;
	else if (base.estimated_by_tomorrow === null)
		base.estimate_unknown_reason = `the tariff "${tariff.reference}" has no rate for charged day ${daysByTomorrow}`;
	if (stop === null) {
		base.projection_from = dateOfDayNumber(today + 1);
		for (let ahead = 1; ahead <= PROJECTION_DAYS; ahead++)
			base.projection.push(chargeForDays(tariff.tiers, Math.max(0, today + ahead - freeEnd)));
	}
	return base;
}

/** A container's clocks: a combined one, or demurrage and detention (each with or without a tariff). */
export interface ChargeClocks {
	demurrage: ChargeClock | null;
	detention: ChargeClock | null;
	combined: ChargeClock | null;
}

export function chargeClocks(container: IDataObject, context: ChargeContext): ChargeClocks {
	const { tariffs, key } = context;
	if (tariffs.combined)
		return {
			demurrage: null,
			detention: null,
			combined: clockOf(combinedSpan(container, tariffs.combined, context), key),
		};
	return {
		demurrage: clockOf(demurrageSpan(container, tariffs.demurrage, context), key),
		detention: clockOf(detentionSpan(container, tariffs.detention, context), key),
		combined: null,
	};
}
