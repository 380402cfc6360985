import { dateOfDayNumber, dayNumber } from '../calendar';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 2: timing. 46 CFR 541.7(a): the invoice is issued within 30 calendar days from the day the charge was
 * last incurred (its last charged date), else the billed party is not required to pay. 46 CFR 541.8(a): the
 * billed party gets at least 30 calendar days from the invoice's issue to request mitigation, refund or waiver.
 * "Within 30 days from X" is read as X + 30 being the last good day (DND-INVOICES.md section 2; Part 541 does
 * not define the count). 541.7(b), an NVOCC passing on a charge, counts from the invoice the NVOCC received,
 * which the line does not carry: not checked, and said so in docs/invoices.md.
 */

/** The days 541.7(a) and 541.8(a) allow. */
export const ISSUE_WITHIN_DAYS = 30;
export const DISPUTE_WINDOW_DAYS = 30;

/** The last day to request mitigation, refund or waiver: 30 days from the invoice date, or longer where it allows. */
export function disputeBy(line: InvoiceLine): string | null {
	if (!line.invoiceDate) return null;
	const days = Math.max(DISPUTE_WINDOW_DAYS, line.disputeWindowDays ?? 0);
	return dateOfDayNumber(dayNumber(line.invoiceDate) + days);
}

export function timingFindings(line: InvoiceLine): Finding[] {
	const findings: Finding[] = [];
	const last = line.chargedDates?.[line.chargedDates.length - 1] ?? null;
	if (line.invoiceDate && last) {
		const lag = dayNumber(line.invoiceDate) - dayNumber(last);
		const deadline = dateOfDayNumber(dayNumber(last) + ISSUE_WITHIN_DAYS);
		if (lag > ISSUE_WITHIN_DAYS)
			findings.push({
				check: 'timing',
				code: 'issued_late',
				severity: 'dispute',
				cite: '46 CFR 541.7(a)',
				field: 'Invoice Date',
				invoice_says: line.invoiceDate,
				record_says: null,
				source: `the invoice's last charged date, ${last}`,
				dates: [],
				amount: line.amount,
				text: `The invoice is dated ${line.invoiceDate}, ${lag} days after the last charged date ${last}; 46 CFR 541.7(a) calls for the invoice within 30 days of the date the charge was last incurred (by ${deadline}), and provides that the billed party is not required to pay one issued later.`,
			});
		else if (lag < 0)
			findings.push({
				check: 'timing',
				code: 'charged_after_invoice_date',
				severity: 'review',
				cite: '46 CFR 541.6(b)(8)',
				field: 'Dates Charged',
				invoice_says: `${line.invoiceDate}; charged through ${last}`,
				record_says: null,
				source: null,
				dates: line.chargedDates!.filter((date) => date > line.invoiceDate!),
				amount: null,
				text: `The invoice, dated ${line.invoiceDate}, charges dates after its own date (through ${last}).`,
			});
	}
	if (line.disputeWindowDays !== null && line.disputeWindowDays < DISPUTE_WINDOW_DAYS)
		findings.push({
			check: 'timing',
			code: 'dispute_window_short',
			severity: 'dispute',
			cite: '46 CFR 541.8(a)',
			field: 'Days Allowed to Dispute',
			invoice_says: `${line.disputeWindowDays} days`,
			record_says: null,
			source: null,
			dates: [],
			amount: null,
			text: `The invoice allows ${line.disputeWindowDays} days to request mitigation, refund or waiver; 46 CFR 541.8(a) calls for at least 30 days from the invoice's issue${line.invoiceDate ? ` (to ${disputeBy({ ...line, disputeWindowDays: null })})` : ''}.`,
		});
	return findings;
}
