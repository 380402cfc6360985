import type { ChargeClockKind, Tariff } from '../tariffs';
import { matchTariffs } from '../tariffs';
import { chargeForDays, tierText } from '../tariffRates';
import { toCents } from '../values';
import type { RecordFacts } from './recordFacts';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 5: the invoice against the user's own tariff (the D&D Tariffs / D&D Tariff Rows of issue 41), matched
 * as for costs: the clock the line charges, the billing line (its SCAC, else the line Terminal49 records) and the
 * port of discharge. Free days, how free time counts, the rates tier by tier, the currency and the rule's name.
 * Without a tariff for the line nothing here is checked, and the result says so.
 */

/** The user's tariff for a line's clock, or null (none set, or the line charges something else). */
export function tariffFor(
	line: InvoiceLine,
	facts: RecordFacts,
	tariffs: readonly Tariff[],
): Tariff | null {
	const clock = line.chargeType;
	if (clock !== 'demurrage' && clock !== 'detention' && clock !== 'combined') return null;
	const key = {
		shippingLine: line.billingPartyScac ?? facts.shippingLineScac,
		port:
			facts.portLocode ??
			(/^[A-Z]{2}[A-Z0-9]{3}$/i.test(line.portOfDischarge ?? '')
				? line.portOfDischarge!.toUpperCase()
				: null),
	};
	const matched = matchTariffs(tariffs, key);
	return matched[clock as ChargeClockKind] ?? null;
}

const ratesInWords = (tariff: Tariff) =>
	tariff.tiers.map((tier) => tierText(tier, tariff.currency)).join(', ');

function sameTiers(line: InvoiceLine, tariff: Tariff): boolean {
	const rates = line.rates ?? [];
	return (
		rates.length === tariff.tiers.length &&
		rates.every(
			(tier, i) =>
				tier.fromDay === tariff.tiers[i].fromDay &&
				tier.toDay === tariff.tiers[i].toDay &&
				Math.abs(tier.rate - tariff.tiers[i].rate) < 0.005,
		)
	);
}

export function tariffFindings(line: InvoiceLine, tariff: Tariff | null): Finding[] {
	if (!tariff) return [];
	const findings: Finding[] = [];
	const source = `your tariff "${tariff.reference}"`;
	const push = (
		finding: Omit<Finding, 'check' | 'cite' | 'record_says' | 'source'> & { record_says: string },
	) => findings.push({ check: 'tariff', cite: null, source, ...finding });
	if (line.freeDays !== null && line.freeDays !== tariff.freeDays)
		push({
			code: 'free_days_differ',
			severity: line.freeDays < tariff.freeDays ? 'dispute' : 'review',
			field: 'Free Days',
			invoice_says: String(line.freeDays),
			record_says: String(tariff.freeDays),
			dates: [],
			amount: null,
			text: `The invoice allows ${line.freeDays} free days; ${source} allows ${tariff.freeDays}.`,
		});
	if (line.freeTimeCounts && line.freeTimeCounts !== tariff.freeTimeCount)
		push({
			code: 'free_time_count_differs',
			severity: tariff.freeTimeCount === 'working' ? 'dispute' : 'review',
			field: 'Free Time Counts',
			invoice_says: `${line.freeTimeCounts} days`,
			record_says: `${tariff.freeTimeCount} days`,
			dates: [],
			amount: null,
			text: `The invoice counts free time in ${line.freeTimeCounts} days; ${source} counts ${tariff.freeTimeCount} days.`,
		});
	if (line.rates && !sameTiers(line, tariff)) {
		const days = line.chargedDates?.length ?? 0;
		const billed = chargeForDays(line.rates, days);
		const byTariff = chargeForDays(tariff.tiers, days);
		const over =
			billed !== null && byTariff !== null && billed > byTariff ? toCents(billed - byTariff) : null;
		push({
			code: 'rates_differ',
			severity: over !== null ? 'dispute' : 'review',
			field: 'Daily Rates',
			invoice_says: line.ratesText,
			record_says: ratesInWords(tariff),
			dates: [],
			amount: over,
			text: `The invoice's rates (${line.ratesText}) differ from ${source} (${ratesInWords(tariff)})${over !== null ? `: the same ${days} days cost ${over.toFixed(2)} ${tariff.currency} more at the invoice's rates` : ''}.`,
		});
	}
	if (line.currency && line.currency !== tariff.currency)
		push({
			code: 'currency_differs',
			severity: 'review',
			field: 'Currency',
			invoice_says: line.currency,
			record_says: tariff.currency,
			dates: [],
			amount: null,
			text: `The invoice bills in ${line.currency}; ${source} is in ${tariff.currency}.`,
		});
	if (
		line.rule &&
		!line.rule.toLowerCase().includes(tariff.reference.toLowerCase()) &&
		!tariff.reference.toLowerCase().includes(line.rule.toLowerCase())
	)
		push({
			code: 'rule_differs',
			severity: 'review',
			field: 'Rule (Tariff Reference)',
			invoice_says: line.rule,
			record_says: tariff.reference,
			dates: [],
			amount: null,
			text: `The invoice names the rule "${line.rule}"; the tariff you set for this line and port is "${tariff.reference}": check that they are the same.`,
		});
	return findings;
}
