import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { dateOfDayNumber, dayNumber } from '../domain/calendar';
import type { InvoiceChargeType, InvoiceDirection, InvoiceLine } from '../domain/invoice/types';
import { invalidInput, normalizeContainerNumber } from '../errors/validation';
import { INVOICE_FIELDS } from './invoiceFields';
import type { InvoiceFieldKind } from './invoiceFields';
import { parseRates } from './tariffs';
import { readScac } from './valueReaders';

/**
 * Reads one input item's invoice line (invoiceFields.ts) and checks every value before any request: a date
 * that does not parse, a negative amount, a rate text the tariffs would refuse, dates charged that end before
 * they start. An error names the field, the value and the fix; the other lines go on where the node continues
 * on fail (operations/check).
 */

/** The longest run of dates charged one line may expand to (a year and a month). */
const MAX_CHARGED_DAYS = 400;

const blank = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A calendar date from an invoice: YYYY-MM-DD (a date-time keeps its written date), or MM/DD/YYYY. */
export function parseInvoiceDate(value: unknown): string | null {
	let raw: unknown = value;
	if (raw instanceof Date) raw = raw.toISOString();
	if (raw && typeof raw === 'object' && typeof (raw as { toISO?: unknown }).toISO === 'function')
		raw = (raw as { toISO: () => string }).toISO();
	if (typeof raw !== 'string') return null;
	const text = raw.trim();
	let y: number, m: number, d: number;
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
	const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
	if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
	else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
	else return null;
	const date = new Date(Date.UTC(y, m - 1, d));
	if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
		return null;
	return date.toISOString().slice(0, 10);
}

/** An amount as invoices write it: `5045`, `5,045.00`, `$5,045.00`, `USD 5045`. */
export function parseAmount(value: unknown): number | null {
	if (typeof value === 'number') return Number.isFinite(value) ? value : null;
	if (typeof value !== 'string') return null;
	const text = value.replace(/[\s$,]|USD|CAD|EUR/gi, '');
	if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
	return Number(text);
}

const CHARGE_TYPES: Record<string, InvoiceChargeType> = {
	demurrage: 'demurrage',
	dem: 'demurrage',
	detention: 'detention',
	det: 'detention',
	per_diem: 'detention',
	perdiem: 'detention',
	combined: 'combined',
	combined_d_d: 'combined',
	d_d: 'combined',
	d_and_d: 'combined',
};

interface Reader {
	node: INode;
	itemIndex: number;
	raw: (name: string) => unknown;
}

const FIXES: Record<InvoiceFieldKind, string> = {
	date: 'Give the date as YYYY-MM-DD (e.g. 2026-07-20) or MM/DD/YYYY, or leave it empty if the invoice does not show it.',
	number:
		'Give a whole number of days, 0 or more, or leave it empty if the invoice does not show it.',
	money:
		'Give the amount as a number, 0 or more (e.g. 5045.00), or leave it empty if the invoice does not show it.',
	text: '',
};

function field(reader: Reader, name: string) {
	const spec = INVOICE_FIELDS.find((candidate) => candidate.name === name)!;
	const value = reader.raw(name);
	const fail = (problem: string, fix = FIXES[spec.kind]): never =>
		invalidInput(reader.node, reader.itemIndex, spec.displayName, value, problem, fix);
	return { value, spec, fail };
}

function text(reader: Reader, name: string): string | null {
	const { value } = field(reader, name);
	return blank(value) ? null : String(value).trim();
}

function date(reader: Reader, name: string): string | null {
	const { value, fail } = field(reader, name);
	if (blank(value)) return null;
	return parseInvoiceDate(value) ?? fail('this is not a date');
}

function days(reader: Reader, name: string): number | null {
	const { value, fail } = field(reader, name);
	if (blank(value)) return null;
	const number = parseAmount(value);
	if (number === null || !Number.isInteger(number))
		return fail('this is not a whole number of days');
	if (number < 0 || number > 365) return fail('days are 0 to 365');
	return number;
}

