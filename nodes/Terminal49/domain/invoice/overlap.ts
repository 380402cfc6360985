import type { Tariff } from '../tariffs';
import { tailAmount } from './arithmetic';
import type { Finding, InvoiceLine } from './types';

/**
 * A day charged both as demurrage and as detention for one container, across the lines checked together (one
 * invoice or several). Where the user's tariffs for the container are a separate demurrage and detention
 * tariff, the node counts the two clocks apart (demurrage through the full-out day, detention's free time from
 * it), so a day on both is a dispute; without those tariffs the rule is the carrier's: "check the tariff", not
 * "double billing" (DND-INVOICES.md section 4, step 8). The finding goes on the detention line.
 */
export function overlapFindings(
	lines: readonly InvoiceLine[],
	separateClocks: (line: InvoiceLine) => boolean,
): Map<InvoiceLine, Finding[]> {
	const found = new Map<InvoiceLine, Finding[]>();
	const byContainer = new Map<string, InvoiceLine[]>();
	for (const line of lines) {
		if (!line.containerNumber || !line.chargedDates?.length) continue;
		const same = byContainer.get(line.containerNumber) ?? [];
		same.push(line);
		byContainer.set(line.containerNumber, same);
	}
	for (const same of byContainer.values()) {
		const demurrage = new Set(
			same.filter((line) => line.chargeType === 'demurrage').flatMap((line) => line.chargedDates!),
		);
		for (const line of same.filter((candidate) => candidate.chargeType === 'detention')) {
			const both = line.chargedDates!.filter((date) => demurrage.has(date));
			if (!both.length) continue;
			const separate = separateClocks(line);
			const findings = found.get(line) ?? [];
			findings.push({
				check: 'record',
				code: 'charged_as_demurrage_and_detention',
				severity: separate ? 'dispute' : 'review',
				cite: '46 CFR 541.6(b)(8)',
				field: 'Dates Charged',
				invoice_says: both.join(', '),
				record_says: null,
				source: separate
					? 'your separate demurrage and detention tariffs (demurrage through the full-out day; detention free from it)'
					: null,
				dates: both,
				amount: separate ? tailAmount(line, both.length) : null,
				text: `${both.length === 1 ? 'The day' : 'The days'} ${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} charged both as demurrage and as detention for container ${line.containerNumber}${separate ? ', where your tariffs count the two clocks apart' : ': check whether the tariff lets the clocks overlap'}.`,
			});
			found.set(line, findings);
		}
	}
	return found;
}

/** Whether a container's tariffs count demurrage and detention apart (no combined tariff; both set). */
export const countsClocksApart = (demurrage: Tariff | null, detention: Tariff | null): boolean =>
	demurrage !== null && detention !== null;
