/**
 * Section 9 of `npm run bench` (issue 47): the D&D invoice check. (a) CPU: the six checks of 100 invoice lines
 * with their records already read (no request), against building the same 100 lines' record facts, each the
 * median of repeated runs in one process; (b) requests per line: Invoice > Check D&D Invoice run in-process
 * through n8n-core's real ExecuteContext against the sandbox, for the lines of one container, of one shipment's
 * containers, and of many containers. Run alone: `BENCH_SECTIONS=9 npm run bench`, or `npx tsx bench/invoices.ts`.
 */
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { checkInvoices } from '../nodes/Terminal49/domain/invoice/check';
import { recordFacts } from '../nodes/Terminal49/domain/invoice/recordFacts';
import type { InvoiceLine } from '../nodes/Terminal49/domain/invoice/types';
import { parseRates } from '../nodes/Terminal49/parameters/tariffs';
import { resetRateLimiter } from '../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../test/helpers/runNode';
import { log, median, round, table } from './lib';

// tsx resolves `Terminal49.node` to the codex JSON beside it: the class is loaded by its file's name.
const { Terminal49 } = require(
	path.join(__dirname, '..', 'nodes', 'Terminal49', 'Terminal49.node.ts'),
) as typeof import('../nodes/Terminal49/Terminal49.node');

export interface InvoiceBenchResult {
	cpu: { checkMsPer100: number; factsMsPer100: number; repeats: number };
	requests: Array<{
		case: string;
		lines: number;
		containers: number;
		requests: number;
		perLine: number;
	}>;
}

const DAY = 86_400_000;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** 100 demurrage lines over 20 containers of the worked example's shape (every element present). */
function syntheticLines(): { lines: InvoiceLine[]; containers: IDataObject[] } {
	const rates = parseRates('1-4: 235, 5-9: 285, 10+: 335') as Exclude<
		ReturnType<typeof parseRates>,
		string
	>;
	const containers: IDataObject[] = [];
	const lines: InvoiceLine[] = [];
	const base = Date.UTC(2026, 5, 16);
	for (let c = 0; c < 20; c++) {
		const discharged = base + c * DAY;
		containers.push({
			number: `MSKU${String(1000000 + c)}`,
			pod_timezone: 'America/Los_Angeles',
			pod_discharged_at: new Date(discharged + 15 * 3_600_000).toISOString(),
			pod_full_out_at: new Date(discharged + 20 * DAY).toISOString(),
			empty_terminated_at: new Date(discharged + 29 * DAY).toISOString(),
			pickup_lfd_date: day(discharged + 6 * DAY),
			pickup_lfd_source: 'facility',
			closed: true,
			holds_reported: true,
			active_holds: [],
			as_of: new Date(discharged + 21 * DAY).toISOString(),
			shipment: {
				bill_of_lading_number: `BL${c}`,
				port_of_discharge_locode: 'USLAX',
				shipping_line_scac: 'MAEU',
			},
		});
		for (let l = 0; l < 5; l++) {
			const from = discharged + (7 + l) * DAY;
			const to = discharged + 20 * DAY;
			const dates: string[] = [];
			for (let t = from; t <= to; t += DAY) dates.push(day(t));
			lines.push({
				item: lines.length,
				invoiceNumber: `INV-${c}-${l % 2}`,
				invoiceDate: day(to + 10 * DAY),
				dueDate: day(to + 40 * DAY),
				billingParty: 'Example Terminal',
				billingPartyScac: null,
				billOfLading: `BL${c}`,
				containerNumber: `MSKU${String(1000000 + c)}`,
				portOfDischarge: 'USLAX',
				direction: 'import',
				chargeType: 'demurrage',
				freeDays: 7,
				freeTimeStart: day(discharged),
				freeTimeEnd: day(discharged + 6 * DAY),
				freeTimeCounts: 'calendar',
				holidays: [],
				availabilityDate: day(discharged + DAY),
				earliestReturnDate: null,
				chargedDates: dates,
				rule: 'Terminal schedule 12',
				ratesText: '1-4: 235, 5-9: 285, 10+: 335',
				rates,
				amount: 3705,
				currency: 'USD',
				invoiceTotal: 3705,
				contact: 'billing@example.com',
				disputeDocumentsUrl: 'https://example.com/dnd',
				disputeTimeframes: '30 days',
				disputeWindowDays: null,
				basisOfLiability: 'Consignee',
				certifiesRules: 'yes',
				certifiesPerformance: 'yes',
				kept: null,
			});
		}
	}
	return { lines, containers };
}

function cpu(repeats: number) {
	const { lines, containers } = syntheticLines();
	const events = [
		{
			event: 'container.transport.available',
			timestamp: '2026-06-17T17:05:00Z',
			timezone: 'America/Los_Angeles',
		},
	];
	const factsTimes: number[] = [];
	const checkTimes: number[] = [];
	for (let r = 0; r < repeats; r++) {
		let t = process.hrtime.bigint();
		const facts = new Map(containers.map((c) => [String(c.number), recordFacts(c, events)]));
		factsTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
		t = process.hrtime.bigint();
		checkInvoices(lines, (line) => facts.get(line.containerNumber!)!, []);
		checkTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
	}
	return {
		checkMsPer100: round(median(checkTimes), 3),
		factsMsPer100: round(median(factsTimes), 3),
		repeats,
	};
}

