import type { IDataObject } from 'n8n-workflow';

/** Days ahead of the last free day counted as "imminent" unless the node says otherwise. */
export const DEFAULT_IMMINENT_DAYS = 3;
/**
 * Terminal data checked longer ago than this is stale: its LFD, holds and availability are not trusted to
 * make a container urgent. Seven days, as Terminal49's own assistant tools judge `terminal_checked_at`.
 */
export const TERMINAL_DATA_FRESH_DAYS = 7;
const FRESH_MS = TERMINAL_DATA_FRESH_DAYS * 86_400_000;

/** The 13 `current_status` values of the service (openapi.json), in journey order. */
export const CONTAINER_STATUSES = [
	'new',
	'on_ship',
	'available',
	'not_available',
	'grounded',
	'on_rail',
	'awaiting_inland_transfer',
	'picked_up',
	'off_dock',
	'delivered',
	'dropped',
	'loaded',
	'empty_returned',
] as const;

/** Hold names as the service writes them (case-sensitive; service-spec.md). */
export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const;

/** The statuses of a container whose import is over: picked up, delivered, or empty returned. */
export const CLOSED_STATUSES: readonly string[] = ['picked_up', 'delivered', 'empty_returned'];
/** The other ten: a container not closed has one of these (current_status is never null: openapi.json). */
export const OPEN_STATUSES: readonly string[] = CONTAINER_STATUSES.filter(
	(status) => !CLOSED_STATUSES.includes(status),
);

/** Where the last free day stands, in the calendar of the place the container is picked up. */
export type LfdBand = 'overdue' | 'today' | 'imminent' | 'later' | 'none';
export const LFD_BANDS: readonly LfdBand[] = ['overdue', 'today', 'imminent', 'later', 'none'];
/** `closed` and `stale` win over the band: such a container is never urgent. */
export type Urgency = 'closed' | 'stale' | LfdBand;

/**
 * Fields derived from a container's terminal data, the same for the action node and the trigger:
 * ready_for_pickup, active_holds, pending_holds, fees_total, fees_text, pickup_lfd_source, days_until_pickup_lfd,
 * pickup_lfd_date,
 * lfd_time_zone, lfd_band, terminal_checked_at, terminal_data_fresh, closed, urgency, urgent.
 */
export interface ContainerInsights extends IDataObject {
	ready_for_pickup: boolean;
	active_holds: string[];
	pending_holds: string[];
	/** Sum per currency of the individual fees, `total` items excluded. */
	fees_total: IDataObject;
	/** fees_total as text for a message or table, e.g. `450.00 USD` (`450.00 USD, 20.00 CAD`); empty when none. */
	fees_text: string;
	pickup_lfd_source: 'line' | 'terminal' | 'rail' | null;
	/** Calendar days from today to the LFD in the destination's time zone; negative once past. */
	days_until_pickup_lfd: number | null;
	/** The LFD's calendar day (YYYY-MM-DD) where the container is picked up; null without an LFD. */
	pickup_lfd_date: string | null;
	lfd_time_zone: string | null;
	/** overdue (< 0 days), today (0), imminent (1 to N days), later (> N), none (no LFD). */
	lfd_band: LfdBand;
	/** When Terminal49 last checked the terminal (as sent; null when never). */
	terminal_checked_at: string | null;
	/** Whether the terminal was checked within TERMINAL_DATA_FRESH_DAYS. */
	terminal_data_fresh: boolean;
	/** Picked up, delivered or empty returned (by status or by the milestone's date). */
	closed: boolean;
	/** closed, else none (no LFD), else stale, else the LFD band. */
	urgency: Urgency;
	/** urgency is overdue, today or imminent: open, fresh terminal data, LFD past or within N days. */
	urgent: boolean;
}

interface Hold {
	name?: unknown;
	status?: unknown;
}