function money(reader: Reader, name: string): number | null {
	const { value, fail } = field(reader, name);
	if (blank(value)) return null;
	const amount = parseAmount(value);
	if (amount === null) return fail('this is not an amount');
	if (amount < 0)
		return fail('an amount billed is not negative (a credit note is not a D&D invoice line)');
	return amount;
}

/** Every day from one date to another, both counted. */
function span(from: string, to: string): string[] {
	const out: string[] = [];
	for (let day = dayNumber(from); day <= dayNumber(to); day++) out.push(dateOfDayNumber(day));
	return out;
}

function chargedDates(reader: Reader): string[] | null {
	const from = date(reader, 'chargedFrom');
	const to = date(reader, 'chargedTo');
	const listed = text(reader, 'chargedDates');
	const { fail: failTo } = field(reader, 'chargedTo');
	const dates = new Set<string>();
	if (from || to) {
		if (!from || !to)
			invalidInput(
				reader.node,
				reader.itemIndex,
				from ? 'Dates Charged To' : 'Dates Charged From',
				'',
				'a range of dates charged needs its first and its last date',
				'Give both Dates Charged From and Dates Charged To, or list the dates in Dates Charged (List).',
			);
		if (to! < from!)
			failTo(
				`it is before Dates Charged From (${from})`,
				'Give the last date charged, on or after the first.',
			);
		for (const day of span(from!, to!)) dates.add(day);
	}
	if (listed) {
		const { fail } = field(reader, 'chargedDates');
		for (const part of listed
			.split(/[,;\n]+/)
			.map((p) => p.trim())
			.filter(Boolean)) {
			const [a, b] = part.split(/\s*\.\.\s*/);
			const first = parseInvoiceDate(a);
			const last = b === undefined ? first : parseInvoiceDate(b);
			if (!first || !last || last < first)
				fail(
					`"${part}" is not a date or a range of dates`,
					'List dates as YYYY-MM-DD, comma-separated; a range as 2026-06-20..2026-06-25.',
				);
			for (const day of span(first!, last!)) dates.add(day);
		}
	}
	if (dates.size > MAX_CHARGED_DAYS)
		invalidInput(
			reader.node,
			reader.itemIndex,
			'Dates Charged',
			`${dates.size} days`,
			`one line charges at most ${MAX_CHARGED_DAYS} days here`,
			'Check the dates charged: a year is read as a typing error.',
		);
	return dates.size ? [...dates].sort() : null;
}

function chargeType(reader: Reader): InvoiceChargeType | null {
	const value = text(reader, 'chargeType');
	if (value === null) return null;
	const key = value
		.toLowerCase()
		.replace(/[\s&/-]+/g, '_')
		.replace(/_+/g, '_');
	return CHARGE_TYPES[key] ?? 'other';
}

function scac(reader: Reader): string | null {
	const value = text(reader, 'billingPartyScac');
	// the node's one SCAC reader (the filters' and the tariffs' too)
	return value === null
		? null
		: readScac(
				reader.node,
				reader.itemIndex,
				field(reader, 'billingPartyScac').spec.displayName,
				value,
			);
}

function container(reader: Reader): string | null {
	const value = text(reader, 'containerNumber');
	if (value === null) return null;
	const number = normalizeContainerNumber(value);
	if (!/^[A-Z]{4}\d{7}$/.test(number))
		field(reader, 'containerNumber').fail(
			'a container number is 4 letters and 7 digits, e.g. MSCU1234565',
			'Map the container number of the line.',
		);
	return number;
}

