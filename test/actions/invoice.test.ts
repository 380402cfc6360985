/**
 * Invoice > Check D&D Invoice (issue 47) through real n8n-core against the sandbox: invoice lines built from a
 * sandbox container's own raw record (read here from the sandbox's API, not from the node), one item per line
 * with its columns mapped by the fields' default expressions; the lines of one invoice checked together; each
 * container read once; bad input refused before any request, one bad line not losing the others (Continue On
 * Fail); a container the account does not track answered as a finding.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';
import { addDays, between, dayIn } from '../helpers/days';
import { terminalInvoiceLine } from '../helpers/invoiceLines';

const HOUR = 3_600_000;
/** A Tuesday; the sandbox's dates are relative to it. */
const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 2 * HOUR;

let sb: Sandbox;
const invoices = runnerFor(() => sb, 'invoice');

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({
		epoch: EPOCH,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
	});
	await pickedUpLate('empty_returned');
	await pickedUpLate('picked_up_yesterday');
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	jest.setSystemTime(NOW);
	resetRateLimiter();
	sb.clearRequests();
});

const get = async (path: string) =>
	(await (
		await fetch(`${sb.baseUrl}${path}`, { headers: { Authorization: `Token ${sb.keys.paid}` } })
	).json()) as any;

/**
 * The fixture's terminal LFD moved to 2 days after its discharge (the sandbox's fixtures are picked up in free
 * time; both are picked up 3 days after discharge): a container that owes a day of demurrage.
 */
async function pickedUpLate(key: string) {
	const fixture = sb.fixtures.find((f) => f.key === key)!;
	const container = (await get(`/containers/${fixture.containerId}`)).data.attributes;
	const discharged = dayIn(container.pod_discharged_at, container.pod_timezone);
	sb.updateContainer(fixture.containerId, {
		pickup_lfd_terminal: `${addDays(discharged, 2)}T12:00:00Z`,
	});
}

/** A fixture container's facts, from the sandbox's raw JSON:API (older serializer: pickup_lfd is the LFD). */
async function factsOf(key: string) {
	const fixture = sb.fixtures.find((f) => f.key === key)!;
	const container = (await get(`/containers/${fixture.containerId}`)).data.attributes;
	const zone = container.pod_timezone;
	const events = (await get(`/containers/${fixture.containerId}/transport_events`)).data;
	const available = events.find((e: any) => e.attributes.event === 'container.transport.available');
	return {
		available: dayIn(available.attributes.timestamp, available.attributes.timezone ?? zone),
		number: fixture.containerNumber,
		bl: fixture.billOfLading,
		discharged: dayIn(container.pod_discharged_at, zone),
		lfd: dayIn(container.pickup_lfd, zone),
		fullOut: dayIn(container.pod_full_out_at, zone),
		returned: container.empty_terminated_at ? dayIn(container.empty_terminated_at, zone) : null,
	};
}

/** A complete demurrage line from the terminal (no SCAC), at one rate: 150 USD a day. */
function terminalLine(
	f: Awaited<ReturnType<typeof factsOf>>,
	overrides: IDataObject = {},
): IDataObject {
	return terminalInvoiceLine(
		{
			containerNumber: f.number,
			billOfLading: f.bl,
			port: 'USLAX',
			discharged: f.discharged,
			available: f.available,
			lfd: f.lfd,
			chargedFrom: addDays(f.lfd, 1),
			chargedTo: f.fullOut,
			invoiceDate: addDays(f.fullOut, 5),
		},
		{ due_date: addDays(f.fullOut, 35), ...overrides },
	);
}

const ALL = { typeVersion: 3 } as const;

