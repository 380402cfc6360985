/**
 * Facts about real n8n 2.41.1 that the Terminal49 Trigger relies on, proven with a test-only probe
 * package (test/e2e/fixtures/n8n-nodes-probe) whose webhook() answers with what n8n handed it:
 *
 * - `application/vnd.api+json` is never parsed: `req.body` is undefined. With typeVersion 1 n8n has
 *   already read the bytes into `req.rawBody` (a Buffer); with typeVersion >= 2 `req.rawBody` is
 *   undefined until the node calls `await req.readRawBody()`, which then fills it with the exact bytes.
 *   (n8n/dist/webhooks/webhook-helpers.js parseRequestBody + isParsableContentType,
 *   n8n/dist/middlewares/body-parser.js rawBodyReader/parseBody.)
 * - `getWorkflowStaticData('node')` written in checkExists/create is saved and seen by webhook() and delete;
 *   a restart does not call checkExists/create again (the webhook rows stay registered); deactivation runs
 *   delete asynchronously (n8n's publication outbox). Written in webhook(), it is saved only when the node
 *   answers the request itself and returns `noWebhookResponse: true`, and then after the response (a quick
 *   next request can read the old value; concurrent requests overwrite each other). When n8n sends the
 *   response (`webhookResponse`/default onReceived answer with `workflowData`), webhook()'s writes are lost.
 * - In queue mode webhook() runs in the main process that received the request, the execution on the worker.
 */
import { harness, LEAN, PROBE_PACKAGE, triggerToNoOp } from './helpers';
import type { Stack } from './helpers';

jest.setTimeout(240_000);

const BODY = JSON.stringify({
	data: { id: 'n-1', type: 'webhook_notification', attributes: { event: 'container.updated' } },
});

function probeWorkflow(version: number, webhookId: string) {
	const wf = triggerToNoOp(`probe v${version}`, {
		id: 'probe',
		name: 'Probe Trigger',
		type: 'n8n-nodes-probe.probeTrigger',
		typeVersion: version,
		webhookId,
		parameters: {},
	});
	// the action probe reports the pid of the process running the execution
	wf.nodes.push({
		id: 'pid',
		name: 'Pid',
		type: 'n8n-nodes-probe.probe',
		typeVersion: 1,
		position: [440, 0],
		parameters: {},
	});
	wf.connections!.Out = { main: [[{ node: 'Pid', type: 'main', index: 0 }]] };
	return wf;
}

async function post(stack: Stack, path: string, contentType: string) {
	const res = await fetch(stack.webhookUrl(path), {
		method: 'POST',
		headers: { 'content-type': contentType },
		body: BODY,
	});
	expect(res.status).toBe(200);
	return (await res.json()) as any;
}

