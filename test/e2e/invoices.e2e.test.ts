/**
 * "Check D&D invoices" (examples/check-dnd-invoices.json, issue 47) in real n8n 2.41.1 against the sandbox, with
 * the board (examples/containers-kept-current.json) keeping the last free days before pickup, and the sandbox hiding
 * them once a container is picked up, as the live service does (hideLfdAfterPickup). Invoice lines are built here
 * from the sandbox's own raw records (its JSON:API, not the node's items), for a container picked up after the
 * board ran (its last free day hidden by the time the invoice arrives) and one picked up before (nothing kept):
 * a correct line is `consistent`; a line charging two days of free time and a day after full out is `dispute` with
 * exactly those dates and 450.00 USD; a line without its contact and certifications is `incomplete` with their
 * citations; the container nothing was kept for is `cannot check`. Each row gets its verdict written back; the
 * digest lists the invoices to dispute with their drafts and the amount in question per currency, and its picture
 * is docs/img/example-check-dnd-invoices.png.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as path from 'node:path';

import { launchChromium, IMG_DIR } from './editor';
import { addDays, between, dayIn } from '../helpers/days';
import { terminalInvoiceLine } from '../helpers/invoiceLines';
import {
	exampleWorkflow as example,
	expectSucceeded,
	harness,
	ROOT,
	startT49Stack,
} from './helpers';
import type { Execution, T49Stack } from './helpers';

jest.setTimeout(300_000);

const LINES = 'terminal49_dnd_invoice_lines';
const EVIDENCE = 'terminal49_dnd_evidence';

/** A line's findings as Check the Invoices gave them (shown beside a verdict that differs). */
function checkedFindings(run: Execution, invoice: string) {
	const item = (harness.nodeOutput(run, 'Check the Invoices') as any[]).find(
		(i) => i.invoice_number === invoice,
	);
	return item?.findings_text ?? null;
}

