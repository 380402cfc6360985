import type { Tariff } from '../tariffs';
import type { RecordFacts } from './recordFacts';
import type { Finding, InvoiceLine } from './types';

/**
 * What the record checks of a line share (recordDates.ts, recordPort.ts): the line, its record and tariff, the
 * findings so far, and how a finding names its days and its source.
 */

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface Context {
	line: InvoiceLine;
	facts: RecordFacts;
	tariff: Tariff | null;
	findings: Finding[];
}

export function add(context: Context, finding: Omit<Finding, 'check'>) {
	context.findings.push({ check: 'record', ...finding });
}

export function cannotCheck(
	context: Context,
	code: string,
	field: string | null,
	text: string,
	core: boolean,
) {
	add(context, {
		code,
		severity: 'cannot_check',
		cite: null,
		field,
		invoice_says: null,
		record_says: null,
		source: null,
		dates: [],
		amount: null,
		text,
		core,
	});
}

export const charged = (line: InvoiceLine) => line.chargedDates ?? [];

/** Where a record fact comes from, in words: the field, the read, and its time. */
export function sourceOf(facts: RecordFacts, field: string): string {
	return `Terminal49 container ${facts.containerNumber}: ${field}${facts.asOf ? `, as of ${facts.asOf}` : ''}`;
}

/** The days of a line charged on or before a day, after a day, or before one. */
export const onOrBefore = (line: InvoiceLine, day: string) =>
	charged(line).filter((date) => date <= day);
export const after = (line: InvoiceLine, day: string) => charged(line).filter((date) => date > day);
export const before = (line: InvoiceLine, day: string) =>
	charged(line).filter((date) => date < day);
