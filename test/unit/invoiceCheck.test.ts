/**
 * Checking a D&D invoice (issue 47), from worked cases: each figure is worked by hand in the comment beside it.
 * The worked example is DND-INVOICES.md section 4's (an example tariff, Maersk-like: 4 free days counted in
 * working days, Juneteenth out, free time from availability, tiers 1-4: 235, 5-9: 285, 10+: 335 USD):
 *   discharged Tue 2026-06-16, available Wed 2026-06-17, full out Mon 2026-07-06, empty returned Wed 2026-07-15.
 * The checks are pure (no clock, no request): the records are given as Terminal49 facts.
 */
import { checkInvoices } from '../../nodes/Terminal49/domain/invoice/check';
import type { InvoiceResult, LineResult } from '../../nodes/Terminal49/domain/invoice/check';
import { elementsFor, INVOICE_ELEMENTS } from '../../nodes/Terminal49/domain/invoice/elements';
import type { RecordFacts } from '../../nodes/Terminal49/domain/invoice/recordFacts';
import {
	recordFacts,
	untracked,
	withKept,
} from '../../nodes/Terminal49/domain/invoice/recordFacts';
import type { InvoiceLine } from '../../nodes/Terminal49/domain/invoice/types';
import type { Tariff } from '../../nodes/Terminal49/domain/tariffs';
import { parseRates } from '../../nodes/Terminal49/parameters/tariffs';
import { parseAmount, parseInvoiceDate } from '../../nodes/Terminal49/parameters/invoiceLine';
import { disputeText } from '../../nodes/Terminal49/views/invoice';

const RATES = '1-4: 235, 5-9: 285, 10+: 335';
const tiers = parseRates(RATES) as Exclude<ReturnType<typeof parseRates>, string>;

function days(from: string, to: string): string[] {
	const out: string[] = [];
	for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000)
		out.push(new Date(t).toISOString().slice(0, 10));
	return out;
}

/** A complete, correct demurrage line of the worked example (every 541.6 element present). */
function line(overrides: Partial<InvoiceLine> = {}): InvoiceLine {
	return {
		item: 0,
		invoiceNumber: 'INV-1',
		invoiceDate: '2026-07-20',
		dueDate: '2026-08-19',
		billingParty: 'Maersk',
		billingPartyScac: 'MAEU',
		billOfLading: 'MAEU123456789',
		containerNumber: 'MSKU1234565',
		portOfDischarge: 'USLAX',
		direction: 'import',
		chargeType: 'demurrage',
		freeDays: 4,
		freeTimeStart: '2026-06-17',
		freeTimeEnd: '2026-06-23',
		freeTimeCounts: 'working',
		holidays: ['2026-06-19'],
		availabilityDate: '2026-06-17',
		earliestReturnDate: null,
		// 06-24..07-06 = 13 days: 4 x 235 + 5 x 285 + 4 x 335 = 940 + 1,425 + 1,340 = 3,705
		chargedDates: days('2026-06-24', '2026-07-06'),
		rule: 'Example tariff rule 4',
		ratesText: RATES,
		rates: tiers,
		amount: 3705,
		currency: 'USD',
		invoiceTotal: 3705,
		contact: 'dnd@example.com',
		disputeDocumentsUrl: 'https://example.com/dnd/disputes',
		disputeTimeframes: 'Request within 30 days; resolved within 30 days',
		disputeWindowDays: null,
		basisOfLiability: 'Consignee on the B/L',
		certifiesRules: 'Yes',
		certifiesPerformance: 'Yes',
		kept: null,
		...overrides,
	};
}

