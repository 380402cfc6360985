/**
 * Compatibility stage: the packed package in the n8n people run, 2.41 and the maintained 1.x line (1.123,
 * on Node 22), each against the sandbox: the credential test, a list with Return All, a create, and a trigger
 * delivery (registered on activation, a signed delivery runs once, its redelivery is answered as a duplicate).
 * The whole e2e suite runs on 2.41; this stage is what must hold on both.
 */
import {
	harness,
	NODE_TYPES,
	startT49Stack,
	testCredential,
	triggerToNoOp,
	waitForActivation,
} from './helpers';
import type { T49Stack } from './helpers';

jest.setTimeout(300_000);

describe.each([
	['2', harness.paths.HOSTS['2'].version],
	['1', harness.paths.HOSTS['1'].version],
] as Array<['1' | '2', string]>)('n8n line %s (%s)', (line, version) => {
	let t49: T49Stack;

	beforeAll(async () => {
		harness.ensureN8n({ stdio: 'ignore', line });
		t49 = await startT49Stack({
			line,
			sandbox: { webhookRetryScale: 0, carrierDelayMs: 10, containers: 150 },
			// the version n8n itself reports (GET /rest/settings) and the node types the editor loads
			editor: true,
		});
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('it is the version under test, and the package loaded', async () => {
		expect(t49.stack.version).toBe(version);
		const types = await t49.stack.client.nodeTypeNames();
		expect(types).toEqual(expect.arrayContaining([NODE_TYPES.action, NODE_TYPES.trigger]));
	});

	test("the credential test (the editor's Test button)", async () => {
		const test = (apiKey: string) => testCredential(t49, apiKey);
		expect(await test('sandbox_paid')).toMatchObject({ status: 'OK' });
		const refused = await test('not-a-key');
		expect(refused.status).toBe('Error');
		expect(refused.message).toMatch(/could not verify this API key/i);
	});

	test('Container > Get Many with Return All reads every page; Tracking Request > Create', async () => {
		const wf = await t49.stack.client.createWorkflow(
			t49.bind({
				name: `compat ${line}: list and create`,
				nodes: [
					{
						id: 'm',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'l',
						name: 'List',
						type: NODE_TYPES.action,
						typeVersion: 1,
						position: [220, 0],
						parameters: { resource: 'container', operation: 'getAll', returnAll: true },
					},
					{
						id: 'c',
						name: 'Create',
						type: NODE_TYPES.action,
						typeVersion: 1,
						position: [440, 0],
						executeOnce: true,
						parameters: {
							resource: 'trackingRequest',
							operation: 'create',
							requestType: 'bill_of_lading',
							requestNumber: `MEDUCOMPAT${line}00001`,
							scac: { __rl: true, mode: 'scac', value: 'MSCU' },
						},
					},
				],
				connections: {
					Start: { main: [[{ node: 'List', type: 'main', index: 0 }]] },
					List: { main: [[{ node: 'Create', type: 'main', index: 0 }]] },
				},
				settings: { executionOrder: 'v1' },
			}),
		);
		// counted before the run: the tracking request Create makes adds containers once the sandbox's carrier
		// answers, which may be before this test reads the store again
		const containersBefore = t49.sandbox.store.containers.all().length;
		const execution = await t49.stack.client.runWorkflow(wf.id, { triggerName: 'Start' });
		expect(execution.status).toBe('success');
		const listed = harness.nodeOutput(execution, 'List')!;
		expect(listed).toHaveLength(containersBefore);
		expect(new Set(listed.map((item) => item.id)).size).toBe(listed.length);
		const [created] = harness.nodeOutput(execution, 'Create')!;
		expect(created).toMatchObject({
			type: 'tracking_request',
			request_number: `MEDUCOMPAT${line}00001`,
		});
	});

	test('the trigger: registered on activation, a signed delivery runs once, its redelivery is a duplicate', async () => {
		const { sandbox, stack } = t49;
		const webhookId = `t49-compat-${line}`;
		const path = `${webhookId}/webhook`;
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp(`compat ${line}: trigger`, {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId,
					parameters: { events: ['container.updated'] },
				}),
			),
		);
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook(path);
		const hook = await harness.waitFor(
			'the webhook registration',
			() => sandbox.store.webhooks.all().find((w) => w.url === stack.webhookUrl(path)),
			{
				timeoutMs: 20_000,
				intervalMs: 100,
			},
		);
		expect(hook?.events).toEqual(['container.updated']);
		await waitForActivation(stack, wf.id, hook!.id);

		sandbox.clearDeliveries();
		const fixture = sandbox.fixtures[0];
		sandbox.fireEvent('container.updated', fixture.containerId, {
			available_for_pickup: [false, true],
		});
		await sandbox.webhooksIdle();
		const [delivery] = sandbox.deliveries;
		expect(delivery.status).toBe(200);
		const [execution] = await stack.client.waitForExecutions({ workflowId: wf.id, count: 1 });
		expect(execution.status).toBe('success');
		expect(harness.nodeOutput(execution, 'Terminal49 Trigger')![0]).toMatchObject({
			event: 'container.updated',
			notification_id: delivery.notificationId,
			container: { id: fixture.containerId },
			changeset: { available_for_pickup: { old: false, new: true } },
		});

		const again = await fetch(stack.webhookUrl(path), {
			method: 'POST',
			headers: {
				'content-type': 'application/vnd.api+json',
				'x-t49-webhook-signature': delivery.signature,
			},
			body: delivery.body,
		});
		expect(again.status).toBe(200);
		expect(await again.json()).toMatchObject({ duplicate: true });
		expect(
			await stack.client.waitForExecutions({ workflowId: wf.id, count: 1, settleMs: 2000 }),
		).toHaveLength(1);

		await stack.client.deactivateWorkflow(wf.id);
		await harness.waitFor(
			'the webhook to be removed',
			() => sandbox.store.webhooks.all().length === 0,
			{ timeoutMs: 20_000, intervalMs: 200 },
		);
	});
});
