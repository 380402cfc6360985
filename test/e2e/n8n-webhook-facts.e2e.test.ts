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
 * - In queue mode webhook() runs in the webhook process that received the request (never main), the execution
 *   on a worker: proven in terminal49-polling-trigger-queue.e2e.test.ts, on the queue stack that file starts
 *   anyway and leaves waiting for n8n's schedule most of its time (a queue stack of its own here took about 40 s
 *   and 30 s of CPU to start).
 */
import { harness, LEAN } from './helpers';
import type { Stack } from './helpers';
import { PROBE_BODY, PROBE_PACKAGE, postToProbe, probeWorkflow } from './probe';

jest.setTimeout(240_000);

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

		const info = await postToProbe(stack, 'probe-v1/probe', 'application/vnd.api+json');
		expect(info.before).toMatchObject({
			contentType: 'application/vnd.api+json',
			bodyType: 'undefined',
			rawBodyIsBuffer: true,
			rawBody: PROBE_BODY,
		});
		expect(info.afterReadRawBody.rawBody).toBe(PROBE_BODY);

		const withCharset = await postToProbe(
			stack,
			'probe-v1/probe',
			'application/vnd.api+json; charset=utf-8',
		);
		expect(withCharset.before).toMatchObject({
			contentType: 'application/vnd.api+json',
			bodyType: 'undefined',
			rawBody: PROBE_BODY,
		});

		const json = await postToProbe(stack, 'probe-v1/probe', 'application/json');
		expect(json.before).toMatchObject({ bodyType: 'object', rawBody: PROBE_BODY });
		expect(json.before.body).toEqual(JSON.parse(PROBE_BODY));
	});

	test('typeVersion 2: rawBody is empty until readRawBody(), which returns the exact bytes', async () => {
		const wf = await stack.client.createWorkflow(probeWorkflow(2, 'probe-v2'));
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook('probe-v2/probe');

		const info = await postToProbe(stack, 'probe-v2/probe', 'application/vnd.api+json');
		expect(info.before).toMatchObject({
			bodyType: 'undefined',
			rawBodyIsBuffer: false,
			rawBody: null,
			hasReadRawBody: true,
		});
		expect(info.afterReadRawBody).toMatchObject({
			bodyType: 'undefined',
			rawBodyIsBuffer: true,
			rawBody: PROBE_BODY,
		});
		expect(info.readError).toBeNull();

		const json = await postToProbe(stack, 'probe-v2/probe', 'application/json');
		expect(json.before).toMatchObject({
			bodyType: 'object',
			rawBodyIsBuffer: true,
			rawBody: PROBE_BODY,
		});
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

		const first = await postToProbe(stack, 'probe-sd/probe', 'application/vnd.api+json');
		expect(first.staticData).toMatchObject({ calls: ['checkExists', 'create'], deliveries: 1 });
		expect(first.staticData.webhookUrl).toBe(stack.webhookUrl('probe-sd/probe'));
		// the response leaves before n8n saves the static data: a quick next request may still read the old value
		await storedDeliveries(1);
		const second = await postToProbe(stack, 'probe-sd/probe', 'application/vnd.api+json');
		expect(second.staticData).toMatchObject({ deliveries: 2, hookId: first.staticData.hookId });
		await storedDeliveries(2);

		await stack.restart();
		await stack.client.waitForWebhook('probe-sd/probe');
		const afterRestart = await postToProbe(stack, 'probe-sd/probe', 'application/vnd.api+json');
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
			const info = await postToProbe(stack, 'probe-lost/probe', 'application/vnd.api+json');
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
		for (let i = 0; i < 3; i++)
			await postToProbe(stack, 'probe-count/probe', 'application/vnd.api+json');
		const executions = await stack.client.waitForExecutions({ workflowId: wf.id, count: 3 });
		expect(executions).toHaveLength(3);
		for (const e of executions) {
			expect(e.status).toBe('success');
			expect(harness.nodeOutput(e, 'Pid')![0].executionPid).toBe(stack.main.proc.pid);
		}
	});
});
