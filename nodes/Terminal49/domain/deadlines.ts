import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, dayNumber, isValidTimeZone, todayNumberIn } from './calendar';
import { isPlaceholderDate, withoutPlaceholder } from './placeholders';

/**
 * A container's last free day (LFD): one rule for both generations of Terminal49's container serializer,
 * which every deadline-derived field, filter, order, risk, trigger item and AI-agent answer follows.
 *
 * **Newer serializer** (`import_deadlines.pod` is there, API-DRIFT.md section 6): Terminal49 selects the Port
 * of Discharge LFD this account may see, `pod.unified.current_value`, and says whose it is in
 * `current_selection` (`facility`, `facility_manual`, `line`, `line_calculated`). That is the POD LFD, and the
 * node never chooses between the line, facility, rail or legacy values itself (Terminal49: "consumers must
 * not independently choose"). A null or missing unified value is unknown ("not reported"): nothing falls back
 * to `pickup_lfd` (a sentinel such as 2099-12-31 on that serializer), to the flat keys or to the rail LFD. A
 * date-only value (`line_calculated`) is a day in the terminal's calendar; an instant is read in the port of
 * discharge's time zone. `original_value` differing from `current_value` means the LFD moved.
 *
 * **Older serializer** (no `pod`): the three sources of `import_deadlines` (the shipping line's, the
 * terminal's, the rail carrier's), each counted in the calendar of the place it applies to, and Terminal49's
 * coalesced `pickup_lfd`, which follows a fixed source priority (line, then terminal, then rail): "not the
 * earliest date" (service-spec.md). Terminal49's guides (lfd-alerts.mdx, holds-and-fees.mdx) say to act on the
 * earliest when demurrage exposure is driven by whichever lands first: the deadline the nodes watch unless the
 * user chooses `pickup_lfd` (Deadline to Watch).
 *
 * **Rail, in both**: the inland rail LFD (`import_deadlines.pickup_lfd_rail`, in the inland destination's
 * calendar) is the deadline at the inland ramp (Terminal49's rail guide: the demurrage LFD at the rail
 * terminal of the final destination). It is a separate deadline of a container at or bound for its inland
 * ramp (`rail_lfd`). On the newer serializer the watched deadline is the POD LFD while the container is at the
 * port, and the rail LFD once it has left the port by rail (the POD LFD binds no more); on the older one the
 * earliest keeps counting it as before.
 */

export type LfdSource = 'line' | 'terminal' | 'rail';
export const LFD_SOURCES: readonly LfdSource[] = ['line', 'terminal', 'rail'];

/** Whose POD LFD Terminal49 selected (`pod.unified.current_selection`). */
export type PodSelection = 'facility' | 'facility_manual' | 'line' | 'line_calculated';
export const POD_SELECTIONS: readonly PodSelection[] = [
	'facility',
	'facility_manual',
	'line',
	'line_calculated',
];

/** Whose a deadline is: an older source, or the selection of the newer serializer. */
export type DeadlineSource = LfdSource | PodSelection;

/** The Deadline to Watch option: the earliest of the three LFDs, or Terminal49's coalesced `pickup_lfd`. */
export type WatchedDeadline = 'earliest' | 'pickup_lfd';
/** The default protects the user's money: the deadline that bites first. */
export const DEFAULT_WATCHED_DEADLINE: WatchedDeadline = 'earliest';
/**
 * The rule a container's deadline was read by (`lfd_watched`): the option's, or `selected` where Terminal49
 * selects the LFD itself (the newer serializer: both options follow it).
 */
export type DeadlineRule = WatchedDeadline | 'selected';

/** The time zone each LFD source is a calendar day in (undefined: UTC, said in the item's time zone field). */
export interface SourceZones {
	line?: string;
	terminal?: string;
	rail?: string;
}

/** One deadline: its value as sent, its source, its calendar day and the days until it, in its zone. */
export interface Deadline {
	value: string;
	source: DeadlineSource | null;
	/** YYYY-MM-DD in `zone`. */
	date: string;
	/** Calendar days from today to `date`, both in `zone`; negative once past. */
	daysUntil: number;
	zone: string;
}

