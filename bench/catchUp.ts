/**
 * Section 8 of `npm run bench` (issue 40): what the Terminal49 Trigger's catch-up (trigger/catchUp.ts) costs.
 *
 * - Nothing missed: the requests of one run (the webhook, then the notification list down to the cursor).
 * - N notifications Terminal49 gave up on (failed), created over an outage, with the webhook switched off: the
 *   requests and the time until every one has run, with Fetch Full Container on (each container event without its
 *   container loads it: one request, paced at half the key's limit) and off.
 *
 * In-process, with n8n-core's real TriggerContext and ExecuteContext over the real sandbox (test/trigger/harness.ts:
 * the same code n8n runs, without n8n's own database and queue). The key's limit is Terminal49's 100 per window,
 * with the window compressed (BENCH_CATCH_UP_WINDOW_MS, default 600 ms: 100× faster than Terminal49's minute) so
 * 10,000 fit in minutes; the time at Terminal49's real minute is projected from the paced requests.
 *
 *   BENCH_CATCH_UP_SIZES=1000,10000   missed notifications per run
 *   BENCH_CATCH_UP_WINDOW_MS=600      the sandbox's and the credential's rate window
 */
import type { Sandbox } from '../sandbox';
import { startSandbox } from '../sandbox';
// the harness first: it loads the trigger node, which loads the catch-up (a cycle the other order breaks)
import { TriggerWorkflow } from '../test/trigger/harness';
import { PAGE_PAUSE_MS } from '../nodes/Terminal49/trigger/catchUp';
import { resetRateLimiter } from '../nodes/Terminal49/transport/rateLimiter';
import { log, round, table } from './lib';

const LIMIT = 100;
const REAL_WINDOW_MS = 60_000;

export interface CatchUpRow {
	missed: number;
	fetchFullContainer: boolean;
	requests: Record<string, number>;
	total: number;
	seconds: number;
	ran: number;
	pages: number;
	/** At Terminal49's 60 s window: the paced container loads, the list's pauses, and the rest as measured. */
	projectedMinutes: number;
}

export interface CatchUpResult {
	idleRequests: string[];
	rows: CatchUpRow[];
	windowMs: number;
}

function kind(path: string): string {
	if (/^\/v2\/webhooks\/[^/]+$/.test(path)) return 'webhook';
	if (path === '/v2/webhook_notifications') return 'list page';
	if (/^\/v2\/containers\/[^/]+$/.test(path)) return 'container';
	return path;
}

/** `missed` failed notifications of the trigger's webhook, created over the last `missed` seconds. */
function outage(sb: Sandbox, webhookId: string, missed: number) {
	const containers = sb.fixtures.map((f) => f.containerId);
	// created and kept, never sent: the dispatcher is closed while they are made
	sb.app.dispatcher.close();
	for (let i = 0; i < missed; i++)
		sb.fireEvent('container.updated', containers[i % containers.length], {
			pickup_lfd: ['2026-12-01', '2026-12-02'],
		});
	sb.app.dispatcher.reopen();
	const start = Date.now() - missed * 1000;
	let i = 0;
	for (const n of sb.store.notifications.all()) {
		if (n.webhookId !== webhookId) continue;
		n.deliveryStatus = 'failed';
		n.createdAt = start + i++ * 1000;
	}
	sb.store.webhooks.get(webhookId)!.active = false;
	return start;
}

async function published(sb: Sandbox, windowMs: number, fetchFullContainer: boolean) {
	sb.reset({ containers: 40 });
	resetRateLimiter();
	const wf = new TriggerWorkflow(
		{ events: ['container.updated'], options: { fetchFullContainer, outageNotices: false } },
		{
			apiKey: sb.keys.paid,
			baseUrl: sb.baseUrl,
			rateLimitRequests: LIMIT,
			rateLimitWindowSeconds: windowMs / 1000,
		},
		'http://127.0.0.1:9/webhook',
		`wf-bench-catch-up-${Date.now()}`,
	);
	if (!(await wf.lifecycle('create'))) throw new Error('the trigger did not register its webhook');
	return { wf, webhookId: sb.store.webhooks.all()[0].id };
}

