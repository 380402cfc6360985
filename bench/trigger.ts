/**
 * Section 3: the Terminal49 Trigger under load in real n8n, beside n8n's own Webhook node v1 and v2 (each →
 * NoOp, all three active in the same n8n). The same plan of signed deliveries goes to each: D deliveries
 * sent at a steady rate (at most `inFlight` at once), of which 10 % repeat an earlier notification id, some
 * as a concurrent copy (sent together with the first) and the rest as a later redelivery. The plan is cut
 * into rounds and the workflows take turns, so a drift in the machine's load falls on all three alike; a
 * round ends when its executions have finished.
 *
 * Per workflow: answers, answered/s, executions, deliveries handled per second end to end (first send to
 * last execution finished, per round), answer → execution start p50/p99 (negative: the execution started
 * before the answer), execution run time and the trigger step's own time p50/p99, lost and doubled. The
 * Terminal49 Trigger must run each notification id once: lost = an id answered 2xx with no execution that
 * emitted it, doubled = an id emitted by more than one execution. n8n's Webhook node runs every request (it
 * does not deduplicate): its lost = requests answered 2xx without an execution. Then the size of the
 * trigger's static data and of its row in n8n's deduplication store, and refusals (forged, duplicate).
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Sandbox } from '../sandbox';
import type { Execution, Stack, WorkflowJson } from '../scripts/n8n';
import * as harness from '../scripts/n8n';
import { log, percentile, round, sleep } from './lib';

export interface LoadRow {
	workflow: string;
	deliveries: number;
	/** Distinct notification ids among them. */
	unique: number;
	statuses: string;
	answeredPerSecond: number;
	executions: number;
	/** Deliveries handled per second end to end: from each round's first send to its last execution finished. */
	endToEndPerSecond: number;
	answerToStartP50Ms: number;
	answerToStartP99Ms: number;
	runP50Ms: number;
	runP99Ms: number;
	/** Time n8n recorded for the trigger step itself (runData executionTime). */
	triggerStepP50Ms: number;
	triggerStepP99Ms: number;
	lost: number;
	doubled: number | '—';
	ratioToV1?: number;
}
export interface RefusalRow {
	kind: string;
	count: number;
	statuses: string;
	perSecond: number;
	p50Ms: number;
	p99Ms: number;
	executions: number;
}
export interface TriggerResult {
	config: {
		deliveries: number;
		ratePerSecond: number;
		inFlight: number;
		rounds: number;
		redeliveries: number;
		concurrentCopies: number;
	};
	rows: LoadRow[];
	staticDataBytes: number;
	dedupStore: { ids: number; bytes: number } | null;
	refusals: RefusalRow[];
}

const EXAMPLE = readFileSync(
	join(
		__dirname,
		'..',
		'test',
		'fixtures',
		'webhook-examples',
		'container.transport.vessel_discharged.json',
	),
	'utf8',
);
const EXAMPLE_ID = (JSON.parse(EXAMPLE) as { data: { id: string } }).data.id;
const EVENT = (JSON.parse(EXAMPLE) as { data: { attributes: { event: string } } }).data.attributes
	.event;
const bodyWithId = (id: string) => EXAMPLE.split(EXAMPLE_ID).join(id);
const sign = (body: string, secret: string) =>
	createHmac('sha256', secret).update(body).digest('hex');
const idFor = (prefix: string, n: number) =>
	`${prefix}-${String(n).padStart(6, '0')}-0000-4000-8000-000000000000`;

