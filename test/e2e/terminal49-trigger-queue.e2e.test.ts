/**
 * The Terminal49 Trigger in queue mode as n8n runs it at scale: Postgres, Redis, one main (no production
 * webhooks), two `n8n webhook` processes behind a round-robin proxy, two `n8n worker`s (scripts/n8n:
 * startStack({ mode: 'queue' })). Executions are counted from Postgres (psql) and read through main's REST API,
 * which reads the same database, never from one process's memory.
 *
 * Deterministic by construction: a redelivery is sent once the executions of the first copies are recorded
 * in the database, so the outcome does not depend on which worker wins a race (the race itself, two copies at
 * two workers at the same moment, is measured by the load bench: bench/trigger.ts, docs/trigger.md).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { harness, NODE_TYPES, ROOT, waitForActivation } from './helpers';
import { dbExecutions, settled, startedExecution, startQueueStack } from './queueMode';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(420_000);

const FIXTURE = readFileSync(
	join(ROOT, 'test', 'fixtures', 'webhook-examples', 'container.transport.vessel_discharged.json'),
	'utf8',
);
const FIXTURE_ID = (JSON.parse(FIXTURE) as { data: { id: string } }).data.id;

/** trigger → (Wait `waitSeconds`) → Out */
function workflow(
	name: string,
	webhookId: string,
	waitSeconds = 0,
	options: Record<string, unknown> = {},
): WorkflowJson {
	const nodes: Array<Record<string, unknown>> = [
		{
			id: 'trigger',
			name: 'Terminal49 Trigger',
			type: NODE_TYPES.trigger,
			typeVersion: 1,
			webhookId,
			position: [0, 0],
			parameters: {
				events: ['container.transport.vessel_discharged', 'container.updated'],
				options,
			},
		},
		{
			id: 'out',
			name: 'Out',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [440, 0],
			parameters: {},
		},
	];
	const connections: Record<string, unknown> = {};
	if (waitSeconds) {
		nodes.push({
			id: 'wait',
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [220, 0],
			parameters: { resume: 'timeInterval', amount: waitSeconds, unit: 'seconds' },
		});
		connections['Terminal49 Trigger'] = { main: [[{ node: 'Wait', type: 'main', index: 0 }]] };
		connections.Wait = { main: [[{ node: 'Out', type: 'main', index: 0 }]] };
	} else {
		connections['Terminal49 Trigger'] = { main: [[{ node: 'Out', type: 'main', index: 0 }]] };
	}
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

describe('Terminal49 Trigger in queue mode: Postgres, 2 webhook processes, 2 workers', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startQueueStack();
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	/**
	 * The executions among `ids` whose data in Postgres holds a delivery (`marker`, the start of the test's
	 * notification ids): read in Postgres itself, not through n8n.
	 */
	function holdingDelivery(ids: string[], marker: string): string[] {
		if (!ids.length) return [];
		return t49.stack
			.sql(
				`select "executionId" from execution_data where "executionId" in (${ids.map(Number).join(',')}) and data like '%${marker}%' order by "executionId"`,
			)
			.map(([id]) => id);
	}

	/** Executions (with data, through main's REST API on Postgres) keyed by the notification they ran. */
	async function byNotification(workflowId: string, outNode = 'Out') {
		const executions = await t49.stack.client.listExecutions({
			workflowId,
			includeData: true,
			limit: 100,
			maxPages: 40,
		});
		const ran = new Map<string, Execution[]>();
		const keptOnly = new Map<string, Execution[]>();
		for (const e of executions) {
			const out = harness.nodeOutput(e, outNode);
			if (out?.length) {
				const id = String(out[0].notification_id);
				ran.set(id, [...(ran.get(id) ?? []), e]);
				continue;
			}
			// recorded but not run to the end (crashed, or failed when the worker died): the delivery is in the
			// execution's data (its input), so it is kept and can be retried from the editor
			if (e.status === 'success') continue;
			const text = JSON.stringify(e.data ?? {});
			const ids = new Set(text.match(/[a-z]+-\d{6}-0000-4000-8000-000000000000/g) ?? []);
			const input = (e.data as any)?.executionData?.nodeExecutionStack?.[0]?.data?.main?.[0]?.[0]
				?.json;
			if (input?.data?.id) ids.add(String(input.data.id));
			for (const id of ids) keptOnly.set(id, [...(keptOnly.get(id) ?? []), e]);
			if (e.status === 'error')
				// eslint-disable-next-line no-console
				console.log(
					`execution ${e.id} ${e.status}: ${harness.runError(e)?.message ?? '(no error)'}; ids ${[...ids].join(',') || 'none'}`,
				);
		}
		return { executions, ran, keptOnly };
	}

	async function activate(wf: { id: string }, path: string) {
		const { stack, sandbox } = t49;
		await stack.client.activateWorkflow(wf.id);
		// registered on both webhook processes (each looks the path up in Postgres)
		for (const w of stack.webhooks)
			await new harness.N8nClient(w.baseUrl).waitForWebhook(path, { timeoutMs: 30_000 });
		const url = stack.webhookUrl(path);
		const hook = await harness.waitFor(
			'the webhook registration in the sandbox',
			() => sandbox.store.webhooks.all().find((h) => h.url === url),
			{ timeoutMs: 20_000, intervalMs: 100 },
		);
		await waitForActivation(stack, wf.id, hook!.id);
		return hook!;
	}

	async function deactivate(wf: { id: string }, path: string) {
		const { stack, sandbox } = t49;
		const url = stack.webhookUrl(path);
		await stack.client.deactivateWorkflow(wf.id);
		await harness.waitFor(
			'the webhook to be deleted in the sandbox',
			() => !sandbox.store.webhooks.all().some((h) => h.url === url),
			{ timeoutMs: 20_000, intervalMs: 200 },
		);
		for (const w of stack.webhooks)
			await new harness.N8nClient(w.baseUrl).waitForWebhookGone(path, { timeoutMs: 30_000 });
	}

	/** `n` notification ids `<prefix>-000000-0000-4000-8000-000000000000`, … (UUID-shaped, like Terminal49's). */
	function notificationIds(prefix: string, n: number): string[] {
		return Array.from(
			{ length: n },
			(_, i) => `${prefix}-${String(i).padStart(6, '0')}-0000-4000-8000-000000000000`,
		);
	}

	/** A trigger workflow (trigger → Wait `waitSeconds` → Out) created and activated; its production URL. */
	async function activeWorkflow(
		tag: string,
		name: string,
		waitSeconds = 0,
		options: Record<string, unknown> = {},
	) {
		const webhookId = `t49-queue-${tag}-${Date.now().toString(36)}`;
		const path = `${webhookId}/webhook`;
		const wf = await t49.stack.client.createWorkflow(
			t49.bind(workflow(name, webhookId, waitSeconds, options)),
		);
		const hook = await activate(wf, path);
		return { wf, path, hook, url: t49.stack.webhookUrl(path) };
	}

	/**
	 * Until at least `n` executions of the workflow are running (held in their Wait node on the workers) and a
	 * worker's own log says it started one of them: the index of that worker (the first, when both are). A fault
	 * on it is then sure to catch running executions, whichever worker Bull gave them to: a worker started again
	 * just before may not have taken any yet.
	 */
	async function workerRunning(workflowId: string, n = 4): Promise<number> {
		const { stack } = t49;
		let worker = -1;
		await harness.waitFor(
			'running executions, and the worker running them',
			() => {
				const running = dbExecutions(stack, workflowId)
					.filter((r) => r.status === 'running' || r.status === 'waiting')
					.map((r) => r.id);
				if (running.length < n) return false;
				worker = stack.workers.findIndex((w) => {
					const log = stack.logs(w.name);
					return running.some((id) => startedExecution(log, id));
				});
				return worker >= 0;
			},
			{ timeoutMs: 30_000, intervalMs: 100 },
		);
		return worker;
	}

	/**
	 * Terminal49's part: each of `ids` not in `answered` is delivered again (2 s apart, `attempts` rounds) until it
	 * is answered 2xx; `answered` grows in place.
	 */
	async function redeliverUntilAnswered(
		url: string,
		secret: string,
		ids: string[],
		answered: Set<string>,
		{ attempts = 8, timeoutMs = 20_000 } = {},
	) {
		for (let attempt = 0; attempt < attempts && answered.size < ids.length; attempt++) {
			if (attempt) await harness.sleep(2000);
			const again = await Promise.all(
				ids
					.filter((id) => !answered.has(id))
					.map(async (id) => [id, await deliver(url, secret, id, timeoutMs)] as const),
			);
			for (const [id, st] of again) if (st === 200) answered.add(id);
		}
	}

	/** A signed delivery of notification `id` to `url`; status, or -1 when no answer came. */
	async function deliver(
		url: string,
		secret: string,
		id: string,
		timeoutMs = 20_000,
	): Promise<number> {
		return (await deliverAnswered(url, secret, id, timeoutMs)).status;
	}

	/** A signed delivery of notification `id` to `url`: the answer's status (-1 when none came) and body. */
	async function deliverAnswered(
		url: string,
		secret: string,
		id: string,
		timeoutMs = 20_000,
	): Promise<{ status: number; body: string }> {
		const body = FIXTURE.split(FIXTURE_ID).join(id);
		const signature = createHmac('sha256', secret).update(body).digest('hex');
		try {
			const res = await fetch(url, {
				method: 'POST',
				headers: {
					'content-type': 'application/vnd.api+json',
					'x-t49-webhook-signature': signature,
				},
				body,
				signal: AbortSignal.timeout(timeoutMs),
			});
			return { status: res.status, body: await res.text() };
		} catch {
			return { status: -1, body: '' };
		}
	}

	test('activation on main, deliveries on both webhook processes, executions on both workers, redeliveries to both processes at once run at most once per webhook process, deactivation', async () => {
		const { sandbox, stack } = t49;
		const webhookId = `t49-queue-${Date.now().toString(36)}`;
		const path = `${webhookId}/webhook`;
		sandbox.clearDeliveries();
		const wf = await stack.client.createWorkflow(t49.bind(workflow('queue e2e', webhookId)));
		const countsBefore = [...stack.proxy!.counts];
		const workerLogsBefore = stack.workers.map((w) => stack.logs(w.name).length);
		await activate(wf, path);

		const fired = sandbox.fixtures
			.slice(0, 12)
			.filter((fixture) => sandbox.fireEvent('container.updated', fixture.containerId)).length;
		await sandbox.webhooksIdle();
		const firsts = sandbox.deliveries.slice();
		const n = firsts.length;
		expect(n).toBe(fired);
		expect(n).toBeGreaterThanOrEqual(6);
		expect(firsts.map((d) => d.status)).toEqual(Array(n).fill(200));
		// the proxy spread them over both webhook processes
		const spread = stack.proxy!.counts.map((c, i) => c - countsBefore[i]);
		expect(spread.every((c) => c >= Math.floor(n / 2))).toBe(true);

		const rows = await settled(t49.stack, wf.id);
		expect(rows).toHaveLength(n);
		const notOk = rows.filter((r) => r.status !== 'success' || !r.finished);
		if (notOk.length) {
			const errors = await Promise.all(
				notOk.map(async (r) => harness.runError(await stack.client.getExecution(r.id))?.message),
			);
			throw new Error(
				`executions not successful: ${JSON.stringify(notOk)} ${JSON.stringify(errors)}`,
			);
		}
		// both workers ran some: each logs "Worker started execution <id>"
		const ranOn = stack.workers.map((w, i) => {
			const log = stack.logs(w.name).slice(workerLogsBefore[i]);
			return rows.filter((r) => startedExecution(log, r.id)).length;
		});
		expect(ranOn.reduce((a, b) => a + b, 0)).toBe(n);
		expect(ranOn.every((n) => n >= 1)).toBe(true);

		// every delivery again, to BOTH webhook processes at the same moment (past the proxy)
		const again = await Promise.all(
			firsts.flatMap((d) =>
				stack.webhooks.map((_, i) =>
					fetch(stack.webhookUrlOf(i, path), {
						method: 'POST',
						headers: {
							'content-type': 'application/vnd.api+json',
							'x-t49-webhook-signature': d.signature,
						},
						body: d.body,
					}).then(async (r) => ({ status: r.status, body: await r.text() })),
				),
			),
		);
		expect(again.map((r) => r.status)).toEqual(Array(2 * n).fill(200));
		// the process that answered the first copy knows it (layer 1: no execution) ...
		expect(again.filter((r) => r.body.includes('duplicate')).length).toBeGreaterThanOrEqual(n);
		// ... the other starts an execution, which layer 2 (n8n's deduplication store in Postgres) stops at
		// the trigger when it holds the id. It does not always: two workers that record ids at the same time
		// overwrite each other's list (read-modify-write of one row, no lock), so an id can be missing.
		// The bound that holds: at most one run per webhook process (each one's memory, layer 1).
		const after = await settled(t49.stack, wf.id);
		expect(after.length).toBeLessThanOrEqual(2 * n);
		const { ran } = await byNotification(wf.id);
		expect(new Set(ran.keys())).toEqual(new Set(firsts.map((d) => d.notificationId)));
		const runs = [...ran.values()].map((r) => r.length);
		expect(Math.max(...runs)).toBeLessThanOrEqual(stack.webhooks.length);
		// eslint-disable-next-line no-console
		console.log(
			`queue e2e: ${n} notifications, ${after.length} executions, run twice: ${runs.filter((r) => r > 1).length}`,
		);

		const data = await stack.client.nodeStaticData(wf.id, 'Terminal49 Trigger');
		expect(data.webhookId).toBe(
			sandbox.store.webhooks.all().find((h) => h.url === stack.webhookUrl(path))!.id,
		);

		await deactivate(wf, path);
	});

	test('a worker stopped (SIGTERM, as in a deploy or a scale-down) mid-execution: its running executions finish, none lost, none run twice', async () => {
		const { stack } = t49;
		const { wf, path, hook, url } = await activeWorkflow('stop', 'queue worker stop e2e', 4);
		const ids = notificationIds('stop', 10);
		const statuses = await Promise.all(ids.map((id) => deliver(url, hook.secret, id)));
		expect(statuses).toEqual(Array(ids.length).fill(200));
		const worker = await workerRunning(wf.id);
		// n8n's worker waits for its running executions on SIGTERM (N8N_GRACEFUL_SHUTDOWN_TIMEOUT, 30 s)
		await stack.restartProcess('worker', worker);
		const rows = await settled(t49.stack, wf.id, { settleMs: 5000 });
		const { ran } = await byNotification(wf.id);
		expect(rows.map((r) => r.status)).toEqual(Array(ids.length).fill('success'));
		expect(new Set(ran.keys())).toEqual(new Set(ids));
		expect([...ran.values()].every((r) => r.length === 1)).toBe(true);
		await deactivate(wf, path);
	});

	/**
	 * A burst of `total` notifications at about `perSecond` through the proxy, `fault()` started once
	 * `faultAfter` were answered 2xx; then Terminal49's part: what got no 2xx is delivered again until it does.
	 */
	async function burstWithFault(
		prefix: string,
		url: string,
		secret: string,
		o: { total: number; perSecond: number; faultAfter: number; fault: () => Promise<void> },
	) {
		const ids = notificationIds(prefix, o.total);
		const first = new Map<number, number>();
		let next = 0;
		let faulted: Promise<void> | undefined;
		const started = Date.now();
		const sender = async () => {
			while (next < o.total) {
				const n = next++;
				const wait = started + (n * 1000) / o.perSecond - Date.now();
				if (wait > 0) await harness.sleep(wait);
				first.set(n, await deliver(url, secret, ids[n]));
				if (!faulted && [...first.values()].filter((st) => st === 200).length >= o.faultAfter)
					faulted = o.fault();
			}
		};
		await Promise.all(Array.from({ length: 6 }, sender));
		expect(faulted).toBeDefined();
		await faulted;
		const answered = new Set([...first].filter(([, st]) => st === 200).map(([n]) => ids[n]));
		const notAnsweredFirst = ids.filter((id) => !answered.has(id));
		await redeliverUntilAnswered(url, secret, ids, answered);
		expect(answered.size).toBe(o.total);
		return { ids, failedFirst: notAnsweredFirst.length, notAnsweredFirst };
	}

	function check(
		label: string,
		ids: string[],
		found: Awaited<ReturnType<typeof byNotification>>,
		maxRuns: number,
		/** How many deliveries may be lost: those whose run n8n ended in a Redis error (see the Redis test). */
		mayLose = 0,
	) {
		const { ran, keptOnly, executions } = found;
		const byStatus = executions.reduce<Record<string, number>>(
			(acc, e) => ({ ...acc, [e.status]: (acc[e.status] ?? 0) + 1 }),
			{},
		);
		const runs = [...ran.values()].map((r) => r.length);
		// which ran more than once, and how often (the id's first part: prefix and number)
		const repeated = Object.fromEntries(
			[...ran]
				.filter(([, r]) => r.length > 1)
				.map(([id, r]) => [id.split('-').slice(0, 2).join('-'), r.length]),
		);
		// eslint-disable-next-line no-console
		console.log(
			`${label}: ${JSON.stringify({ notifications: ids.length, executions: executions.length, byStatus, ran: ran.size, keptNotFinished: keptOnly.size, runTwice: runs.filter((r) => r > 1).length, runs: repeated })}`,
		);
		// every answered delivery has its execution
		expect(executions.length).toBeGreaterThanOrEqual(ids.length);
		const lost = ids.filter((id) => !ran.has(id) && !keptOnly.has(id));
		if (mayLose === 0) expect(lost).toEqual([]);
		else expect(lost.length).toBeLessThanOrEqual(mayLose);
		expect(Math.max(0, ...runs)).toBeLessThanOrEqual(maxRuns);
	}

	test('fault: a webhook process restarted during a burst: nothing answered lost, at most one run per webhook process (the restarted one counts anew)', async () => {
		const { stack } = t49;
		const { wf, path, hook } = await activeWorkflow('whr', 'queue webhook restart e2e');
		const { ids, failedFirst, notAnsweredFirst } = await burstWithFault(
			'whr',
			stack.webhookUrl(path),
			hook.secret,
			{
				total: 80,
				perSecond: 20,
				faultAfter: 20,
				fault: () => stack.restartProcess('webhook', 0),
			},
		);
		// n8n 2.41 can leave an execution "new" for good when its webhook process stops in the middle of the
		// request: recorded in Postgres, never queued, never answered 2xx (a run at a load of 5 found one), so
		// Terminal49 delivers that notification again. Taken as left by the fault after 60 s, checked below.
		const leftAfter = { new: 60_000 };
		const rows = await settled(t49.stack, wf.id, { left: leftAfter });
		const leftNew = rows.filter((r) => r.status === 'new').map((r) => r.id);
		// and, as Terminal49 may, some that were answered come again: to the restarted process, whose memory is new
		const again = await Promise.all(
			ids.slice(0, 15).map((id) => deliver(stack.webhookUrlOf(0, path), hook.secret, id)),
		);
		expect(again).toEqual(Array(15).fill(200));
		await settled(t49.stack, wf.id, { left: leftAfter, knownLeft: leftNew });
		// eslint-disable-next-line no-console
		console.log(
			`webhook restart: ${failedFirst} of ${ids.length} got no 2xx the first time; left new: ${leftNew.join(',') || 'none'}`,
		);
		const found = await byNotification(wf.id);
		// each execution left "new" holds (in Postgres) a delivery that got no 2xx the first time
		expect(holdingDelivery(leftNew, 'whr-0000')).toEqual(leftNew);
		for (const execution of leftNew) {
			const held = [...found.keptOnly]
				.filter(([, executions]) => executions.some((e) => String(e.id) === execution))
				.map(([id]) => id);
			expect(held).toHaveLength(1);
			expect(notAnsweredFirst).toContain(held[0]);
		}
		// at most one run per webhook process memory: the two processes' and the restarted one's, which is new (a
		// delivery whose answer the restart cut off may have run there before Terminal49 sent it again)
		check('webhook restart', ids, found, stack.webhooks.length + 1);
		await deactivate(wf, path);
	});

	test('fault: Redis restarted during a burst: nothing answered lost, none run twice', async () => {
		const { stack } = t49;
		const { wf, path, hook } = await activeWorkflow('redis', 'queue redis restart e2e');
		const { ids, failedFirst } = await burstWithFault(
			'redis',
			stack.webhookUrl(path),
			hook.secret,
			{
				total: 60,
				perSecond: 20,
				faultAfter: 15,
				fault: () => stack.restartRedis({ downMs: 2000 }),
			},
		);
		// n8n 2.41 can leave an execution "running" for good when Redis goes away under it: its worker's
		// job.progress() to Redis fails between setRunning and the end of the run (scaling/job-processor.js), so
		// the run neither finishes nor is given up. Such an execution keeps the delivery in its data (check()
		// below counts it as kept, never as lost) and can be retried from the editor (docs/trigger.md).
		const rows = await settled(t49.stack, wf.id, {
			settleMs: 5000,
			left: { running: 60_000 },
		});
		const leftRunning = rows.filter((r) => r.status === 'running').map((r) => r.id);
		// eslint-disable-next-line no-console
		console.log(
			`redis restart: ${failedFirst} of ${ids.length} got no 2xx the first time; left running: ${leftRunning.join(',') || 'none'}`,
		);
		// at most what both workers were running when Redis went away (concurrency 5 each)
		expect(leftRunning.length).toBeLessThanOrEqual(2 * 5);
		// each holds its delivery: read in Postgres itself
		expect(holdingDelivery(leftRunning, 'redis-0000')).toEqual(leftRunning);
		// n8n 2.41 can also end a run in error when Redis answers it while reloading its append-only file
		// ("LOADING Redis is loading the dataset in memory", a CI run found one of 60) and then keeps only that
		// error, not the delivery, as for a killed worker's runs (docs/trigger.md): with the default answer such a
		// delivery is lost. Only those may be missing, at most what both workers were running.
		const found = await byNotification(wf.id);
		const redisErrors = found.executions.filter(
			(e) =>
				e.status === 'error' &&
				/redis|LOADING|ECONNREFUSED|Connection is closed/i.test(harness.runError(e)?.message ?? ''),
		);
		expect(redisErrors.length).toBeLessThanOrEqual(2 * 5);
		check('redis restart', ids, found, 1, redisErrors.length);
		await deactivate(wf, path);
	});

	test('routing by signature (a load balancer hashing on X-T49-Webhook-Signature): copies at once and redeliveries each run exactly once', async () => {
		const { stack } = t49;
		const { wf, path, hook } = await activeWorkflow('sticky', 'queue sticky e2e');
		const sticky = await harness.startProxy({
			backends: stack.webhooks.map((w) => w.baseUrl),
			hashHeader: 'x-t49-webhook-signature',
		});
		try {
			const url = `${sticky.url}/webhook/${path}`;
			const ids = notificationIds('sticky', 40);
			// two copies of each at the same moment, then every one again once answered
			const firsts = await Promise.all(
				ids.flatMap((id) => [deliver(url, hook.secret, id), deliver(url, hook.secret, id)]),
			);
			expect(firsts).toEqual(Array(80).fill(200));
			const again = await Promise.all(ids.map((id) => deliverAnswered(url, hook.secret, id)));
			// The one answer other than 200 allowed: the node's 503 "Webhook secret refreshed: deliver again" (its
			// stored secret did not verify, a look-up found the right one). One run in about 16 met it for 13 of the 40,
			// right after the Redis restart test; why n8n gave the node an out-of-date secret there is not known.
			// Terminal49 delivers such a copy again, and so does the test; layer 1 still answers it "duplicate".
			const refused = again.filter((a) => a.status !== 200);
			if (refused.length) {
				// eslint-disable-next-line no-console
				console.log(`sticky: ${refused.length} of 40 again answered ${JSON.stringify(refused)}`);
			}
			expect(refused.filter((a) => a.status !== 503 || !/secret refreshed/i.test(a.body))).toEqual(
				[],
			);
			const answered = new Set(ids.filter((_, i) => again[i].status === 200));
			await redeliverUntilAnswered(url, hook.secret, ids, answered);
			expect(answered.size).toBe(ids.length);
			// both processes got some notifications
			expect(sticky.counts.every((c) => c > 0)).toBe(true);
			const rows = await settled(t49.stack, wf.id);
			// layer 1 caught every copy: one execution per notification, none needed the store
			expect(rows).toHaveLength(40);
			const { ran } = await byNotification(wf.id);
			expect(new Set(ran.keys())).toEqual(new Set(ids));
			expect([...ran.values()].every((r) => r.length === 1)).toBe(true);
		} finally {
			await sticky.stop();
		}
		await deactivate(wf, path);
	});
	/**
	 * Last, on workers restarted with Bull's lock on a running job at 15 s (renewed every 5 s) and its check for
	 * stalled jobs every 5 s, instead of n8n's 60 s and 30 s: a killed worker's executions end within 20 s instead
	 * of 90, by the same path (Bull finds the job stalled, n8n ends it). Only for these tests: a shorter lock can
	 * take a job for stalled when Redis goes away under a heavily loaded machine (the Redis test above runs on
	 * n8n's defaults).
	 */
	describe('a worker killed', () => {
		beforeAll(async () => {
			const env = {
				QUEUE_WORKER_LOCK_DURATION: '15000',
				QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
				QUEUE_WORKER_STALLED_INTERVAL: '5000',
			};
			await Promise.all(
				t49.stack.workers.map((_, i) => t49.stack.restartProcess('worker', i, { env })),
			);
		});

		test('fault: a worker killed (SIGKILL) mid-execution: every answered delivery has its execution in Postgres, none run twice', async () => {
			const { stack } = t49;
			const { wf, path, hook, url } = await activeWorkflow('kill', 'queue kill e2e', 4);
			const ids = notificationIds('kill', 10);
			const statuses = await Promise.all(ids.map((id) => deliver(url, hook.secret, id)));
			expect(statuses).toEqual(Array(ids.length).fill(200));
			// executions are waiting in their Wait node on the workers: kill one running some in the middle of them
			const worker = await workerRunning(wf.id);
			await stack.restartProcess('worker', worker, { kill: true });

			const rows = await settled(t49.stack, wf.id, { settleMs: 5000, timeoutMs: 240_000 });
			const { ran, keptOnly, executions } = await byNotification(wf.id);
			const byStatus = executions.reduce<Record<string, number>>(
				(acc, e) => ({ ...acc, [e.status]: (acc[e.status] ?? 0) + 1 }),
				{},
			);
			// n8n 2.41 ends an execution whose worker died either as crashed (its data, the delivery, kept) or, when
			// Bull's stalled-job check gets there first, as error "failed to be processed too many times" (processError in
			// workflow-runner.js). Whether such an execution still holds the delivery, read in Postgres itself:
			const failed = rows.filter((r) => r.status !== 'success').map((r) => r.id);
			const failedWithDelivery = holdingDelivery(failed, 'kill-0000').length;
			// eslint-disable-next-line no-console
			console.log(
				`worker killed: ${JSON.stringify({ executions: executions.length, byStatus, ran: ran.size, keptNotFinished: keptOnly.size, failed: failed.length, failedWithDelivery })}`,
			);
			// every answered delivery has its execution in Postgres: one each, none missing, none run twice
			expect(rows).toHaveLength(ids.length);
			const runTwice = [...ran].filter(([, runs]) => runs.length > 1).map(([id]) => id);
			expect(runTwice).toEqual([]);
			// the ones that did not run to the end are the killed worker's (at most its concurrency, 5)
			expect(ran.size).toBeGreaterThanOrEqual(ids.length - 5);
			expect(ran.size + failed.length).toBe(ids.length);
			await deactivate(wf, path);
		});

		test('Answer Terminal49 "When the Workflow Finished": a worker killed (SIGKILL) mid-execution loses nothing; its deliveries are answered 500 and run again when Terminal49 redelivers them', async () => {
			const { stack } = t49;
			const { wf, path, hook, url } = await activeWorkflow(
				'finished',
				'queue answer finished e2e',
				4,
				{ answer: 'finished' },
			);
			const ids = notificationIds('fin', 10);
			// each answer waits for its run (4 s in a Wait node), or for n8n to give the run up once the worker died
			const firsts = ids.map((id) => deliver(url, hook.secret, id, 150_000));
			const worker = await workerRunning(wf.id);
			await stack.restartProcess('worker', worker, { kill: true });
			const statuses = await Promise.all(firsts);
			// eslint-disable-next-line no-console
			console.log(`answer when finished, worker killed: first answers ${JSON.stringify(statuses)}`);
			// the killed worker's runs were not answered 2xx (and not every run can have been on worker 2)
			expect(statuses.filter((st) => st !== 200).length).toBeGreaterThanOrEqual(1);
			// Terminal49's part: what got no 2xx is delivered again until it does
			const answered = new Set(ids.filter((_, i) => statuses[i] === 200));
			await redeliverUntilAnswered(url, hook.secret, ids, answered, { timeoutMs: 150_000 });
			expect(answered.size).toBe(ids.length);
			await settled(t49.stack, wf.id, { settleMs: 5000 });
			// every notification ran to the end, none more than once per webhook process
			const { ran } = await byNotification(wf.id);
			expect(new Set(ran.keys())).toEqual(new Set(ids));
			expect(Math.max(...[...ran.values()].map((r) => r.length))).toBeLessThanOrEqual(
				stack.webhooks.length,
			);
			await deactivate(wf, path);
		});
	});
});