/** The worked example's container as the node reads it (All Fields, derived fields included). */
const CONTAINER = {
	id: 'c-1',
	number: 'MSKU1234565',
	pod_timezone: 'America/Los_Angeles',
	pod_discharged_at: '2026-06-16T15:00:00Z',
	pod_full_out_at: '2026-07-06T18:00:00Z',
	empty_terminated_at: '2026-07-15T20:00:00Z',
	empty_terminated_timezone: 'America/Los_Angeles',
	availability_known: true,
	pickup_lfd_date: '2026-06-23',
	pickup_lfd_source: 'line',
	pickup_lfd_original_date: null,
	closed: false,
	active_holds: [],
	holds_reported: true,
	terminal_checked_at: '2026-07-06T19:00:00Z',
	as_of: '2026-07-06T19:05:00.000Z',
	shipment: {
		bill_of_lading_number: 'MAEU123456789',
		port_of_discharge_locode: 'USLAX',
		port_of_discharge_name: 'Los Angeles',
		shipping_line_scac: 'MAEU',
	},
};
/** Available Wed 2026-06-17 10:05 in Los Angeles (17:05 UTC), from the terminal. */
const EVENTS = [
	{
		event: 'container.transport.available',
		timestamp: '2026-06-17T17:05:00Z',
		timezone: 'America/Los_Angeles',
		data_source: 'terminal',
	},
];
const FACTS = recordFacts(CONTAINER, EVENTS);

const TARIFF: Tariff = {
	clock: 'demurrage',
	shippingLine: 'MAEU',
	port: 'USLAX',
	freeDays: 4,
	freeTimeCount: 'working',
	holidays: ['2026-06-19'],
	startsAt: 'availability',
	tiers,
	currency: 'USD',
	reference: 'Example tariff rule 4',
};
const DETENTION: Tariff = {
	...TARIFF,
	clock: 'detention',
	startsAt: 'full_out',
	reference: 'Example detention rule 5',
};

function check(
	lines: InvoiceLine[],
	facts: RecordFacts | ((l: InvoiceLine) => RecordFacts) = FACTS,
	tariffs: Tariff[] = [],
): InvoiceResult[] {
	return checkInvoices(lines, typeof facts === 'function' ? facts : () => facts, tariffs);
}
const one = (
	l: InvoiceLine,
	facts?: RecordFacts | ((l: InvoiceLine) => RecordFacts),
	tariffs?: Tariff[],
): LineResult => check([l], facts, tariffs)[0].lines[0];
const codes = (result: LineResult) => result.findings.map((f) => f.code).sort();
const finding = (result: LineResult, code: string) => {
	const found = result.findings.find((f) => f.code === code);
	if (!found) throw new Error(`no finding ${code} in ${codes(result).join(', ')}`);
	return found;
};

describe('the record of a container', () => {
	it('reads the dates at their place: discharged 06-16, available 06-17 (10:05 in Los Angeles), out 07-06, back 07-15', () => {
		expect(FACTS).toMatchObject({
			tracked: true,
			dischargeDay: '2026-06-16',
			availableDay: '2026-06-17',
			availableSource: 'terminal',
			fullOutDay: '2026-07-06',
			fullOutField: 'pod_full_out_at',
			emptyReturnDay: '2026-07-15',
			lfd: { date: '2026-06-23', source: 'line', from: 'terminal49' },
			portLocode: 'USLAX',
		});
	});
	it('counts the days between not available and available again, before full out', () => {
		const facts = recordFacts(CONTAINER, [
			...EVENTS,
			// not available Thu 06-25 (08:00 LA), available again Sat 06-27: 06-25 and 06-26 not available
			{
				event: 'container.transport.not_available',
				timestamp: '2026-06-25T15:00:00Z',
				timezone: 'America/Los_Angeles',
			},
			{
				event: 'container.transport.available',
				timestamp: '2026-06-27T16:00:00Z',
				timezone: 'America/Los_Angeles',
			},
		]);
		expect(facts.notAvailableDays).toEqual(['2026-06-25', '2026-06-26']);
		expect(facts.availableDay).toBe('2026-06-17');
	});
});

