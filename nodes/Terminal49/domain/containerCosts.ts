import type { IDataObject } from 'n8n-workflow';

import { dayNumber, todayNumberIn } from './calendar';
import type { ChargeClock, ChargeClocks, ChargeContext } from './chargeClocks';
import { chargeClocks } from './chargeClocks';
import { CLOCK_NAMES, costsInWords } from './costWords';
import { emptyReturned } from './pickupDates';
import { toCents } from './values';

/**
 * What a container costs, from its charge clocks (chargeClocks.ts) and the terminal's posted demurrage: the
 * empty's return deadline, and one cost so far and by tomorrow that always says where it comes from. Reported
 * and estimated amounts are never added: the cost is the estimate from the user's tariffs where there is one,
 * else the terminal's posted demurrage (labelled so, with no "by tomorrow": Terminal49 "does not predict
 * future values"), else unknown with the reason.
 */

/** Where a cost comes from. */
export type CostBasis = 'estimated from your tariff' | 'reported by the terminal';

export interface CostFields extends IDataObject {
	/** The day the empty must be back (YYYY-MM-DD), whose it is, and calendar days to it (negative: past). */
	return_by: string | null;
	return_by_source: 'terminal49' | 'tariff' | null;
	days_until_return_by: number | null;
	demurrage: ChargeClock | null;
	detention: ChargeClock | null;
	/** One combined D&D clock where a combined tariff applies (demurrage and detention are then null). */
	combined_d_and_d: ChargeClock | null;
	/** The terminal's posted demurrage per currency (its fee lines); null when it posted none. */
	demurrage_reported_by_terminal: IDataObject | null;
	/** The container's cost so far and if nothing moves by tomorrow, in one currency, with its basis. */
	cost_so_far: number | null;
	cost_by_tomorrow: number | null;
	cost_currency: string | null;
	cost_basis: CostBasis | null;
	/** Why the cost (or a part of it: the total is then a floor) is not known; null when it is. */
	cost_unknown_reason: string | null;
	/** The clocks and the terminal's demurrage in words, each amount with its basis (costWords.ts). */
	costs_text: string;
}

/** The clocks that have started (free time included): those a cost is made of. */
const started = (clocks: ChargeClocks): ChargeClock[] =>
	[clocks.combined, clocks.demurrage, clocks.detention].filter(
		(clock): clock is ChargeClock => clock !== null && clock.status !== 'not_started',
	);

/**
 * The estimate of the started clocks: summed where all share a currency (by tomorrow only where every clock
 * has it); each unknown part's reason.
 */
function estimateOf(clocks: ChargeClock[]) {
	let soFar = 0;
	let byTomorrow: number | null = 0;
	let currency: string | null = null;
	let estimated = 0;
	const unknown: string[] = [];
	for (const clock of clocks) {
		if (clock.estimated_so_far === null) {
			unknown.push(`${CLOCK_NAMES[clock.clock]}: ${clock.estimate_unknown_reason ?? 'not known'}`);
			continue;
		}
		if (currency !== null && clock.currency !== currency) {
			unknown.push(
				`${CLOCK_NAMES[clock.clock]}: its tariff is in ${clock.currency}, not ${currency}`,
			);
			continue;
		}
		currency = clock.currency;
		soFar += clock.estimated_so_far;
		if (clock.estimated_by_tomorrow === null) {
			byTomorrow = null;
			unknown.push(`${CLOCK_NAMES[clock.clock]} by tomorrow: ${clock.estimate_unknown_reason}`);
		} else if (byTomorrow !== null) byTomorrow += clock.estimated_by_tomorrow;
		estimated += 1;
	}
	return {
		estimated,
		soFar: toCents(soFar),
		byTomorrow: byTomorrow === null ? null : toCents(byTomorrow),
		currency,
		unknown,
	};
}

/** The cost fields of a container (a flat item) from its clocks' context and the terminal's demurrage. */
export function containerCosts(
	container: IDataObject,
	context: ChargeContext,
	reportedDemurrage: Record<string, number>,
	pendingFees: readonly string[] = [],
): CostFields {
	const clocks = chargeClocks(container, context);
	const returnClock = clocks.combined ?? clocks.detention;
	const returnBy = returnClock?.free_time_end ?? null;
	const returned = emptyReturned(container);
	const zone = context.zones.pickup ?? context.zones.port ?? 'UTC';
	const reported = Object.keys(reportedDemurrage).length ? reportedDemurrage : null;

	const running = started(clocks);
	const estimate = estimateOf(running);
	let cost: Pick<
		CostFields,
		'cost_so_far' | 'cost_by_tomorrow' | 'cost_currency' | 'cost_basis' | 'cost_unknown_reason'
	>;
	if (estimate.estimated > 0)
		cost = {
			cost_so_far: estimate.soFar,
			cost_by_tomorrow: estimate.byTomorrow,
			cost_currency: estimate.currency,
			cost_basis: 'estimated from your tariff',
			cost_unknown_reason: estimate.unknown.length ? estimate.unknown.join('; ') : null,
		};
	else if (reported && Object.keys(reported).length === 1) {
		const [[currency, amount]] = Object.entries(reported);
		cost = {
			cost_so_far: amount,
			cost_by_tomorrow: null,
			cost_currency: currency,
			cost_basis: 'reported by the terminal',
			cost_unknown_reason: estimate.unknown.length ? estimate.unknown.join('; ') : null,
		};
	} else
		cost = {
			cost_so_far: null,
			cost_by_tomorrow: null,
			cost_currency: null,
			cost_basis: null,
			cost_unknown_reason: running.length
				? estimate.unknown.join('; ') || null
				: reported
					? 'the terminal reports demurrage in several currencies'
					: null,
		};
	const fields: CostFields = {
		return_by: returnBy,
		return_by_source: returnBy === null ? null : (returnClock?.free_time_end_source ?? null),
		days_until_return_by:
			returnBy === null || returned ? null : dayNumber(returnBy) - todayNumberIn(zone, context.now),
		demurrage: clocks.demurrage,
		detention: clocks.detention,
		combined_d_and_d: clocks.combined,
		demurrage_reported_by_terminal: reported,
		...cost,
		costs_text: '',
	};
	fields.costs_text = costsInWords(fields, pendingFees);
	return fields;
}
