import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, dayNumber, isValidTimeZone, todayNumberIn } from './calendar';

/**
 * A container's last free days (LFDs) as deadlines: the three sources Terminal49 reports in
 * `import_deadlines` (the shipping line's, the terminal's, the rail carrier's), each counted in the calendar
 * of the place it applies to, the earliest of them, and Terminal49's coalesced `pickup_lfd`.
 *
 * `pickup_lfd` follows a fixed source priority (shipping line, then terminal, then rail): it is "not the
 * earliest date" (service-spec.md). Terminal49's own guides (lfd-alerts.mdx, holds-and-fees.mdx) say to
 * compare the three and act on the earliest when demurrage exposure is driven by whichever lands first: that
 * is the deadline the nodes watch unless the user chooses `pickup_lfd`.
 */

export type LfdSource = 'line' | 'terminal' | 'rail';
export const LFD_SOURCES: readonly LfdSource[] = ['line', 'terminal', 'rail'];

/** The deadline urgency follows: the earliest of the three LFDs, or Terminal49's coalesced `pickup_lfd`. */
export type WatchedDeadline = 'earliest' | 'pickup_lfd';
/** The default protects the user's money: the deadline that bites first. */
export const DEFAULT_WATCHED_DEADLINE: WatchedDeadline = 'earliest';

/** Days ahead of a last free day counted as "imminent" unless the node says otherwise. */
export const DEFAULT_IMMINENT_DAYS = 3;

/** Where the last free day stands, in the calendar of the place it applies to. */
export type LfdBand = 'overdue' | 'today' | 'imminent' | 'later' | 'none';
export const LFD_BANDS: readonly LfdBand[] = ['overdue', 'today', 'imminent', 'later', 'none'];

/** The time zone each LFD source is a calendar day in (undefined: UTC, said in the item's time zone field). */
export interface SourceZones {
	line?: string;
	terminal?: string;
	rail?: string;
}

/** One deadline: its value as sent, its source, its calendar day and the days until it, in its zone. */
export interface Deadline {
	value: string;
	source: LfdSource | null;
	/** YYYY-MM-DD in `zone`. */
	date: string;
	/** Calendar days from today to `date`, both in `zone`; negative once past. */
	daysUntil: number;
	zone: string;
}

const asObject = (value: unknown): IDataObject =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};

/** The per-source LFD values of a container (`import_deadlines`), as sent. */
export function sourceLfds(container: IDataObject): Record<LfdSource, unknown> {
	const deadlines = asObject(container.import_deadlines);
	return {
		line: deadlines.pickup_lfd_line,
		terminal: deadlines.pickup_lfd_terminal,
		rail: deadlines.pickup_lfd_rail,
	};
}

/**
 * The LFD source by the service's fixed priority (shipping line, then terminal, then rail), not the
 * earliest date: the first source with a value is the one `pickup_lfd` comes from.
 */
export function pickupLfdSource(importDeadlines: unknown): LfdSource | null {
	const deadlines = asObject(importDeadlines);
	if (deadlines.pickup_lfd_line) return 'line';
	if (deadlines.pickup_lfd_terminal) return 'terminal';
	if (deadlines.pickup_lfd_rail) return 'rail';
	return null;
}

/** A deadline from a date or date-time value, counted in `zone` (UTC when none); null for no date. */
export function deadlineOf(
	value: unknown,
	source: LfdSource | null,
	zone: string | undefined,
	now: Date,
): Deadline | null {
	if (typeof value !== 'string' || value === '') return null;
	const counted = zone ?? 'UTC';
	const date = calendarDayOf(value, counted);
	if (date === null) return null;
	return {
		value,
		source,
		date,
		daysUntil: dayNumber(date) - todayNumberIn(counted, now),
		zone: counted,
	};
}

const instantOf = (deadline: Deadline) => Date.parse(deadline.value);

/**
 * The deadline that bites first: the earliest calendar day among the three sources, each in its own
 * calendar (then the earlier instant, then line, terminal, rail); the terminal's is left out once the container
 * left the port by rail. A container that reports no per-source
 * LFD but a `pickup_lfd` (older records, webhook payloads without `import_deadlines`) has that one; one whose
 * only LFD is the terminal's once it left the port by rail has none.
 */
