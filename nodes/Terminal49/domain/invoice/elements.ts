import type { Finding, InvoiceLine } from './types';

/**
 * Check 1: the minimum elements 46 CFR 541.6 requires on every US demurrage or detention invoice: 19 for an
 * import, 18 for an export (the port of discharge and the availability date are an import's; the earliest return
 * date an export's). 46 CFR 541.5: an invoice that lacks any of them carries no obligation to pay the charge.
 * An element is missing when its field is empty: "not found in the fields provided", since the invoice is read
 * upstream (a sheet, a form, an extractor). 541.4 (who may be billed) was removed effective 2025-12-29 and is
 * never checked.
 */

export interface InvoiceElement {
	/** The paragraph of 46 CFR 541.6. */
	cite: string;
	/** The element's short name. */
	name: string;
	/** The node field that carries it. */
	field: string;
	/** Whether the line shows it. */
	present: (line: InvoiceLine) => boolean;
	/** Only on an import's or an export's invoice. */
	only?: 'import' | 'export';
}

const has = (value: unknown) =>
	value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/** A certification that says it does not certify ("no", "false") is not a certification. */
const certifies = (value: string | null) =>
	has(value) && !/^(no|false|none|n\/a|-)$/i.test(String(value).trim());

/** The elements in the rule's order; `docs/invoices.md` lists them with the node's fields. */
export const INVOICE_ELEMENTS: readonly InvoiceElement[] = [
	{
		cite: '(a)(1)',
		name: 'bill of lading number',
		field: 'Bill of Lading',
		present: (l) => has(l.billOfLading),
	},
	{
		cite: '(a)(2)',
		name: 'container number',
		field: 'Container Number',
		present: (l) => has(l.containerNumber),
	},
	{
		cite: '(a)(3)',
		name: 'port of discharge',
		field: 'Port of Discharge',
		present: (l) => has(l.portOfDischarge),
		only: 'import',
	},
	{
		cite: '(a)(4)',
		name: 'basis for why the billed party is liable',
		field: 'Basis of Liability',
		present: (l) => has(l.basisOfLiability),
	},
	{
		cite: '(b)(1)',
		name: 'invoice date',
		field: 'Invoice Date',
		present: (l) => has(l.invoiceDate),
	},
	{ cite: '(b)(2)', name: 'invoice due date', field: 'Due Date', present: (l) => has(l.dueDate) },
	{
		cite: '(b)(3)',
		name: 'allowed free time in days',
		field: 'Free Days',
		present: (l) => l.freeDays !== null,
	},
	{
		cite: '(b)(4)',
		name: 'free time start date',
		field: 'Free Time Start',
		present: (l) => has(l.freeTimeStart),
	},
	{
		cite: '(b)(5)',
		name: 'free time end date',
		field: 'Free Time End',
		present: (l) => has(l.freeTimeEnd),
	},
	{
		cite: '(b)(6)',
		name: 'container availability date',
		field: 'Availability Date',
		present: (l) => has(l.availabilityDate),
		only: 'import',
	},
	{
		cite: '(b)(7)',
		name: 'earliest return date',
		field: 'Earliest Return Date',
		present: (l) => has(l.earliestReturnDate),
		only: 'export',
	},
	{
		cite: '(b)(8)',
		name: 'specific dates charged',
		field: 'Dates Charged',
		present: (l) => (l.chargedDates?.length ?? 0) > 0,
	},
	{
		cite: '(c)(1)',
		name: 'total amount due',
		field: 'Invoice Total',
		present: (l) => l.invoiceTotal !== null,
	},
	{
		cite: '(c)(2)',
		name: 'applicable rule',
		field: 'Rule (Tariff Reference)',
		present: (l) => has(l.rule),
	},
	{
		cite: '(c)(3)',
		name: 'specific rate(s)',
		field: 'Daily Rates',
		present: (l) => has(l.ratesText),
	},
	{
		cite: '(d)(1)',
		name: 'contact for questions or mitigation requests',
		field: 'Contact',
		present: (l) => has(l.contact),
	},
	{
		cite: '(d)(2)',
		name: 'digital means (URL or QR code) to the documents a dispute needs',
		field: 'Dispute Documents URL',
		present: (l) => has(l.disputeDocumentsUrl),
	},
	{
		cite: '(d)(3)',
		name: 'defined timeframes to request mitigation, refund or waiver',
		field: 'Dispute Timeframes',
		present: (l) => has(l.disputeTimeframes) || l.disputeWindowDays !== null,
	},
	{
		cite: '(e)(1)',
		name: 'statement that the charges are consistent with the FMC rules on demurrage and detention (Part 541 and 545.5)',
		field: 'Certification: Consistent With FMC Rules',
		present: (l) => certifies(l.certifiesRules),
	},
	{
		cite: '(e)(2)',
		name: "statement that the billing party's performance did not cause or contribute to the charges",
		field: 'Certification: Performance',
		present: (l) => certifies(l.certifiesPerformance),
	},
];

/** The elements an invoice of this direction must carry (19 for an import, 18 for an export). */
export const elementsFor = (direction: InvoiceLine['direction']) =>
	INVOICE_ELEMENTS.filter((element) => !element.only || element.only === direction);

/** A finding for each required element the line does not show. */
export function missingElements(line: InvoiceLine): Finding[] {
	return elementsFor(line.direction)
		.filter((element) => !element.present(line))
		.map((element) => ({
			check: 'elements',
			code: 'missing_element',
			severity: 'missing',
			cite: `46 CFR 541.6${element.cite}`,
			field: element.field,
			invoice_says: null,
			record_says: null,
			source: null,
			dates: [],
			amount: line.amount,
			text: `Required element 46 CFR 541.6${element.cite} (${element.name}) was not found on the invoice (field ${element.field} is empty). 46 CFR 541.5 provides that an invoice missing required information carries no obligation to pay the charge.`,
		}));
}

/**
 * A digital means that is only a site's home page does not lead to the documents a dispute needs: a finding to
 * check by hand (DND-INVOICES.md: "a bare homepage: check by hand").
 */
export function digitalMeansToReview(line: InvoiceLine): Finding[] {
	const url = line.disputeDocumentsUrl?.trim();
	if (!url) return [];
	let path = '';
	try {
		path = new URL(url).pathname;
	} catch {
		return [];
	}
	if (path !== '' && path !== '/') return [];
	return [
		{
			check: 'elements',
			code: 'digital_means_home_page',
			severity: 'review',
			cite: '46 CFR 541.6(d)(2)',
			field: 'Dispute Documents URL',
			invoice_says: url,
			record_says: null,
			source: null,
			dates: [],
			amount: null,
			text: `The invoice's link ${url} is a site's home page: check by hand that it leads to a public page describing the documents a dispute needs (46 CFR 541.6(d)(2)).`,
		},
	];
}
