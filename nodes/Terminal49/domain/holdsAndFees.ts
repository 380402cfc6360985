import type { IDataObject } from 'n8n-workflow';

/**
 * What the terminal reports of a container: its holds (active: status `hold`; pending: `pending`, which
 * blocks nothing yet) and its fees (the individual fees summed per currency, a `total` line left out).
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

/** The names of the container's holds in each status that counts: active (`hold`) and pending. */
export function holdsOf(container: IDataObject): { active: string[]; pending: string[] } {
	const holds = asArray<Hold>(container.holds_at_pod_terminal);
	return {
		active: holds.filter((hold) => hold?.status === 'hold').map((hold) => String(hold.name)),
		pending: holds.filter((hold) => hold?.status === 'pending').map((hold) => String(hold.name)),
	};
}

/**
 * The container's fees summed per currency (`total` lines left out; USD where none is named), and as text
 * for a message or table (`450.00 USD, 20.00 CAD`; empty when none).
 */
export function feesOf(container: IDataObject): { total: IDataObject; text: string } {
	const total: IDataObject = {};
	for (const fee of asArray<Fee>(container.fees_at_pod_terminal)) {
		if (!fee || fee.type === 'total') continue;
		const amount = Number(fee.amount);
		if (!Number.isFinite(amount)) continue;
		const currency =
			typeof fee.currency_code === 'string' && fee.currency_code ? fee.currency_code : 'USD';
		total[currency] = Math.round(((Number(total[currency]) || 0) + amount) * 100) / 100;
	}
	return {
		total,
		text: Object.entries(total)
			.map(([currency, amount]) => `${Number(amount).toFixed(2)} ${currency}`)
			.join(', '),
	};
}