describe('Check D&D Invoice against a sandbox container', () => {
	it('verdicts from the record: consistent, dispute (exact days and amounts), incomplete, cannot check', async () => {
		const f = await factsOf('empty_returned');
		const wrongDays = between(addDays(f.lfd, -1), addDays(f.fullOut, 2));
		const items = [
			terminalLine(f),
			terminalLine(f, {
				invoice_number: 'TRM-2',
				free_time_end: addDays(f.lfd, -2),
				free_days: between(f.discharged, addDays(f.lfd, -2)),
				charged_from: addDays(f.lfd, -1),
				charged_to: addDays(f.fullOut, 2),
				amount: wrongDays * 150,
				invoice_total: wrongDays * 150,
			}),
			terminalLine(f, { invoice_number: 'TRM-3', contact: '', certification_performance: '' }),
			terminalLine(f, { invoice_number: 'TRM-4', container_number: 'MSCU1234565' }),
		];
		const [consistent, dispute, incomplete, untracked] = await invoices.run(
			{ operation: 'check', output: 'all' },
			{ ...ALL, items },
		);
		expect(consistent).toMatchObject({
			verdict: 'consistent',
			amount_in_dispute: 0,
			dispute_text: null,
		});
		expect(dispute.verdict).toBe('dispute');
		const codes = (dispute.findings as IDataObject[]).map((x) => [x.code, x.dates]);
		expect(codes).toEqual(
			expect.arrayContaining([
				['free_time_end_before_record', [addDays(f.lfd, -1), f.lfd]],
				['demurrage_after_full_out', [addDays(f.fullOut, 1), addDays(f.fullOut, 2)]],
			]),
		);
		// four days the record does not support, at 150 a day
		expect(dispute.amount_in_dispute).toBe(600);
		expect(dispute.dispute_text).toContain('Amount in question: 600.00 USD');
		expect(dispute.dispute_text).toContain(f.fullOut);
		expect(incomplete.verdict).toBe('incomplete');
		const missing = (incomplete.findings as IDataObject[]).filter((x) => x.severity === 'missing');
		expect(missing.map((x) => x.cite).sort()).toEqual(['46 CFR 541.6(d)(1)', '46 CFR 541.6(e)(2)']);
		expect(incomplete.dispute_text).toContain('46 CFR 541.5');
		expect(untracked.verdict).toBe('cannot check');
		expect(untracked.not_checked).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ code: 'container_not_tracked', core: true }),
			]),
		);
	});

	it('lines of one invoice are one invoice: Return One Item Per Invoice gives its verdict, amounts per currency and one dispute', async () => {
		const f = await factsOf('empty_returned');
		const days = between(addDays(f.lfd, 1), f.fullOut);
		const lines = [
			terminalLine(f, { invoice_total: days * 150 + 300 }),
			terminalLine(f, {
				charge_type: 'detention',
				free_days: 3,
				free_time_start: f.fullOut,
				free_time_end: addDays(f.fullOut, 2),
				charged_from: addDays(f.fullOut, 3),
				charged_to: addDays(f.returned!, 1),
				amount: 300,
				invoice_total: days * 150 + 300,
				rates: `1-${between(addDays(f.fullOut, 3), addDays(f.returned!, 1))}: ${300 / between(addDays(f.fullOut, 3), addDays(f.returned!, 1))}`,
			}),
		];
		const [invoice] = await invoices.run(
			{ operation: 'check', output: 'simplified', options: { returnPer: 'invoice' } },
			{ ...ALL, items: lines },
		);
		expect(invoice).toMatchObject({ invoice_number: 'TRM-1', lines: 2, verdict: 'dispute' });
		// the detention line charges the day after the empty came back
		expect(invoice.dispute_text).toContain(`after the empty was returned on ${f.returned}`);
		expect(invoice.amount_in_dispute).toMatch(/^\d+\.\d{2} USD$/);
	});

	it('each container is read once, however many lines charge it: one request for all of them', async () => {
		const a = await factsOf('empty_returned');
		const b = await factsOf('picked_up_yesterday');
		sb.clearRequests();
		const items = [
			terminalLine(a),
			terminalLine(a, { invoice_number: 'X' }),
			terminalLine(a, { invoice_number: 'Y' }),
			terminalLine(b),
		];
		const out = await invoices.run({ operation: 'check' }, { ...ALL, items });
		expect(out).toHaveLength(4);
		// one request for both containers: filter[number] takes them comma-separated (commas OR), with their
		// shipment, POD terminal and transport events included
		const reads = sb.requests.filter((r) => r.path.includes('/containers'));
		expect(reads.map((r) => r.query['filter[number]'])).toEqual([`${a.number},${b.number}`]);
		expect(reads[0].query.include).toBe('shipment,pod_terminal,transport_events');
	});

	it('a service that drops the number filter: each number looked up alone, the same verdicts', async () => {
		const f = await factsOf('empty_returned');
		const items = [
			terminalLine(f),
			terminalLine(f, { invoice_number: 'TRM-4', container_number: 'MSCU1234565' }),
		];
		const expected = await invoices.run(
			{ operation: 'check', output: 'simplified' },
			{ ...ALL, items },
		);
		sb.options.ignoredFilters = ['filter[number]'];
		try {
			const dropped = await invoices.run(
				{ operation: 'check', output: 'simplified' },
				{ ...ALL, items },
			);
			expect(dropped).toEqual(expected);
			expect(dropped.map((d) => d.verdict)).toEqual(['consistent', 'cannot check']);
		} finally {
			sb.options.ignoredFilters = [];
		}
	});

	it('bad input is refused before any request, naming the field, the value and the fix', async () => {
		const f = await factsOf('empty_returned');
		sb.clearRequests();
		await expect(
			invoices.run(
				{ operation: 'check' },
				{ ...ALL, items: [terminalLine(f, { invoice_date: '2026-13-45' })] },
			),
		).rejects.toThrow(/Invalid Invoice Date "2026-13-45": this is not a date/);
		await expect(
			invoices.run(
				{ operation: 'check' },
				{ ...ALL, items: [terminalLine(f, { rates: '1-4 235' })] },
			),
		).rejects.toThrow(/Invalid Daily Rates "1-4 235"/);
		await expect(
			invoices.run({ operation: 'check' }, { ...ALL, items: [terminalLine(f, { amount: -5 })] }),
		).rejects.toThrow(/Invalid Line Amount "-5": an amount billed is not negative/);
		expect(sb.requests.filter((r) => r.path.startsWith('/v2'))).toHaveLength(0);
	});

	it('with Continue On Fail one bad line becomes its error item, in its place; the others are checked', async () => {
		const f = await factsOf('empty_returned');
		const out = await invoices.runFull(
			{ operation: 'check', output: 'simplified' },
			{
				...ALL,
				continueOnFail: true,
				items: [
					terminalLine(f),
					terminalLine(f, { charged_to: 'soon' }),
					terminalLine(f, { invoice_number: 'TRM-9' }),
				],
			},
		);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[1].json.error).toMatch(/Invalid Dates Charged To "soon"/);
		expect(out[0].json.verdict).toBe('consistent');
		expect(out[2].json.verdict).toBe('consistent');
	});
});
