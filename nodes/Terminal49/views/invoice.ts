import type { IDataObject } from 'n8n-workflow';

import type { InvoiceResult, LineResult } from '../domain/invoice/check';
import type { Finding } from '../domain/invoice/types';
import { moneyText as money } from '../domain/values';

/**
 * What Check D&D Invoice returns: one item per invoice line (its result, and its invoice's verdict and
 * dispute), or one per invoice; All Fields with every finding, Simplified with a coordinator's few fields. The
 * dispute is a plain, factual draft: what the invoice says, what the record shows and where from, the elements
 * not found with their citations. It never calls a charge unlawful or guesses a cause (DND-INVOICES.md section 6).
 */

const sums = (byCurrency: Record<string, number>) =>
	Object.entries(byCurrency)
		.map(([currency, amount]) => `${amount.toFixed(2)} ${currency}`)
		.join(' + ');

/** Findings that weigh or can be cited; the checks that could not be made are listed apart. */
const shown = (findings: readonly Finding[]) =>
	findings.filter((f) => f.severity !== 'cannot_check');
const notChecked = (findings: readonly Finding[]) =>
	findings.filter((f) => f.severity === 'cannot_check');

function findingsText(findings: readonly Finding[]): string {
	return shown(findings)
		.map((f) => `${f.severity === 'missing' ? 'missing' : f.severity}: ${f.text}`)
		.join('\n');
}

const chargedSpan = (result: LineResult) => {
	const dates = result.line.chargedDates ?? [];
	return dates.length
		? `${dates[0]} to ${dates[dates.length - 1]}, ${dates.length} day${dates.length === 1 ? '' : 's'}`
		: 'no dates charged';
};

/** One line in a sentence: its verdict and what is in dispute. */
function lineSummary(result: LineResult): string {
	const { line } = result;
	const what = `${line.containerNumber ?? 'No container'} ${line.chargeType ?? 'charge'} (${chargedSpan(result)}${line.amount !== null ? `, ${money(line.amount, line.currency)}` : ''})`;
	switch (result.verdict) {
		case 'consistent':
			return `${what}: consistent with the rule, the record${result.tariff ? ' and your tariff' : ''}.`;
		case 'incomplete': {
			const missing = result.findings.filter((f) => f.severity === 'missing').length;
			return `${what}: incomplete, ${missing} required element${missing === 1 ? '' : 's'} not found; ${money(result.amountInDispute, line.currency)} in dispute.`;
		}
		case 'dispute':
			return `${what}: dispute, ${money(result.amountInDispute, line.currency)} in question.`;
		default:
			return `${what}: cannot be checked in full (${notChecked(result.findings).find((f) => f.core)?.text ?? 'a fact is not reported'})`;
	}
}

/** The record's facts the line was checked on, with their sources. */
function recordOf(result: LineResult): IDataObject {
	const { facts } = result;
	return {
		tracked: facts.tracked,
		bill_of_lading: facts.billOfLading,
		port_of_discharge: facts.portLocode,
		discharged_on: facts.dischargeDay,
		available_on: facts.availableDay,
		availability_known: facts.availabilityKnown,
		not_available_on: facts.notAvailableDays,
		full_out_on: facts.fullOutDay,
		empty_returned_on: facts.emptyReturnDay,
		last_free_day: facts.lfd?.date ?? null,
		last_free_day_source: facts.lfd?.source ?? null,
		last_free_day_from: facts.lfd?.from ?? null,
		last_free_day_as_of: facts.lfd?.asOf ?? null,
		last_free_day_original: facts.lfd?.original ?? null,
		time_zone: facts.portZone,
		as_of: facts.asOf,
	};
}

/** The draft of a dispute for an invoice; null where nothing is in dispute or missing. */
export function disputeText(invoice: InvoiceResult): string | null {
	if (invoice.verdict !== 'dispute' && invoice.verdict !== 'incomplete') return null;
	const first = invoice.lines[0].line;
	const heading = [
		`Invoice ${invoice.invoiceNumber ?? '(no number)'}`,
		first.invoiceDate ? `dated ${first.invoiceDate}` : null,
		first.billingParty ? `from ${first.billingParty}` : null,
		first.billOfLading ? `B/L ${first.billOfLading}` : null,
	]
		.filter(Boolean)
		.join(', ');
	const out: string[] = [
		'[Draft: check each fact against the invoice before sending.]',
		'',
		`Re: ${heading}`,
		'',
		"We have reviewed the charges on this invoice against the containers' tracking records" +
			(invoice.lines.some((r) => r.tariff) ? ' and the applicable tariff' : '') +
			', and ask you to review the following.',
	];
	for (const result of invoice.lines) {
		const points = shown(result.findings).filter(
			(f) => f.severity !== 'missing' && f.severity !== 'review',
		);
		const missing = result.findings.filter((f) => f.severity === 'missing');
		if (!points.length && !missing.length) continue;
		const { line } = result;
		out.push(
			'',
			`Container ${line.containerNumber ?? '(no number)'}, ${line.chargeType ?? 'charge'}, ${chargedSpan(result)}${line.amount !== null ? `, billed ${money(line.amount, line.currency)}` : ''}:`,
		);
		for (const finding of points)
			out.push(
				`- ${finding.text}${finding.source && finding.check !== 'elements' ? ` (Source: ${finding.source}.)` : ''}`,
			);
		if (missing.length)
			out.push(
				`- Required elements not found on the invoice: ${missing.map((f) => `${f.cite} (${f.field})`).join('; ')}. 46 CFR 541.5 provides that an invoice missing required information carries no obligation to pay the charge.`,
			);
		if (result.amountInDispute > 0)
			out.push(
				`- Amount in question on this line: ${money(result.amountInDispute, line.currency)}.`,
			);
	}
	for (const finding of invoice.findings.filter((f) => f.severity === 'dispute'))
		out.push('', `- ${finding.text}`);
	const total = sums(invoice.amountInDispute);
	out.push(
		'',
		`${total ? `Amount in question: ${total}. ` : ''}We ask for a corrected invoice or a waiver of the amount in question.${invoice.disputeBy ? ` Under 46 CFR 541.8(a) a request may be made until at least ${invoice.disputeBy}; this request is made within that time.` : ''}`,
		'',
		"The dates cited are those of the containers' Terminal49 tracking records (carrier and terminal data) at the times given.",
	);
	return out.join('\n');
}

