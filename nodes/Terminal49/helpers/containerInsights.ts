import type { IDataObject } from 'n8n-workflow';

/**
 * Fields derived from a container's terminal data, the same for the action node and the trigger:
 * ready_for_pickup, active_holds, pending_holds, fees_total, pickup_lfd_source, days_until_pickup_lfd.
 */
export interface ContainerInsights extends IDataObject {
	ready_for_pickup: boolean;
	active_holds: string[];
	pending_holds: string[];
	/** Sum per currency of the individual fees, `total` items excluded. */
	fees_total: IDataObject;
	pickup_lfd_source: 'line' | 'terminal' | 'rail' | null;
	/** Calendar days from today to the LFD in the destination's time zone; negative once past. */
	days_until_pickup_lfd: number | null;
	lfd_time_zone: string | null;
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

function isValidTimeZone(zone: unknown): zone is string {
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

function dayNumber(isoDate: string): number {
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

/**
 * Derives the insight fields. `timeZone` is the destination's IANA zone (the shipment's
 * destination_timezone or pod_timezone, or the terminal's); without one, UTC is used and said so.
 */
export function containerInsights(
	container: IDataObject,
	timeZone?: unknown,
	now: Date = new Date(),
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
	const lfd = container.pickup_lfd;
	if (typeof lfd === 'string' && lfd) {
		const instant = Date.parse(lfd);
		if (!Number.isNaN(instant)) {
			// A date-only LFD is a calendar day already; a date-time is read in the destination's zone.
			const lfdDay = /^\d{4}-\d{2}-\d{2}$/.test(lfd)
				? lfd
				: cachedLocalDate(instant, zone ?? 'UTC');
			// "Today" to the minute: the date of a zone cannot change within one.
			const today = cachedLocalDate(Math.floor(now.getTime() / 60_000) * 60_000, zone ?? 'UTC');
			daysUntil = dayNumber(lfdDay) - dayNumber(today);
		}
	}

	return {
		ready_for_pickup: container.available_for_pickup === true && activeHolds.length === 0,
		active_holds: activeHolds,
		pending_holds: pendingHolds,
		fees_total: feesTotal,
		pickup_lfd_source: pickupLfdSource(container.import_deadlines),
		days_until_pickup_lfd: daysUntil,
		lfd_time_zone: zone ?? (daysUntil === null ? null : 'UTC'),
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
): IDataObject {
	return addContainerInsights({ ...container }, shipment, now);
}

/** Adds the insight fields to a container item the caller owns (no copy: the list hot path). */
export function addContainerInsights(
	container: IDataObject,
	shipment?: IDataObject,
	now?: Date,
): IDataObject {
	return Object.assign(
		container,
		containerInsights(container, containerTimeZone(container, shipment), now),
	);
}
