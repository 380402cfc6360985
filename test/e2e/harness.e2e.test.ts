/**
 * Smoke test of the real-n8n harness: n8n 2.41.1 boots with the packed package installed as users get
 * it, a webhook workflow activated through the public API runs once per request, the CLI runs a
 * workflow once, and the three Terminal49 node types (action, webhook trigger, polling trigger) and the
 * credential type are loaded.
 */
import * as fs from 'node:fs';

import { harness, NODE_TYPES, packedPackage, triggerToNoOp } from './helpers';
import type { Stack } from './helpers';

jest.setTimeout(180_000);

describe('real n8n harness (single mode)', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await harness.startStack({ tgz: packedPackage() });
	});

	afterAll(async () => {
		if (stack) await stack.stop();
	});

	test('n8n serves the package from .n8n/nodes/node_modules without a second n8n-workflow', () => {
		const dir = `${stack.userFolder}/.n8n/nodes/node_modules/n8n-nodes-terminal49`;
		expect(fs.existsSync(`${dir}/package.json`)).toBe(true);
		expect(fs.existsSync(`${dir}/node_modules`)).toBe(false);
		expect(stack.logs()).not.toMatch(/Failed to load package "n8n-nodes-terminal49"/);
	});

	test('the Terminal49 node and credential types are loaded', async () => {
		const nodes = await stack.client.nodeTypeNames();
		const credentials = await stack.client.credentialTypeNames();
		expect(nodes).toContain('n8n-nodes-base.noOp');
		// every node and the credential package.json declares: the action node and both triggers
		expect(nodes).toEqual(
			expect.arrayContaining([NODE_TYPES.action, NODE_TYPES.trigger, NODE_TYPES.pollingTrigger]),
		);
		expect(credentials).toContain(NODE_TYPES.credential);
	});

	test('an activated Webhook → NoOp workflow runs exactly once per request; deactivation unregisters it', async () => {
		const wf = await stack.client.createWorkflow(
			triggerToNoOp('smoke webhook', {
				id: 'hook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: 'smoke-hook',
				parameters: { httpMethod: 'POST', path: 'smoke', responseMode: 'onReceived', options: {} },
			}),
		);
		const activated = await stack.client.activateWorkflow(wf.id);
		expect(activated.active).toBe(true);
		await stack.client.waitForWebhook('smoke');

		for (const n of [1, 2]) {
			const res = await fetch(stack.webhookUrl('smoke'), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ n }),
			});
			expect(res.status).toBe(200);
		}
		const executions = await stack.client.waitForExecutions({ workflowId: wf.id, count: 2 });
		expect(executions).toHaveLength(2);
		expect(executions.every((e) => e.status === 'success' && e.mode === 'webhook')).toBe(true);
		const bodies = executions.map((e) => harness.nodeOutput(e, 'Out')![0].body.n).sort();
		expect(bodies).toEqual([1, 2]);

		await stack.client.deactivateWorkflow(wf.id);
		await stack.client.waitForWebhookGone('smoke', { timeoutMs: 30_000 });
		const res = await fetch(stack.webhookUrl('smoke'), { method: 'POST', body: '{}' });
		expect(res.status).toBe(404);
	});

	test('a workflow runs once through the CLI (import:workflow + execute --rawOutput)', async () => {
		const userFolder = harness.createUserFolder();
		try {
			const run = await harness.runWorkflowOnce({
				userFolder,
				workflow: {
					name: 'cli smoke',
					nodes: [
						{
							id: 'm',
							name: 'Manual',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 's',
							name: 'Set',
							type: 'n8n-nodes-base.set',
							typeVersion: 3.4,
							position: [220, 0],
							parameters: {
								assignments: {
									assignments: [{ id: 'a', name: 'hello', value: 'world', type: 'string' }],
								},
								options: {},
							},
						},
					],
					connections: { Manual: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
				},
			});
			if (!run.ok)
				throw new Error(
					`n8n execute failed (${run.code}/${run.signal}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
				);
			expect(harness.nodeOutput(run.result, 'Set')).toEqual([{ hello: 'world' }]);
		} finally {
			fs.rmSync(userFolder, { recursive: true, force: true });
		}
	});
});
