import type { IDataObject } from 'n8n-workflow';

import { isSet, toCents } from './values';

/**
 * What the terminal reports of a container: its holds (active: status `hold`; pending: `pending`, which
 * blocks nothing yet) and its fees, by Terminal49's rules (docs/api-docs/in-depth-guides/holds-and-fees.mdx;
 * API-DRIFT.md section 7):
 * - **Reported or not.** "No holds" is a fact only where the terminal reported: Terminal49 sends `[]` both when
 *   the terminal reported none and before anyone asked it (a container still on the vessel carries
 *   `holds_at_pod_terminal: []`, `availability_known: false`, `terminal_checked_at: null`). An empty list counts
 *   as "none" only once the terminal was checked (`terminal_checked_at`), Terminal49 knows the availability
 *   (`availability_known: true`) or the container is available; else "not reported" (MCP 1.1.0's rule). A
 *   missing list is never reported.
 * - **Fee lines.** `amount` `0`: "the terminal reported the fee type but has not yet calculated or posted the
 *   dollar amount": pending, not zero. A `total` line only where there are no other lines ("filter it out when
 *   summing to avoid double-counting"). Amounts per currency, USD where none is named.
 */

/** Hold names as the service writes them (case-sensitive; service-spec.md). */
export const HOLD_NAMES = ['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other'] as const;

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

/** Whether the terminal has reported on this container at all (its empty lists then mean "none"). */
export function terminalReported(container: IDataObject): boolean {
	return (
		isSet(container.terminal_checked_at) ||
		container.availability_known === true ||
		container.available_for_pickup === true
	);
}

/** Whether a list the terminal reports (holds or fees) is reported: a non-empty list, or an empty one after a check. */
function listReported(container: IDataObject, list: unknown): boolean {
	if (!Array.isArray(list)) return false;
	return list.length > 0 || terminalReported(container);
}

/**
 * The names of the container's holds in each status that counts: active (`hold`) and pending; `reported`
 * false where the terminal has not reported holds (both lists are then empty, and mean "not reported").
 */
export function holdsOf(container: IDataObject): {
	reported: boolean;
	active: string[];
	pending: string[];
} {
	const holds = asArray<Hold>(container.holds_at_pod_terminal);
	return {
		reported: listReported(container, container.holds_at_pod_terminal),
		active: holds.filter((hold) => hold?.status === 'hold').map((hold) => String(hold.name)),
		pending: holds.filter((hold) => hold?.status === 'pending').map((hold) => String(hold.name)),
	};
}

/** One fee line the terminal reports, read by Terminal49's rules. */
export interface FeeLine {
	type: string;
	/** The posted amount; null while the fee is pending (the terminal sent `0`). */
	amount: number | null;
	currency: string;
}

/** A currency code as sent, USD where none is named. */
const currencyOf = (fee: Fee) =>
	typeof fee.currency_code === 'string' && fee.currency_code ? fee.currency_code : 'USD';

/**
 * The container's fee lines by Terminal49's rules: the individual lines, or the `total` line alone where there
 * is no other; an amount of `0` is pending (amount null). Lines without a number are left out.
 */
export function feeLinesOf(container: IDataObject): FeeLine[] {
	const fees = asArray<Fee>(container.fees_at_pod_terminal).filter(
		(fee) => fee && typeof fee === 'object' && Number.isFinite(Number(fee.amount)),
	);
	const individual = fees.filter((fee) => fee.type !== 'total');
	return (individual.length ? individual : fees).map((fee) => {
		const amount = Number(fee.amount);
		return {
			type: typeof fee.type === 'string' && fee.type ? fee.type : 'other',
			amount: amount === 0 ? null : amount,
			currency: currencyOf(fee),
		};
	});
}

/** What the terminal reports of a container's fees. */
export interface Fees {
	/** Whether the terminal reported fees (false: "not reported", never "none"). */
	reported: boolean;
	/** The posted amounts summed per currency (pending fees left out). */
	total: IDataObject;
	/** The fee types reported without an amount yet (`0`: pending). */
	pending: string[];
	/** For a message or table: `450.00 USD`, `450.00 USD (exam pending)`, `exam pending`; '' when none. */
	text: string;
	lines: FeeLine[];
}

/** The container's fees by Terminal49's rules (see the top of this file). */
export function feesOf(container: IDataObject): Fees {
	const lines = feeLinesOf(container);
	const total: IDataObject = {};
	const pending: string[] = [];
	for (const line of lines) {
		if (line.amount === null) {
			if (!pending.includes(line.type)) pending.push(line.type);
			continue;
		}
		total[line.currency] = toCents((Number(total[line.currency]) || 0) + line.amount);
	}
	const amounts = Object.entries(total)
		.map(([currency, amount]) => `${Number(amount).toFixed(2)} ${currency}`)
		.join(', ');
	const pendingText = pending.length ? `${pending.join(', ').replace(/_/g, ' ')} pending` : '';
	return {
		reported: listReported(container, container.fees_at_pod_terminal),
		total,
		pending,
		text: amounts && pendingText ? `${amounts} (${pendingText})` : amounts || pendingText,
		lines,
	};
}

/** The terminal's posted demurrage per currency (its `demurrage` lines; pending ones left out); {} when none. */
export function reportedDemurrage(lines: FeeLine[]): Record<string, number> {
	const sums: Record<string, number> = {};
	for (const line of lines)
		if (line.type === 'demurrage' && line.amount !== null)
			sums[line.currency] = toCents((sums[line.currency] ?? 0) + line.amount);
	return sums;
}