interface Fee {
	type?: unknown;
	amount?: unknown;
	currency_code?: unknown;
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

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
 * already; null for a value that is not a date.
 */
export function calendarDayOf(value: string, zone: string): string | null {
	const instant = Date.parse(value);
	if (Number.isNaN(instant)) return null;
	return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : cachedLocalDate(instant, zone);
}

/** Today's calendar day in `zone`, remembered to the minute (the date of a zone cannot change within one). */
export function todayIn(zone: string, now: Date = new Date()): string {
	return cachedLocalDate(Math.floor(now.getTime() / 60_000) * 60_000, zone);
}

/** Days since 1970-01-01 of a calendar date (YYYY-MM-DD): the difference of two is a count of calendar days. */
export function dayNumber(isoDate: string): number {
	const [y, m, d] = isoDate.split('-').map(Number);
	return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/**
 * The LFD source by the service's fixed priority (shipping line, then terminal, then rail), not the
 * earliest date: the first source with a value is the one `pickup_lfd` comes from.
 */
export function pickupLfdSource(importDeadlines: unknown): 'line' | 'terminal' | 'rail' | null {
	const deadlines = (
		importDeadlines && typeof importDeadlines === 'object' ? importDeadlines : {}
	) as IDataObject;
	if (deadlines.pickup_lfd_line) return 'line';
	if (deadlines.pickup_lfd_terminal) return 'terminal';
	if (deadlines.pickup_lfd_rail) return 'rail';
	return null;
}

/** The band of a day count (days_until_pickup_lfd); `imminentDays` is N of "within N days". */
export function lfdBand(daysUntil: number | null, imminentDays = DEFAULT_IMMINENT_DAYS): LfdBand {
	if (daysUntil === null) return 'none';
	if (daysUntil < 0) return 'overdue';
	if (daysUntil === 0) return 'today';
	return daysUntil <= imminentDays ? 'imminent' : 'later';
}

/** Whether `terminal_checked_at` is at most TERMINAL_DATA_FRESH_DAYS before `now` (never checked: no). */
export function terminalDataFresh(checkedAt: unknown, now: Date): boolean {
	if (typeof checkedAt !== 'string' || !checkedAt) return false;
	const checked = Date.parse(checkedAt);
	return !Number.isNaN(checked) && now.getTime() - checked <= FRESH_MS;
}

/**
 * Whether the container's import is over: its status says picked up, delivered or empty returned, or the
 * date of one of those milestones is set (`delivered_at`, `empty_terminated_at`, the inland pickup
 * `final_destination_full_out_at`, or `pod_full_out_at` for a container that does not go on by rail: for
 * one that does, it is the train leaving the port, as the live rail records show). A picked-up container
 * keeps its old pickup_lfd for months (real-responses): that LFD is no longer anyone's deadline.
 */
export function containerClosed(container: IDataObject): boolean {
	if (CLOSED_STATUSES.includes(container.current_status as string)) return true;
	if (container.delivered_at || container.empty_terminated_at) return true;
	if (container.final_destination_full_out_at) return true;
	if (!container.pod_full_out_at) return false;
	const deadlines = (container.import_deadlines ?? {}) as IDataObject;
	const byRail =
		container.pod_rail_loaded_at ||
		container.pod_rail_carrier_scac ||
		container.ind_rail_carrier_scac ||
		container.ind_eta_at ||
		container.ind_ata_at ||
		deadlines.pickup_lfd_rail;
	return !byRail;
}

/**
 * Derives the insight fields. `timeZone` is the destination's IANA zone (the shipment's
 * destination_timezone or pod_timezone, or the terminal's); without one, UTC is used and said so.
 * `imminentDays`: how many days ahead an LFD is "imminent" (default 3).
 */
export function containerInsights(
	container: IDataObject,
	timeZone?: unknown,
	now: Date = new Date(),
	imminentDays: number = DEFAULT_IMMINENT_DAYS,
): ContainerInsights {
	const holds = asArray<Hold>(container.holds_at_pod_terminal);
	const activeHolds = holds
		.filter((hold) => hold?.status === 'hold')
		.map((hold) => String(hold.name));
	const pendingHolds = holds
		.filter((hold) => hold?.status === 'pending')
		.map((hold) => String(hold.name));

	const feesTotal: IDataObject = {};
	for (const fee of asArray<Fee>(container.fees_at_pod_terminal)) {
		if (!fee || fee.type === 'total') continue;
		const amount = Number(fee.amount);
		if (!Number.isFinite(amount)) continue;
		const currency =
			typeof fee.currency_code === 'string' && fee.currency_code ? fee.currency_code : 'USD';
		feesTotal[currency] = Math.round(((Number(feesTotal[currency]) || 0) + amount) * 100) / 100;
	}

	const zone = isValidTimeZone(timeZone) ? timeZone : null;
	let daysUntil: number | null = null;
	let lfdDate: string | null = null;
	const lfd = container.pickup_lfd;
	if (typeof lfd === 'string' && lfd) {
		// A date-only LFD is a calendar day already; a date-time is read in the destination's zone.
		const lfdDay = calendarDayOf(lfd, zone ?? 'UTC');
		if (lfdDay !== null) {
			daysUntil = dayNumber(lfdDay) - dayNumber(todayIn(zone ?? 'UTC', now));
			lfdDate = lfdDay;
		}
	}

	const band = lfdBand(daysUntil, imminentDays);
	const checkedAt =
		typeof container.terminal_checked_at === 'string' ? container.terminal_checked_at : null;
	const fresh = terminalDataFresh(checkedAt, now);
	const closed = containerClosed(container);
	const urgency: Urgency = closed ? 'closed' : band === 'none' ? 'none' : fresh ? band : 'stale';

	return {
		ready_for_pickup: container.available_for_pickup === true && activeHolds.length === 0,
		active_holds: activeHolds,
		pending_holds: pendingHolds,
		fees_total: feesTotal,
		fees_text: Object.entries(feesTotal)
			.map(([currency, amount]) => `${Number(amount).toFixed(2)} ${currency}`)
			.join(', '),
		pickup_lfd_source: pickupLfdSource(container.import_deadlines),
		days_until_pickup_lfd: daysUntil,
		pickup_lfd_date: lfdDate,
		lfd_time_zone: zone ?? (daysUntil === null ? null : 'UTC'),
		lfd_band: band,
		terminal_checked_at: checkedAt,
		terminal_data_fresh: fresh,
		closed,
		urgency,
		urgent: urgency === 'overdue' || urgency === 'today' || urgency === 'imminent',
	};
}

/**
 * Whether the container is picked up at an inland destination (it travels on by rail from the port of
 * discharge): its LFD is the rail facility's (`pickup_lfd_rail`), or there is inland rail data.
 */
function pickedUpInland(container: IDataObject): boolean {
	const source = pickupLfdSource(container.import_deadlines);
	if (source !== null) return source === 'rail';
	return Boolean(container.ind_rail_carrier_scac || container.ind_eta_at || container.ind_ata_at);
}

/**
 * The time zone of the place the container is picked up, where its LFD is a calendar day: the inland
 * destination's for a rail LFD (`final_destination_timezone`, the shipment's `destination_timezone`), else the
 * port of discharge's (`pod_timezone`, the shipment's, the POD terminal's); the other as a fallback.
 */
export function containerTimeZone(
	container: IDataObject,
	shipment?: IDataObject,
): string | undefined {
	const ownShipment = container.shipment as IDataObject | undefined;
	const destination = [
		container.final_destination_timezone,
		shipment?.destination_timezone,
		ownShipment?.destination_timezone,
	];
	const port = [
		container.pod_timezone,
		shipment?.pod_timezone,
		ownShipment?.pod_timezone,
		(container.pod_terminal as IDataObject | undefined)?.time_zone,
	];
	const candidates = pickedUpInland(container)
		? [...destination, ...port]
		: [...port, ...destination];
	return candidates.find(isValidTimeZone);
}

/** A container item with its insight fields added (a new object; `container` is left as it was). */
export function withContainerInsights(
	container: IDataObject,
	shipment?: IDataObject,
	now?: Date,
	imminentDays?: number,
): IDataObject {
	return addContainerInsights({ ...container }, shipment, now, imminentDays);
}

/** Adds the insight fields to a container item the caller owns (no copy: the list hot path). */
export function addContainerInsights(
	container: IDataObject,
	shipment?: IDataObject,
	now?: Date,
	imminentDays?: number,
): IDataObject {
	return Object.assign(
		container,
		containerInsights(container, containerTimeZone(container, shipment), now, imminentDays),
	);
}
