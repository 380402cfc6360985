import type { Tariff } from '../tariffs';
import { matchTariffs } from '../tariffs';
import { toCents } from '../values';
import { invoiceArithmetic, lineArithmetic } from './arithmetic';
import { digitalMeansToReview, missingElements } from './elements';
import { countsClocksApart, overlapFindings } from './overlap';
import { pickupFindings } from './pickupFacts';
import type { RecordFacts } from './recordFacts';
import { recordFindings } from './recordDates';
import { tariffFindings, tariffFor } from './tariffCheck';
import { disputeBy, timingFindings } from './timing';
import type { Finding, InvoiceLine, Verdict } from './types';
import { amountInDispute, expectedAmount, verdictOf, worst } from './verdict';

/**
 * Checks invoice lines, in the order an auditor runs the checks (DND-INVOICES.md section 4): the rule's
 * elements, timing, the invoice's own arithmetic, its dates against the container's record, the user's tariff,
 * and the days the record shows the container could not be picked up. The lines with the same invoice number
 * are one invoice (a line without a number is an invoice of its own). Pure: the records are read before (the
 * operation), so a hundred lines cost their reads and no more.
 */

export interface LineResult {
	line: InvoiceLine;
	facts: RecordFacts;
	/** The user's tariff for the line's clock, or null. */
	tariff: Tariff | null;
	findings: Finding[];
	verdict: Verdict;
	/** What the record and the tariff support of the line's charge; null without rates. */
	expectedAmount: number | null;
	amountInDispute: number;
	disputeBy: string | null;
}

export interface InvoiceResult {
	invoiceNumber: string | null;
	lines: LineResult[];
	/** The invoice's own findings (its lines against its total, one currency, one date). */
	findings: Finding[];
	verdict: Verdict;
	/** Per currency: what the lines bill, and what is in dispute. */
	amountBilled: Record<string, number>;
	amountInDispute: Record<string, number>;
	disputeBy: string | null;
}

/** The lines of each invoice, in the order the first line of each came. */
function invoicesOf(lines: readonly InvoiceLine[]): InvoiceLine[][] {
	const byNumber = new Map<string, InvoiceLine[]>();
	const invoices: InvoiceLine[][] = [];
	for (const line of lines) {
		const key = line.invoiceNumber?.trim().toUpperCase();
		if (!key) {
			invoices.push([line]);
			continue;
		}
		let invoice = byNumber.get(key);
		if (!invoice) {
			invoice = [];
			byNumber.set(key, invoice);
			invoices.push(invoice);
		}
		invoice.push(line);
	}
	return invoices;
}

const addTo = (sums: Record<string, number>, currency: string | null, amount: number) => {
	const key = currency ?? 'not stated';
	sums[key] = toCents((sums[key] ?? 0) + amount);
};

/**
 * Checks lines against their records (`factsOf`: the record of a line's container) and the user's tariffs;
 * returns the invoices, each with its lines' results.
 */
export function checkInvoices(
	lines: readonly InvoiceLine[],
	factsOf: (line: InvoiceLine) => RecordFacts,
	tariffs: readonly Tariff[],
): InvoiceResult[] {
	const overlaps = overlapFindings(lines, (line) => {
		const facts = factsOf(line);
		const matched = matchTariffs(tariffs, {
			shippingLine: line.billingPartyScac ?? facts.shippingLineScac,
			port: facts.portLocode,
		});
		return countsClocksApart(matched.demurrage, matched.detention);
	});
	return invoicesOf(lines).map((invoiceLines) => {
		const results = invoiceLines.map((line): LineResult => {
			const facts = factsOf(line);
			const tariff = facts.tracked ? tariffFor(line, facts, tariffs) : null;
			const findings = [
				...missingElements(line),
				...digitalMeansToReview(line),
				...timingFindings(line),
				...lineArithmetic(line),
				...recordFindings(line, facts, tariff),
				...(overlaps.get(line) ?? []),
				...tariffFindings(line, tariff),
				...pickupFindings(line, facts),
			];
			const expected = expectedAmount(line, findings, tariff);
			return {
				line,
				facts,
				tariff,
				findings,
				verdict: verdictOf(findings),
				expectedAmount: expected,
				amountInDispute: amountInDispute(line, findings, expected),
				disputeBy: disputeBy(line),
			};
		});
		const findings = invoiceArithmetic(invoiceLines);
		const amountBilled: Record<string, number> = {};
		const inDispute: Record<string, number> = {};
		for (const result of results) {
			if (result.line.amount !== null)
				addTo(amountBilled, result.line.currency, result.line.amount);
			if (result.amountInDispute > 0)
				addTo(inDispute, result.line.currency, result.amountInDispute);
		}
		const currency = invoiceLines.find((line) => line.currency)?.currency ?? null;
		for (const finding of findings)
			if (finding.severity === 'dispute' && finding.amount !== null)
				addTo(inDispute, currency, finding.amount);
		const disputeDates = results
			.map((r) => r.disputeBy)
			.filter((d): d is string => d !== null)
			.sort();
		return {
			invoiceNumber: invoiceLines[0].invoiceNumber,
			lines: results,
			findings,
			verdict: worst([...results.map((r) => r.verdict), verdictOf(findings)]),
			amountBilled,
			amountInDispute: inDispute,
			disputeBy: disputeDates[0] ?? null,
		};
	});
}
