import { dateOfDayNumber, dayNumber } from '../calendar';
import { holidayDays, lastFreeDay } from '../freeTime';
import type { Tariff } from '../tariffs';
import { tailAmount } from './arithmetic';
import type { RecordFacts, RecordLfd } from './recordFacts';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 4: the invoice's dates against the container's Terminal49 record: the right container at the right
 * port; demurrage's free time from discharge (or availability) to the last free day Terminal49 selected (or the
 * one kept before pickup hid it), and no demurrage after full out; detention from full out, and none after the
 * empty came back. Each finding names both dates and where the record's comes from. A fact the record does not
 * hold is "cannot be checked" with the reason, never "ok". Free time the record says nothing of (detention's,
 * combined D&D's) is counted from the record's start by the user's tariff, where one is set.
 */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Context {
	line: InvoiceLine;
	facts: RecordFacts;
	tariff: Tariff | null;
	findings: Finding[];
}

function add(context: Context, finding: Omit<Finding, 'check'>) {
	context.findings.push({ check: 'record', ...finding });
}

function cannotCheck(
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

const charged = (line: InvoiceLine) => line.chargedDates ?? [];

/** Where a record fact comes from, in words: the field, the read, and its time. */
function sourceOf(facts: RecordFacts, field: string): string {
	return `Terminal49 container ${facts.containerNumber}: ${field}${facts.asOf ? `, as of ${facts.asOf}` : ''}`;
}

function lfdSource(lfd: RecordLfd): string {
	const whose = lfd.source ? ` (${lfd.source})` : '';
	return lfd.from === 'kept'
		? `the last free day${whose} kept before pickup hid it${lfd.asOf ? `, as of ${lfd.asOf}` : ''}`
		: `Terminal49's selected last free day${whose}${lfd.asOf ? `, as of ${lfd.asOf}` : ''}`;
}

/** Whether an LFD of this source is the billing party's own: a line's for a line (SCAC), a terminal's otherwise. */
function sameParty(line: InvoiceLine, source: string | null): boolean {
	if (!source) return true;
	const lineSource = source.startsWith('line');
	return line.billingPartyScac ? lineSource : !lineSource;
}

/** The right container, B/L and port. */
function identity(context: Context) {
	const { line, facts } = context;
	if (line.billOfLading && facts.billOfLading) {
		const norm = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
		const billed = norm(line.billOfLading);
		const recorded = norm(facts.billOfLading);
		if (!billed.endsWith(recorded) && !recorded.endsWith(billed))
			add(context, {
				code: 'bill_of_lading_differs',
				severity: 'review',
				cite: '46 CFR 541.6(a)(1)',
				field: 'Bill of Lading',
				invoice_says: line.billOfLading,
				record_says: facts.billOfLading,
				source: sourceOf(facts, "its shipment's bill_of_lading_number"),
				dates: [],
				amount: null,
				text: `The invoice gives B/L ${line.billOfLading}; Terminal49 tracks container ${facts.containerNumber} under B/L ${facts.billOfLading}. An NVOCC's house B/L is not comparable with the carrier's: check which one the invoice means.`,
			});
	}
	if (line.portOfDischarge && (facts.portLocode || facts.portName)) {
		const billed = line.portOfDischarge.trim().toUpperCase();
		const isLocode = /^[A-Z]{2}[A-Z0-9]{3}$/.test(billed);
		const matches = isLocode
			? billed === facts.portLocode
			: [facts.portName, facts.portLocode].some(
					(known) =>
						!!known &&
						(known.toUpperCase().includes(billed) || billed.includes(known.toUpperCase())),
				);
		if (!matches)
			add(context, {
				code: 'port_differs',
				severity: isLocode ? 'dispute' : 'review',
				cite: '46 CFR 541.6(a)(3)',
				field: 'Port of Discharge',
				invoice_says: line.portOfDischarge,
				record_says: [facts.portName, facts.portLocode].filter(Boolean).join(', '),
				source: sourceOf(facts, "its shipment's port_of_discharge"),
				dates: charged(line),
				amount: isLocode ? line.amount : null,
				text: `The invoice charges container ${facts.containerNumber} at ${line.portOfDischarge}; Terminal49 records its port of discharge as ${[facts.portName, facts.portLocode].filter(Boolean).join(' ')}.`,
			});
	}
}

/** The days of a line charged on or before a day, after a day, or before one. */
const onOrBefore = (line: InvoiceLine, day: string) => charged(line).filter((date) => date <= day);
const after = (line: InvoiceLine, day: string) => charged(line).filter((date) => date > day);
const before = (line: InvoiceLine, day: string) => charged(line).filter((date) => date < day);

/** Charges at the port: no day before discharge; free time not before it; availability as recorded. */
function portStart(context: Context) {
	const { line, facts } = context;
	if (facts.dischargeDay === null) {
		if (!facts.closed && charged(line).length > 0)
			add(context, {
				code: 'not_discharged',
				severity: 'dispute',
				cite: null,
				field: 'Dates Charged',
				invoice_says: `charged ${charged(line)[0]} to ${charged(line).at(-1)}`,
				record_says: 'not discharged',
				source: sourceOf(facts, 'pod_discharged_at (none)'),
				dates: charged(line),
				amount: line.amount,
				text: `Terminal49 records no discharge of container ${facts.containerNumber} at the port, so it shows no day the container was there to be charged.`,
			});
		else
			cannotCheck(
				context,
				'discharge_not_reported',
				'Free Time Start',
				'Terminal49 reports no discharge time for this container: the start of free time cannot be checked.',
				true,
			);
		return;
	}
	const early = before(line, facts.dischargeDay);
	if (early.length)
		add(context, {
			code: 'charged_before_discharge',
			severity: 'dispute',
			cite: '46 CFR 541.6(b)(8)',
			field: 'Dates Charged',
			invoice_says: early.join(', '),
			record_says: `discharged ${facts.dischargeDay}`,
			source: sourceOf(facts, `pod_discharged_at (${facts.portZone})`),
			dates: early,
			amount: null,
			text: `The invoice charges ${plural(early.length, 'day')} before container ${facts.containerNumber} was discharged on ${facts.dischargeDay} (${early.join(', ')}).`,
		});
	if (line.freeTimeStart && line.freeTimeStart < facts.dischargeDay)
		add(context, {
			code: 'free_time_before_discharge',
			severity: 'dispute',
			cite: '46 CFR 541.6(b)(4)',
			field: 'Free Time Start',
			invoice_says: line.freeTimeStart,
			record_says: facts.dischargeDay,
			source: sourceOf(facts, `pod_discharged_at (${facts.portZone})`),
			dates: [],
			amount: null,
			text: `The invoice starts free time on ${line.freeTimeStart}; Terminal49 recorded the container discharged on ${facts.dischargeDay}.`,
		});
	if (facts.availableDay === null) {
		if (line.availabilityDate)
			cannotCheck(
				context,
				'availability_not_reported',
				'Availability Date',
				facts.availabilityKnown
					? 'Terminal49 knows the availability but recorded no availability event: the availability date cannot be checked.'
					: "The terminal does not report this container's availability to Terminal49 (availability_known is false): the availability date cannot be checked.",
				false,
			);
		return;
	}
	const source = `${sourceOf(facts, `container.transport.available (${facts.portZone})`)}${facts.availableSource ? `, from the ${facts.availableSource}` : ''}`;
	if (line.availabilityDate && line.availabilityDate !== facts.availableDay)
		add(context, {
			code: 'availability_differs',
			severity: 'dispute',
			cite: '46 CFR 541.6(b)(6)',
			field: 'Availability Date',
			invoice_says: line.availabilityDate,
			record_says: facts.availableDay,
			source,
			dates: [],
			amount: null,
			text: `The invoice gives ${line.availabilityDate} as the availability date; Terminal49 recorded the container available on ${facts.availableDay}.`,
		});
	if (line.freeTimeStart && line.freeTimeStart < facts.availableDay)
		add(context, {
			code: 'free_time_before_available',
			severity: 'fact',
			cite: '46 CFR 545.5(c)(2)(i)',
			field: 'Free Time Start',
			invoice_says: line.freeTimeStart,
			record_says: facts.availableDay,
			source,
			dates: [],
			amount: null,
			text: `Free time started on ${line.freeTimeStart}, before Terminal49 recorded the container available on ${facts.availableDay}. 46 CFR 545.5(c)(2)(i): the Commission may consider whether demurrage and free time relate to cargo availability.`,
		});
}

/** The end of a port clock's free time by the tariff, from the record's start; null where it cannot be told. */
function tariffFreeEnd(tariff: Tariff, startDay: string | null): string | null {
	if (startDay === null) return null;
	return dateOfDayNumber(
		lastFreeDay(
			dayNumber(startDay),
			tariff.freeDays,
			tariff.freeTimeCount,
			holidayDays(tariff.holidays),
		),
	);
}

/** Charged days the record's free time end says were free. */
function freeTimeEnd(
	context: Context,
	end: string,
	source: string,
	severity: 'dispute' | 'review',
	note = '',
) {
	const { line } = context;
	const free = onOrBefore(line, end);
	if (line.freeTimeEnd && line.freeTimeEnd > end)
		add(context, {
			code: 'free_time_end_after_record',
			severity: 'review',
			cite: '46 CFR 541.6(b)(5)',
			field: 'Free Time End',
			invoice_says: line.freeTimeEnd,
			record_says: end,
			source,
			dates: [],
			amount: null,
			text: `The invoice ends free time on ${line.freeTimeEnd}, later than ${end} (${source}): in the billed party's favour.`,
		});
	if (!free.length && !(line.freeTimeEnd && line.freeTimeEnd < end)) return;
	add(context, {
		code: 'free_time_end_before_record',
		severity,
		cite: '46 CFR 541.6(b)(5)',
		field: 'Free Time End',
		invoice_says: line.freeTimeEnd ?? `charged from ${charged(line)[0]}`,
		record_says: end,
		source,
		dates: free,
		amount: tailAmount(line, free.length),
		text: `The invoice ends free time on ${line.freeTimeEnd ?? 'no stated date'}; the last free day is ${end} (${source}).${note}${free.length ? ` ${plural(free.length, 'day')} charged on or before it: ${free.join(', ')}.` : ''}${severity === 'review' ? " It is another party's last free day than the billing party's: check which one the invoice's rule follows." : ''}`,
	});
}

/** Demurrage's free time end: Terminal49's selected (or kept) last free day, else the tariff's count. */
function demurrageFreeTime(context: Context) {
	const { line, facts, tariff } = context;
	const lfd = facts.lfd;
	if (lfd) {
		const moved =
			lfd.original && lfd.original !== lfd.date
				? ` It moved from ${lfd.original} to ${lfd.date}${line.freeTimeEnd === lfd.original ? ': the invoice uses the last free day before it moved' : ''}.`
				: '';
		freeTimeEnd(
			context,
			lfd.date,
			lfdSource(lfd),
			sameParty(line, lfd.source) ? 'dispute' : 'review',
			moved,
		);
		return;
	}
	if (tariff) {
		const start = tariff.startsAt === 'availability' ? facts.availableDay : facts.dischargeDay;
		const end = tariffFreeEnd(tariff, start);
		if (end) {
			freeTimeEnd(
				context,
				end,
				`your tariff "${tariff.reference}": ${plural(tariff.freeDays, 'free day')} (${tariff.freeTimeCount}) from ${tariff.startsAt} on ${start}`,
				'dispute',
			);
			return;
		}
	}
	cannotCheck(
		context,
		facts.lfdHidden ? 'last_free_day_hidden' : 'last_free_day_not_reported',
		'Free Time End',
		facts.lfdHidden
			? 'Terminal49 no longer shows the last free day of a container picked up at the port, and no kept record of it was given (Kept Last Free Day): the free time end cannot be checked. Keep it before pickup with the board example (docs/invoices.md).'
			: `Terminal49 reports no last free day for this container${tariff ? ', and your tariff has no start to count from' : ', and no demurrage tariff is set'}: the free time end cannot be checked.`,
		true,
	);
}

/** The days a line charges after the clock stopped (`stop`: the full out or the empty's return). */
function chargedAfterStop(
	context: Context,
	stop: { day: string; code: string; field: string; was: string; what: string },
) {
	const { line, facts } = context;
	const late = after(line, stop.day);
	if (!late.length) return;
	add(context, {
		code: stop.code,
		severity: 'dispute',
		cite: '46 CFR 541.6(b)(8)',
		field: 'Dates Charged',
		invoice_says: late.join(', '),
		record_says: `${stop.was} ${stop.day}`,
		source: sourceOf(facts, stop.field),
		dates: late,
		amount: tailAmount(line, late.length),
		text: `The invoice charges ${stop.what}${plural(late.length, 'day')} after ${stop.was === 'full out' ? `container ${facts.containerNumber} left the terminal full` : 'the empty was returned'} on ${stop.day}: ${late.join(', ')}.`,
	});
}

/** No demurrage after full out. */
function demurrageStop(context: Context) {
	const { facts } = context;
	if (facts.fullOutDay === null) {
		if (facts.closed)
			cannotCheck(
				context,
				'full_out_not_reported',
				'Dates Charged',
				'The container is picked up, but Terminal49 reports no full-out time: the last day of demurrage cannot be checked.',
				true,
			);
		return;
	}
	chargedAfterStop(context, {
		day: facts.fullOutDay,
		code: 'demurrage_after_full_out',
		field: facts.fullOutField ?? 'full out',
		was: 'full out',
		what: 'demurrage for ',
	});
}

/** Detention: from full out, not after the empty's return; free time by the tariff. */
function detention(context: Context) {
	const { line, facts, tariff } = context;
	if (facts.fullOutDay === null) {
		if (facts.closed)
			cannotCheck(
				context,
				'full_out_not_reported',
				'Free Time Start',
				'The container is picked up, but Terminal49 reports no full-out time: the start of detention cannot be checked.',
				true,
			);
		else if (charged(line).length)
			add(context, {
				code: 'detention_before_full_out',
				severity: 'dispute',
				cite: '46 CFR 541.6(b)(8)',
				field: 'Dates Charged',
				invoice_says: charged(line).join(', '),
				record_says: 'not out of the terminal',
				source: sourceOf(facts, 'pod_full_out_at (none)'),
				dates: charged(line),
				amount: line.amount,
				text: `The invoice charges detention, but Terminal49 records container ${facts.containerNumber} as not yet out of the terminal.`,
			});
		return;
	}
	const fullOutSource = sourceOf(facts, facts.fullOutField ?? 'full out');
	const early = before(line, facts.fullOutDay);
	if (early.length)
		add(context, {
			code: 'detention_before_full_out',
			severity: 'dispute',
			cite: '46 CFR 541.6(b)(8)',
			field: 'Dates Charged',
			invoice_says: early.join(', '),
			record_says: `full out ${facts.fullOutDay}`,
			source: fullOutSource,
			dates: early,
			amount: null,
			text: `The invoice charges detention for ${plural(early.length, 'day')} before container ${facts.containerNumber} left the terminal full on ${facts.fullOutDay}: ${early.join(', ')}.`,
		});
	if (line.freeTimeStart && line.freeTimeStart !== facts.fullOutDay)
		add(context, {
			code: 'detention_free_time_start_differs',
			severity: line.freeTimeStart < facts.fullOutDay ? 'dispute' : 'review',
			cite: '46 CFR 541.6(b)(4)',
			field: 'Free Time Start',
			invoice_says: line.freeTimeStart,
			record_says: facts.fullOutDay,
			source: fullOutSource,
			dates: [],
			amount: null,
			text: `The invoice starts detention's free time on ${line.freeTimeStart}; Terminal49 recorded the container out full on ${facts.fullOutDay}.`,
		});
	if (facts.emptyReturnDay !== null)
		chargedAfterStop(context, {
			day: facts.emptyReturnDay,
			code: 'detention_after_empty_return',
			field: 'empty_terminated_at',
			was: 'empty returned',
			what: 'detention for ',
		});
	if (tariff) {
		const end = tariffFreeEnd(tariff, facts.fullOutDay)!;
		freeTimeEnd(
			context,
			end,
			`your tariff "${tariff.reference}": ${plural(tariff.freeDays, 'free day')} (${tariff.freeTimeCount}) from full out on ${facts.fullOutDay}`,
			'dispute',
		);
	} else
		cannotCheck(
			context,
			'detention_free_time_unknown',
			'Free Time End',
			'Terminal49 sends no detention free time, and no detention tariff is set: the free time end is not checked (add your tariff under D&D Tariffs).',
			false,
		);
}

/** Combined D&D: from the port's start to the empty's return; free time by the tariff. */
function combined(context: Context) {
	const { facts, tariff } = context;
	portStart(context);
	if (facts.emptyReturnDay !== null)
		chargedAfterStop(context, {
			day: facts.emptyReturnDay,
			code: 'charged_after_empty_return',
			field: 'empty_terminated_at',
			was: 'empty returned',
			what: '',
		});
	const start = tariff?.startsAt === 'availability' ? facts.availableDay : facts.dischargeDay;
	const end = tariff ? tariffFreeEnd(tariff, start) : null;
	if (tariff && end)
		freeTimeEnd(
			context,
			end,
			`your tariff "${tariff.reference}": ${plural(tariff.freeDays, 'free day')} (${tariff.freeTimeCount}) from ${tariff.startsAt} on ${start}`,
			'dispute',
		);
	else
		cannotCheck(
			context,
			'combined_free_time_unknown',
			'Free Time End',
			'No combined D&D tariff with a start Terminal49 reports is set: the free time end is not checked.',
			false,
		);
}

/** The record's findings for one line (`tariff`: the user's tariff of the line's clock, or null). */
export function recordFindings(
	line: InvoiceLine,
	facts: RecordFacts,
	tariff: Tariff | null,
): Finding[] {
	const context: Context = { line, facts, tariff, findings: [] };
	if (!facts.tracked) {
		add(context, {
			code: 'container_not_tracked',
			severity: 'cannot_check',
			cite: null,
			field: 'Container Number',
			invoice_says: line.containerNumber,
			record_says: 'not tracked',
			source: 'Terminal49: this account',
			dates: [],
			amount: null,
			text: `Terminal49 does not track container ${facts.containerNumber} in this account: its dates cannot be checked against a record (track it with Tracking Request > Create to check later invoices).`,
			core: true,
		});
		return context.findings;
	}
	identity(context);
	switch (line.chargeType) {
		case 'demurrage':
			portStart(context);
			demurrageFreeTime(context);
			demurrageStop(context);
			break;
		case 'detention':
			detention(context);
			break;
		case 'combined':
			combined(context);
			break;
		default:
			cannotCheck(
				context,
				'charge_type_not_checked',
				'Charge Type',
				`A charge of type "${line.chargeType ?? 'not stated'}" is not demurrage or detention as the node counts them: its dates are not checked against the record (the rule's elements, timing and arithmetic still are).`,
				true,
			);
	}
	return context.findings;
}
