import { dateOfDayNumber, dayNumber } from '../calendar';
import { holidayDays, lastFreeDay } from '../freeTime';
import { chargeForDays } from '../tariffRates';
import { moneyText as money, toCents } from '../values';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 3: the invoice's own arithmetic, by its own rule: its free days counted from its free time start (in
 * calendar days, or working days with its holidays, as its rule says) end on its free time end; its first
 * charged date follows that end; its charged dates priced at its tiered rates make its line amount; its lines
 * make its total, in one currency (invoiceArithmetic). Charged days are calendar days.
 */

/** The amount of `days` charged days at the line's own rates; null without rates, or past their last tier. */
export const billedAt = (line: InvoiceLine, days: number): number | null =>
	line.rates ? chargeForDays(line.rates, days) : null;

export function lineArithmetic(line: InvoiceLine): Finding[] {
	const findings: Finding[] = [];
	const count = line.freeTimeCounts ?? 'calendar';
	if (line.freeTimeStart && line.freeTimeEnd && line.freeDays !== null) {
		const end = dateOfDayNumber(
			lastFreeDay(dayNumber(line.freeTimeStart), line.freeDays, count, holidayDays(line.holidays)),
		);
		if (end !== line.freeTimeEnd)
			findings.push({
				check: 'arithmetic',
				code: 'free_time_end_not_its_own_count',
				severity: 'dispute',
				cite: '46 CFR 541.6(b)(3)-(b)(5)',
				field: 'Free Time End',
				invoice_says: line.freeTimeEnd,
				record_says: end,
				source: `the invoice's own ${line.freeDays} free days from ${line.freeTimeStart}, counted in ${count} days${line.freeTimeCounts ? '' : ' (the invoice does not say how it counts: calendar days assumed)'}`,
				dates: [],
				amount: null,
				text: `The invoice's ${line.freeDays} free days from ${line.freeTimeStart}, counted in ${count} days, end on ${end}, not on ${line.freeTimeEnd} as the invoice states.`,
			});
	}
	const first = line.chargedDates?.[0];
	if (first && line.freeTimeEnd && first <= line.freeTimeEnd) {
		const free = line.chargedDates!.filter((date) => date <= line.freeTimeEnd!);
		findings.push({
			check: 'arithmetic',
			code: 'charged_in_own_free_time',
			severity: 'dispute',
			cite: '46 CFR 541.6(b)(5), (b)(8)',
			field: 'Dates Charged',
			invoice_says: `charged from ${first}; free time ends ${line.freeTimeEnd}`,
			record_says: null,
			source: "the invoice's own free time end",
			dates: free,
			amount: tailAmount(line, free.length),
			text: `The invoice charges ${free.length} day${free.length === 1 ? '' : 's'} (${free.join(', ')}) on or before its own free time end ${line.freeTimeEnd}.`,
		});
	}
	const days = line.chargedDates?.length ?? 0;
	if (days > 0 && line.rates && line.amount !== null) {
		const computed = billedAt(line, days);
		if (computed === null)
			findings.push({
				check: 'arithmetic',
				code: 'no_rate_for_day',
				severity: 'dispute',
				cite: '46 CFR 541.6(c)(3)',
				field: 'Daily Rates',
				invoice_says: line.ratesText,
				record_says: null,
				source: null,
				dates: [],
				amount: null,
				text: `The invoice's rates (${line.ratesText}) give no rate for charged day ${days}.`,
			});
		else if (Math.abs(computed - line.amount) >= 0.01)
			findings.push({
				check: 'arithmetic',
				code: 'amount_not_days_times_rates',
				severity: line.amount > computed ? 'dispute' : 'review',
				cite: '46 CFR 541.6(c)(1), (c)(3)',
				field: 'Line Amount',
				invoice_says: money(line.amount, line.currency),
				record_says: money(computed, line.currency),
				source: `${days} charged days at the invoice's own rates ${line.ratesText}`,
				dates: [],
				amount: line.amount > computed ? toCents(line.amount - computed) : null,
				text: `${days} charged day${days === 1 ? '' : 's'} at the invoice's own rates (${line.ratesText}) make ${money(computed, line.currency)}; the line bills ${money(line.amount, line.currency)}.`,
			});
	}
	return findings;
}

