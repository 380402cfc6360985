/**
 * The Terminal49 Polling Trigger in queue mode as n8n runs it at scale (scripts/n8n: startStack({ mode: 'queue' }):
 * Postgres, Redis, one main, two `n8n webhook` processes, two `n8n worker`s): main polls, once per interval on n8n's
 * own schedule (every minute, the shortest n8n allows); workers and webhook processes never do; each change runs
 * once, on a worker. Executions are counted in Postgres.
 *
 * Its own file, apart from terminal49-trigger-queue.e2e.test.ts: most of its three minutes is waiting for n8n's
 * schedule, so `npm test` runs it beside the unit suites (scripts/test.js WAITING_E2E). For the same reason its
 * stack also proves, first, the queue-mode fact of n8n-webhook-facts.e2e.test.ts with the probe package (where
 * webhook() and the execution run), instead of that file starting a queue stack of its own.
 */
import { chain, harness, NODE_TYPES, triggerToNoOp } from './helpers';
import type { T49Stack } from './helpers';
import { PROBE_BODY, PROBE_PACKAGE, postToProbe, probeWorkflow } from './probe';
import { dbExecutions, settled, startedExecution, startQueueStack } from './queueMode';

jest.setTimeout(420_000);

describe('Terminal49 Polling Trigger in queue mode: Postgres, 2 webhook processes, 2 workers', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startQueueStack({ packageDirs: [PROBE_PACKAGE] });
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('n8n 2.41.1 webhook facts (the probe package): webhook() runs in a webhook process (never main), the execution on a worker, none lost or doubled', async () => {
		const { stack } = t49;
		expect(stack.workers).toHaveLength(2);
		expect(stack.webhooks).toHaveLength(2);
		const wf = await stack.client.createWorkflow(probeWorkflow(2, 'probe-q'));
		await stack.client.activateWorkflow(wf.id);
		for (const w of stack.webhooks)
			await new harness.N8nClient(w.baseUrl).waitForWebhook('probe-q/probe');
		// N8N_DISABLE_PRODUCTION_MAIN_PROCESS: main does not serve production webhooks
		const onMain = await fetch(`${stack.baseUrl}/webhook/probe-q/probe`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		expect(onMain.status).toBe(404);

		const answers = await Promise.all(
			[1, 2, 3, 4, 5].map(() => postToProbe(stack, 'probe-q/probe', 'application/vnd.api+json')),
		);
		const webhookPids = stack.webhooks.map((w) => w.proc.pid);
		for (const a of answers) {
			expect(webhookPids).toContain(a.webhookPid);
			expect(a.afterReadRawBody.rawBody).toBe(PROBE_BODY);
		}
		// the proxy sends them to both in turn
		expect(new Set(answers.map((a) => a.webhookPid)).size).toBe(2);
		const executions = await stack.client.waitForExecutions({
			workflowId: wf.id,
			count: 5,
			settleMs: 2000,
		});
		expect(executions).toHaveLength(5);
		for (const e of executions) {
			expect(e.status).toBe('success');
			expect(stack.workers.map((w) => w.proc.pid)).toContain(
				harness.nodeOutput(e, 'Pid')![0].executionPid,
			);
		}
		expect(stack.logs('worker-1')).toMatch(/n8n worker is now ready|Worker started execution/i);
		await stack.client.deactivateWorkflow(wf.id);
	});

	/**
	 * Manual runs in queue mode: n8n 3.0 always runs them on a worker (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS is gone);
	 * 2.41 does so with it `true` (T49_N8N_SETTINGS=3x or 3x-vm) and runs them on main otherwise. The polling
	 * trigger's "Fetch Test Event" (its poll in manual mode) and the action node's "Execute workflow" work either way.
	 */
	test("manual runs (the polling trigger's test event, an action, Listen for test event) run on a worker under 3.x's settings, on main otherwise", async () => {
		const { stack } = t49;
		const onWorkers =
			harness.settingsEnv(process.env.T49_N8N_SETTINGS, { port: 0 })
				.OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS === 'true';
		const ranOnAWorker = (id: string) =>
			stack.workers.some((w) => startedExecution(stack.logs(w.name), id));
		const poller = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('queue manual: test event', {
					id: 'poller',
					name: 'Poller',
					type: NODE_TYPES.pollingTrigger,
					typeVersion: 1,
					parameters: { events: ['container.updated'] },
				}),
			),
		);
		const testEvent = await stack.client.runWorkflow(poller.id, { triggerName: 'Poller' });
		expect(testEvent.status).toBe('success');
		expect(harness.nodeOutput(testEvent, 'Out')).toHaveLength(1);
		const action = await stack.client.createWorkflow(
			t49.bind(
				chain('queue manual: an action', [
					{ name: 'List', parameters: { resource: 'container', operation: 'getAll', limit: 5 } },
				]),
			),
		);
		const listed = await stack.client.runWorkflow(action.id, { triggerName: 'Start' });
		expect(listed.status).toBe('success');
		expect(harness.nodeOutput(listed, 'List')).toHaveLength(5);
		// the Terminal49 Trigger's "Listen for test event": n8n registers the test webhook (the trigger has the sandbox
		// send a signed sample to it), main answers it, and the run goes where the other manual runs go
		const listener = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('queue manual: listen for test event', {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId: 't49-queue-listen',
					parameters: { events: ['container.updated'], webhookManagement: 'automatic' },
				}),
			),
		);
		const answer = await stack.client.rest('POST', `/workflows/${listener.id}/run`, {
			workflowData: await stack.client.getWorkflow(listener.id),
			triggerToStartFrom: { name: 'Terminal49 Trigger' },
		});
		expect(answer).toEqual({ waitingForWebhook: true });
		const [sample] = await stack.client.waitForExecutions({
			workflowId: listener.id,
			count: 1,
			timeoutMs: 30_000,
			settleMs: 1_000,
		});
		expect([sample.mode, sample.status]).toEqual(['manual', 'success']);
		await harness.sleep(1000); // a worker's log line is written as it starts the run, read here after it ended
		expect([testEvent.id, listed.id, sample.id].map((id) => ranOnAWorker(String(id)))).toEqual([
			onWorkers,
			onWorkers,
			onWorkers,
		]);
	});

	test('the polling trigger: main polls once per interval, workers and webhook processes never; each change runs once on a worker', async () => {
		const { sandbox, stack } = t49;
		const NODE = 'Terminal49 Polling Trigger';
		/**
		 * Starts of polls seen by the sandbox: a poll begins with the first page of the tracked shipments, their
		 * containers included (and the POD terminals, since issue 42: the include is a list).
		 */
		const pollStarts = (since: number) =>
			sandbox.requests
				.filter(
					(r) =>
						r.at >= since &&
						r.method === 'GET' &&
						r.path.endsWith('/shipments') &&
						String(r.query.include ?? '')
							.split(',')
							.includes('containers') &&
						(r.query['page[number]'] ?? '1') === '1',
				)
				.map((r) => r.at);
		const workerLogsBefore = stack.workers.map((w) => stack.logs(w.name).length);
		const held = sandbox.fixtures.find((x) => x.key === 'new_booking')!;
		const moved = sandbox.fixtures.find((x) => x.key === 'on_ship')!;
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('queue polling e2e', {
					id: 'poller',
					name: NODE,
					type: NODE_TYPES.pollingTrigger,
					typeVersion: 1,
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						events: ['container.updated', 'container.transport.vessel_arrived'],
					},
				}),
			),
		);
		const activatedAt = Date.now();
		await stack.client.activateWorkflow(wf.id);
		// main's activation poll records the baseline and emits nothing
		await harness.waitFor('the activation poll', () => pollStarts(activatedAt).length >= 1, {
			timeoutMs: 30_000,
			intervalMs: 200,
		});
		const successes = () => dbExecutions(stack, wf.id).filter((r) => r.status === 'success');

		// change 1: a hold at the terminal, found by the next scheduled poll
		sandbox.updateContainer(held.containerId, {
			holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
		} as never);
		await harness.waitFor('the first change to run', () => successes().length >= 1, {
			timeoutMs: 90_000,
			intervalMs: 500,
		});
		// change 2: the vessel arrives; while it waits for the next poll, faults that must not add a poll: a worker
		// killed (change 1's run has ended) and started again, a webhook process restarted. Made before them, the
		// change is the next poll's however long the restarts take on a loaded machine
		expect(sandbox.advanceContainer(moved.containerId, 1)).toEqual([
			'container.transport.vessel_arrived',
		]);
		await stack.restartProcess('worker', 0, { kill: true });
		await stack.restartProcess('webhook', 1);
		await harness.waitFor('the second change to run', () => successes().length >= 2, {
			timeoutMs: 150_000,
			intervalMs: 500,
		});
		// one more interval with nothing new: a poll, no execution
		const quietFrom = Math.max(...pollStarts(activatedAt));
		await harness.waitFor('one more scheduled poll', () => pollStarts(quietFrom + 1).length >= 1, {
			timeoutMs: 90_000,
			intervalMs: 500,
		});
		await harness.sleep(3_000);
		await stack.client.deactivateWorkflow(wf.id);
		const deactivatedAt = Date.now();

		const starts = pollStarts(activatedAt);
		// eslint-disable-next-line no-console
		console.log(
			`queue polling: ${starts.length} polls at ${starts.map((at) => new Date(at).toISOString().slice(11, 23)).join(', ')}`,
		);
		// the activation poll, then n8n's schedule: "every minute" fires once a minute at a second n8n picks
		// per node. One poll per interval, never two, none missing: consecutive scheduled polls a minute apart
		// (a worker killed and a webhook process restarted in between changed nothing), and as many as the
		// minutes the workflow was active after the first
		const scheduled = starts.slice(1);
		expect(scheduled.length).toBeGreaterThanOrEqual(3);
		expect(scheduled[0] - starts[0]).toBeLessThanOrEqual(61_000);
		for (let i = 1; i < scheduled.length; i++) {
			expect(scheduled[i] - scheduled[i - 1]).toBeGreaterThan(55_000);
			expect(scheduled[i] - scheduled[i - 1]).toBeLessThan(65_000);
		}
		expect(scheduled.length).toBe(Math.floor((deactivatedAt - scheduled[0]) / 60_000) + 1);

		// exactly two executions, each with its change once, both run by a worker (main runs none in queue mode)
		const rows = await settled(stack, wf.id);
		expect(rows.map((r) => r.status)).toEqual(['success', 'success']);
		const items = await Promise.all(
			rows.map(async (r) =>
				(harness.nodeOutput(await stack.client.getExecution(r.id), 'Out') ?? []).map((item) => ({
					event: item.event,
					container: (item.container as { id?: string } | null)?.id,
				})),
			),
		);
		expect(items[0]).toEqual([{ event: 'container.updated', container: held.containerId }]);
		expect(items[1]).toEqual([
			{ event: 'container.transport.vessel_arrived', container: moved.containerId },
		]);
		const ranOnWorker = rows.filter((r) =>
			stack.workers.some((w, i) =>
				startedExecution(stack.logs(w.name).slice(workerLogsBefore[i]), r.id),
			),
		);
		expect(ranOnWorker).toHaveLength(2);
	});
});
