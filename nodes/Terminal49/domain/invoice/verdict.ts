import { chargeForDays } from '../tariffRates';
import type { Tariff } from '../tariffs';
import { toCents } from '../values';
import type { Finding, InvoiceLine, Verdict } from './types';

/**
 * What the findings of a line or an invoice come to: the verdict, and the amount in dispute.
 * - `incomplete`: a required element is missing (541.5), whatever else is found;
 * - `dispute`: the invoice differs from the rule, its own figures, the record or the tariff;
 * - `cannot check`: nothing of the above, but a check a verdict rests on could not be made (not tracked, the
 *   last free day hidden, no full-out time): never "consistent" on an unknown;
 * - `consistent`: nothing found against the rule, the record or the tariff.
 * `review` and `fact` findings and the supporting checks that could not be made are listed, and weigh nothing.
 */

const RANK: Record<Verdict, number> = {
	consistent: 0,
	'cannot check': 1,
	dispute: 2,
	incomplete: 3,
};

export function verdictOf(findings: readonly Finding[]): Verdict {
	if (findings.some((f) => f.severity === 'missing')) return 'incomplete';
	if (findings.some((f) => f.severity === 'dispute')) return 'dispute';
	if (findings.some((f) => f.severity === 'cannot_check' && f.core)) return 'cannot check';
	return 'consistent';
}

/** The worse of verdicts (an invoice is as bad as its worst line or its own finding). */
export const worst = (verdicts: readonly Verdict[]): Verdict =>
	verdicts.reduce<Verdict>((a, b) => (RANK[b] > RANK[a] ? b : a), 'consistent');

/** Findings that leave nothing of the line's charge owed under the rule: a missing element (541.5), late (541.7). */
const WHOLE_CHARGE = new Set(['missing_element', 'issued_late', 'not_discharged', 'port_differs']);

/**
 * What the record and the tariff support of a line: its charged days less those a dispute finding takes out,
 * priced at the user's tariff where one is set, else at the invoice's own rates; null where there are no rates.
 */
export function expectedAmount(
	line: InvoiceLine,
	findings: readonly Finding[],
	tariff: Tariff | null,
): number | null {
	const days = line.chargedDates ?? [];
	const out = new Set(
		findings
			.filter((f) => f.severity === 'dispute' && f.check !== 'arithmetic')
			.flatMap((f) => f.dates),
	);
	const kept = days.filter((day) => !out.has(day)).length;
	const tiers = tariff?.tiers ?? line.rates;
	return tiers ? chargeForDays(tiers, kept) : null;
}

/**
 * The amount of a line in dispute, in its currency: all of it where the rule leaves nothing owed; else what it
 * bills over what the record and the tariff support; else, without rates to price the days, the amounts the
 * dispute findings name (at most the line's).
 */
export function amountInDispute(
	line: InvoiceLine,
	findings: readonly Finding[],
	expected: number | null,
): number {
	const disputes = findings.filter((f) => f.severity === 'dispute' || f.severity === 'missing');
	if (!disputes.length || line.amount === null) return 0;
	if (disputes.some((f) => WHOLE_CHARGE.has(f.code) && f.amount !== null)) return line.amount;
	if (expected !== null) return toCents(Math.max(0, line.amount - expected));
	const named = disputes.reduce((sum, f) => sum + (f.amount ?? 0), 0);
	return toCents(Math.min(line.amount, named));
}
