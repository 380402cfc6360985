import type { IDataObject } from 'n8n-workflow';

import { isValidTimeZone } from './calendar';
import type { DeadlineRule, DeadlineSource, SourceZones, WatchedDeadline } from './deadlines';
import {
	containerDeadlines,
	DEFAULT_WATCHED_DEADLINE,
	movesByRail,
	pickupLfdSource,
	sourceTimeZones,
} from './deadlines';
import type { CostFields } from './containerCosts';
import { containerCosts } from './containerCosts';
import { terminal49ReturnDeadline } from './emptyReturn';
import { feesOf, holdsOf, reportedDemurrage } from './holdsAndFees';
import { emptyReturned } from './pickupDates';
import { clearPlaceholderDates } from './placeholders';
import type { Tariff } from './tariffs';
import { matchTariffs } from './tariffs';
import { asObject, text } from './values';
import { asOfInstant } from './asOf';
import type { PickupStateFields } from './pickupState';
import { pickupState } from './pickupState';
import type { RiskFields } from './risks';
import { containerRisks } from './risks';
import { containerClosed } from './statuses';
import type { LfdBand, Urgency } from './urgency';
import { DEFAULT_IMMINENT_DAYS, isUrgent, lfdBand, terminalDataFresh, urgencyOf } from './urgency';

/**
 * Fields derived from a container's record, the same for the action node and both triggers: pickup readiness
 * (ready_for_pickup, pickup_state, holds), fees, the last free days (Terminal49's coalesced pickup_lfd, the
 * earliest of the three sources, and the one urgency follows), urgency, and the risks a coordinator acts on.
 */
export interface ContainerInsights extends IDataObject, PickupStateFields, RiskFields, CostFields {
	ready_for_pickup: boolean;
	/** Whether the terminal reported holds (false: "not reported"; the lists are then empty, not "none"). */
	holds_reported: boolean;
	active_holds: string[];
	pending_holds: string[];
	/** Whether the terminal reported fees (false: "not reported", never "none"). */
	fees_reported: boolean;
	/**
	 * Sum per currency of the posted fees: the individual lines, or a `total` line where there is no other;
	 * a fee of `0` is pending (fees_pending), not zero.
	 */
	fees_total: IDataObject;
	/** The fee types the terminal reported without an amount yet (`0`). */
	fees_pending: string[];
	/** The fees as text, e.g. `450.00 USD`, `450.00 USD (exam pending)`; empty when none or not reported. */
	fees_text: string;
	/**
	 * Terminal49's LFD: the Port of Discharge LFD it selected (the newer serializer; in the flat item
	 * `pickup_lfd` is then that value, never the serializer's legacy `pickup_lfd`), or its coalesced
	 * `pickup_lfd` (the older one). Source: the selection (`facility`, `facility_manual`, `line`,
	 * `line_calculated`), or the source of the coalesced one by its fixed priority (`line`, `terminal`, `rail`).
	 */
	pickup_lfd_source: DeadlineSource | null;
	/** Calendar days from today to Terminal49's LFD in its calendar; negative once past. */
	days_until_pickup_lfd: number | null;
	/** Terminal49's LFD's calendar day (YYYY-MM-DD) in its calendar; null without an LFD. */
	pickup_lfd_date: string | null;
	/** The time zone Terminal49's LFD is counted in (UTC when the record names none). */
	lfd_time_zone: string | null;
	/** The selected LFD before it moved (newer serializer: `original_value`, when it differs); else null. */
	pickup_lfd_original: string | null;
	pickup_lfd_original_date: string | null;
	/** Calendar days it moved, from the original to the current one (negative: earlier); else null. */
	pickup_lfd_days_moved: number | null;
	/**
	 * The earliest of the line, terminal and rail LFDs (as sent), each in its own calendar (older serializer);
	 * on the newer one, the watched deadline (there is nothing to compare: Terminal49 selected it).
	 */
	earliest_lfd: string | null;
	earliest_lfd_source: DeadlineSource | null;
	earliest_lfd_date: string | null;
	days_until_earliest_lfd: number | null;
	earliest_lfd_time_zone: string | null;
	/** The inland rail LFD of a container at or bound for its inland ramp (its calendar); else null. */
	rail_lfd: string | null;
	rail_lfd_date: string | null;
	days_until_rail_lfd: number | null;
	/**
	 * The rule lfd_band, urgency, urgent and the LFD risks follow: `selected` where Terminal49 selects the LFD
	 * (the newer serializer), else the Deadline to Watch, `earliest` or `pickup_lfd`.
	 */
	lfd_watched: DeadlineRule;
	/** overdue (< 0 days), today (0), imminent (1 to N days), later (> N), none (no LFD), of the watched LFD. */
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
	/**
	 * Where the empty's return deadline stands (overdue, today, imminent, later) for a container picked up
	 * whose empty is not back; none otherwise or without a return deadline.
	 */
	return_band: LfdBand;
	/** return_band is overdue, today or imminent (Urgent Only with Urgent Includes Empty Return). */
	return_urgent: boolean;
	/** When Terminal49's data in this record was current (domain/asOf.ts): UTC, milliseconds, sortable as text. */
	as_of: string;
}