describe('a correct invoice is consistent', () => {
	it('the worked example, billed as the record and the tariff say: 13 days, 3,705.00 USD, consistent; dispute by 2026-08-19', () => {
		const result = one(line(), FACTS, [TARIFF]);
		expect(result.findings.filter((f) => f.severity !== 'cannot_check')).toEqual([]);
		expect(result.verdict).toBe('consistent');
		expect(result.expectedAmount).toBe(3705);
		expect(result.amountInDispute).toBe(0);
		// 541.8(a): 30 days from the invoice date 2026-07-20
		expect(result.disputeBy).toBe('2026-08-19');
	});
});

describe('1. required elements (46 CFR 541.6)', () => {
	const FIELD_OF: Record<string, Partial<InvoiceLine>> = {
		'(a)(1)': { billOfLading: null },
		'(a)(2)': { containerNumber: null },
		'(a)(3)': { portOfDischarge: null },
		'(a)(4)': { basisOfLiability: null },
		'(b)(1)': { invoiceDate: null },
		'(b)(2)': { dueDate: null },
		'(b)(3)': { freeDays: null },
		'(b)(4)': { freeTimeStart: null },
		'(b)(5)': { freeTimeEnd: null },
		'(b)(6)': { availabilityDate: null },
		'(b)(8)': { chargedDates: null },
		'(c)(1)': { invoiceTotal: null },
		'(c)(2)': { rule: null },
		'(c)(3)': { ratesText: null, rates: null },
		'(d)(1)': { contact: null },
		'(d)(2)': { disputeDocumentsUrl: null },
		'(d)(3)': { disputeTimeframes: null },
		'(e)(1)': { certifiesRules: null },
		'(e)(2)': { certifiesPerformance: 'no' },
	};
	it('an import needs 19 elements, an export 18 ((a)(3) and (b)(6) out, (b)(7) in); 541.4 is never checked', () => {
		expect(elementsFor('import')).toHaveLength(19);
		expect(elementsFor('export')).toHaveLength(18);
		expect(INVOICE_ELEMENTS.some((e) => e.cite.startsWith('541.4'))).toBe(false);
		expect(Object.keys(FIELD_OF).sort()).toEqual(
			elementsFor('import')
				.map((e) => e.cite)
				.sort(),
		);
	});
	it.each(Object.entries(FIELD_OF))(
		'%s missing alone: one finding, with its citation; incomplete, the whole line in dispute',
		(cite, missing) => {
			const result = one(line(missing), FACTS, [TARIFF]);
			const found = result.findings.filter((f) => f.severity === 'missing');
			expect(found).toHaveLength(1);
			expect(found[0].cite).toBe(`46 CFR 541.6${cite}`);
			expect(found[0].text).toContain('46 CFR 541.5');
			expect(result.verdict).toBe('incomplete');
			// 541.5: no obligation to pay the charge: all of it in dispute (no amount: nothing)
			expect(result.amountInDispute).toBe(3705);
		},
	);
	it("(b)(7) missing on an export's invoice; its port and availability are not required", () => {
		const result = one(
			line({ direction: 'export', portOfDischarge: null, availabilityDate: null }),
			FACTS,
			[TARIFF],
		);
		expect(result.findings.filter((f) => f.severity === 'missing').map((f) => f.cite)).toEqual([
			'46 CFR 541.6(b)(7)',
		]);
	});
});

describe('2. timing (541.7, 541.8)', () => {
	it('31 days after the last charged date is late (541.7(a)): the whole line in dispute', () => {
		// last charged 2026-07-06; + 31 = 2026-08-06
		const result = one(line({ invoiceDate: '2026-08-06' }), FACTS, [TARIFF]);
		const late = finding(result, 'issued_late');
		expect(late.cite).toBe('46 CFR 541.7(a)');
		expect(late.text).toContain('31 days after the last charged date 2026-07-06');
		expect(late.text).toContain('by 2026-08-05');
		expect(result.verdict).toBe('dispute');
		expect(result.amountInDispute).toBe(3705);
	});
	it('30 days after is in time', () => {
		const result = one(line({ invoiceDate: '2026-08-05' }), FACTS, [TARIFF]);
		expect(codes(result)).not.toContain('issued_late');
		expect(result.disputeBy).toBe('2026-09-04');
	});
	it('a window to dispute shorter than 30 days (541.8(a)); a longer one moves the dispute-by date', () => {
		expect(finding(one(line({ disputeWindowDays: 15 })), 'dispute_window_short').cite).toBe(
			'46 CFR 541.8(a)',
		);
		expect(one(line({ disputeWindowDays: 45 })).disputeBy).toBe('2026-09-03');
	});
});

