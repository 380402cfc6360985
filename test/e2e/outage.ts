/**
 * n8n's public address in an outage, for the catch-up e2e files (single and queue mode): a gate in front of
 * n8n's webhook address (scripts/n8n/proxy.js; WEBHOOK_URL points at it) that answers 502 while down, and the
 * scenario both files run. The sandbox retries each delivery 12 times on Terminal49's schedule (shortened), marks
 * the notification failed and switches the webhook off after 5 failed in a row. The address comes back; the
 * trigger's catch-up (every minute here) must run every missed notification exactly once, in order per
 * container, switch the webhook back on and send one notice. Executions are read back through n8n's API.
 */
import { harness, NODE_TYPES, startT49Stack, triggerToNoOp, waitForActivation } from './helpers';
import type { Execution, T49Stack } from './helpers';

/** Terminal49's schedule (about 16 hours in the sandbox) × this: 12 retries within about 12 s. */
export const RETRY_SCALE = 0.0002;
export const BURST = 200;
/** The catch-up's interval in these tests (Options > Catch Up Missed Deliveries), the shortest offered. */
export const INTERVAL_MS = 60_000;

export interface Outage {
	t49: T49Stack;
	gate: harness.ProxyServer;
	stop(): Promise<void>;
}

/** The stack with a gate in front of n8n's webhooks (in queue mode in front of its proxy). */
export async function startOutageStack(mode: 'single' | 'queue'): Promise<Outage> {
	const backends: string[] = [];
	const gate = await harness.startProxy({ backends });
	try {
		const t49 = await startT49Stack({
			mode,
			sandbox: {
				webhookRetryScale: RETRY_SCALE,
				webhookDeactivateAfter: 5,
				carrierDelayMs: 10,
				containers: 12,
			},
			env: { WEBHOOK_URL: `${gate.url}/` },
		});
		backends.push(t49.stack.proxy ? t49.stack.proxy.url : t49.stack.baseUrl);
		return {
			t49,
			gate,
			async stop() {
				await t49.stop();
				await gate.stop();
			},
		};
	} catch (error) {
		await gate.stop();
		throw error;
	}
}

interface Published {
	workflowId: string;
	webhookId: string;
}

/** A workflow Terminal49 Trigger (container.updated, catch-up every minute) → NoOp, published and registered. */
export async function publish(outage: Outage, name: string): Promise<Published> {
	const { t49, gate } = outage;
	const { stack, sandbox } = t49;
	const webhookPath = `${name}/webhook`;
	const wf = await stack.client.createWorkflow(
		t49.bind(
			triggerToNoOp(name, {
				id: 'trigger',
				name: 'Terminal49 Trigger',
				type: NODE_TYPES.trigger,
				typeVersion: 2,
				webhookId: name,
				parameters: {
					events: ['container.updated'],
					options: { catchUpMinutes: INTERVAL_MS / 60_000, fetchFullContainer: false },
				},
			}),
		),
	);
	await stack.client.activateWorkflow(wf.id);
	const url = `${gate.url}/webhook/${webhookPath}`;
	const hook = await harness.waitFor(
		'the webhook registration',
		() => sandbox.store.webhooks.all().find((w) => w.url === url),
		{ timeoutMs: 30_000, intervalMs: 100 },
	);
	if (!hook) throw new Error('the trigger did not register its webhook');
	await waitForActivation(stack, wf.id, hook.id);
	return { workflowId: wf.id, webhookId: hook.id };
}

/**
 * The address goes down; BURST container.updated events on 10 containers; the sandbox gives up on every one and
 * switches the webhook off. Returns the notification ids of each container in the order they were created.
 */