/**
 * What the last `days` of a line's charged days cost at its own rates: the line's charge less the charge
 * without them (a day taken off the start moves every later day down a tier; the difference is the same).
 * Null without rates.
 */
export function tailAmount(line: InvoiceLine, days: number): number | null {
	const total = line.chargedDates?.length ?? 0;
	if (days <= 0 || total === 0) return null;
	const all = billedAt(line, total);
	const rest = billedAt(line, Math.max(0, total - days));
	return all === null || rest === null ? null : toCents(all - rest);
}

/**
 * The invoice's own findings over its lines: the lines add up to its total, in one currency, with one invoice
 * date (the lines of one invoice number).
 */
export function invoiceArithmetic(lines: readonly InvoiceLine[]): Finding[] {
	const findings: Finding[] = [];
	const currencies = [
		...new Set(lines.map((line) => line.currency).filter((c): c is string => !!c)),
	];
	if (currencies.length > 1)
		findings.push({
			check: 'arithmetic',
			code: 'currencies_differ',
			severity: 'dispute',
			cite: '46 CFR 541.6(c)(1)',
			field: 'Currency',
			invoice_says: currencies.join(', '),
			record_says: null,
			source: null,
			dates: [],
			amount: null,
			text: `The invoice's lines are in ${currencies.join(' and ')}: its total cannot be one amount due.`,
		});
	const totals = [
		...new Set(lines.map((line) => line.invoiceTotal).filter((t): t is number => t !== null)),
	];
	if (totals.length > 1)
		findings.push({
			check: 'arithmetic',
			code: 'totals_differ',
			severity: 'review',
			cite: '46 CFR 541.6(c)(1)',
			field: 'Invoice Total',
			invoice_says: totals.map((total) => total.toFixed(2)).join(', '),
			record_says: null,
			source: null,
			dates: [],
			amount: null,
			text: `The lines of this invoice give different totals (${totals.map((t) => t.toFixed(2)).join(', ')}): check how they were read from the invoice.`,
		});
	const amounts = lines.map((line) => line.amount);
	if (
		totals.length === 1 &&
		currencies.length <= 1 &&
		amounts.every((a): a is number => a !== null)
	) {
		const sum = toCents(amounts.reduce((a, b) => a + b, 0));
		const total = totals[0];
		if (Math.abs(sum - total) >= 0.01)
			findings.push({
				check: 'arithmetic',
				code: 'lines_not_total',
				severity: total > sum ? 'dispute' : 'review',
				cite: '46 CFR 541.6(c)(1)',
				field: 'Invoice Total',
				invoice_says: money(total, currencies[0] ?? null),
				record_says: money(sum, currencies[0] ?? null),
				source: `the sum of the ${lines.length} line${lines.length === 1 ? '' : 's'} checked together`,
				dates: [],
				amount: total > sum ? toCents(total - sum) : null,
				text: `The invoice's ${lines.length} line${lines.length === 1 ? '' : 's'} add up to ${money(sum, currencies[0] ?? null)}; its total due is ${money(total, currencies[0] ?? null)}.`,
			});
	}
	const dates = [...new Set(lines.map((line) => line.invoiceDate).filter((d): d is string => !!d))];
	if (dates.length > 1)
		findings.push({
			check: 'arithmetic',
			code: 'invoice_dates_differ',
			severity: 'review',
			cite: '46 CFR 541.6(b)(1)',
			field: 'Invoice Date',
			invoice_says: dates.join(', '),
			record_says: null,
			source: null,
			dates: [],
			amount: null,
			text: `The lines of this invoice give different invoice dates (${dates.join(', ')}): check how they were read.`,
		});
	return findings;
}