describe('3. arithmetic', () => {
	// Maersk-like tiers at their boundaries: 4 days 940; 5 days 940 + 285 = 1,225; 9 days 940 + 5 x 285 = 2,365;
	// 10 days 2,365 + 335 = 2,700
	it.each([
		[4, 940],
		[5, 1225],
		[9, 2365],
		[10, 2700],
	])('%i charged days at 1-4: 235, 5-9: 285, 10+: 335 make %i', (n, amount) => {
		const dates = days('2026-06-24', '2026-07-31').slice(0, n);
		const ok = one(line({ chargedDates: dates, amount, invoiceTotal: amount }), {
			...FACTS,
			fullOutDay: null,
		});
		expect(codes(ok)).not.toContain('amount_not_days_times_rates');
		// the 10th day billed at the 5-9 tier's 285 instead of 335 is under; at 385 it is 50 over
		const over = one(
			line({ chargedDates: dates, amount: amount + 50, invoiceTotal: amount + 50 }),
			{ ...FACTS, fullOutDay: null },
		);
		expect(finding(over, 'amount_not_days_times_rates').amount).toBe(50);
		expect(over.amountInDispute).toBe(50);
	});
	it('free time in working days over a weekend and a holiday: 4 from Wed 06-17 are 06-17, 06-18, 06-22, 06-23 (Fri 06-19 Juneteenth, the weekend out)', () => {
		expect(codes(one(line()))).not.toContain('free_time_end_not_its_own_count');
		const wrong = finding(
			one(line({ freeTimeEnd: '2026-06-22' })),
			'free_time_end_not_its_own_count',
		);
		expect(wrong.record_says).toBe('2026-06-23');
		// counted in calendar days the same 4 days end on Sat 06-20
		expect(
			finding(one(line({ freeTimeCounts: 'calendar' })), 'free_time_end_not_its_own_count')
				.record_says,
		).toBe('2026-06-20');
	});
	it('the lines of an invoice against its total, and a currency mismatch', () => {
		const [invoice] = check([
			line(),
			line({
				item: 1,
				chargeType: 'detention',
				amount: 1510,
				currency: 'EUR',
				chargedDates: days('2026-07-10', '2026-07-15'),
				freeTimeStart: '2026-07-06',
				freeTimeEnd: '2026-07-09',
				availabilityDate: '2026-06-17',
			}),
		]);
		expect(invoice.findings.map((f) => f.code)).toEqual(['currencies_differ']);
		expect(invoice.verdict).toBe('dispute');
		// one currency, total 5,300 for lines of 3,705 + 1,510 = 5,215: 85 more than the lines
		const [same] = check(
			[
				line({ invoiceTotal: 5300 }),
				line({
					item: 1,
					invoiceTotal: 5300,
					chargeType: 'detention',
					amount: 1510,
					chargedDates: days('2026-07-10', '2026-07-15'),
					freeTimeStart: '2026-07-06',
					freeTimeEnd: '2026-07-09',
				}),
			],
			FACTS,
			[TARIFF, DETENTION],
		);
		const total = same.findings.find((f) => f.code === 'lines_not_total')!;
		expect(total.amount).toBe(85);
		expect(same.amountInDispute).toEqual({ USD: 85 });
	});
});