export async function runCatchUpBench(sizes: number[], windowMs: number): Promise<CatchUpResult> {
	const sb = await startSandbox({
		rateWindowMs: windowMs,
		webhookRetryScale: 0,
		carrierDelayMs: 10,
		containers: 40,
	});
	try {
		// nothing missed: deliveries succeeded (none here), one run
		const idle = await published(sb, windowMs, true);
		sb.clearRequests();
		await idle.wf.activateCatchUp({ stopped: false, activatedAt: Date.now() }).run();
		const idleRequests = sb.requests.map((r) => `${r.method} ${kind(r.path)}`);

		const rows: CatchUpRow[] = [];
		for (const missed of sizes) {
			for (const fetchFullContainer of [true, false]) {
				const { wf, webhookId } = await published(sb, windowMs, fetchFullContainer);
				const start = outage(sb, webhookId, missed);
				sb.clearRequests();
				log(
					`catch-up: ${missed} missed, Fetch Full Container ${fetchFullContainer ? 'on' : 'off'}`,
				);
				const t0 = Date.now();
				const { report } = await wf
					.activateCatchUp({ stopped: false, activatedAt: start - 1000 })
					.run();
				const seconds = (Date.now() - t0) / 1000;
				const requests: Record<string, number> = {};
				for (const r of sb.requests) requests[kind(r.path)] = (requests[kind(r.path)] ?? 0) + 1;
				const containerLoads = requests.container ?? 0;
				// the paced loads at half of 100 a minute, the list's pauses, and the rest of the run as measured here
				const paced = (containerLoads * REAL_WINDOW_MS) / (LIMIT / 2);
				const pauses = Math.max(0, report.pages - 1) * PAGE_PAUSE_MS;
				const pacedHere = (containerLoads * windowMs) / (LIMIT / 2);
				const rest = Math.max(0, seconds * 1000 - pacedHere - pauses);
				rows.push({
					missed,
					fetchFullContainer,
					requests,
					total: sb.requests.length,
					seconds: round(seconds, 1),
					ran: report.ran,
					pages: report.pages,
					projectedMinutes: round((paced + pauses + rest) / 60_000, 1),
				});
			}
		}
		return { idleRequests, rows, windowMs };
	} finally {
		await sb.close();
	}
}

export function catchUpTable(result: CatchUpResult): string {
	const rows = result.rows.map((row) => [
		row.missed,
		row.fetchFullContainer ? 'on' : 'off',
		row.ran,
		row.pages,
		Object.entries(row.requests)
			.map(([k, v]) => `${k} ${v}`)
			.join(', '),
		row.total,
		row.seconds,
		row.projectedMinutes,
	]);
	return [
		`Nothing missed, one run: ${result.idleRequests.length} requests (${result.idleRequests.join(', ')}).`,
		'',
		table(
			[
				'missed',
				'Fetch Full Container',
				'ran',
				'list pages',
				'requests',
				'total requests',
				`seconds (window ${result.windowMs} ms)`,
				'minutes at 100 a minute (projected)',
			],
			rows,
		),
	].join('\n');
}

if (require.main === module) {
	const sizes = (process.env.BENCH_CATCH_UP_SIZES ?? '1000,10000').split(',').map(Number);
	const windowMs = Number(process.env.BENCH_CATCH_UP_WINDOW_MS ?? 600);
	void runCatchUpBench(sizes, windowMs).then(
		(result) => {
			process.stdout.write(`${catchUpTable(result)}\n`);
			process.exit(0);
		},
		(error) => {
			process.stderr.write(`${String(error?.stack ?? error)}\n`);
			process.exit(1);
		},
	);
}