export function earliestDeadline(
	container: IDataObject,
	zones: SourceZones,
	now: Date,
): Deadline | null {
	const values = sourceLfds(container);
	// the terminal's LFD at the port binds no more once the container left it by rail
	const sources = leftPortByRail(container)
		? LFD_SOURCES.filter((source) => source !== 'terminal')
		: LFD_SOURCES;
	let earliest: Deadline | null = null;
	for (const source of sources) {
		const deadline = deadlineOf(values[source], source, zones[source], now);
		if (!deadline) continue;
		if (
			!earliest ||
			deadline.daysUntil < earliest.daysUntil ||
			(deadline.daysUntil === earliest.daysUntil && instantOf(deadline) < instantOf(earliest))
		)
			earliest = deadline;
	}
	if (earliest) return earliest;
	// pickup_lfd only stands in when no source is reported: when the one reported is the terminal's and the
	// container left the port by rail, pickup_lfd is that same terminal LFD, which binds no more
	if (pickupLfdSource(container.import_deadlines) !== null) return null;
	return deadlineOf(container.pickup_lfd, null, zones.line, now);
}

/** Terminal49's coalesced `pickup_lfd`, counted in the calendar of the source it comes from. */
export function coalescedDeadline(
	container: IDataObject,
	zones: SourceZones,
	now: Date,
): Deadline | null {
	const source = pickupLfdSource(container.import_deadlines);
	return deadlineOf(container.pickup_lfd, source, zones[source ?? 'line'], now);
}

/** The band of a day count; `imminentDays` is N of "within N days". */
export function lfdBand(daysUntil: number | null, imminentDays = DEFAULT_IMMINENT_DAYS): LfdBand {
	if (daysUntil === null) return 'none';
	if (daysUntil < 0) return 'overdue';
	if (daysUntil === 0) return 'today';
	return daysUntil <= imminentDays ? 'imminent' : 'later';
}

/**
 * Whether the container is picked up at an inland destination (it travels on by rail from the port of
 * discharge): its coalesced LFD is the rail facility's, or there is inland rail data.
 */
function pickedUpInland(container: IDataObject): boolean {
	const source = pickupLfdSource(container.import_deadlines);
	if (source !== null) return source === 'rail';
	return Boolean(container.ind_rail_carrier_scac || container.ind_eta_at || container.ind_ata_at);
}

/** The port of discharge's zone and the inland destination's, from the container, its shipment or terminal. */
function placeZones(container: IDataObject, shipment?: IDataObject) {
	const ownShipment = asObject(container.shipment);
	const first = (...candidates: unknown[]) =>
		candidates.find(isValidTimeZone) as string | undefined;
	const port = first(
		container.pod_timezone,
		shipment?.pod_timezone,
		ownShipment.pod_timezone,
		asObject(container.pod_terminal).time_zone,
	);
	const inland = first(
		container.final_destination_timezone,
		shipment?.destination_timezone,
		ownShipment.destination_timezone,
	);
	return { port, inland };
}

/**
 * The time zone of the place the container is picked up, where its coalesced LFD is a calendar day: the
 * inland destination's for a rail pickup, else the port of discharge's; the other as a fallback.
 */
export function containerTimeZone(
	container: IDataObject,
	shipment?: IDataObject,
): string | undefined {
	const { port, inland } = placeZones(container, shipment);
	return pickedUpInland(container) ? (inland ?? port) : (port ?? inland);
}

/**
 * The calendar of each source: the terminal's LFD at the port of discharge, the rail carrier's at the inland
 * destination, the shipping line's where the container is picked up (inland for a rail move).
 */
export function sourceTimeZones(container: IDataObject, shipment?: IDataObject): SourceZones {
	const { port, inland } = placeZones(container, shipment);
	return {
		line: pickedUpInland(container) ? (inland ?? port) : (port ?? inland),
		terminal: port ?? inland,
		rail: inland ?? port,
	};
}

/**
 * Whether the container goes on by rail from the port of discharge (the live rail records: a rail carrier, a
 * rail loading, inland ETAs or a rail LFD): its pickup is inland, and `pod_full_out_at` is the train leaving.
 */
export function movesByRail(container: IDataObject): boolean {
	const deadlines = (container.import_deadlines ?? {}) as IDataObject;
	return Boolean(
		container.pod_rail_loaded_at ||
		container.pod_rail_carrier_scac ||
		container.ind_rail_carrier_scac ||
		container.ind_eta_at ||
		container.ind_ata_at ||
		deadlines.pickup_lfd_rail,
	);
}

/**
 * Whether the container has left the port of discharge on the train (loaded on or departed by rail, unloaded
 * inland, or out of the port gate on a rail move): the terminal's LFD at the port is then no deadline any more.
 */
export function leftPortByRail(container: IDataObject): boolean {
	return Boolean(
		container.pod_rail_loaded_at ||
		container.pod_rail_departed_at ||
		container.ind_rail_unloaded_at ||
		container.current_status === 'on_rail' ||
		(container.pod_full_out_at && movesByRail(container)),
	);
}
