/**
 * Section 6 of `npm run bench` (issue 22): Container and Shipment Get Many with realistic filters over a large
 * account, against a sandbox that filters (the current service: the documented filters and sort, 50
 * containers a page) and one that ignores filters (the older service, `legacyLists`: 100 a page, filters and
 * sort ignored). The node runs in-process through n8n-core's real ExecuteContext and the package's transport.
 *
 * Each container query runs on both generations of Terminal49's container serializer (issue 29): the older one
 * (flat `import_deadlines`, `pickup_lfd` coalesced: the service may narrow and sort by the last free day) and the
 * newer one (`import_deadlines.pod`, `pickup_lfd` a placeholder: the node sends no LFD filter or sort there, and
 * its first list asks which serializer the account has, one request of one container, counted here).
 *
 * For each query and service: the items returned (and that both services return the same ones), the requests
 * sent, the lower bound ceil(matches / page size) + 1, the requests the node sent before this change (every
 * page: ceil(N / page size)), and the time the credential's real limit (100 requests per 60 s) alone would
 * make the run take: derived from the request count, floor((requests - 1) / 100) × 60 s, not waited out.
 */
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { milestoneIndex } from '../sandbox/timeline';
import { resetRateLimiter } from '../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../test/helpers/runNode';
import { log } from './lib';

// tsx resolves `Terminal49.node` to the codex JSON beside it: the class is loaded by its file's full name.
const { Terminal49 } = require(
	path.join(__dirname, '..', 'nodes', 'Terminal49', 'Terminal49.node.ts'),
) as typeof import('../nodes/Terminal49/Terminal49.node');

export interface FilteredListRow {
	query: string;
	service: string;
	/** The container serializer the sandbox served (shipments: the older one, which they do not depend on). */
	serializer: 'older' | 'newer (selected LFD)';
	matches: number;
	sameAsOther: boolean;
	requests: number;
	pageSize: number;
	lowerBound: number;
	goal: string;
	meetsGoal: boolean;
	before: number;
	waitAtLimitS: number;
	localWallMs: number;
}

export interface FilteredListsResult {
	containers: number;
	shipments: number;
	rows: FilteredListRow[];
}

interface Query {
	name: string;
	resource: 'container' | 'shipment';
	parameters: IDataObject;
}

/** The credential's real limit: 100 requests in any 60 s. */
const LIMIT = 100;
const WINDOW_S = 60;

export async function runFilteredListsBench(containers = 10_000): Promise<FilteredListsResult> {
	const sb = await startSandbox({
		containers,
		containersPerShipment: 4,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
	});
	try {
		const port = busiestArrivalPort(sb);
		const line = busiestLine(sb);
		const queries: Query[] = [
			{
				name: 'Urgent Only (Return All)',
				resource: 'container',
				parameters: { returnAll: true, filters: { urgentOnly: true }, include: [] },
			},
			{
				name: 'LFD within 3 days + Exclude Closed, sorted by LFD, Limit 10',
				resource: 'container',
				parameters: {
					returnAll: false,
					limit: 10,
					filters: { lastFreeDay: ['today', 'imminent'], excludeClosed: true },
					sortBy: 'lfd',
					include: [],
				},
			},
			{
				name: `Current Status available + Shipping Line ${line} (Return All)`,
				resource: 'container',
				parameters: {
					returnAll: true,
					filters: { currentStatus: ['available'], shippingLine: line },
					include: [],
				},
			},
			{
				name: `Shipments with ETA within 7 days at ${port} (Return All)`,
				resource: 'shipment',
				parameters: {
					returnAll: true,
					filters: { eta: 'within', etaDays: 7, portOfDischarge: port },
					include: [],
				},
			},
		];
		const rows: FilteredListRow[] = [];
		for (const query of queries) {
			const shapes =
				query.resource === 'container' ? (['legacy', 'selected'] as const) : (['legacy'] as const);
			for (const shape of shapes) {
				const current = await measure(sb, query, false, shape);
				const older = await measure(sb, query, true, shape);
				const same =
					JSON.stringify(current.out.map((i) => i.id)) ===
					JSON.stringify(older.out.map((i) => i.id));
				const total = query.resource === 'container' ? containers : sb.store.shipments.size;
				for (const [run, legacy] of [
					[current, false],
					[older, true],
				] as const) {
					const pageSize = legacy || query.resource === 'shipment' ? 100 : 50;
					const lowerBound = Math.ceil(run.out.length / pageSize) + 1;
					// Before issue 22 the node read every page of either service (filters judged on the items)
					const before = Math.ceil(total / pageSize);
					// + 1: a container list that would narrow by the LFD asks the account's serializer first (issue 29)
					const goal =
						legacy || shape === 'selected'
							? `same items, ≤ ${before} + 1 requests`
							: `≤ 1.25 × ${lowerBound} + 1 = ${1.25 * lowerBound + 1}`;
					rows.push({
						query: query.name,
						service: legacy ? 'ignores filters (older)' : 'filters (current)',
						serializer: shape === 'selected' ? 'newer (selected LFD)' : 'older',
						matches: run.out.length,
						sameAsOther: same,
						requests: run.requests,
						pageSize,
						lowerBound,
						goal,
						meetsGoal:
							legacy || shape === 'selected'
								? same && run.requests <= before + 1
								: run.requests <= 1.25 * lowerBound + 1,
						before,
						waitAtLimitS: Math.floor(Math.max(0, run.requests - 1) / LIMIT) * WINDOW_S,
						localWallMs: run.wallMs,
					});
				}
				log(
					`${query.name} (${shape} serializer): current ${current.requests} requests, older ${older.requests}`,
				);
			}
		}
		return { containers, shipments: sb.store.shipments.size, rows };
	} finally {
		await sb.close();
	}
}

async function measure(
	sb: Sandbox,
	query: Query,
	legacy: boolean,
	shape: 'legacy' | 'selected' = 'legacy',
) {
	sb.options.legacyLists = legacy;
	sb.options.deadlineShape = shape;
	sb.clearRequests();
	resetRateLimiter();
	const start = Date.now();
	try {
		const out = await runNode({
			nodeType: new Terminal49(),
			parameters: { resource: query.resource, operation: 'getAll', ...query.parameters } as never,
			credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl, rateLimitRequests: 1_000_000 },
		});
		const path = query.resource === 'container' ? '/v2/containers' : '/v2/shipments';
		return {
			out: out.map((item) => item.json),
			requests: sb.requests.filter((r) => r.path === path).length,
			wallMs: Date.now() - start,
		};
	} finally {
		sb.options.legacyLists = false;
		sb.options.deadlineShape = 'legacy';
	}
}

/** The port of discharge with the most shipments arriving within 7 days (a realistic "my port" query). */
function busiestArrivalPort(sb: Sandbox): string {
	const counts = new Map<string, number>();
	const now = Date.now();
	for (const s of sb.store.shipments.all()) {
		const i = milestoneIndex(s.milestones, 'vessel_arrived');
		if (i < 0 || s.stage >= i || s.times[i] > now + 7 * 86_400_000 || s.times[i] < now) continue;
		counts.set(s.podCode, (counts.get(s.podCode) ?? 0) + 1);
	}
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'USLAX';
}

/** The shipping line with the most containers. */
function busiestLine(sb: Sandbox): string {
	const counts = new Map<string, number>();
	for (const s of sb.store.shipments.all())
		counts.set(s.scac, (counts.get(s.scac) ?? 0) + s.containerIds.length);
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}