function rates(reader: Reader) {
	const ratesText = text(reader, 'rates');
	if (ratesText === null) return { ratesText, rates: null };
	const tiers = parseRates(ratesText);
	if (typeof tiers === 'string')
		field(reader, 'rates').fail(
			tiers,
			'Write the rates in tiers by the day charged, e.g. "1-4: 235, 5-9: 285, 10+: 335" (a single rate: "1+: 150").',
		);
	return { ratesText, rates: tiers as Exclude<typeof tiers, string> };
}

function freeTimeCounts(reader: Reader) {
	const value = text(reader, 'freeTimeCounts')?.toLowerCase() ?? null;
	if (value === null) return null;
	if (value.startsWith('working') || value.startsWith('business')) return 'working' as const;
	if (value.startsWith('calendar')) return 'calendar' as const;
	return field(reader, 'freeTimeCounts').fail(
		'use calendar or working',
		'Say how the invoice counts free time: calendar or working days, or leave it empty.',
	);
}

function holidays(reader: Reader): string[] {
	const value = text(reader, 'holidays');
	if (value === null) return [];
	return value
		.split(/[,;\s]+/)
		.filter(Boolean)
		.map(
			(day) =>
				parseInvoiceDate(day) ??
				field(reader, 'holidays').fail(
					`"${day}" is not a date`,
					'List the holidays as dates, e.g. 2026-06-19, 2026-07-03.',
				),
		);
}

function currency(reader: Reader): string | null {
	const value = text(reader, 'currency')?.toUpperCase() ?? null;
	if (value !== null && !/^[A-Z]{3}$/.test(value))
		field(reader, 'currency').fail(
			'a currency is a 3-letter code',
			'Give the currency of the amounts, e.g. USD.',
		);
	return value;
}

/** The invoice line of input item `itemIndex`. */
export function readInvoiceLine(this: IExecuteFunctions, itemIndex: number): InvoiceLine {
	const reader: Reader = {
		node: this.getNode(),
		itemIndex,
		raw: (name) => this.getNodeParameter(name, itemIndex, ''),
	};
	const keptLastFreeDay = date(reader, 'keptLastFreeDay');
	return {
		item: itemIndex,
		invoiceNumber: text(reader, 'invoiceNumber'),
		invoiceDate: date(reader, 'invoiceDate'),
		dueDate: date(reader, 'dueDate'),
		billingParty: text(reader, 'billingParty'),
		billingPartyScac: scac(reader),
		billOfLading: text(reader, 'billOfLading'),
		containerNumber: container(reader),
		portOfDischarge: text(reader, 'portOfDischarge'),
		direction: this.getNodeParameter('direction', itemIndex, 'import') as InvoiceDirection,
		chargeType: chargeType(reader),
		freeDays: days(reader, 'freeDays'),
		freeTimeStart: date(reader, 'freeTimeStart'),
		freeTimeEnd: date(reader, 'freeTimeEnd'),
		freeTimeCounts: freeTimeCounts(reader),
		holidays: holidays(reader),
		availabilityDate: date(reader, 'availabilityDate'),
		earliestReturnDate: date(reader, 'earliestReturnDate'),
		chargedDates: chargedDates(reader),
		rule: text(reader, 'rule'),
		...rates(reader),
		amount: money(reader, 'amount'),
		currency: currency(reader),
		invoiceTotal: money(reader, 'invoiceTotal'),
		contact: text(reader, 'contact'),
		disputeDocumentsUrl: text(reader, 'disputeDocumentsUrl'),
		disputeTimeframes: text(reader, 'disputeTimeframes'),
		disputeWindowDays: days(reader, 'disputeWindowDays'),
		basisOfLiability: text(reader, 'basisOfLiability'),
		certifiesRules: text(reader, 'certifiesRules'),
		certifiesPerformance: text(reader, 'certifiesPerformance'),
		kept: keptLastFreeDay
			? {
					lastFreeDay: keptLastFreeDay,
					lastFreeDaySource: text(reader, 'keptLastFreeDaySource'),
					asOf: text(reader, 'keptAsOf'),
				}
			: null,
	};
}