describe('n8n 2.41.1 webhook facts (single mode)', () => {
	let stack: Stack;

	beforeAll(async () => {
		harness.ensureN8n({ stdio: 'ignore' });
		stack = await harness.startStack({ packageDirs: [PROBE_PACKAGE], ...LEAN });
	});

	afterAll(async () => {
		if (stack) await stack.stop();
	});

	test('typeVersion 1: vnd.api+json arrives unparsed, rawBody already holds the exact bytes', async () => {
		const wf = await stack.client.createWorkflow(probeWorkflow(1, 'probe-v1'));
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook('probe-v1/probe');

		const info = await post(stack, 'probe-v1/probe', 'application/vnd.api+json');
		expect(info.before).toMatchObject({
			contentType: 'application/vnd.api+json',
			bodyType: 'undefined',
			rawBodyIsBuffer: true,
			rawBody: BODY,
		});
		expect(info.afterReadRawBody.rawBody).toBe(BODY);

		const withCharset = await post(
			stack,
			'probe-v1/probe',
			'application/vnd.api+json; charset=utf-8',
		);
		expect(withCharset.before).toMatchObject({
			contentType: 'application/vnd.api+json',
			bodyType: 'undefined',
			rawBody: BODY,
		});

		const json = await post(stack, 'probe-v1/probe', 'application/json');
		expect(json.before).toMatchObject({ bodyType: 'object', rawBody: BODY });
		expect(json.before.body).toEqual(JSON.parse(BODY));
	});

	test('typeVersion 2: rawBody is empty until readRawBody(), which returns the exact bytes', async () => {
		const wf = await stack.client.createWorkflow(probeWorkflow(2, 'probe-v2'));
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook('probe-v2/probe');

		const info = await post(stack, 'probe-v2/probe', 'application/vnd.api+json');
		expect(info.before).toMatchObject({
			bodyType: 'undefined',
			rawBodyIsBuffer: false,
			rawBody: null,
			hasReadRawBody: true,
		});
		expect(info.afterReadRawBody).toMatchObject({
			bodyType: 'undefined',
			rawBodyIsBuffer: true,
			rawBody: BODY,
		});
		expect(info.readError).toBeNull();

		const json = await post(stack, 'probe-v2/probe', 'application/json');
		expect(json.before).toMatchObject({ bodyType: 'object', rawBodyIsBuffer: true, rawBody: BODY });
	});

	test('static data written in webhook() persists (eventually) when the node answers itself; restart keeps it and does not re-run create; deactivation runs delete', async () => {
		const wf = await stack.client.createWorkflow(probeWorkflow(2, 'probe-sd'));
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook('probe-sd/probe');
		const stored = () => stack.client.nodeStaticData(wf.id, 'Probe Trigger');
		const storedDeliveries = (n: number) =>
			harness.waitFor(
				`static data deliveries = ${n}`,
				async () => ((await stored()).deliveries === n ? true : undefined),
				{ timeoutMs: 10000 },
			);
		// activation saves what create() wrote after the webhook is served: a delivery at once can still read the
		// static data from before activation (a run at a load of 10 got `{ deliveries: 1 }` without `calls`)
		await harness.waitFor(
			'create() to be recorded in static data',
			async () => ((await stored()).calls?.includes('create') ? true : undefined),
			{ timeoutMs: 10000, intervalMs: 200 },
		);

		const first = await post(stack, 'probe-sd/probe', 'application/vnd.api+json');
		expect(first.staticData).toMatchObject({ calls: ['checkExists', 'create'], deliveries: 1 });
		expect(first.staticData.webhookUrl).toBe(stack.webhookUrl('probe-sd/probe'));
		// the response leaves before n8n saves the static data: a quick next request may still read the old value
		await storedDeliveries(1);
		const second = await post(stack, 'probe-sd/probe', 'application/vnd.api+json');
		expect(second.staticData).toMatchObject({ deliveries: 2, hookId: first.staticData.hookId });
		await storedDeliveries(2);

		await stack.restart();
		await stack.client.waitForWebhook('probe-sd/probe');
		const afterRestart = await post(stack, 'probe-sd/probe', 'application/vnd.api+json');
		expect(afterRestart.staticData).toMatchObject({
			calls: ['checkExists', 'create'],
			deliveries: 3,
			hookId: first.staticData.hookId,
		});
		await storedDeliveries(3);

		await stack.client.deactivateWorkflow(wf.id);
		const final = await harness.waitFor(
			'delete() to be recorded in static data',
			async () => {
				const sd = await stored();
				return sd.calls && sd.calls.includes('delete') ? sd : undefined;
			},
			{ timeoutMs: 20000, intervalMs: 300 },
		);
		expect(final!.calls).toEqual(['checkExists', 'create', 'delete']);
		expect(final!.hookId).toBeUndefined();
	});

	test('trap: static data written in webhook() is lost when n8n sends the response (webhookResponse + workflowData)', async () => {
		const wf = probeWorkflow(2, 'probe-lost');
		wf.nodes[0].parameters = { respond: 'n8n' };
		const created = await stack.client.createWorkflow(wf);
		await stack.client.activateWorkflow(created.id);
		await stack.client.waitForWebhook('probe-lost/probe');
		for (let i = 0; i < 3; i++) {
			const info = await post(stack, 'probe-lost/probe', 'application/vnd.api+json');
			expect(info.staticData.deliveries).toBe(1);
			await harness.sleep(700);
		}
		const sd = await stack.client.nodeStaticData(created.id, 'Probe Trigger');
		expect(sd.deliveries).toBeUndefined();
		expect(sd.calls).toEqual(['checkExists', 'create']);
	});

	test('one execution per delivery, run in the main process in single mode', async () => {
		const wf = await stack.client.createWorkflow(probeWorkflow(2, 'probe-count'));
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook('probe-count/probe');
		for (let i = 0; i < 3; i++) await post(stack, 'probe-count/probe', 'application/vnd.api+json');
		const executions = await stack.client.waitForExecutions({ workflowId: wf.id, count: 3 });
		expect(executions).toHaveLength(3);
		for (const e of executions) {
			expect(e.status).toBe('success');
			expect(harness.nodeOutput(e, 'Pid')![0].executionPid).toBe(stack.main.proc.pid);
		}
	});
});

describe('n8n 2.41.1 webhook facts (queue mode: Postgres, Redis, main, 2 webhook processes, 2 workers)', () => {
	let stack: Stack;

	beforeAll(async () => {
		harness.ensureN8n({ stdio: 'ignore' });
		stack = await harness.startStack({ mode: 'queue', packageDirs: [PROBE_PACKAGE], ...LEAN });
	});

	afterAll(async () => {
		if (stack) await stack.stop();
	});

	test('webhook() runs in a webhook process (never main), the execution on a worker, none lost or doubled', async () => {
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
			[1, 2, 3, 4, 5].map(() => post(stack, 'probe-q/probe', 'application/vnd.api+json')),
		);
		const webhookPids = stack.webhooks.map((w) => w.proc.pid);
		for (const a of answers) {
			expect(webhookPids).toContain(a.webhookPid);
			expect(a.afterReadRawBody.rawBody).toBe(BODY);
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
	});
});