export async function burstWhileDown(outage: Outage, published: Published) {
	const { sandbox } = outage.t49;
	outage.gate.down = true;
	const containers = sandbox.fixtures.slice(0, 10).map((f) => f.containerId);
	const before = new Set(sandbox.store.notifications.all().map((n) => n.id));
	for (let i = 0; i < BURST; i++) {
		sandbox.fireEvent('container.updated', containers[i % containers.length], {
			pickup_lfd: [`2026-12-${String((i % 27) + 1).padStart(2, '0')}`, null],
		});
	}
	const ours = sandbox.store.notifications
		.all()
		.filter((n) => !before.has(n.id) && n.webhookId === published.webhookId);
	expect(ours).toHaveLength(BURST);
	await harness.waitFor(
		'the sandbox to give up on every delivery and switch the webhook off',
		() =>
			ours.every((n) => n.deliveryStatus === 'failed') &&
			sandbox.store.webhooks.get(published.webhookId)?.active === false,
		{ timeoutMs: 90_000, intervalMs: 250 },
	);
	const byContainer = new Map<string, string[]>();
	for (const n of ours)
		byContainer.set(n.referenceObject.id, [...(byContainer.get(n.referenceObject.id) ?? []), n.id]);
	return {
		ids: ours.map((n) => n.id),
		eventsOf: ours.map((n) => n.referenceObject.id),
		byContainer,
	};
}

export interface CaughtUp {
	/** Executions whose trigger item is each notification id. */
	runs: Map<string, Execution[]>;
	notices: Execution[];
	/** Executions that stopped at the trigger with no item (a notification already run). */
	empty: Execution[];
	/** Notification ids in the order their executions started. */
	order: string[];
}

/** The workflow's executions read back, once `done` says enough have ended and none is running. */
export async function caughtUp(
	outage: Outage,
	published: Published,
	expected: number,
	timeoutMs: number,
): Promise<CaughtUp> {
	const { stack } = outage.t49;
	let executions: Execution[] = [];
	await harness.waitFor(
		`${expected} catch-up executions`,
		async () => {
			executions = await stack.client.listExecutions({
				workflowId: published.workflowId,
				includeData: true,
				limit: 250,
			});
			const finished = executions.filter((e) => !['new', 'running', 'waiting'].includes(e.status));
			return finished.length >= expected && finished.length === executions.length;
		},
		{ timeoutMs, intervalMs: 2_000 },
	);
	const runs = new Map<string, Execution[]>();
	const notices: Execution[] = [];
	const empty: Execution[] = [];
	const started: Array<{ at: number; id: string }> = [];
	for (const e of executions) {
		const out = harness.nodeOutput(e, 'Terminal49 Trigger') ?? [];
		if (out.length === 0) {
			empty.push(e);
			continue;
		}
		const item = out[0] as Record<string, unknown>;
		if (item.event === 'notice') {
			notices.push(e);
			continue;
		}
		const id = String(item.notification_id);
		runs.set(id, [...(runs.get(id) ?? []), e]);
		expect(item.source).toBe('catch_up');
		started.push({ at: Number(e.id), id });
	}
	return {
		runs,
		notices,
		empty,
		order: started.sort((a, b) => a.at - b.at).map((s) => s.id),
	};
}

/** What must hold after a catch-up: each missed notification ran once, in order per container; one notice. */
export function expectCaughtUp(
	result: CaughtUp,
	burst: Awaited<ReturnType<typeof burstWhileDown>>,
	outage: Outage,
	published: Published,
) {
	const twice = [...result.runs].filter(([, runs]) => runs.length > 1).map(([id]) => id);
	const lost = burst.ids.filter((id) => !result.runs.has(id));
	expect({ lost, twice }).toEqual({ lost: [], twice: [] });
	expect(result.runs.size).toBe(BURST);
	for (const [container, ids] of burst.byContainer)
		expect({ container, order: result.order.filter((id) => ids.includes(id)) }).toEqual({
			container,
			order: ids,
		});
	expect(result.notices).toHaveLength(1);
	expect(outage.t49.sandbox.store.webhooks.get(published.webhookId)?.active).toBe(true);
}
