import type { FreeTimeCount } from '../freeTime';
import type { RateTier } from '../tariffRates';

/**
 * A US demurrage and detention invoice line and what checking it finds (46 CFR Part 541, the container's
 * Terminal49 record, the user's tariff). One line is one container's charge on one invoice; the lines with the
 * same invoice number are one invoice. Dates are calendar days (YYYY-MM-DD) as the invoice gives them; every
 * value is null where the invoice does not show it ("not on the invoice"), never a default.
 */

/** What a line charges; `other` (storage, chassis, exam...) is checked against the rule only, not the record. */
export type InvoiceChargeType = 'demurrage' | 'detention' | 'combined' | 'other';

/** An import is charged at the port of discharge; an export carries an earliest return date instead (541.6(b)(7)). */
export type InvoiceDirection = 'import' | 'export';

/**
 * Facts the user kept before Terminal49 hid them (its last free days are hidden once a container is picked up
 * at the port: API-DRIFT.md section 7): the board's evidence row (docs/invoices.md).
 */
export interface KeptFacts {
	lastFreeDay: string | null;
	/** Whose last free day it was (Terminal49's selection: line, facility, ...). */
	lastFreeDaySource: string | null;
	/** When Terminal49's data behind it was current (the row's as_of). */
	asOf: string | null;
}

export interface InvoiceLine {
	/** The input item the line came from. */
	item: number;
	invoiceNumber: string | null;
	invoiceDate: string | null;
	dueDate: string | null;
	billingParty: string | null;
	/** The billing party's SCAC where it is a shipping line (upper case). */
	billingPartyScac: string | null;
	billOfLading: string | null;
	containerNumber: string | null;
	portOfDischarge: string | null;
	direction: InvoiceDirection;
	chargeType: InvoiceChargeType | null;
	freeDays: number | null;
	freeTimeStart: string | null;
	freeTimeEnd: string | null;
	/** How the invoice's own rule counts free time; null: it does not say (calendar is assumed and said). */
	freeTimeCounts: FreeTimeCount | null;
	holidays: string[];
	availabilityDate: string | null;
	earliestReturnDate: string | null;
	/** Every date charged, ascending, once each; null: no dates on the invoice. */
	chargedDates: string[] | null;
	/** The rule as the invoice names it (tariff and rule number, terminal schedule, contract and section). */
	rule: string | null;
	ratesText: string | null;
	rates: RateTier[] | null;
	amount: number | null;
	currency: string | null;
	invoiceTotal: number | null;
	contact: string | null;
	/** The digital means (URL, QR code) to the documents a dispute needs (541.6(d)(2)). */
	disputeDocumentsUrl: string | null;
	/** The defined timeframes to request mitigation, refund or waiver, as the invoice states them (541.6(d)(3)). */
	disputeTimeframes: string | null;
	/** The days the invoice allows to request relief, where it states a number. */
	disputeWindowDays: number | null;
	basisOfLiability: string | null;
	/** The statements of 541.6(e), as on the invoice (empty: not on it). */
	certifiesRules: string | null;
	certifiesPerformance: string | null;
	kept: KeptFacts | null;
}

/** The six checks, in the order an auditor runs them. */
export type CheckName = 'elements' | 'timing' | 'arithmetic' | 'record' | 'tariff' | 'pickup';

/**
 * How a finding weighs:
 * - `missing`: a required element is not on the invoice (541.5);
 * - `dispute`: the invoice differs from the rule, its own figures, the record or the tariff;
 * - `review`: a difference that may have a reason the node cannot see (another party's last free day, a
 *   clause for the full-out day): worth a look, not a dispute by itself;
 * - `fact`: a dated fact a dispute can cite (not available, a hold) under 46 CFR 545.5;
 * - `cannot_check`: the fact is not reported, or no longer shown: never "ok", never a guess.
 */
export type Severity = 'missing' | 'dispute' | 'review' | 'fact' | 'cannot_check';

export interface Finding {
	check: CheckName;
	/** What was found, as a stable code (docs/invoices.md lists them). */
	code: string;
	severity: Severity;
	/** The rule it rests on, e.g. `46 CFR 541.6(b)(4)`; null where none (the record, the tariff). */
	cite: string | null;
	/** The node field it is about, as the user mapped it. */
	field: string | null;
	invoice_says: string | null;
	record_says: string | null;
	/** Where the record's fact comes from, and when it was current. */
	source: string | null;
	/** The charged dates it is about. */
	dates: string[];
	/** The amount it puts at stake, in the line's currency; null where it moves no money by itself. */
	amount: number | null;
	/** The finding in one plain sentence (facts, never a judgement). */
	text: string;
	/**
	 * For a `cannot_check`: whether the check is one a verdict rests on (the clock's start, free time and stop);
	 * the supporting facts (availability, holds) are listed but do not make the verdict "cannot check".
	 */
	core?: boolean;
}

/** A line's verdict, and an invoice's (its worst line, or its own finding). */
export type Verdict = 'consistent' | 'dispute' | 'incomplete' | 'cannot check';