describe('4. dates against the record', () => {
	it('the worked example as billed: free time in calendar days from 06-16, charged 06-20..07-06 (17 days, 5,045): 1,340 in dispute', () => {
		// invoice: 940 + 1,425 + 8 x 335 = 5,045; the record supports 06-24..07-06 = 13 days = 3,705
		const billed = line({
			availabilityDate: '2026-06-16',
			freeTimeStart: '2026-06-16',
			freeTimeEnd: '2026-06-19',
			freeTimeCounts: 'calendar',
			holidays: [],
			chargedDates: days('2026-06-20', '2026-07-06'),
			amount: 5045,
			invoiceTotal: 5045,
		});
		const result = one(billed, FACTS, [TARIFF]);
		expect(result.verdict).toBe('dispute');
		expect(finding(result, 'availability_differs')).toMatchObject({
			invoice_says: '2026-06-16',
			record_says: '2026-06-17',
			cite: '46 CFR 541.6(b)(6)',
		});
		const early = finding(result, 'free_time_end_before_record');
		expect(early.dates).toEqual(['2026-06-20', '2026-06-21', '2026-06-22', '2026-06-23']);
		// the four days taken off move every later day down a tier: 5,045 - 3,705 = 1,340 (four days at 10+)
		expect(early.amount).toBe(1340);
		expect(finding(result, 'free_time_before_available').severity).toBe('fact');
		expect(finding(result, 'free_time_count_differs').record_says).toBe('working days');
		expect(result.expectedAmount).toBe(3705);
		expect(result.amountInDispute).toBe(1340);
		const text = disputeText(check([billed], FACTS, [TARIFF])[0])!;
		expect(text).toContain('Amount in question: 1340.00 USD');
		expect(text).toContain('2026-06-23');
		expect(text).not.toMatch(/unlawful|illegal|invalid|void|fraud/i);
	});
	it('a free time end earlier than the LFD Terminal49 selected, which moved later (06-19 to 06-23): dispute, naming the move', () => {
		const facts = recordFacts({ ...CONTAINER, pickup_lfd_original_date: '2026-06-19' }, EVENTS);
		const result = one(
			line({
				freeTimeEnd: '2026-06-19',
				freeTimeCounts: null,
				freeDays: 4,
				freeTimeStart: '2026-06-16',
				availabilityDate: '2026-06-17',
				chargedDates: days('2026-06-20', '2026-07-06'),
				amount: 5045,
				invoiceTotal: 5045,
			}),
			facts,
		);
		const early = finding(result, 'free_time_end_before_record');
		expect(early.severity).toBe('dispute');
		expect(early.text).toContain(
			'moved from 2026-06-19 to 2026-06-23: the invoice uses the last free day before it moved',
		);
		expect(early.source).toContain("Terminal49's selected last free day (line)");
		expect(result.amountInDispute).toBe(1340);
	});
	it("a free time end later than the LFD is in the billed party's favour: a note, consistent", () => {
		const result = one(
			line({
				freeTimeEnd: '2026-06-24',
				chargedDates: days('2026-06-25', '2026-07-06'),
				amount: 3370,
				invoiceTotal: 3370,
				freeDays: 5,
			}),
		);
		// 12 days: 940 + 1,425 + 3 x 335 = 3,370
		expect(finding(result, 'free_time_end_after_record').severity).toBe('review');
		expect(result.verdict).toBe('consistent');
	});
	it("a terminal's last free day against a line's invoice is for review, not a dispute", () => {
		const facts = recordFacts({ ...CONTAINER, pickup_lfd_source: 'facility' }, EVENTS);
		const result = one(
			line({
				freeTimeEnd: '2026-06-22',
				freeTimeCounts: null,
				freeDays: 6,
				freeTimeStart: '2026-06-17',
				chargedDates: days('2026-06-23', '2026-07-06'),
				amount: 4040,
				invoiceTotal: 4040,
			}),
			facts,
		);
		// 14 days: 940 + 1,425 + 5 x 335 = 4,040
		expect(finding(result, 'free_time_end_before_record').severity).toBe('review');
		expect(result.verdict).toBe('consistent');
	});
	it('demurrage charged past full out (07-06): 07-07 and 07-08 at 10+ = 670 in dispute', () => {
		// 15 days 06-24..07-08: 940 + 1,425 + 6 x 335 = 4,375; the record supports 13 = 3,705
		const result = one(
			line({ chargedDates: days('2026-06-24', '2026-07-08'), amount: 4375, invoiceTotal: 4375 }),
			FACTS,
			[TARIFF],
		);
		const late = finding(result, 'demurrage_after_full_out');
		expect(late.dates).toEqual(['2026-07-07', '2026-07-08']);
		expect(late.amount).toBe(670);
		expect(late.source).toContain('pod_full_out_at');
		expect(result.amountInDispute).toBe(670);
	});
	it('detention past the empty return (07-15): charged 07-10..07-17 (2,080), the record supports 07-10..07-15 (1,510): 570', () => {
		// detention free time: 4 working days from full out Mon 07-06 = 07-06..07-09; charged Fri 07-10 on.
		// 8 days: 940 + 4 x 285 = 2,080; 6 days: 940 + 2 x 285 = 1,510
		const detention = line({
			chargeType: 'detention',
			freeTimeStart: '2026-07-06',
			freeTimeEnd: '2026-07-09',
			holidays: [],
			chargedDates: days('2026-07-10', '2026-07-17'),
			amount: 2080,
			invoiceTotal: 2080,
			rule: 'Example detention rule 5',
		});
		const result = one(detention, FACTS, [DETENTION]);
		const late = finding(result, 'detention_after_empty_return');
		expect(late.dates).toEqual(['2026-07-16', '2026-07-17']);
		expect(late.amount).toBe(570);
		expect(result.amountInDispute).toBe(570);
		expect(
			one(
				{
					...detention,
					chargedDates: days('2026-07-10', '2026-07-15'),
					amount: 1510,
					invoiceTotal: 1510,
				},
				FACTS,
				[DETENTION],
			).verdict,
		).toBe('consistent');
	});
	it('the same day charged as demurrage and as detention: a dispute where your tariffs count the clocks apart, else for review', () => {
		const demurrage = line();
		// detention from the full-out day 07-06 (free time 4 calendar days from 07-05, a typing error)
		const detention = line({
			item: 1,
			chargeType: 'detention',
			freeTimeStart: '2026-07-02',
			freeTimeEnd: '2026-07-05',
			freeTimeCounts: 'calendar',
			holidays: [],
			chargedDates: days('2026-07-06', '2026-07-15'),
			amount: 2700,
			invoiceTotal: 6405,
		});
		const apart = check([demurrage, detention], FACTS, [TARIFF, DETENTION])[0].lines[1];
		expect(finding(apart, 'charged_as_demurrage_and_detention')).toMatchObject({
			severity: 'dispute',
			dates: ['2026-07-06'],
		});
		const unknown = check([demurrage, detention], FACTS, [])[0].lines[1];
		expect(finding(unknown, 'charged_as_demurrage_and_detention').severity).toBe('review');
	});
	it('a container charged at another port than the one Terminal49 records: dispute, the whole line', () => {
		const result = one(line({ portOfDischarge: 'USOAK' }));
		expect(finding(result, 'port_differs').record_says).toBe('Los Angeles, USLAX');
		expect(result.amountInDispute).toBe(3705);
	});
	it("a container Terminal49 does not track: a finding, 'cannot check', the rule's checks still made", () => {
		const result = one(line({ invoiceDate: '2026-08-10' }), untracked('MSKU1234565'));
		expect(finding(result, 'container_not_tracked').severity).toBe('cannot_check');
		expect(codes(result)).toContain('issued_late');
		expect(result.verdict).toBe('dispute');
		expect(one(line(), untracked('MSKU1234565')).verdict).toBe('cannot check');
	});
});

