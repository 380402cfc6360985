/**
 * The Port-of-Discharge last free day in the two generations of Terminal49's container serializer
 * (API-DRIFT.md section 6; Terminal49/API packages/mcp/src/tools/fixtures/pod-deadline-contract.json):
 *
 * - `selected`: `import_deadlines.pod.{line,facility}` `{original, current, calculated, manual}` and
 *   `pod.unified` `{original_value, original_selection, current_value, current_selection}`, the day
 *   Terminal49 selected for the account; `pickup_lfd` is the sentinel `2099-12-31`, the flat
 *   `pickup_lfd_line` / `pickup_lfd_terminal` are absent, `pickup_lfd_rail` stays flat.
 * - `legacy`: the flat keys and `pickup_lfd` coalesced line → terminal → rail.
 *
 * `selectPodLfd` is the sandbox's own stand-in for Terminal49's selection, which is not documented: facility
 * first, then the line's reported day, then its calculated day. A client must read `unified` and never
 * re-implement this.
 */
import type { ContainerRec, DeadlineShape, PodSelected } from './types';
import { iso } from './util';

export const DEADLINE_SHAPES: readonly DeadlineShape[] = ['legacy', 'selected'];

/** `pickup_lfd` on the selected-deadline serializer: a value no client may show. */
export const LEGACY_LFD_SENTINEL = '2099-12-31';

/** The line's last free day as this account sees it (null while the carrier withholds it). */
export function visibleLineLfd(c: ContainerRec): number | null {
	return c.lfdLineWithheld ? null : c.lfdLine;
}

/** `pickup_lfd` of the older serializer: line, then terminal, then rail (priority, not earliest). */
export function coalescedLfd(c: ContainerRec, lfdRail: number | null): number | null {
	return visibleLineLfd(c) ?? c.lfdTerminal ?? lfdRail;
}

/**
 * The sandbox's stand-in for the POD last free day Terminal49 selects: the facility's current day
 * (`facility_manual` when entered by hand), else the line's current day unless the carrier withholds it,
 * else the line's calculated date, else none.
 */
export function selectPodLfd(c: ContainerRec): PodSelected | null {
	if (c.lfdTerminal !== null)
		return {
			value: iso(c.lfdTerminal)!,
			selection: c.lfdTerminalManual ? 'facility_manual' : 'facility',
		};
	const line = visibleLineLfd(c);
	if (line !== null) return { value: iso(line)!, selection: 'line' };
	if (c.lfdLineCalculated) return { value: c.lfdLineCalculated, selection: 'line_calculated' };
	return null;
}

/** `import_deadlines.pod` of the selected-deadline serializer. */
export function podDeadlines(c: ContainerRec) {
	const withheld = !!c.lfdLineWithheld;
	const selected = selectPodLfd(c);
	const original = c.lfdSelectedOriginal ?? null;
	return {
		line: {
			original: withheld ? null : iso(c.lfdLineOriginal ?? null),
			current: withheld ? null : iso(c.lfdLine),
			calculated: c.lfdLineCalculated ?? null,
			manual: false,
		},
		facility: {
			original: iso(c.lfdTerminalOriginal ?? null),
			current: iso(c.lfdTerminal),
			calculated: null,
			manual: c.lfdTerminalManual ?? false,
		},
		unified: {
			original_value: original?.value ?? null,
			original_selection: original?.selection ?? null,
			current_value: selected?.value ?? null,
			current_selection: selected?.selection ?? null,
		},
	};
}

/** The newer serializer's POD deadlines of a container picked up at the port, hidden: no day, no selection. */
export function hiddenPodDeadlines() {
	const none = { original: null, current: null, calculated: null, manual: false };
	return {
		line: none,
		facility: { ...none },
		unified: {
			original_value: null,
			original_selection: null,
			current_value: null,
			current_selection: null,
		},
	};
}

/** What a change can move: the line's and the facility's day and the selected one. */
export interface LfdState {
	line: number | null;
	terminal: number | null;
	selected: PodSelected | null;
}

export function lfdState(c: ContainerRec): LfdState {
	return { line: c.lfdLine, terminal: c.lfdTerminal, selected: selectPodLfd(c) };
}

/**
 * After a change (timeline or control API): a day that had a value and moved to another keeps its first
 * value as `original` (set once; a day that became unknown did not move).
 */
export function keepOriginals(c: ContainerRec, before: LfdState): void {
	const after = lfdState(c);
	if (before.line !== null && after.line !== null && after.line !== before.line)
		c.lfdLineOriginal ??= before.line;
	if (before.terminal !== null && after.terminal !== null && after.terminal !== before.terminal)
		c.lfdTerminalOriginal ??= before.terminal;
	if (before.selected && after.selected && after.selected.value !== before.selected.value)
		c.lfdSelectedOriginal ??= before.selected;
}

/** A calendar date `YYYY-MM-DD` that exists (what `pod.line.calculated` holds). */
export function isCalendarDate(value: unknown): value is string {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
	const d = new Date(`${value}T00:00:00Z`);
	return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
