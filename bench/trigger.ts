/**
 * Section 3: signed deliveries into real n8n with the Terminal49 Trigger active (→ NoOp), beside the same
 * load through n8n's own Webhook node (→ NoOp) in the same n8n as the ceiling. Bounded loops on loopback.
 * Executions are counted through the public API: lost = 0 and doubled = 0 are checked; then forged
 * (wrong signature) and duplicate (already delivered) deliveries are sent and timed.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Sandbox } from '../sandbox';
import type { Stack, WorkflowJson } from '../scripts/n8n';
import * as harness from '../scripts/n8n';
import { log, percentile, round, sleep } from './lib';

export interface TriggerRow {
	workflow: string;
	deliveries: number;
	concurrency: number;
	executions: number;
	lost: number;
	doubled: number;
	/** Deliveries per second, from the first send to the last execution finished. */
	perSecond: number;
	/** Deliveries per second answered (HTTP 200), from the first send to the last answer. */
	answeredPerSecond: number;
	statuses: string;
	ratio?: number;
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
	rows: TriggerRow[];
	refusals: RefusalRow[];
}

const EXAMPLE = readFileSync(join(__dirname, '..', 'test', 'fixtures', 'webhook-examples', 'container.transport.vessel_discharged.json'), 'utf8');
const EXAMPLE_ID = (JSON.parse(EXAMPLE) as { data: { id: string } }).data.id;
const EVENT = (JSON.parse(EXAMPLE) as { data: { attributes: { event: string } } }).data.attributes.event;
const bodyWithId = (id: string) => EXAMPLE.split(EXAMPLE_ID).join(id);
const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

