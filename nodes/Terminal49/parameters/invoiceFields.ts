import type { INodeProperties } from 'n8n-workflow';

/**
 * The fields of a D&D invoice line (Invoice > Check D&D Invoice; invoiceLine.ts reads them): the elements
 * 46 CFR 541.6 requires, and what the checks need. Each is an expression that defaults to the column of the same
 * name in the input item (`invoice_number`, `container_number`, ...), so a sheet, a Data Table or an extractor's
 * JSON with those columns maps itself; any field can be mapped otherwise. Empty means "not on the invoice".
 */

export type InvoiceFieldKind = 'text' | 'date' | 'number' | 'money';

export interface InvoiceField {
	/** The parameter's name, and the line's field (InvoiceLine). */
	name: string;
	displayName: string;
	/** The input item's column it defaults to. */
	column: string;
	kind: InvoiceFieldKind;
	description: string;
	placeholder?: string;
}

/** Every field, in the order an auditor reads an invoice; docs/invoices.md lists the columns. */
export const INVOICE_FIELDS: readonly InvoiceField[] = [
	{
		name: 'invoiceNumber',
		displayName: 'Invoice Number',
		column: 'invoice_number',
		kind: 'text',
		description: 'Lines with the same invoice number in one run are one invoice',
	},
	{
		name: 'invoiceDate',
		displayName: 'Invoice Date',
		column: 'invoice_date',
		kind: 'date',
		description: 'The date the invoice was issued (541.6(b)(1)); YYYY-MM-DD or MM/DD/YYYY',
	},
	{
		name: 'dueDate',
		displayName: 'Due Date',
		column: 'due_date',
		kind: 'date',
		description: 'The date payment is due (541.6(b)(2))',
	},
	{
		name: 'billingParty',
		displayName: 'Billing Party',
		column: 'billing_party',
		kind: 'text',
		description: 'Who issued the invoice: the shipping line, terminal or NVOCC',
	},
	{
		name: 'billingPartyScac',
		displayName: 'Billing Party SCAC',
		column: 'billing_party_scac',
		kind: 'text',
		description:
			"The billing party's SCAC where it is a shipping line (e.g. MAEU); empty for a terminal",
		placeholder: 'e.g. MAEU',
	},
	{
		name: 'billOfLading',
		displayName: 'Bill of Lading',
		column: 'bill_of_lading',
		kind: 'text',
		description: 'The B/L number on the invoice (541.6(a)(1))',
	},
	{
		name: 'containerNumber',
		displayName: 'Container Number',
		column: 'container_number',
		kind: 'text',
		description: "The container charged (541.6(a)(2)); checked against Terminal49's record of it",
	},
	{
		name: 'portOfDischarge',
		displayName: 'Port of Discharge',
		column: 'port_of_discharge',
		kind: 'text',
		description:
			'The port of discharge on the invoice (541.6(a)(3)): a UN/LOCODE such as USLAX, or its name',
	},
	{
		name: 'chargeType',
		displayName: 'Charge Type',
		column: 'charge_type',
		kind: 'text',
		description:
			'What the line charges: demurrage, detention (per diem) or combined D&D; anything else (storage, chassis, exam) is checked against the rule only, not the record',
		placeholder: 'e.g. demurrage',
	},
	{
		name: 'freeDays',
		displayName: 'Free Days',
		column: 'free_days',
		kind: 'number',
		description: 'The free time allowed, in days (541.6(b)(3))',
	},
	{
		name: 'freeTimeStart',
		displayName: 'Free Time Start',
		column: 'free_time_start',
		kind: 'date',
		description: 'The first day of free time (541.6(b)(4))',
	},
	{
		name: 'freeTimeEnd',
		displayName: 'Free Time End',
		column: 'free_time_end',
		kind: 'date',
		description: 'The last day of free time (541.6(b)(5))',
	},
	{
		name: 'freeTimeCounts',
		displayName: 'Free Time Counts',
		column: 'free_time_counts',
		kind: 'text',
		description:
			"How the invoice's rule counts free time: calendar or working (Monday to Friday, its holidays out); empty: not stated (calendar days are assumed, and said)",
		placeholder: 'calendar or working',
	},
	{
		name: 'holidays',
		displayName: 'Holidays',
		column: 'holidays',
		kind: 'text',
		description: "The rule's holidays for working-day free time (YYYY-MM-DD, comma-separated)",
		placeholder: 'e.g. 2026-06-19, 2026-07-03',
	},
	{
		name: 'availabilityDate',
		displayName: 'Availability Date',
		column: 'availability_date',
		kind: 'date',
		description:
			'The date the container was available for pickup, as the invoice gives it (541.6(b)(6), imports)',
	},
	{
		name: 'earliestReturnDate',
		displayName: 'Earliest Return Date',
		column: 'earliest_return_date',
		kind: 'date',
		description: 'The earliest return date (541.6(b)(7), exports)',
	},
	{
		name: 'chargedFrom',
		displayName: 'Dates Charged From',
		column: 'charged_from',
		kind: 'date',
		description:
			'The first date charged (541.6(b)(8)); with Dates Charged To, every day between is charged',
	},
	{
		name: 'chargedTo',
		displayName: 'Dates Charged To',
		column: 'charged_to',
		kind: 'date',
		description: 'The last date charged',
	},
	{
		name: 'chargedDates',
		displayName: 'Dates Charged (List)',
		column: 'dates_charged',
		kind: 'text',
		description:
			'Instead of From and To: each date charged, comma-separated (a range as 2026-06-20..2026-06-25)',
		placeholder: 'e.g. 2026-06-24, 2026-06-25',
	},
	{
		name: 'rule',
		displayName: 'Rule (Tariff Reference)',
		column: 'rule',
		kind: 'text',
		description:
			'The applicable rule the invoice names: tariff and rule number, terminal schedule, or service contract and section (541.6(c)(2))',
	},
	{
		name: 'rates',
		displayName: 'Daily Rates',
		column: 'rates',
		kind: 'text',
		description:
			'The rates the invoice applies, in tiers by the day charged as the D&D tariffs take them (541.6(c)(3))',
		placeholder: 'e.g. 1-4: 235, 5-9: 285, 10+: 335',
	},
	{
		name: 'amount',
		displayName: 'Line Amount',
		column: 'amount',
		kind: 'money',
		description: "The amount this line bills for the container's charge",
	},
	{
		name: 'currency',
		displayName: 'Currency',
		column: 'currency',
		kind: 'text',
		description: 'The currency of the amounts (e.g. USD)',
		placeholder: 'e.g. USD',
	},
	{
		name: 'invoiceTotal',
		displayName: 'Invoice Total',
		column: 'invoice_total',
		kind: 'money',
		description:
			'The total amount due on the whole invoice (541.6(c)(1)): its lines must add up to it',
	},
	{
		name: 'contact',
		displayName: 'Contact',
		column: 'contact',
		kind: 'text',
		description:
			'The contact for questions or mitigation requests: an email, phone or other (541.6(d)(1))',
	},
	{
		name: 'disputeDocumentsUrl',
		displayName: 'Dispute Documents URL',
		column: 'dispute_url',
		kind: 'text',
		description: 'The URL or QR code target describing the documents a dispute needs (541.6(d)(2))',
	},
	{
		name: 'disputeTimeframes',
		displayName: 'Dispute Timeframes',
		column: 'dispute_timeframes',
		kind: 'text',
		description:
			'The timeframes the invoice gives to request mitigation, refund or waiver, and to resolve it (541.6(d)(3))',
	},
	{
		name: 'disputeWindowDays',
		displayName: 'Days Allowed to Dispute',
		column: 'dispute_window_days',
		kind: 'number',
		description:
			'Where the invoice states it: the days it allows to request relief (541.8(a) calls for at least 30)',
	},
	{
		name: 'basisOfLiability',
		displayName: 'Basis of Liability',
		column: 'basis_of_liability',
		kind: 'text',
		description:
			'Why the invoice says the billed party is liable, e.g. consignee on the B/L (541.6(a)(4))',
	},
	{
		name: 'certifiesRules',
		displayName: 'Certification: Consistent With FMC Rules',
		column: 'certification_fmc_rules',
		kind: 'text',
		description:
			'The invoice\'s statement that the charges are consistent with the FMC rules on D&D (541.6(e)(1)); empty or "no": not on the invoice',
	},
	{
		name: 'certifiesPerformance',
		displayName: 'Certification: Performance',
		column: 'certification_performance',
		kind: 'text',
		description:
			"The invoice's statement that the billing party's performance did not cause or contribute to the charges (541.6(e)(2))",
	},
	{
		name: 'keptLastFreeDay',
		displayName: 'Kept Last Free Day',
		column: 'kept_last_free_day',
		kind: 'date',
		description:
			"The last free day kept before pickup (the board's evidence table): Terminal49 hides it once the container is picked up at the port",
	},
	{
		name: 'keptLastFreeDaySource',
		displayName: 'Kept Last Free Day Source',
		column: 'kept_last_free_day_source',
		kind: 'text',
		description: "Whose the kept last free day was (the row's last_free_day_source)",
	},
	{
		name: 'keptAsOf',
		displayName: 'Kept As Of',
		column: 'kept_as_of',
		kind: 'text',
		description: "When the kept last free day was current (the row's as_of)",
	},
];

/** The fields as node parameters, each an expression of its column by default. */
export const invoiceFieldProperties: INodeProperties[] = INVOICE_FIELDS.map((field) => ({
	displayName: field.displayName,
	name: field.name,
	type: 'string',
	default: `={{ $json.${field.column} }}`,
	description: field.description,
	...(field.placeholder ? { placeholder: field.placeholder } : {}),
}));

/** Whether the invoice is an import's (port of discharge, availability) or an export's (earliest return date). */
export const directionProperty: INodeProperties = {
	displayName: 'Direction',
	name: 'direction',
	type: 'options',
	default: 'import',
	description: 'Which elements 46 CFR 541.6 requires: 19 for an import, 18 for an export',
	options: [
		{ name: 'Import', value: 'import' },
		{ name: 'Export', value: 'export' },
	],
};
