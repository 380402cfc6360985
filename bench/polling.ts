/**
 * Section 5 of `npm run bench` (issue 16): the Terminal49 Polling Trigger's poll over a large account.
 * The sandbox holds BENCH_POLL_CONTAINERS containers (default 10,000) in shipments of 4 (2,500 shipments,
 * of which the seed stops tracking about 5 %); the node polls through n8n-core's real PollContext and the
 * package's transport (shared pacer). Three polls: the baseline, one after 1 % of the tracked containers
 * got a hold, one with nothing changed. For each: the requests sent (expected: ceil(tracked shipments /
 * 100) shipment pages + 1 tracking-request page), the items emitted, the CPU time of the comparison
 * (compare() on the same pages, timed alone: the poll's own CPU would include the in-process sandbox) and
 * the static data bytes per container.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeType } from 'n8n-workflow';

import { startSandbox } from '../sandbox';
import type { JsonApiDocument } from '../nodes/Terminal49/client/jsonApi';
import type { PollState } from '../nodes/Terminal49/polling/compare';
import { compare } from '../nodes/Terminal49/polling/compare';
import { POLLED_EVENTS, pollingProperties } from '../nodes/Terminal49/polling/description';
import { poll, TRACKING_OVERLAP_MS } from '../nodes/Terminal49/polling/poll';
import { resetRateLimiter } from '../nodes/Terminal49/transport/rateLimiter';
import { makeAdditionalData, makeNode, makeWorkflow } from '../test/helpers/runNode';
import { log, round } from './lib';

export interface PollingRow {
	poll: string;
	trackedShipments: number;
	containers: number;
	changed: number;
	requests: number;
	expectedRequests: number;
	rateLimited: number;
	emitted: number;
	emittedContainers: number;
	compareCpuMs: number;
	bytesPerContainer: number;
	wallMs: number;
}

export interface PollingResult {
	rows: PollingRow[];
}

function cpuMs(fn: () => void): number {
	const start = process.cpuUsage();
	fn();
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

export async function runPollingBench(containers = 10_000): Promise<PollingResult> {
	const sb = await startSandbox({
		containers,
		containersPerShipment: 4,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		rateLimits: { default: 10_000 },
	});
	resetRateLimiter();
	try {
		// The node's own description and poll() (tsx would resolve `Terminal49PollingTrigger.node` to its
		// codex JSON, so the class is not imported here; it only delegates to poll()).
		const nodeType = {
			description: {
				name: 'terminal49PollingTrigger',
				displayName: 'Terminal49 Polling Trigger',
				polling: true,
				credentials: [{ name: 'terminal49Api', required: true }],
				properties: pollingProperties,
			},
			poll,
		} as unknown as INodeType;
		const node = makeNode(nodeType, { events: POLLED_EVENTS });
		const workflow = makeWorkflow(node, nodeType);
		const additional = makeAdditionalData({
			apiKey: sb.keys.paid,
			baseUrl: sb.baseUrl,
			rateLimitRequests: 10_000,
		});
		const state = () => workflow.getStaticData('node', node).state as PollState | undefined;
		// every shipment tracked (the seed stops about 5 %): 2,500 shipments of 4 containers
		for (const shipment of sb.store.shipments.all()) shipment.lineTrackingStoppedAt = null;
		const tracked = sb.store.shipments.all();
		const trackedContainers = tracked.flatMap((s) => sb.store.containersOf(s));

		// The pages the poll reads, fetched again outside the poll (not counted) for timing compare().
		const get = async (url: string) =>
			(await (
				await fetch(url, {
					headers: { Authorization: `Token ${sb.keys.paid}`, Accept: 'application/json' },
				})
			).json()) as JsonApiDocument;
		const readPages = async (since: string) => {
			const pages: JsonApiDocument[] = [];
			let url: string | undefined =
				`${sb.baseUrl}/shipments?filter[tracking_stopped]=false&include=containers&page[size]=100`;
			while (url) {
				const page = await get(url);
				pages.push(page);
				url = (page.links as IDataObject | undefined)?.next as string | undefined;
			}
			const tr = await get(
				`${sb.baseUrl}/tracking_requests?filter[updated_at][start]=${encodeURIComponent(since)}&page[size]=100`,
			);
			return { pages, tr: [tr] };
		};

		const rows: PollingRow[] = [];
		const pollOnce = async (label: string, changed: number) => {
			const before = state() ? (JSON.parse(JSON.stringify(state())) as PollState) : undefined;
			const nowIso = new Date().toISOString();
			sb.clearRequests();
			const started = Date.now();
			const result = (await poll(
				new PollContext(workflow, node, additional, 'trigger', 'activate'),
			)) as INodeExecutionData[][] | null;
			const wallMs = Date.now() - started;
			const requests = sb.requests.length;
			const rateLimited = sb.requests.filter((r) => r.status === 429).length;
			const items = result?.[0] ?? [];
			const since = new Date(Date.parse(before?.tc ?? nowIso) - TRACKING_OVERLAP_MS).toISOString();
			const { pages, tr } = await readPages(since);
			compare(before, pages, tr, nowIso); // warm-up
			const runs = [0, 1, 2, 3, 4].map(() => cpuMs(() => void compare(before, pages, tr, nowIso)));
			const compareCpuMs = runs.sort((a, b) => a - b)[2]; // the median of 5
			const after = state()!;
			const stored = Object.keys(after.c).length;
			const row: PollingRow = {
				poll: label,
				trackedShipments: tracked.length,
				containers: stored,
				changed,
				requests,
				expectedRequests: Math.ceil(tracked.length / 100) + tr.length,
				rateLimited,
				emitted: items.length,
				emittedContainers: new Set(
					items.map((i) => String((i.json.container as IDataObject | null)?.id)),
				).size,
				compareCpuMs: round(compareCpuMs, 1),
				bytesPerContainer: round(JSON.stringify(after).length / stored, 1),
				wallMs,
			};
			log(`polling ${label}: ${JSON.stringify(row)}`);
			rows.push(row);
		};

		await pollOnce('baseline (emits nothing)', 0);
		// 1 % of the containers, each without an active hold so far: each gets one
		const target = Math.round(trackedContainers.length / 100);
		const free = trackedContainers.filter((c) => !c.holds.some((h) => h.status === 'hold'));
		const step = Math.floor(free.length / target);
		let changed = 0;
		for (let i = 0; changed < target; i += step) {
			sb.updateContainer(free[i].id, {
				holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
			} as never);
			changed++;
		}
		await pollOnce('1 % of containers got a hold', changed);
		await pollOnce('nothing changed', 0);
		return { rows };
	} finally {
		await sb.close();
	}
}

if (require.main === module) {
	runPollingBench(Number(process.env.BENCH_POLL_CONTAINERS ?? 10_000))
		.then((r) => console.table(r.rows))
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
}