function toNoOp(name: string, trigger: Record<string, unknown>): WorkflowJson {
	return {
		name,
		nodes: [
			{ position: [0, 0], ...trigger },
			{ id: 'out', name: 'Out', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { [String(trigger.name)]: { main: [[{ node: 'Out', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

interface Sent {
	status: number;
	ms: number;
}

/** Posts every body with `concurrency` in flight; returns per-request status and latency. */
async function load(url: string, bodies: Array<{ body: string; headers: Record<string, string> }>, concurrency: number) {
	const results: Sent[] = [];
	let next = 0;
	const started = Date.now();
	const worker = async () => {
		while (next < bodies.length) {
			const { body, headers } = bodies[next++];
			const t = performance.now();
			let status = -1;
			try {
				const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/vnd.api+json', ...headers }, body });
				await res.arrayBuffer();
				status = res.status;
			} catch {
				status = -1;
			}
			results.push({ status, ms: performance.now() - t });
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return { results, started, answeredAt: Date.now() };
}

const statusSummary = (results: Sent[]) => {
	const counts = new Map<number, number>();
	for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
	return [...counts.entries()].map(([s, n]) => `${n}× ${s}`).join(', ');
};

async function executionsOf(stack: Stack, workflowId: string, includeData: boolean) {
	return await stack.client.listExecutions({ workflowId, includeData, limit: 250, maxPages: 40 });
}

async function waitForCount(stack: Stack, workflowId: string, count: number, timeoutMs: number) {
	const end = Date.now() + timeoutMs;
	let finished = 0;
	while (Date.now() < end) {
		const all = await executionsOf(stack, workflowId, false);
		finished = all.filter((e) => e.stoppedAt && !['new', 'running', 'waiting'].includes(e.status)).length;
		if (finished >= count) break;
		await sleep(500);
	}
	await sleep(1500); // settle: anything doubled shows up
	return await executionsOf(stack, workflowId, false);
}

export async function runTriggerBench(o: { sb: Sandbox; stack: Stack; deliveries: number; concurrency: number }): Promise<TriggerResult> {
	const { sb, stack, deliveries: n, concurrency } = o;
	const credential = await stack.client.createCredential({
		name: 'Terminal49 trigger bench',
		type: 'terminal49Api',
		data: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
	});
	const triggerWorkflow = (name: string, webhookId: string, options: Record<string, unknown>) =>
		toNoOp(name, {
			id: 'trigger',
			name: 'Terminal49 Trigger',
			type: 'n8n-nodes-terminal49.terminal49Trigger',
			typeVersion: 1,
			webhookId,
			parameters: { events: [EVENT], webhookManagement: 'automatic', options },
			credentials: { terminal49Api: { id: credential.id, name: credential.name } },
		});
	const webhookId = 'bench-t49-trigger';
	const triggerWf = await stack.client.createWorkflow(triggerWorkflow('bench: Terminal49 Trigger → NoOp', webhookId, {}));
	// The same trigger with deduplication off: what the persisted notification ids cost.
	const plainWebhookId = 'bench-t49-trigger-nodedup';
	const plainWf = await stack.client.createWorkflow(
		triggerWorkflow('bench: Terminal49 Trigger (deduplication off) → NoOp', plainWebhookId, { deduplicationHours: 0 }),
	);
	// n8n's Webhook node, v2 and v1. n8n 2.41 (live-webhooks.js, webhookPhaseNeedsIsolate) runs the webhook phase
	// of every trigger inside an expression isolate (pool of 1 by default), except n8n's own Webhook node from
	// v2 on with static parameters: v2 is the ceiling, v1 takes the same path as every other trigger node.
	const webhookNodeWorkflow = (typeVersion: number, path: string) =>
		toNoOp(`bench: Webhook v${typeVersion} → NoOp`, {
			id: 'hook',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion,
			webhookId: path,
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		});
	const hookPath = 'bench-webhook-noop';
	const webhookWf = await stack.client.createWorkflow(webhookNodeWorkflow(2, hookPath));
	const hookV1Path = 'bench-webhook-v1-noop';
	const webhookV1Wf = await stack.client.createWorkflow(webhookNodeWorkflow(1, hookV1Path));
	await stack.client.activateWorkflow(triggerWf.id);
	await stack.client.activateWorkflow(webhookWf.id);
	await stack.client.activateWorkflow(plainWf.id);
	await stack.client.activateWorkflow(webhookV1Wf.id);
	await stack.client.waitForWebhook(hookV1Path);
	const plainUrl = stack.webhookUrl(`${plainWebhookId}/webhook`);
	await stack.client.waitForWebhook(`${plainWebhookId}/webhook`);
	const triggerUrl = stack.webhookUrl(`${webhookId}/webhook`);
	await stack.client.waitForWebhook(`${webhookId}/webhook`);
	await stack.client.waitForWebhook(hookPath);
	const hook = await harness.waitFor(
		'the trigger to register its webhook in the sandbox',
		() => sb.store.webhooks.all().find((w) => w.url === triggerUrl),
		{ timeoutMs: 30_000, intervalMs: 100 },
	);
	if (!hook) throw new Error('the trigger did not register its webhook');
	const secret = hook.secret;

	const signed = (prefix: string, key: string) =>
		Array.from({ length: n }, (_, i) => {
			const body = bodyWithId(`${prefix}-${String(i).padStart(6, '0')}-0000-4000-8000-000000000000`);
			return { body, headers: { 'x-t49-webhook-signature': sign(body, key) } };
		});
	const valid = signed('bench', secret);

	/** Sends `bodies`, waits for their executions and counts lost and doubled ones (by notification id when `idPrefix`). */
	const throughput = async (
		workflow: string,
		url: string,
		workflowId: string,
		bodies: typeof valid,
		idPrefix?: string,
	): Promise<TriggerRow> => {
		log(`${workflow}: ${n} signed deliveries, ${concurrency} in flight`);
		await sleep(1000);
		const sent = await load(url, bodies, concurrency);
		const executions = await waitForCount(stack, workflowId, n, 300_000);
		let lost = Math.max(0, n - executions.length);
		let doubled = Math.max(0, executions.length - n);
		if (idPrefix) {
			const ids = (await executionsOf(stack, workflowId, true)).map((e) =>
				String(harness.nodeOutput(e, 'Terminal49 Trigger')?.[0]?.notification_id),
			);
			const unique = new Set(ids);
			lost = n - [...unique].filter((id) => id.startsWith(`${idPrefix}-`)).length;
			doubled = ids.length - unique.size;
		}
		const last = Math.max(...executions.map((e) => Date.parse(String(e.stoppedAt))));
		return {
			workflow,
			deliveries: n,
			concurrency,
			executions: executions.length,
			lost,
			doubled,
			perSecond: round(n / ((last - sent.started) / 1000), 1),
			answeredPerSecond: round(n / ((sent.answeredAt - sent.started) / 1000), 1),
			statuses: statusSummary(sent.results),
		};
	};

	const triggerRow = await throughput('Terminal49 Trigger → NoOp', triggerUrl, triggerWf.id, valid, 'bench');
	// n8n's Webhook → NoOp, same bodies and headers
	const webhookRow = await throughput("n8n's Webhook v2 → NoOp (ceiling)", stack.webhookUrl(hookPath), webhookWf.id, valid);
	const webhookV1Row = await throughput(
		"n8n's Webhook v1 → NoOp (the isolate path of every other trigger)",
		stack.webhookUrl(hookV1Path),
		webhookV1Wf.id,
		valid,
	);
	await stack.client.deactivateWorkflow(webhookV1Wf.id);
	// The trigger with deduplication off (its own secret, fresh ids): what remembering the ids costs.
	const plainHook = await harness.waitFor(
		'the second trigger to register its webhook in the sandbox',
		() => sb.store.webhooks.all().find((wh) => wh.url === plainUrl),
		{ timeoutMs: 30_000, intervalMs: 100 },
	);
	if (!plainHook) throw new Error('the second trigger did not register its webhook');
	const plainRow = await throughput(
		'Terminal49 Trigger, deduplication off → NoOp',
		plainUrl,
		plainWf.id,
		signed('plain', plainHook.secret),
		'plain',
	);
	await stack.client.deactivateWorkflow(plainWf.id);

	triggerRow.ratio = round(triggerRow.perSecond / webhookRow.perSecond, 2);
	plainRow.ratio = round(plainRow.perSecond / webhookRow.perSecond, 2);
	webhookV1Row.ratio = round(webhookV1Row.perSecond / webhookRow.perSecond, 2);
	webhookRow.ratio = 1;

	// Refusals: forged (signed with another secret) and duplicates (already delivered bytes).
	const refusals: RefusalRow[] = [];
	const m = Math.min(n, 200);
	const forged = valid.slice(0, m).map(({ body }, i) => {
		const forgedBody = body.replace('bench-', 'forged-');
		return { body: forgedBody, headers: { 'x-t49-webhook-signature': sign(forgedBody, `${secret}${i}`) } };
	});
	for (const [kind, bodies] of [
		['forged (wrong signature)', forged],
		['duplicate (already delivered)', valid.slice(0, m)],
	] as const) {
		const before = (await executionsOf(stack, triggerWf.id, false)).length;
		log(`refusals: ${m} ${kind}`);
		const r = await load(triggerUrl, [...bodies], concurrency);
		await sleep(2000);
		const after = (await executionsOf(stack, triggerWf.id, false)).length;
		const latencies = r.results.map((x) => x.ms);
		refusals.push({
			kind,
			count: m,
			statuses: statusSummary(r.results),
			perSecond: round(m / ((r.answeredAt - r.started) / 1000), 1),
			p50Ms: round(percentile(latencies, 50), 1),
			p99Ms: round(percentile(latencies, 99), 1),
			executions: after - before,
		});
	}
	await stack.client.deactivateWorkflow(triggerWf.id);
	await stack.client.deactivateWorkflow(webhookWf.id);
	return { rows: [triggerRow, plainRow, webhookV1Row, webhookRow], refusals };
}