function finding(f: Finding): IDataObject {
	return { ...f, dates: [...f.dates] } as IDataObject;
}

/** A line's item (All Fields): everything its check found, with its invoice's verdict and dispute. */
export function invoiceLineItem(
	result: LineResult,
	invoice: InvoiceResult,
	position: number,
	/** The invoice's draft, made once for all its lines (disputeText). */
	dispute: string | null,
): IDataObject {
	return {
		...lineFields(result, position),
		invoice_verdict: invoice.verdict,
		invoice_amount_in_dispute: invoice.amountInDispute,
		invoice_amount_in_dispute_text: sums(invoice.amountInDispute) || null,
		dispute_text: dispute,
	};
}

/** What a line's check found (a line item's fields, and each line of an invoice's item). */
function lineFields(result: LineResult, position: number): IDataObject {
	const { line } = result;
	return {
		type: 'invoice_line',
		invoice_number: line.invoiceNumber,
		line: position,
		container_number: line.containerNumber,
		charge_type: line.chargeType,
		charged_from: line.chargedDates?.[0] ?? null,
		charged_through: line.chargedDates?.[line.chargedDates.length - 1] ?? null,
		days_charged: line.chargedDates?.length ?? 0,
		verdict: result.verdict,
		amount_billed: line.amount,
		expected_amount: result.expectedAmount,
		expected_basis: result.tariff
			? `your tariff "${result.tariff.reference}"`
			: line.rates
				? "the invoice's own rates"
				: null,
		amount_in_dispute: result.amountInDispute,
		currency: line.currency,
		dispute_by: result.disputeBy,
		summary: lineSummary(result),
		findings: shown(result.findings).map(finding),
		not_checked: notChecked(result.findings).map((f) => ({
			check: f.check,
			code: f.code,
			core: f.core === true,
			text: f.text,
		})),
		findings_text: findingsText(result.findings),
		record: recordOf(result),
		tariff_reference: result.tariff?.reference ?? null,
	};
}

/** An invoice's item (All Fields): its verdict, its lines' results, its dispute. */
export function invoiceItem(invoice: InvoiceResult): IDataObject {
	const first = invoice.lines[0].line;
	return {
		type: 'invoice',
		invoice_number: invoice.invoiceNumber,
		invoice_date: first.invoiceDate,
		billing_party: first.billingParty,
		verdict: invoice.verdict,
		lines: invoice.lines.length,
		containers: [...new Set(invoice.lines.map((r) => r.line.containerNumber).filter(Boolean))],
		amount_billed: invoice.amountBilled,
		amount_in_dispute: invoice.amountInDispute,
		amount_in_dispute_text: sums(invoice.amountInDispute) || null,
		dispute_by: invoice.disputeBy,
		summary: invoice.lines.map(lineSummary).join('\n'),
		findings: invoice.findings.map(finding),
		line_results: invoice.lines.map((result, i) => lineFields(result, i + 1)),
		dispute_text: disputeText(invoice),
	};
}

/** The few fields of a line a coordinator reads (Simplified). */
export function invoiceLineSummary(item: IDataObject): IDataObject {
	return {
		invoice_number: item.invoice_number,
		container_number: item.container_number,
		charge_type: item.charge_type,
		verdict: item.verdict,
		amount_billed: item.amount_billed,
		amount_in_dispute: item.amount_in_dispute,
		currency: item.currency,
		dispute_by: item.dispute_by,
		summary: item.summary,
		findings: item.findings_text,
		invoice_verdict: item.invoice_verdict,
	};
}

/** The few fields of an invoice a coordinator reads (Simplified). */
export function invoiceSummary(item: IDataObject): IDataObject {
	return {
		invoice_number: item.invoice_number,
		billing_party: item.billing_party,
		verdict: item.verdict,
		lines: item.lines,
		amount_in_dispute: item.amount_in_dispute_text,
		dispute_by: item.dispute_by,
		summary: item.summary,
		dispute_text: item.dispute_text,
	};
}
