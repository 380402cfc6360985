/**
 * The packed n8n-nodes-terminal49 in real n8n 2.41.1 against the sandbox: the credential is created
 * through the public API, and a Terminal49 action workflow runs both in the server (activated webhook
 * workflow) and through the CLI. Skipped until every file of package.json's `n8n` section is built.
 */
import { harness, NODE_TYPES, runOnceWithCli, startT49Stack } from './helpers';
import type { T49Stack } from './helpers';

jest.setTimeout(240_000);

function getContainers(trigger: Record<string, unknown>) {
	const triggerName = String(trigger.name);
	return {
		name: 'containers smoke',
		nodes: [
			{ position: [0, 0], ...trigger },
			{
				id: 't49',
				name: 'Terminal49',
				type: NODE_TYPES.action,
				typeVersion: 1,
				position: [220, 0],
				parameters: { resource: 'container', operation: 'getAll', returnAll: false, limit: 3 },
			},
		],
		connections: { [triggerName]: { main: [[{ node: 'Terminal49', type: 'main', index: 0 }]] } },
	};
}

describe('n8n-nodes-terminal49 in real n8n (single mode)', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		// the node types as the editor loads them (GET /types/nodes.json is served with the editor)
		t49 = await startT49Stack({ editor: true });
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('both node types and the credential type are loaded from the packed package', async () => {
		const nodes = await t49.stack.client.nodeTypeNames();
		expect(nodes).toEqual(expect.arrayContaining([NODE_TYPES.action, NODE_TYPES.trigger]));
		expect(await t49.stack.client.credentialTypeNames()).toContain(NODE_TYPES.credential);
		expect(t49.stack.logs()).not.toMatch(/Failed to load package/);
	});

	test('a webhook-started workflow lists containers from the sandbox', async () => {
		const wf = await t49.stack.client.createWorkflow(
			t49.bind(
				getContainers({
					id: 'hook',
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					webhookId: 't49-smoke',
					parameters: {
						httpMethod: 'POST',
						path: 't49-smoke',
						responseMode: 'onReceived',
						options: {},
					},
				}),
			),
		);
		await t49.stack.client.activateWorkflow(wf.id);
		await t49.stack.client.waitForWebhook('t49-smoke');
		const res = await fetch(t49.stack.webhookUrl('t49-smoke'), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		expect(res.status).toBe(200);
		const [execution] = await t49.stack.client.waitForExecutions({ workflowId: wf.id, count: 1 });
		expect(execution.status).toBe('success');
		const items = harness.nodeOutput(execution, 'Terminal49')!;
		expect(items).toHaveLength(3);
		expect(items[0]).toHaveProperty('number');
		expect(
			t49.sandbox.requests.some(
				(r) => r.path.startsWith('/v2/containers') && r.key === 'sandbox_paid',
			),
		).toBe(true);
	});

	test('a Manual Trigger workflow runs like "Execute workflow" in the editor', async () => {
		const wf = await t49.stack.client.createWorkflow(
			t49.bind(
				getContainers({
					id: 'm',
					name: 'Manual',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					parameters: {},
				}),
			),
		);
		const execution = await t49.stack.client.runWorkflow(wf.id);
		expect(execution.status).toBe('success');
		expect(harness.nodeOutput(execution, 'Terminal49')).toHaveLength(3);
	});

	test('the same workflow runs once through the CLI with an imported credential', async () => {
		const run = await runOnceWithCli(
			getContainers({
				id: 'm',
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				parameters: {},
			}),
			{ baseUrl: t49.sandbox.baseUrl },
		);
		if (!run.ok)
			throw new Error(
				`n8n execute failed:\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`,
			);
		expect(harness.nodeOutput(run.result, 'Terminal49')).toHaveLength(3);
	});
});