describe('Check D&D invoices (Data Table) in real n8n', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: {
				webhookRetryScale: 0,
				carrierDelayMs: 20,
				containers: 40,
				hideLfdAfterPickup: true,
			},
		});
	});
	afterAll(async () => {
		if (t49) await t49.stop();
	});

	const fixture = (key: string) => {
		const found = t49.sandbox.fixtures.find((f) => f.key === key);
		if (!found) throw new Error(`no sandbox fixture ${key}`);
		return found;
	};
	/** The sandbox's raw JSON:API answer. */
	async function raw(pathAndQuery: string): Promise<any> {
		const res = await fetch(`${t49.sandbox.baseUrl}${pathAndQuery}`, {
			headers: { Authorization: `Token ${t49.sandbox.keys.paid}`, Accept: 'application/json' },
		});
		return await res.json();
	}
	async function tableId(name: string): Promise<string> {
		const res = await t49.stack.client.api('GET', `/data-tables?limit=100`);
		const id = (res.data || []).find((t: any) => t.name === name)?.id;
		if (!id) throw new Error(`no data table ${name}`);
		return id;
	}
	async function rows(name: string): Promise<any[]> {
		const res = await t49.stack.client.api(
			'GET',
			`/data-tables/${await tableId(name)}/rows?limit=250`,
		);
		return res.data;
	}

	test('a correct line is consistent, a wrong one a dispute of exactly its days, an incomplete one names its citations; the last free day kept before pickup checks a container picked up since', async () => {
		const { stack, sandbox } = t49;
		const board = await stack.client.createWorkflow(
			t49.bind(example('containers-kept-current.json')),
		);
		const check = await stack.client.createWorkflow(t49.bind(example('check-dnd-invoices.json')));
		const late = fixture('fees_total_only');

		// before pickup: the last free day Terminal49 selected (the facility's), discharge and availability
		const read = await raw(`/containers/${late.containerId}?include=shipment`);
		const before = read.data.attributes;
		const podLocode = read.included.find((r: any) => r.type === 'shipment').attributes
			.port_of_discharge_locode;
		const zone = before.pod_timezone;
		const unified = before.import_deadlines.pod.unified;
		expect(unified.current_selection).toBe('facility');
		const lfd = dayIn(unified.current_value, zone);
		const discharged = dayIn(before.pod_discharged_at, zone);
		const events = (await raw(`/containers/${late.containerId}/transport_events`)).data;
		const availableEvent = events.find(
			(e: any) => e.attributes.event === 'container.transport.available',
		);
		const available = dayIn(
			availableEvent.attributes.timestamp,
			availableEvent.attributes.timezone ?? zone,
		);

		// the board's morning run keeps each last free day; then the container is picked up and Terminal49 hides it
		expectSucceeded([await stack.client.runWorkflow(board.id, { triggerName: 'Every Morning' })]);
		const kept = (await rows(EVIDENCE)).find((r) => r.container_number === late.containerNumber);
		expect(kept).toMatchObject({ kept_last_free_day: lfd, kept_last_free_day_source: 'Terminal' });
		// picked up before the board ran: nothing to keep
		const earlier = fixture('empty_returned');
		expect((await rows(EVIDENCE)).some((r) => r.container_number === earlier.containerNumber)).toBe(
			false,
		);
		const earlierRead = (await raw(`/containers/${earlier.containerId}`)).data.attributes;
		const earlierEvents = (await raw(`/containers/${earlier.containerId}/transport_events`)).data;
		const earlierAvailable = earlierEvents.find(
			(e: any) => e.attributes.event === 'container.transport.available',
		).attributes;
		const earlierDays = {
			discharged: dayIn(earlierRead.pod_discharged_at, earlierRead.pod_timezone),
			available: dayIn(
				earlierAvailable.timestamp,
				earlierAvailable.timezone ?? earlierRead.pod_timezone,
			),
			fullOut: dayIn(earlierRead.pod_full_out_at, earlierRead.pod_timezone),
		};
		sandbox.advanceContainer(late.containerId, 1);
		const after = (await raw(`/containers/${late.containerId}`)).data.attributes;
		expect(after.import_deadlines.pod.unified.current_value).toBeNull();
		const fullOut = dayIn(after.pod_full_out_at, zone);

		// the invoice lines, from the terminal (no SCAC: its own last free day), at 150 USD a day
		const line = (overrides: Record<string, unknown>) =>
			terminalInvoiceLine(
				{
					containerNumber: late.containerNumber,
					billOfLading: late.billOfLading,
					port: podLocode,
					discharged,
					available,
					lfd,
					chargedFrom: addDays(lfd, 1),
					chargedTo: fullOut,
					invoiceDate: addDays(fullOut, 2),
				},
				{ invoice_number: 'TRM-100', due_date: addDays(fullOut, 32), ...overrides },
			);
		expectSucceeded([await stack.client.runWorkflow(check.id, { triggerName: 'Every Morning' })]);
		const lines = [
			line({}),
			line({
				invoice_number: 'TRM-200',
				free_time_end: addDays(lfd, -2),
				free_days: between(discharged, addDays(lfd, -2)),
				charged_from: addDays(lfd, -1),
				charged_to: addDays(fullOut, 1),
			}),
			line({
				invoice_number: 'TRM-300',
				contact: null,
				certification_fmc_rules: null,
				certification_performance: null,
			}),
			// the container picked up before the board ran, with its own dates: nothing kept of its last free day
			{
				...line({
					invoice_number: 'TRM-400',
					free_time_start: earlierDays.discharged,
					free_time_end: addDays(earlierDays.discharged, 1),
					free_days: 2,
					availability_date: earlierDays.available,
					charged_from: addDays(earlierDays.discharged, 2),
					charged_to: earlierDays.fullOut,
				}),
				container_number: earlier.containerNumber,
				bill_of_lading: earlier.billOfLading,
			},
		];
		await stack.client.api('POST', `/data-tables/${await tableId(LINES)}/rows`, {
			data: lines,
			returnType: 'count',
		});

		const run = await stack.client.runWorkflow(check.id, { triggerName: 'Every Morning' });
		expectSucceeded([run]);
		const written = new Map((await rows(LINES)).map((r) => [r.invoice_number, r]));
		expect(written.get('TRM-100')).toMatchObject({ verdict: 'consistent', amount_in_dispute: 0 });
		expect(written.get('TRM-200')).toMatchObject({ verdict: 'dispute', amount_in_dispute: 450 });
		expect(written.get('TRM-300')).toMatchObject({ verdict: 'incomplete' });
		expect([written.get('TRM-400'), checkedFindings(run, 'TRM-400')]).toEqual([
			expect.objectContaining({ verdict: 'cannot check', amount_in_dispute: 0 }),
			expect.anything(),
		]);
		// every row: its dispute-by date, 30 days from the invoice date
		expect(written.get('TRM-200')!.dispute_by).toBe(addDays(addDays(fullOut, 2), 30));

		const checked = harness.nodeOutput(run, 'Check the Invoices') as any[];
		const byNumber = new Map(checked.map((item) => [item.invoice_number, item]));
		const dispute = byNumber.get('TRM-200');
		const dates = (code: string) => dispute.findings.find((f: any) => f.code === code)?.dates;
		expect(dates('free_time_end_before_record')).toEqual([addDays(lfd, -1), lfd]);
		expect(dates('demurrage_after_full_out')).toEqual([addDays(fullOut, 1)]);
		// the last free day came from the board's evidence, named with its as_of
		expect(dispute.record).toMatchObject({ last_free_day: lfd, last_free_day_from: 'kept' });
		expect(
			dispute.findings.find((f: any) => f.code === 'free_time_end_before_record').source,
		).toContain('kept before pickup hid it, as of');
		const incomplete = byNumber.get('TRM-300');
		expect(
			incomplete.findings
				.filter((f: any) => f.severity === 'missing')
				.map((f: any) => f.cite)
				.sort(),
		).toEqual(['46 CFR 541.6(d)(1)', '46 CFR 541.6(e)(1)', '46 CFR 541.6(e)(2)']);
		expect(byNumber.get('TRM-400').not_checked.find((f: any) => f.core).code).toBe(
			'last_free_day_hidden',
		);

		// the digest: the invoices to dispute, with their drafts, and the amount in question per currency
		const disputes = harness.nodeOutput(run, 'Dispute Rows') as any[];
		expect(disputes.map((d) => [d.Invoice, d.Verdict]).sort()).toEqual([
			['TRM-200', 'dispute'],
			['TRM-300', 'incomplete'],
		]);
		expect(disputes.find((d) => d.Invoice === 'TRM-200').Draft).toContain(
			'Amount in question: 450.00 USD',
		);
		const totals = harness.nodeOutput(run, 'Totals Rows') as any[];
		expect(totals).toEqual([
			{ Currency: 'USD', Invoices: 2, 'In Question': 450 + lines[2].amount },
		]);
		const [digest] = harness.nodeOutput(run, 'Digest') as any[];
		expect(digest.subject).toMatch(/: 2 to dispute or ask to correct$/);
		expect(harness.nodeOutput(run, 'Email the Digest')).toEqual(harness.nodeOutput(run, 'Digest'));

		// the digest as the email shows it
		const browser = await launchChromium();
		try {
			const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
			await page.setContent(
				`<html><body style="font-family: sans-serif; font-size: 13px"><h2>${digest.subject}</h2>${digest.html}</body></html>`,
			);
			await page.screenshot({
				path: path.join(IMG_DIR, 'example-check-dnd-invoices.png'),
				fullPage: true,
			});
		} finally {
			await browser.close();
		}
	});

	test.each([
		['Upload an Invoice', 'n8n-nodes-base/dist/nodes/Form/FormTrigger.node.js', 'FormTrigger'],
		[
			'Read the PDF',
			'n8n-nodes-base/dist/nodes/Files/ExtractFromFile/ExtractFromFile.node.js',
			'ExtractFromFile',
		],
		[
			"Read the Invoice's Fields",
			// not in the package's exports: by its file
			path.join(
				harness.paths.CACHE,
				'node_modules/@n8n/n8n-nodes-langchain/dist/nodes/chains/InformationExtractor/InformationExtractor.node.js',
			),
			'InformationExtractor',
		],
		[
			'One Item per Line',
			'n8n-nodes-base/dist/nodes/Transform/SplitOut/SplitOut.node.js',
			'SplitOut',
		],
	])(
		"the PDF example's %s, by n8n 2.41's own node: every parameter kept as written, no issue",
		async (name, modulePath, exported) => {
			const file = path.join(ROOT, 'examples', 'check-dnd-invoice-pdf.json');
			const node = example('check-dnd-invoice-pdf.json').nodes.find((n) => n.name === name)!;
			// asynchronously: a spawnSync would hold this process's event loop for seconds, long enough for n8n to
			// close the client's idle keep-alive connection unseen, which the next request would then reuse
			const run = await promisify(execFile)(
				harness.paths.NODE24,
				[
					path.join(__dirname, 'nodeDescription.js'),
					harness.paths.CACHE,
					modulePath,
					exported,
					file,
					name,
				],
				{ encoding: 'utf8' },
			);
			const n8n = JSON.parse(run.stdout);
			expect(n8n.versions).toContain(node.typeVersion);
			expect(n8n.kept).toEqual(node.parameters);
			expect(n8n.issues).toBeNull();
		},
	);

	test('the PDF example imports into n8n as it is', async () => {
		let created: any;
		try {
			created = await t49.stack.client.createWorkflow(
				t49.bind(example('check-dnd-invoice-pdf.json')),
			);
		} catch (error) {
			throw new Error(`${String(error)}\n${t49.stack.logs('main').slice(-4000)}`);
		}
		const saved = await t49.stack.client.getWorkflow(created.id);
		expect(saved.nodes.map((n: any) => n.name).sort()).toEqual(
			example('check-dnd-invoice-pdf.json')
				.nodes.map((n) => n.name)
				.sort(),
		);
	});
});
