/**
 * "Listen for test event" in real n8n 2.41.1 (packed package) against the in-process sandbox, driven as the
 * editor drives it: `POST /rest/workflows/:id/run` with `triggerToStartFrom` (the trigger is the start), which
 * n8n answers `{ waitingForWebhook: true }` after it has registered the test webhook (test-webhooks.js
 * needsWebhook, which runs the trigger's checkExists/create). The trigger then asks the sandbox for a signed
 * sample of the first selected event (POST /webhooks/trigger); the sandbox signs and delivers it to the Test
 * URL, and n8n records a manual execution whose first node emits the simplified item. Both webhook
 * management modes; the Automatic one's temporary webhook is gone once the listen has ended.
 */
import { harness, NODE_TYPES, startT49Stack, triggerToNoOp } from './helpers';
import type { T49Stack } from './helpers';

jest.setTimeout(240_000);

// the user's order: the sample is of the first one
const EVENTS = ['container.updated', 'container.transport.vessel_arrived'];

describe('Listen for test event in real n8n: a signed sample within seconds', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: { webhookRetryScale: 0, carrierDelayMs: 10, containers: 10 },
		});
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	async function listenOnce(name: string, webhookId: string, parameters: Record<string, unknown>) {
		const { sandbox, stack } = t49;
		sandbox.clearRequests();
		sandbox.clearDeliveries();
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp(name, {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId,
					parameters: { events: EVENTS, ...parameters },
				}),
			),
		);
		const testUrl = `${stack.client.baseUrl}/webhook-test/${webhookId}/webhook`;
		const started = Date.now();
		// the editor's "Listen for test event" on the trigger (the workflow's start)
		const answer = await stack.client.rest('POST', `/workflows/${wf.id}/run`, {
			workflowData: await stack.client.getWorkflow(wf.id),
			triggerToStartFrom: { name: 'Terminal49 Trigger' },
		});
		expect(answer).toEqual({ waitingForWebhook: true });

		const [execution] = await stack.client.waitForExecutions({
			workflowId: wf.id,
			count: 1,
			timeoutMs: 10_000,
			settleMs: 1_000,
		});
		const elapsed = Date.now() - started;
		return { wf, testUrl, execution, elapsed };
	}

	test('Automatic: a temporary webhook at the Test URL, a sample signed with its secret, one manual execution with the simplified item', async () => {
		const { sandbox, stack } = t49;
		const { wf, testUrl, execution, elapsed } = await listenOnce(
			'sample automatic',
			't49-sample-automatic',
			{ webhookManagement: 'automatic' },
		);
		expect(elapsed).toBeLessThan(10_000);
		expect(execution.mode).toBe('manual');
		expect(execution.status).toBe('success');

		// the sample: asked for at the Test URL, of the first selected event, signed with the webhook's secret
		const trigger = sandbox.requests.filter((r) => r.path === '/v2/webhooks/trigger');
		expect(trigger).toHaveLength(1);
		const registered = sandbox.requests.find(
			(r) => r.method === 'POST' && r.path === '/v2/webhooks',
		)!;
		expect(registered.body).toMatchObject({ data: { attributes: { url: testUrl } } });
		expect(trigger[0].body).toMatchObject({ url: testUrl, event: 'container.updated' });
		const secret = (trigger[0].body as { secret: string }).secret;
		expect(secret).toMatch(/^[0-9a-f]{48}$/);
		expect(sandbox.deliveries.map((d) => [d.url, d.event, d.status])).toEqual([
			[testUrl, 'container.updated', 200],
		]);

		const [item] = harness.nodeOutput(execution, 'Terminal49 Trigger')!;
		expect(item).toMatchObject({
			event: 'container.updated',
			notification_id: sandbox.deliveries[0].notificationId,
			container: { id: expect.any(String), number: expect.any(String) },
		});
		// the change facts are filled in: the sandbox's sample says available_for_pickup went false -> true,
		// so the container became ready for pickup exactly when it has no active hold
		expect(item.changeset).toEqual({ available_for_pickup: { old: false, new: true } });
		expect(item.changes.became_ready_for_pickup).toBe(item.container.active_holds.length === 0);
		expect(item.changes.facts).toEqual(
			item.container.active_holds.length === 0 ? ['became_ready_for_pickup'] : [],
		);
		expect(harness.nodeOutput(execution, 'Out')).toEqual([item]);

		// n8n ended the listen after the execution: the temporary webhook is removed
		await harness.waitFor(
			'the temporary webhook to be removed',
			() => sandbox.store.webhooks.all().length === 0,
			{ timeoutMs: 10_000, intervalMs: 100 },
		);
		expect(stack.logs()).not.toContain(secret);
		expect(stack.logs()).toContain(
			'Terminal49 delivered a sample container.updated event to the Test URL',
		);
		// the production side was never touched
		expect((await stack.client.getWorkflow(wf.id)).active).toBe(false);
	});

	test('Managed by Hand: nothing registered, the sample signed with the pasted secret, one manual execution', async () => {
		const { sandbox } = t49;
		const { testUrl, execution, elapsed } = await listenOnce(
			'sample by hand',
			't49-sample-manual',
			{
				webhookManagement: 'manual',
				secret: 'hand-made-secret',
			},
		);
		expect(elapsed).toBeLessThan(10_000);
		expect(execution.mode).toBe('manual');
		expect(execution.status).toBe('success');
		expect(sandbox.store.webhooks.all()).toEqual([]);
		expect(
			sandbox.requests.filter((r) => r.path === '/v2/webhooks/trigger').map((r) => r.body),
		).toEqual([{ url: testUrl, event: 'container.updated', secret: 'hand-made-secret' }]);
		expect(sandbox.deliveries.map((d) => d.status)).toEqual([200]);
		const [item] = harness.nodeOutput(execution, 'Terminal49 Trigger')!;
		expect(item).toMatchObject({
			event: 'container.updated',
			notification_id: sandbox.deliveries[0].notificationId,
		});
		expect(harness.nodeOutput(execution, 'Out')).toEqual([item]);
	});
});
