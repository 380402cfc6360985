import type { Context } from './recordContext';
import { add, before, cannotCheck, charged, plural, sourceOf } from './recordContext';

/**
 * The record checks of where a line's container was: the right container, B/L and port, and for a charge at the
 * port its start: no day before discharge, free time not before it, the availability the terminal recorded
 * (recordDates.ts runs them).
 */

/** The right container, B/L and port. */
export function identity(context: Context) {
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

/** Charges at the port: no day before discharge; free time not before it; availability as recorded. */
export function portStart(context: Context) {
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