/** How the insights are counted: the clock, the "imminent" window, the deadline urgency follows. */
export interface InsightOptions {
	now?: Date;
	/** How many days ahead an LFD is "imminent" (default 3). */
	imminentDays?: number;
	/** The deadline urgency follows (default: the earliest of the three LFDs). */
	watch?: WatchedDeadline;
	/** The user's demurrage and detention tariffs (none: costs are the terminal's posted fees, or unknown). */
	tariffs?: readonly Tariff[];
	/**
	 * When Terminal49's data of the record was current (`as_of`, domain/asOf.ts): a notification's `created_at`,
	 * a read's start. Default `now`, which a read sets before its request.
	 */
	asOf?: string | Date;
}

/**
 * Derives the insight fields. `zones`: the calendar of each LFD source (sourceTimeZones), or one IANA zone
 * for all; without one, UTC is used and said so in the time zone fields.
 */
export function containerInsights(
	container: IDataObject,
	zones?: SourceZones | string,
	options: InsightOptions = {},
	shipment?: IDataObject,
): ContainerInsights {
	const now = options.now ?? new Date();
	const imminentDays = options.imminentDays ?? DEFAULT_IMMINENT_DAYS;
	const watch = options.watch ?? DEFAULT_WATCHED_DEADLINE;
	const sourceZones: SourceZones =
		typeof zones === 'object'
			? zones
			: isValidTimeZone(zones)
				? { line: zones, terminal: zones, rail: zones }
				: {};

	const holds = holdsOf(container);
	const { active: activeHolds, pending: pendingHolds } = holds;
	const fees = feesOf(container);

	const deadlines = containerDeadlines(container, sourceZones, watch, now);
	const { terminal49, earliest, watched, rail, original } = deadlines;
	const band = lfdBand(watched?.daysUntil ?? null, imminentDays);
	const checkedAt =
		typeof container.terminal_checked_at === 'string' ? container.terminal_checked_at : null;
	const fresh = terminalDataFresh(checkedAt, now);
	const closed = containerClosed(container);
	const urgency = urgencyOf(closed, band, fresh);
	const byRail = movesByRail(container);
	const ownShipment = shipment ?? asObject(container.shipment) ?? {};
	const key = {
		shippingLine: text(ownShipment.shipping_line_scac)?.toUpperCase() ?? null,
		port: text(ownShipment.port_of_discharge_locode)?.toUpperCase() ?? null,
	};

	const costs = containerCosts(
		container,
		{
			tariffs: matchTariffs(options.tariffs ?? [], key),
			key,
			lfd: watched,
			ownReturnBy: terminal49ReturnDeadline(container),
			zones: {
				port: sourceZones.terminal,
				inland: sourceZones.rail,
				pickup: sourceZones.line,
				returned: isValidTimeZone(container.empty_terminated_timezone)
					? container.empty_terminated_timezone
					: sourceZones.line,
			},
			now,
			closed,
			byRail,
			terminalDataFresh: fresh,
			terminalCheckedAt: checkedAt,
			trackingStoppedAt: text(ownShipment.line_tracking_stopped_at),
		},
		reportedDemurrage(fees.lines),
		fees.pending,
	);
	const returnBand: LfdBand =
		closed && !emptyReturned(container)
			? lfdBand(costs.days_until_return_by, imminentDays)
			: 'none';

	const pickup = pickupState(container, activeHolds, closed);
	const risks = containerRisks(container, {
		deadline: watched,
		activeHolds,
		holdsReported: holds.reported,
		terminalDataFresh: fresh,
		closed,
		byRail,
		zones: {
			port: sourceZones.terminal,
			inland: sourceZones.rail,
			pickup: sourceZones.line,
		},
		daysUntilReturnBy: costs.days_until_return_by,
		now,
	});
	// One literal, every field named (no spread): a page of containers builds it a hundred times, and V8 builds
	// a literal of fixed shape far faster than one assembled from spreads
	const insights: ContainerInsights = {
		ready_for_pickup: container.available_for_pickup === true && activeHolds.length === 0,
		pickup_state: pickup.pickup_state,
		pickup_state_text: pickup.pickup_state_text,
		pickup_blocked_by: pickup.pickup_blocked_by,
		holds_reported: holds.reported,
		active_holds: activeHolds,
		pending_holds: pendingHolds,
		fees_reported: fees.reported,
		fees_total: fees.total,
		fees_pending: fees.pending,
		fees_text: fees.text,
		pickup_lfd_source: terminal49?.source ?? null,
		days_until_pickup_lfd: terminal49?.daysUntil ?? null,
		pickup_lfd_date: terminal49?.date ?? null,
		lfd_time_zone:
			(deadlines.rule === 'selected'
				? sourceZones.terminal
				: sourceZones[pickupLfdSource(container.import_deadlines) ?? 'line']) ??
			(terminal49 ? 'UTC' : null),
		pickup_lfd_original: original?.value ?? null,
		pickup_lfd_original_date: original?.date ?? null,
		pickup_lfd_days_moved:
			original && terminal49 ? terminal49.daysUntil - original.daysUntil : null,
		earliest_lfd: earliest?.value ?? null,
		earliest_lfd_source: earliest?.source ?? null,
		earliest_lfd_date: earliest?.date ?? null,
		days_until_earliest_lfd: earliest?.daysUntil ?? null,
		earliest_lfd_time_zone: earliest?.zone ?? null,
		rail_lfd: rail?.value ?? null,
		rail_lfd_date: rail?.date ?? null,
		days_until_rail_lfd: rail?.daysUntil ?? null,
		lfd_watched: deadlines.rule,
		lfd_band: band,
		terminal_checked_at: checkedAt,
		terminal_data_fresh: fresh,
		closed,
		urgency,
		urgent: isUrgent(urgency),
		return_band: returnBand,
		return_urgent: isUrgent(returnBand),
		risks: risks.risks,
		risks_unknown: risks.risks_unknown,
		risks_text: risks.risks_text,
		days_waiting_for_pickup: risks.days_waiting_for_pickup,
		days_since_full_out: risks.days_since_full_out,
		eta_days_late: risks.eta_days_late,
		return_by: costs.return_by,
		return_by_source: costs.return_by_source,
		days_until_return_by: costs.days_until_return_by,
		demurrage: costs.demurrage,
		detention: costs.detention,
		combined_d_and_d: costs.combined_d_and_d,
		demurrage_reported_by_terminal: costs.demurrage_reported_by_terminal,
		cost_so_far: costs.cost_so_far,
		cost_by_tomorrow: costs.cost_by_tomorrow,
		cost_currency: costs.cost_currency,
		cost_basis: costs.cost_basis,
		cost_unknown_reason: costs.cost_unknown_reason,
		costs_text: costs.costs_text,
		as_of: asOfInstant(options.asOf, now),
	};
	// the LFD Terminal49 selected stands in the flat item for the newer serializer's legacy pickup_lfd
	if (deadlines.rule === 'selected') insights.pickup_lfd = terminal49?.value ?? null;
	return insights;
}

/** A container item with its insight fields added (a new object; `container` is left as it was). */
export function withContainerInsights(
	container: IDataObject,
	shipment?: IDataObject,
	options?: InsightOptions,
): IDataObject {
	return addContainerInsights({ ...container }, shipment, options);
}

/** Adds the insight fields to a container item the caller owns (no copy: the list hot path). */
export function addContainerInsights(
	container: IDataObject,
	shipment?: IDataObject,
	options?: InsightOptions,
): IDataObject {
	clearPlaceholderDates(container);
	return Object.assign(
		container,
		containerInsights(container, sourceTimeZones(container, shipment), options, shipment),
	);
}