describe('facts hidden after pickup', () => {
	// picked up: Terminal49 shows no last free day any more (API-DRIFT.md section 7)
	const hidden = recordFacts(
		{ ...CONTAINER, closed: true, pickup_lfd_date: null, pickup_lfd_source: null },
		EVENTS,
	);
	it('without a kept record: the free time end cannot be checked, and the verdict says so', () => {
		const result = one(line(), hidden);
		expect(finding(result, 'last_free_day_hidden').core).toBe(true);
		expect(result.verdict).toBe('cannot check');
	});
	it('with the last free day kept before pickup: checked in full, naming the kept record and its as_of', () => {
		const kept = {
			lastFreeDay: '2026-06-23',
			lastFreeDaySource: 'line',
			asOf: '2026-06-22T08:00:00.000Z',
		};
		expect(one(line(), withKept(hidden, kept)).verdict).toBe('consistent');
		const early = finding(
			one(
				line({
					freeTimeEnd: '2026-06-21',
					freeTimeCounts: null,
					freeDays: 3,
					freeTimeStart: '2026-06-19',
					chargedDates: days('2026-06-22', '2026-07-06'),
					amount: 4375,
					invoiceTotal: 4375,
				}),
				withKept(hidden, kept),
			),
			'free_time_end_before_record',
		);
		expect(early.source).toBe(
			'the last free day (line) kept before pickup hid it, as of 2026-06-22T08:00:00.000Z',
		);
		expect(early.dates).toEqual(['2026-06-22', '2026-06-23']);
	});
});

