import { calendarDayOf } from '../calendar';
import type { RecordFacts } from './recordFacts';
import type { Finding, InvoiceLine } from './types';

/**
 * Check 6: the days the record shows the container could not be picked up, as facts a dispute can cite under
 * 46 CFR 545.5 (things the Commission may consider, not a verdict): days the terminal recorded it not
 * available, and holds the terminal reports. Terminal49 keeps holds as current state only (a cleared hold leaves
 * the list), so a hold is a fact for the day the terminal was last checked, and hold history is "cannot be
 * checked" unless the user kept it. Only for charges at the port (demurrage, combined D&D).
 */
export function pickupFindings(line: InvoiceLine, facts: RecordFacts): Finding[] {
	if (!facts.tracked || (line.chargeType !== 'demurrage' && line.chargeType !== 'combined'))
		return [];
	const findings: Finding[] = [];
	const charged = new Set(line.chargedDates ?? []);
	const blocked = facts.notAvailableDays.filter((day) => charged.has(day));
	if (blocked.length)
		findings.push({
			check: 'pickup',
			code: 'charged_while_not_available',
			severity: 'fact',
			cite: '46 CFR 545.5(c)(2)(i)',
			field: 'Dates Charged',
			invoice_says: blocked.join(', '),
			record_says: 'not available',
			source: `Terminal49 container ${facts.containerNumber}: container.transport.not_available events (${facts.portZone})`,
			dates: blocked,
			amount: null,
			text: `Terminal49 recorded the container not available for pickup on ${blocked.length} charged day${blocked.length === 1 ? '' : 's'}: ${blocked.join(', ')}. 46 CFR 545.5(c)(2)(i): the Commission may consider whether demurrage relates to cargo availability.`,
		});
	const checkedDay = facts.terminalCheckedAt
		? calendarDayOf(facts.terminalCheckedAt, facts.portZone)
		: null;
	if (!facts.closed && facts.activeHolds.length && checkedDay && charged.has(checkedDay))
		findings.push({
			check: 'pickup',
			code: 'charged_while_on_hold',
			severity: 'fact',
			cite: '46 CFR 545.5(c)(2)(iv)',
			field: 'Dates Charged',
			invoice_says: checkedDay,
			record_says: `holds: ${facts.activeHolds.join(', ')}`,
			source: `the terminal, as reported to Terminal49 at ${facts.terminalCheckedAt}`,
			dates: [checkedDay],
			amount: null,
			text: `The terminal reported ${facts.activeHolds.join(', ')} hold${facts.activeHolds.length === 1 ? '' : 's'} active on ${checkedDay}, a charged day. 46 CFR 545.5(c)(2)(iv): the Commission may consider government inspections; a line's hold reflects release status, which either side may cause.`,
		});
	findings.push({
		check: 'pickup',
		code: 'hold_history_not_kept',
		severity: 'cannot_check',
		cite: '46 CFR 545.5(c)(2)(iv)',
		field: 'Dates Charged',
		invoice_says: null,
		record_says: null,
		source: null,
		dates: [],
		amount: null,
		text: facts.holdsReported
			? 'Terminal49 keeps holds as current state only (a cleared hold leaves the list): holds on earlier charged days cannot be checked from the record; cite your own records of them.'
			: 'The terminal reports no holds for this container to Terminal49 (not reported, not "none"): holds on charged days cannot be checked.',
		core: false,
	});
	return findings;
}
