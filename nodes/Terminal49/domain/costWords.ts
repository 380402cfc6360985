import type { IDataObject } from 'n8n-workflow';

import { dateOfDayNumber, dayNumber } from './calendar';
import { isObject, text } from './values';

type Item = IDataObject;

/**
 * A container's costs in a coordinator's words (`costs_text`, the people-first view's `costs`, the agent's
 * `cost_outlook`): each clock's state, each amount with its basis (the terminal's posted demurrage, or an
 * estimate from the user's tariff), never one unlabelled sum of both. `Demurrage: 3 days charged since 2026-12-04, 705.00 USD so far,
 * 940.00 USD by tomorrow (estimated from your tariff "Maersk US D&D 2026")`; a clock not started says nothing.
 */

/** Each clock's name in a sentence (the reasons of containerCosts.ts too); capitalized where it starts one. */
export const CLOCK_NAMES: Record<string, string> = {
	demurrage: 'demurrage',
	detention: 'detention',
	combined: 'D&D',
};
const nameOf = (clock: unknown): string => {
	const name = CLOCK_NAMES[String(clock)] ?? String(clock);
	return name.charAt(0).toUpperCase() + name.slice(1);
};

/** The clocks of a container item, in the order they are said. */
const CLOCK_FIELDS = ['combined_d_and_d', 'demurrage', 'detention'];

/** One formatter for every amount (building an Intl formatter costs far more than using one). */
const MONEY = new Intl.NumberFormat('en-US', {
	minimumFractionDigits: 2,
	maximumFractionDigits: 2,
});
const amount = (value: unknown, currency: unknown) =>
	`${MONEY.format(Number(value))} ${String(currency)}`;

/** One clock in words; null for a clock that has not started. */
function clockWords(clock: IDataObject): string | null {
	const name = nameOf(clock.clock);
	const end = text(clock.free_time_end);
	const whose = clock.free_time_end_source === 'terminal49' ? " (Terminal49's date)" : '';
	switch (clock.status) {
		case 'not_started':
			return null;
		case 'unknown':
			return `${name}: not known (${String(clock.estimate_unknown_reason)})`;
		case 'free_time': {
			const tomorrow =
				typeof clock.estimated_by_tomorrow === 'number' ? clock.estimated_by_tomorrow : 0;
			// the last free day is today: what waiting a day costs, where a tariff says it
			return tomorrow > 0
				? `${name}: free until ${end}${whose}; ${amount(tomorrow, clock.currency)} by tomorrow if it does not move (estimated from your tariff "${String(clock.tariff_reference)}")`
				: `${name}: free until ${end}${whose}`;
		}
	}
	const days = Number(clock.days_charged);
	const stopped = clock.status === 'stopped';
	if (days === 0) return `${name}: ended in free time`;
	const charged = `${days} day${days === 1 ? '' : 's'} charged since ${String(clock.charged_from)}`;
	if (clock.estimated_so_far === null || clock.estimated_so_far === undefined)
		return `${name}: ${charged}; cost not known (${String(clock.estimate_unknown_reason)})`;
	const basis = `estimated from your tariff "${String(clock.tariff_reference)}"`;
	return stopped
		? `${name}: ${charged}, ${amount(clock.estimated_so_far, clock.currency)} in all (${basis})`
		: `${name}: ${charged}, ${amount(clock.estimated_so_far, clock.currency)} so far, ${
				clock.estimated_by_tomorrow === null
					? 'by tomorrow not known (no rate)'
					: `${amount(clock.estimated_by_tomorrow, clock.currency)} by tomorrow`
			} (${basis})`;
}

/**
 * The costs of a container item (its insight fields) in words: each started clock, then the terminal's posted
 * demurrage; `Not started` where no clock runs yet and the terminal posted nothing.
 */
export function costsInWords(container: Item, pendingFees: readonly string[] = []): string {
	// a loop, not a chain of map and filter: a page of containers says this a hundred times
	const parts: string[] = [];
	for (const field of CLOCK_FIELDS) {
		const clock = container[field];
		const words = isObject(clock) ? clockWords(clock) : null;
		if (words !== null) parts.push(words);
	}
	const reported = container.demurrage_reported_by_terminal;
	if (isObject(reported) && Object.keys(reported).length)
		parts.push(
			`the terminal reports demurrage of ${Object.entries(reported)
				.map(([currency, value]) => amount(value, currency))
				.join(', ')}`,
		);
	else if (pendingFees.includes('demurrage'))
		parts.push('the terminal reports demurrage, amount not posted yet');
	return parts.length ? parts.join('; ') : 'Not started';
}

/**
 * What the container will cost by each of the next days if nothing moves (the running clock's projection,
 * estimated from the user's tariff): `2026-12-07: 940.00 USD, 2026-12-08: 1,175.00 USD, ...`; null where no
 * clock with a tariff runs. What an agent answers "how much if it is not picked up by Friday?" from.
 */
export function costOutlook(container: Item): string | null {
	const running = CLOCK_FIELDS.map((field) => container[field])
		.filter(isObject)
		.find((clock) => typeof clock.projection_from === 'string' && Array.isArray(clock.projection));
	if (!running) return null;
	const first = dayNumber(String(running.projection_from));
	const days = (running.projection as Array<number | null>)
		.map(
			(total, index) =>
				`${dateOfDayNumber(first + index)}: ${total === null ? 'no rate' : amount(total, running.currency)}`,
		)
		.join(', ');
	return `${nameOf(running.clock)} if nothing moves, estimated from your tariff "${String(running.tariff_reference)}": ${days}`;
}