describe('5. against your tariff', () => {
	it('a rate that differs from your tariff: the same 13 days cost 260 more at 1-4: 300', () => {
		// 4 x 300 + 5 x 285 + 4 x 335 = 1,200 + 1,425 + 1,340 = 3,965 against 3,705: 260
		const rates = parseRates('1-4: 300, 5-9: 285, 10+: 335') as typeof tiers;
		const result = one(
			line({ rates, ratesText: '1-4: 300, 5-9: 285, 10+: 335', amount: 3965, invoiceTotal: 3965 }),
			FACTS,
			[TARIFF],
		);
		expect(finding(result, 'rates_differ')).toMatchObject({ severity: 'dispute', amount: 260 });
		expect(result.amountInDispute).toBe(260);
	});
	it('fewer free days than your tariff: a dispute', () => {
		expect(finding(one(line({ freeDays: 3 }), FACTS, [TARIFF]), 'free_days_differ').severity).toBe(
			'dispute',
		);
	});
});

describe('unknowns are "cannot be checked", never ok', () => {
	it('availability the terminal does not report: listed, the verdict rests on the rest', () => {
		const facts = recordFacts({ ...CONTAINER, availability_known: false }, []);
		const result = one(line(), facts);
		expect(finding(result, 'availability_not_reported').core).toBe(false);
		expect(result.verdict).toBe('consistent');
	});
	it('no discharge time: the start of free time cannot be checked', () => {
		const facts = recordFacts({ ...CONTAINER, pod_discharged_at: null, closed: true }, EVENTS);
		expect(one(line(), facts).verdict).toBe('cannot check');
	});
	it('detention without a tariff: its free time is not checked, and said so', () => {
		const result = one(
			line({
				chargeType: 'detention',
				freeTimeStart: '2026-07-06',
				freeTimeEnd: '2026-07-09',
				chargedDates: days('2026-07-10', '2026-07-15'),
				amount: 1510,
				invoiceTotal: 1510,
			}),
		);
		expect(finding(result, 'detention_free_time_unknown').core).toBe(false);
	});
	it('a charge of another type is checked against the rule only', () => {
		expect(finding(one(line({ chargeType: 'other' })), 'charge_type_not_checked').core).toBe(true);
	});
});

describe('reading the invoice', () => {
	it.each([
		['2026-07-20', '2026-07-20'],
		['2026-07-20T00:00:00.000Z', '2026-07-20'],
		['7/20/2026', '2026-07-20'],
		['2026-02-30', null],
		['20.07.2026', null],
	])('date %s reads %s', (raw, date) => expect(parseInvoiceDate(raw)).toBe(date));
	it.each([
		['5,045.00', 5045],
		['$5,045.00', 5045],
		[1340, 1340],
		['12 days', null],
	])('amount %s reads %s', (raw, amount) => expect(parseAmount(raw)).toBe(amount));
});