function toNoOp(name: string, trigger: Record<string, unknown>): WorkflowJson {
	return {
		name,
		nodes: [
			{ position: [0, 0], ...trigger },
			{
				id: 'out',
				name: 'Out',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [String(trigger.name)]: { main: [[{ node: 'Out', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** One send of the plan: which notification, and when (ms after the round's start). */
interface PlannedSend {
	n: number;
	kind: 'first' | 'copy' | 'redelivery';
	atMs: number;
}

/**
 * D sends at `rate` per second: 90 % first deliveries, 10 % repeats. A third of the repeats go out at the
 * same moment as their first delivery (concurrent copies), the rest about 2 s after it (redeliveries).
 */
export function planDeliveries(deliveries: number, rate: number): PlannedSend[] {
	const repeats = Math.round(deliveries * 0.1);
	const firsts = deliveries - repeats;
	const copies = Math.round(repeats / 3);
	const gap = 1000 / rate;
	const plan: PlannedSend[] = [];
	for (let n = 0; n < firsts; n++) plan.push({ n, kind: 'first', atMs: n * gap });
	// spread the repeats evenly over the notifications
	const step = firsts / repeats;
	for (let r = 0; r < repeats; r++) {
		const n = Math.floor(r * step);
		plan.push(
			r < copies
				? { n, kind: 'copy', atMs: n * gap }
				: { n, kind: 'redelivery', atMs: n * gap + 2000 },
		);
	}
	return plan.sort((a, b) => a.atMs - b.atMs || a.n - b.n);
}

interface Sent {
	n: number;
	status: number;
	sentAt: number;
	answeredAt: number;
}

/** Sends `plan` at its times, at most `inFlight` requests open at once. */
async function sendPlan(
	plan: PlannedSend[],
	request: (
		n: number,
		planned: PlannedSend,
	) => { url: string; body: string; headers: Record<string, string> },
	inFlight: number,
): Promise<{ sent: Sent[]; start: number; end: number }> {
	const sent: Sent[] = [];
	const start = Date.now();
	let next = 0;
	const worker = async () => {
		while (next < plan.length) {
			const planned = plan[next++];
			const wait = start + planned.atMs - Date.now();
			if (wait > 0) await sleep(wait);
			const { url, body, headers } = request(planned.n, planned);
			const sentAt = Date.now();
			let status = -1;
			try {
				const res = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/vnd.api+json', ...headers },
					body,
				});
				await res.arrayBuffer();
				status = res.status;
			} catch {
				status = -1;
			}
			sent.push({ n: planned.n, status, sentAt, answeredAt: Date.now() });
		}
	};
	await Promise.all(Array.from({ length: inFlight }, worker));
	return { sent, start, end: Date.now() };
}

const statusSummary = (sent: Sent[]) => {
	const counts = new Map<number, number>();
	for (const s of sent) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
	return [...counts.entries()].map(([s, n]) => `${n}× ${s}`).join(', ');
};

/** Finished executions of a workflow, counted from n8n's database (the editor's list). */
async function finishedCount(stack: Stack, workflowId: string): Promise<number> {
	const q = new URLSearchParams({
		filter: JSON.stringify({ workflowId, status: ['success', 'error', 'crashed', 'canceled'] }),
		limit: '1',
	});
	const data = await stack.client.rest('GET', `/executions?${q}`);
	return Number(data?.count ?? 0);
}

async function waitForFinished(stack: Stack, workflowId: string, count: number, timeoutMs: number) {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if ((await finishedCount(stack, workflowId)) >= count) return true;
		await sleep(250);
	}
	return false;
}

interface Target {
	label: string;
	workflowId: string;
	url: string;
	/** Expected executions for a plan of `unique` notifications and `total` requests. */
	expected: (unique: number, total: number) => number;
	/** The delivery number an execution ran, from its data. */
	deliveryOf: (execution: Execution) => number | undefined;
	/** Whether the trigger of this execution emitted an item. */
	emitted: (execution: Execution) => boolean;
	deduplicates: boolean;
	prefix: string;
}

const numberFromId = (prefix: string, id: unknown) => {
	const m = new RegExp(`^${prefix}-(\\d{6})-`).exec(String(id ?? ''));
	return m ? Number(m[1]) : undefined;
};

/** The dedup store row of a node (n8n's processed_data), read from the SQLite database with Node 24's node:sqlite. */
function dedupStoreSize(
	userFolder: string,
	workflowId: string,
): { ids: number; bytes: number } | null {
	const script = `
		const { DatabaseSync } = require('node:sqlite');
		const db = new DatabaseSync(process.argv[1], { readOnly: true });
		const rows = db.prepare('SELECT value FROM processed_data WHERE workflowId = ?').all(process.argv[2]);
		let ids = 0, bytes = 0;
		for (const r of rows) { bytes += Buffer.byteLength(String(r.value)); const v = JSON.parse(r.value); ids += Array.isArray(v.data) ? v.data.length : 1; }
		console.log(JSON.stringify({ ids, bytes }));`;
	const res = spawnSync(
		harness.paths.NODE24,
		['--no-warnings', '-e', script, join(userFolder, '.n8n', 'database.sqlite'), workflowId],
		{ encoding: 'utf8' },
	);
	if (res.status !== 0) return null;
	try {
		return JSON.parse(res.stdout.trim()) as { ids: number; bytes: number };
	} catch {
		return null;
	}
}

const startOf = (e: Execution) => Date.parse(String(e.startedAt));
const stopOf = (e: Execution) => Date.parse(String(e.stoppedAt));

/**
 * The timings of one load run: each delivery's first 2xx answer, answer → start (against the first execution
 * that ran it), each execution's run time and its trigger step's own time.
 */
function timings(
	answered: Array<{ n: number; answeredAt: number }>,
	byDelivery: Map<number, Execution[]>,
	executions: Execution[],
	triggerName: string,
) {
	const firstAnswer = new Map<number, number>();
	for (const x of answered)
		if (!firstAnswer.has(x.n) || x.answeredAt < firstAnswer.get(x.n)!)
			firstAnswer.set(x.n, x.answeredAt);
	const answerToStart: number[] = [];
	for (const [n, at] of firstAnswer) {
		const runs = byDelivery.get(n);
		if (runs?.length) answerToStart.push(Math.min(...runs.map(startOf)) - at);
	}
	const runTimes = executions.filter((e) => e.stoppedAt).map((e) => stopOf(e) - startOf(e));
	const stepTimes = executions.flatMap((e) => {
		const run = e.data?.resultData.runData[triggerName]?.[0] as
			| { executionTime?: number }
			| undefined;
		return typeof run?.executionTime === 'number' ? [run.executionTime] : [];
	});
	return { firstAnswer, answerToStart, runTimes, stepTimes };
}

export async function runTriggerBench(o: {
	sb: Sandbox;
	stack: Stack;
	deliveries: number;
	ratePerSecond: number;
	inFlight: number;
	rounds: number;
}): Promise<TriggerResult> {
	const { sb, stack, deliveries: total, ratePerSecond, inFlight, rounds } = o;
	const credential = await stack.client.createCredential({
		name: 'Terminal49 trigger bench',
		type: 'terminal49Api',
		data: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
	});
	const webhookId = 'bench-t49-trigger';
	const triggerWf = await stack.client.createWorkflow(
		toNoOp('bench: Terminal49 Trigger → NoOp', {
			id: 'trigger',
			name: 'Terminal49 Trigger',
			type: 'n8n-nodes-terminal49.terminal49Trigger',
			typeVersion: 1,
			webhookId,
			parameters: { events: [EVENT], webhookManagement: 'automatic', options: {} },
			credentials: { terminal49Api: { id: credential.id, name: credential.name } },
		}),
	);
	// n8n 2.41 (live-webhooks.js, webhookPhaseNeedsIsolate) runs the webhook phase of every trigger inside an
	// expression isolate (a pool of one by default), except its own Webhook node from v2 on with static
	// parameters: v2 is a ceiling no community trigger can reach, v1 takes the path every other trigger takes.
	const webhookNode = (typeVersion: number, path: string) =>
		toNoOp(`bench: Webhook v${typeVersion} → NoOp`, {
			id: 'hook',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion,
			webhookId: path,
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		});
	const v1Wf = await stack.client.createWorkflow(webhookNode(1, 'bench-webhook-v1'));
	const v2Wf = await stack.client.createWorkflow(webhookNode(2, 'bench-webhook-v2'));
	for (const wf of [triggerWf, v1Wf, v2Wf]) await stack.client.activateWorkflow(wf.id);
	const triggerUrl = stack.webhookUrl(`${webhookId}/webhook`);
	await stack.client.waitForWebhook(`${webhookId}/webhook`);
	await stack.client.waitForWebhook('bench-webhook-v1');
	await stack.client.waitForWebhook('bench-webhook-v2');
	const hook = await harness.waitFor(
		'the trigger to register its webhook in the sandbox',
		() => sb.store.webhooks.all().find((w) => w.url === triggerUrl),
		{ timeoutMs: 30_000, intervalMs: 100 },
	);
	if (!hook) throw new Error('the trigger did not register its webhook');
	const secret = hook.secret;

	const webhookHeaderId = (e: Execution) => {
		const headers = harness.nodeOutput(e, 'Webhook')?.[0]?.headers as
			| Record<string, string>
			| undefined;
		return headers?.['x-bench-delivery'] === undefined
			? undefined
			: Number(headers['x-bench-delivery']);
	};
	const targets: Target[] = [
		{
			label: 'Terminal49 Trigger → NoOp',
			workflowId: triggerWf.id,
			url: triggerUrl,
			expected: (unique) => unique,
			deliveryOf: (e) =>
				numberFromId('t49', harness.nodeOutput(e, 'Terminal49 Trigger')?.[0]?.notification_id),
			emitted: (e) => (harness.nodeOutput(e, 'Terminal49 Trigger') ?? []).length > 0,
			deduplicates: true,
			prefix: 't49',
		},
		{
			label: "n8n's Webhook v1 → NoOp (the path every community trigger takes)",
			workflowId: v1Wf.id,
			url: stack.webhookUrl('bench-webhook-v1'),
			expected: (_unique, requests) => requests,
			deliveryOf: webhookHeaderId,
			emitted: () => true,
			deduplicates: false,
			prefix: 'v1',
		},
		{
			label: "n8n's Webhook v2 → NoOp (ceiling: no isolate)",
			workflowId: v2Wf.id,
			url: stack.webhookUrl('bench-webhook-v2'),
			expected: (_unique, requests) => requests,
			deliveryOf: webhookHeaderId,
			emitted: () => true,
			deduplicates: false,
			prefix: 'v2',
		},
	];

	const plan = planDeliveries(total, ratePerSecond);
	const unique = new Set(plan.map((p) => p.n)).size;
	// rounds: consecutive slices of the plan by first-delivery number, each re-timed from 0
	const perRound = Math.ceil(unique / rounds);
	const roundPlans = Array.from({ length: rounds }, (_, r) => {
		const slice = plan.filter((p) => Math.floor(p.n / perRound) === r);
		const t0 = Math.min(...slice.map((p) => p.atMs));
		return slice.map((p) => ({ ...p, atMs: p.atMs - t0 }));
	}).filter((slice) => slice.length > 0);

	const sentBy = new Map<string, Sent[]>(targets.map((t) => [t.label, []]));
	const answerSeconds = new Map<string, number>(targets.map((t) => [t.label, 0]));
	const roundWindows = new Map<string, Array<{ start: number; n: Set<number> }>>(
		targets.map((t) => [t.label, []]),
	);
	const done = new Map<string, number>(targets.map((t) => [t.label, 0]));
	for (let r = 0; r < roundPlans.length; r++) {
		// rotate who goes first
		const order = targets.map((_, i) => targets[(i + r) % targets.length]);
		for (const target of order) {
			const slice = roundPlans[r];
			log(
				`${target.label}: round ${r + 1}/${roundPlans.length}, ${slice.length} deliveries at ${ratePerSecond}/s, ${inFlight} in flight`,
			);
			const result = await sendPlan(
				slice,
				(n) => {
					const body = bodyWithId(idFor(target.prefix, n));
					return {
						url: target.url,
						body,
						headers: {
							'x-t49-webhook-signature': sign(body, secret),
							'x-bench-delivery': String(n),
						},
					};
				},
				inFlight,
			);
			sentBy.get(target.label)!.push(...result.sent);
			answerSeconds.set(
				target.label,
				answerSeconds.get(target.label)! + (result.end - result.start) / 1000,
			);
			roundWindows
				.get(target.label)!
				.push({ start: result.start, n: new Set(slice.map((p) => p.n)) });
			const sliceUnique = new Set(slice.map((p) => p.n)).size;
			const expectedSoFar = done.get(target.label)! + target.expected(sliceUnique, slice.length);
			done.set(target.label, expectedSoFar);
			if (!(await waitForFinished(stack, target.workflowId, expectedSoFar, 300_000)))
				log(`${target.label}: not all executions finished`);
		}
	}
	await sleep(2000); // anything doubled shows up

	const rows: LoadRow[] = [];
	for (const target of targets) {
		const executions = await stack.client.listExecutions({
			workflowId: target.workflowId,
			includeData: true,
			limit: 100,
			maxPages: 100,
		});
		const sent = sentBy.get(target.label)!;
		const answered = sent.filter((s) => s.status >= 200 && s.status < 300);
		const byDelivery = new Map<number, Execution[]>();
		for (const e of executions) {
			if (!target.emitted(e)) continue;
			const n = target.deliveryOf(e);
			if (n === undefined) continue;
			byDelivery.set(n, [...(byDelivery.get(n) ?? []), e]);
		}
		const { firstAnswer, answerToStart, runTimes, stepTimes } = timings(
			answered,
			byDelivery,
			executions,
			target.deduplicates ? 'Terminal49 Trigger' : 'Webhook',
		);
		let lost: number;
		let doubled: number | '—';
		if (target.deduplicates) {
			lost = [...firstAnswer.keys()].filter((n) => !byDelivery.has(n)).length;
			doubled = [...byDelivery.values()].filter((runs) => runs.length > 1).length;
		} else {
			const ran = [...byDelivery.values()].reduce((sum, runs) => sum + runs.length, 0);
			lost = Math.max(0, answered.length - ran);
			doubled = '—';
		}
		// end to end: from each round's first send to the last execution of that round
		let e2eSeconds = 0;
		for (const window of roundWindows.get(target.label)!) {
			const stops = [...window.n].flatMap((n) => (byDelivery.get(n) ?? []).map(stopOf));
			if (stops.length) e2eSeconds += (Math.max(...stops) - window.start) / 1000;
		}
		rows.push({
			workflow: target.label,
			deliveries: sent.length,
			unique: new Set(sent.map((s) => s.n)).size,
			statuses: statusSummary(sent),
			answeredPerSecond: round(answered.length / answerSeconds.get(target.label)!, 1),
			executions: executions.length,
			endToEndPerSecond: round(sent.length / e2eSeconds, 1),
			answerToStartP50Ms: Math.round(percentile(answerToStart, 50)),
			answerToStartP99Ms: Math.round(percentile(answerToStart, 99)),
			runP50Ms: Math.round(percentile(runTimes, 50)),
			runP99Ms: Math.round(percentile(runTimes, 99)),
			triggerStepP50Ms: round(percentile(stepTimes, 50), 1),
			triggerStepP99Ms: round(percentile(stepTimes, 99), 1),
			lost,
			doubled,
		});
	}
	const v1 = rows[1];
	for (const row of rows) row.ratioToV1 = round(row.endToEndPerSecond / v1.endToEndPerSecond, 2);

	const staticData = (await stack.client.getWorkflow(triggerWf.id)).staticData ?? {};
	const staticDataBytes = Buffer.byteLength(JSON.stringify(staticData));
	const dedupStore = dedupStoreSize(stack.userFolder, triggerWf.id);

	// Refusals: forged (signed with another secret) and duplicates (bytes already delivered and answered).
	const refusals: RefusalRow[] = [];
	const m = Math.min(unique, 200);
	const again = Array.from({ length: m }, (_, n) => ({ n, kind: 'first' as const, atMs: 0 }));
	for (const kind of ['forged (wrong signature)', 'duplicate (already delivered)']) {
		const before = await finishedCount(stack, triggerWf.id);
		log(`refusals: ${m} ${kind}`);
		const r = await sendPlan(
			again,
			(n) => {
				const body = bodyWithId(idFor(kind.startsWith('forged') ? 'forged' : 't49', n));
				return {
					url: triggerUrl,
					body,
					headers: {
						'x-t49-webhook-signature': sign(
							body,
							kind.startsWith('forged') ? `${secret}x` : secret,
						),
					},
				};
			},
			inFlight,
		);
		await sleep(2000);
		const latencies = r.sent.map((x) => x.answeredAt - x.sentAt);
		refusals.push({
			kind,
			count: m,
			statuses: statusSummary(r.sent),
			perSecond: round(m / ((r.end - r.start) / 1000), 1),
			p50Ms: round(percentile(latencies, 50), 1),
			p99Ms: round(percentile(latencies, 99), 1),
			executions: (await finishedCount(stack, triggerWf.id)) - before,
		});
	}
	for (const wf of [triggerWf, v1Wf, v2Wf]) await stack.client.deactivateWorkflow(wf.id);
	const repeats = plan.filter((p) => p.kind !== 'first');
	return {
		config: {
			deliveries: total,
			ratePerSecond,
			inFlight,
			rounds: roundPlans.length,
			redeliveries: repeats.filter((p) => p.kind === 'redelivery').length,
			concurrentCopies: repeats.filter((p) => p.kind === 'copy').length,
		},
		rows,
		staticDataBytes,
		dedupStore,
		refusals,
	};
}

export interface QueueTriggerResult {
	config: {
		deliveries: number;
		ratePerSecond: number;
		inFlight: number;
		webhookProcesses: number;
		workers: number;
		redeliveries: number;
		concurrentCopies: number;
	};
	row: LoadRow;
	/** Requests the proxy forwarded to each webhook process. */
	perWebhookProcess: number[];
	/** Executions that ran to the end without emitting (stopped at the trigger by layer 2). */
	stoppedByStore: number;
	dedupStore: { ids: number; bytes: number } | null;
}

/**
 * Section 3, queue mode as n8n runs it at scale (startStack({ mode: 'queue' }): Postgres, Redis, main, 2 webhook
 * processes behind the round-robin proxy, 2 workers): the Terminal49 Trigger alone, the same plan as in single
 * mode in one round. First deliveries and redeliveries go through the proxy; a notification with a concurrent copy
 * has its first delivery sent to webhook process 1 and the copy to webhook process 2 at the same moment, past the
 * proxy (the case layer 1 cannot see). Executions are counted in Postgres.
 */
export async function runQueueTriggerBench(o: {
	sb: Sandbox;
	stack: Stack;
	deliveries: number;
	ratePerSecond: number;
	inFlight: number;
}): Promise<QueueTriggerResult> {
	const { sb, stack, deliveries: total, ratePerSecond, inFlight } = o;
	if (!stack.proxy || stack.webhooks.length < 2) throw new Error('needs a queue-mode stack');
	const credential = await stack.client.createCredential({
		name: 'Terminal49 trigger bench (queue)',
		type: 'terminal49Api',
		data: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
	});
	const webhookId = 'bench-t49-trigger-queue';
	const path = `${webhookId}/webhook`;
	const wf = await stack.client.createWorkflow(
		toNoOp('bench: Terminal49 Trigger → NoOp (queue mode)', {
			id: 'trigger',
			name: 'Terminal49 Trigger',
			type: 'n8n-nodes-terminal49.terminal49Trigger',
			typeVersion: 1,
			webhookId,
			parameters: { events: [EVENT], webhookManagement: 'automatic', options: {} },
			credentials: { terminal49Api: { id: credential.id, name: credential.name } },
		}),
	);
	await stack.client.activateWorkflow(wf.id);
	for (const w of stack.webhooks) await new harness.N8nClient(w.baseUrl).waitForWebhook(path);
	const url = stack.webhookUrl(path);
	const hook = await harness.waitFor(
		'the trigger to register its webhook in the sandbox',
		() => sb.store.webhooks.all().find((w) => w.url === url),
		{ timeoutMs: 30_000, intervalMs: 100 },
	);
	if (!hook) throw new Error('the trigger did not register its webhook');
	const secret = hook.secret;

	const plan = planDeliveries(total, ratePerSecond);
	const withCopy = new Set(plan.filter((p) => p.kind === 'copy').map((p) => p.n));
	const countsBefore = [...stack.proxy.counts];
	log(`queue mode: ${plan.length} deliveries at ${ratePerSecond}/s, ${inFlight} in flight`);
	const result = await sendPlan(
		plan,
		(n, planned) => {
			const body = bodyWithId(idFor('t49q', n));
			const target =
				planned.kind === 'copy'
					? stack.webhookUrlOf(1, path)
					: planned.kind === 'first' && withCopy.has(n)
						? stack.webhookUrlOf(0, path)
						: url;
			return { url: target, body, headers: { 'x-t49-webhook-signature': sign(body, secret) } };
		},
		inFlight,
	);
	const unique = new Set(plan.map((p) => p.n)).size;
	// every execution recorded in Postgres, none still new or running, the count still for 3 s
	const dbRows = () =>
		stack
			.sql(`select status from execution_entity where "workflowId" = '${wf.id}'`)
			.map((r) => r[0]);
	let last = -1;
	let since = Date.now();
	const deadline = Date.now() + 300_000;
	while (Date.now() < deadline) {
		const rows = dbRows();
		const busy = rows.some((st) => ['new', 'running', 'waiting'].includes(st));
		if (rows.length !== last || busy || rows.length < unique) {
			last = rows.length;
			since = Date.now();
		} else if (Date.now() - since >= 3000) break;
		await sleep(500);
	}

	const executions = await stack.client.listExecutions({
		workflowId: wf.id,
		includeData: true,
		limit: 100,
		maxPages: 100,
	});
	const answered = result.sent.filter((x) => x.status >= 200 && x.status < 300);
	const byDelivery = new Map<number, Execution[]>();
	let stoppedByStore = 0;
	for (const e of executions) {
		const out = harness.nodeOutput(e, 'Terminal49 Trigger') ?? [];
		if (!out.length) {
			if (e.status === 'success') stoppedByStore++;
			continue;
		}
		const n = numberFromId('t49q', out[0].notification_id);
		if (n !== undefined) byDelivery.set(n, [...(byDelivery.get(n) ?? []), e]);
	}
	const { firstAnswer, answerToStart, runTimes, stepTimes } = timings(
		answered,
		byDelivery,
		executions,
		'Terminal49 Trigger',
	);
	const stops = [...byDelivery.values()].flatMap((runs) => runs.map(stopOf));
	const e2eSeconds = stops.length ? (Math.max(...stops) - result.start) / 1000 : Infinity;
	const row: LoadRow = {
		workflow: 'Terminal49 Trigger → NoOp (queue: 2 webhook processes, 2 workers, Postgres)',
		deliveries: result.sent.length,
		unique: new Set(result.sent.map((x) => x.n)).size,
		statuses: statusSummary(result.sent),
		answeredPerSecond: round(answered.length / ((result.end - result.start) / 1000), 1),
		executions: executions.length,
		endToEndPerSecond: round(result.sent.length / e2eSeconds, 1),
		answerToStartP50Ms: Math.round(percentile(answerToStart, 50)),
		answerToStartP99Ms: Math.round(percentile(answerToStart, 99)),
		runP50Ms: Math.round(percentile(runTimes, 50)),
		runP99Ms: Math.round(percentile(runTimes, 99)),
		triggerStepP50Ms: round(percentile(stepTimes, 50), 1),
		triggerStepP99Ms: round(percentile(stepTimes, 99), 1),
		lost: [...firstAnswer.keys()].filter((n) => !byDelivery.has(n)).length,
		doubled: [...byDelivery.values()].filter((runs) => runs.length > 1).length,
	};
	let dedupStore: { ids: number; bytes: number } | null = null;
	try {
		const values = stack
			.sql(`select value from processed_data where "workflowId" = '${wf.id}'`)
			.map((r) => r[0]);
		dedupStore = { ids: 0, bytes: 0 };
		for (const v of values) {
			dedupStore.bytes += Buffer.byteLength(v);
			const parsed = JSON.parse(v) as { data: unknown };
			dedupStore.ids += Array.isArray(parsed.data) ? parsed.data.length : 1;
		}
	} catch {
		dedupStore = null;
	}
	await stack.client.deactivateWorkflow(wf.id);
	const repeats = plan.filter((p) => p.kind !== 'first');
	return {
		config: {
			deliveries: total,
			ratePerSecond,
			inFlight,
			webhookProcesses: stack.webhooks.length,
			workers: stack.workers.length,
			redeliveries: repeats.filter((p) => p.kind === 'redelivery').length,
			concurrentCopies: repeats.filter((p) => p.kind === 'copy').length,
		},
		row,
		perWebhookProcess: stack.proxy.counts.map((c, i) => c - countsBefore[i]),
		stoppedByStore,
		dedupStore,
	};
}
