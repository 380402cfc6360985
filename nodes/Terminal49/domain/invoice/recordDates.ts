import { dateOfDayNumber, dayNumber } from '../calendar';
import { holidayDays, lastFreeDay } from '../freeTime';
import type { Tariff } from '../tariffs';
import { tailAmount } from './arithmetic';
import type { Context } from './recordContext';
import {
	add,
	after,
	before,
	cannotCheck,
	charged,
	onOrBefore,
	plural,
	sourceOf,
} from './recordContext';
import type { RecordFacts, RecordLfd } from './recordFacts';
import { identity, portStart } from './recordPort';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 4: the invoice's dates against the container's Terminal49 record: the right container at the right
 * port; demurrage's free time from discharge (or availability) to the last free day Terminal49 selected (or the
 * one kept before pickup hid it), and no demurrage after full out; detention from full out, and none after the
 * empty came back. Each finding names both dates and where the record's comes from. A fact the record does not
 * hold is "cannot be checked" with the reason, never "ok". Free time the record says nothing of (detention's,
 * combined D&D's) is counted from the record's start by the user's tariff, where one is set.
 */

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