/** A line of a sandbox container, enough for a full check (every element, one rate). */
function lineOf(sb: Sandbox, key: string, n: number): IDataObject {
	const f = sb.fixtures.find((x) => x.key === key) ?? sb.fixtures[n % sb.fixtures.length];
	return {
		invoice_number: `B-${n}`,
		invoice_date: '2026-11-30',
		due_date: '2026-12-30',
		billing_party: 'Example Terminal',
		bill_of_lading: f.billOfLading,
		container_number: f.containerNumber,
		port_of_discharge: 'USLAX',
		charge_type: 'demurrage',
		free_days: 4,
		free_time_start: '2026-10-10',
		free_time_end: '2026-10-13',
		availability_date: '2026-10-11',
		charged_from: '2026-10-14',
		charged_to: '2026-10-16',
		rule: 'Terminal schedule 12',
		rates: '1+: 150',
		amount: 450,
		currency: 'USD',
		invoice_total: 450,
		contact: 'billing@example.com',
		dispute_url: 'https://example.com/dnd',
		dispute_timeframes: '30 days',
		basis_of_liability: 'Consignee',
		certification_fmc_rules: 'yes',
		certification_performance: 'yes',
	};
}

async function requestsPerLine(): Promise<InvoiceBenchResult['requests']> {
	const sb = await startSandbox({
		epoch: Date.UTC(2026, 9, 20),
		containers: 80,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
	});
	const out: InvoiceBenchResult['requests'] = [];
	try {
		// the containers of one shipment: a fixture's shipment id shared by several containers, if the seed has one
		const byShipment = new Map<string, string[]>();
		for (const c of sb.store.containersByNumber.values()) {
			const list = byShipment.get(c.shipmentId) ?? [];
			list.push(c.number);
			byShipment.set(c.shipmentId, list);
		}
		const [shipmentNumbers] = [...byShipment.values()].sort((a, b) => b.length - a.length);
		const all = [...sb.store.containersByNumber.keys()];
		const cases: Array<[string, IDataObject[]]> = [
			[
				'10 lines of one container',
				Array.from({ length: 10 }, (_, i) => ({ ...lineOf(sb, 'empty_returned', i) })),
			],
			[
				`${shipmentNumbers.length * 3} lines of one shipment's ${shipmentNumbers.length} containers`,
				shipmentNumbers.flatMap((number, i) =>
					[0, 1, 2].map((k) => ({
						...lineOf(sb, '', i),
						invoice_number: `S-${k}`,
						container_number: number,
					})),
				),
			],
			[
				'40 lines of 40 containers',
				all.slice(0, 40).map((number, i) => ({ ...lineOf(sb, '', i), container_number: number })),
			],
			[
				'60 lines of 60 containers (two pages of 50)',
				all.slice(0, 60).map((number, i) => ({ ...lineOf(sb, '', i), container_number: number })),
			],
			[
				'100 lines of 20 containers',
				Array.from({ length: 100 }, (_, i) => ({
					...lineOf(sb, '', i),
					container_number: all[i % 20],
				})),
			],
		];
		for (const [name, items] of cases) {
			resetRateLimiter();
			sb.clearRequests();
			await runNode({
				nodeType: new Terminal49(),
				parameters: { resource: 'invoice', operation: 'check', output: 'all' } as never,
				credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl, rateLimitRequests: 10_000 },
				items,
				typeVersion: 3,
			});
			const requests = sb.requests.filter((r) => r.path.startsWith('/v2/')).length;
			const containers = new Set(items.map((i) => i.container_number)).size;
			out.push({
				case: name,
				lines: items.length,
				containers,
				requests,
				perLine: round(requests / items.length, 2),
			});
			log(`invoices: ${name}: ${requests} requests`);
		}
	} finally {
		await sb.close();
	}
	return out;
}

export async function runInvoiceBench(): Promise<InvoiceBenchResult> {
	return { cpu: cpu(200), requests: await requestsPerLine() };
}

export function invoiceTable(result: InvoiceBenchResult): string {
	const { cpu: c } = result;
	return [
		table(
			['100 invoice lines, records already read (median of ' + c.repeats + ')', 'ms', 'ratio'],
			[
				['the six checks, verdicts and amounts (checkInvoices)', c.checkMsPer100, 1],
				[
					"the 20 containers' record facts (recordFacts)",
					c.factsMsPer100,
					round(c.factsMsPer100 / c.checkMsPer100, 2),
				],
			],
		),
		'',
		table(
			[
				'lines',
				'lines',
				'containers',
				'requests',
				'requests per line',
				'a Container > Get per line would make',
			],
			result.requests.map((r) => [r.case, r.lines, r.containers, r.requests, r.perLine, r.lines]),
		),
	].join('\n');
}

if (require.main === module) {
	runInvoiceBench()
		.then((result) => console.log(invoiceTable(result)))
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
}