const asObject = (value: unknown): IDataObject =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};

/**
 * `pod.unified` of a container of the newer serializer (`{}` when `pod` has none), or undefined for the older
 * serializer (no `import_deadlines.pod`). Accepts the container or its `import_deadlines`.
 */
export function selectedPodLfd(container: IDataObject): IDataObject | undefined {
	const pod = asObject(container.import_deadlines).pod;
	if (!pod || typeof pod !== 'object' || Array.isArray(pod)) return undefined;
	return asObject((pod as IDataObject).unified);
}

/** Whether Terminal49 selects the container's LFD itself (the newer serializer: `import_deadlines.pod`). */
export function selectsLfd(container: IDataObject): boolean {
	return selectedPodLfd(container) !== undefined;
}

/** The per-source LFD values of a container (`import_deadlines`), as sent (the older serializer's). */
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
 * earliest date: the first source with a value is the one `pickup_lfd` comes from (the older serializer).
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
	source: DeadlineSource | null,
	zone: string | undefined,
	now: Date,
): Deadline | null {
	if (typeof value !== 'string' || value === '' || isPlaceholderDate(value)) return null;
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

const selectionOf = (value: unknown): PodSelection | null =>
	POD_SELECTIONS.includes(value as PodSelection) ? (value as PodSelection) : null;

/**
 * The POD LFD Terminal49 selected (`unified.current_value`, in the port's calendar), with its selection;
 * null when it is not reported. Only for the newer serializer (selectsLfd).
 */
function selectedDeadline(unified: IDataObject, zones: SourceZones, now: Date): Deadline | null {
	return deadlineOf(
		unified.current_value,
		selectionOf(unified.current_selection),
		zones.terminal,
		now,
	);
}

/** The inland rail LFD (`pickup_lfd_rail`, in the inland destination's calendar); null without one. */
export function railDeadline(
	container: IDataObject,
	zones: SourceZones,
	now: Date,
): Deadline | null {
	return deadlineOf(sourceLfds(container).rail, 'rail', zones.rail, now);
}

/**
 * The deadline that bites first (the older serializer): the earliest calendar day among the three sources,
 * each in its own calendar (then the earlier instant, then line, terminal, rail); the terminal's is left out
 * once the container left the port by rail. A container that reports no per-source LFD but a `pickup_lfd`
 * (older records, webhook payloads without `import_deadlines`) has that one; one whose only LFD is the
 * terminal's once it left the port by rail has none.
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

/** Terminal49's coalesced `pickup_lfd` (the older serializer), in the calendar of the source it comes from. */
export function coalescedDeadline(
	container: IDataObject,
	zones: SourceZones,
	now: Date,
): Deadline | null {
	const source = pickupLfdSource(container.import_deadlines);
	return deadlineOf(container.pickup_lfd, source, zones[source ?? 'line'], now);
}

/**
 * A container's LFD values as sent, by the one rule: Terminal49's own (the POD LFD it selected, or the older
 * serializer's coalesced `pickup_lfd`; never the newer serializer's legacy `pickup_lfd`) and each source's
 * (the newer serializer's line and facility in `pod`, the older one's flat keys; the rail LFD flat in both).
 * What a comparison of two snapshots reads (the polling trigger's fingerprint).
 */
export function lfdValues(container: IDataObject): {
	terminal49: unknown;
	selection: PodSelection | null;
	sources: Record<LfdSource, unknown>;
} {
	const flat = sourceLfds(container);
	const unified = selectedPodLfd(container);
	// a placeholder is no date (placeholders.ts): a fingerprint holds null for it
	const real = withoutPlaceholder;
	if (unified === undefined)
		return {
			terminal49: real(container.pickup_lfd),
			selection: null,
			sources: { line: real(flat.line), terminal: real(flat.terminal), rail: real(flat.rail) },
		};
	const pod = asObject(asObject(container.import_deadlines).pod);
	return {
		terminal49: unified.current_value ?? null,
		selection: selectionOf(unified.current_selection),
		sources: {
			line: asObject(pod.line).current ?? null,
			terminal: asObject(pod.facility).current ?? null,
			// a rail LFD only for a container bound for its inland ramp (else a placeholder: movesByRail)
			rail: movesByRail(container) ? real(flat.rail) : null,
		},
	};
}

/** A container's deadlines, read by the one rule (see the top of this file). */
export interface ContainerDeadlines {
	/** How they were read: `selected` (the newer serializer), or the Deadline to Watch of the older one. */
	rule: DeadlineRule;
	/**
	 * Terminal49's own LFD: the POD LFD it selected (newer), or its coalesced `pickup_lfd` (older). Never the
	 * newer serializer's legacy `pickup_lfd`.
	 */
	terminal49: Deadline | null;
	/**
	 * The earliest of the line, terminal and rail LFDs (older). On the newer serializer there is nothing to
	 * compare: the watched deadline.
	 */
	earliest: Deadline | null;
	/** The one urgency, the bands, the filters, the order and the LFD risks follow. */
	watched: Deadline | null;
	/** The inland rail LFD of a container at or bound for its inland ramp; null otherwise. */
	rail: Deadline | null;
	/** The selected POD LFD before it moved (newer: `original_value`, when it differs); else null. */
	original: Deadline | null;
}

/** The deadlines of a container (a flat item: attributes at the top), each in its own calendar. */
export function containerDeadlines(
	container: IDataObject,
	zones: SourceZones,
	watch: WatchedDeadline,
	now: Date,
): ContainerDeadlines {
	const rail = movesByRail(container) ? railDeadline(container, zones, now) : null;
	const unified = selectedPodLfd(container);
	if (unified === undefined) {
		const terminal49 = coalescedDeadline(container, zones, now);
		const earliest = earliestDeadline(container, zones, now);
		return {
			rule: watch,
			terminal49,
			earliest,
			watched: watch === 'pickup_lfd' ? terminal49 : earliest,
			rail,
			original: null,
		};
	}
	const selected = selectedDeadline(unified, zones, now);
	const originalValue = unified.original_value;
	const original =
		selected && typeof originalValue === 'string' && originalValue !== selected.value
			? deadlineOf(originalValue, selectionOf(unified.original_selection), zones.terminal, now)
			: null;
	// at the port, the POD LFD; once the container left the port by rail, its LFD at the inland ramp
	const watched = leftPortByRail(container) ? rail : selected;
	return { rule: 'selected', terminal49: selected, earliest: watched, watched, rail, original };
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
 * The time zone of the place whose calendar the container's LFD is a day in: on the newer serializer the port
 * of discharge's (the inland destination's once the container left the port by rail); on the older one the
 * place it is picked up (the inland destination's for a rail pickup, else the port's). The other as a fallback.
 */
export function containerTimeZone(
	container: IDataObject,
	shipment?: IDataObject,
): string | undefined {
	const { port, inland } = placeZones(container, shipment);
	const inlandFirst = selectsLfd(container) ? leftPortByRail(container) : pickedUpInland(container);
	return inlandFirst ? (inland ?? port) : (port ?? inland);
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
 * rail loading, inland ETAs, or on the older serializer a rail LFD): its pickup is inland, and
 * `pod_full_out_at` is the train leaving. On the newer serializer a rail LFD alone is no evidence: Terminal49's
 * contract examples carry a placeholder `pickup_lfd_rail` on containers picked up at the port.
 */
export function movesByRail(container: IDataObject): boolean {
	const deadlines = (container.import_deadlines ?? {}) as IDataObject;
	return Boolean(
		container.pod_rail_loaded_at ||
		container.pod_rail_carrier_scac ||
		container.ind_rail_carrier_scac ||
		container.ind_eta_at ||
		container.ind_ata_at ||
		(deadlines.pickup_lfd_rail && !selectsLfd(container)),
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
