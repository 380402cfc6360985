/**
 * The Terminal49 Trigger in real n8n 2.41.1 (packed package) against the in-process sandbox:
 * activation registers the webhook through the public API, the sandbox delivers signed
 * application/vnd.api+json bodies, n8n records an execution per notification and then answers (a redelivery
 * of the same bytes is answered 200 and runs nothing; after a restart, n8n's deduplication store stops its
 * execution at the trigger), bad signatures get 401 with no execution, Fetch Full Container loads a bare
 * event's container in the execution, and deactivation removes the webhook. With "Only When", the
 * deliveries that show none of the chosen changes are answered 200 and n8n records no execution for them.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { harness, NODE_TYPES, startT49Stack, triggerToNoOp, waitForActivation } from './helpers';
import type { T49Stack } from './helpers';

jest.setTimeout(240_000);

describe('Terminal49 Trigger in real n8n (single mode)', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: { webhookRetryScale: 0, carrierDelayMs: 10, containers: 10 },
		});
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('activation registers, deliveries run once each, bad signatures are refused, deactivation removes', async () => {
		const { sandbox, stack } = t49;
		const path = 't49-trigger-e2e/webhook';
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('trigger e2e', {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId: 't49-trigger-e2e',
					parameters: {
						events: ['container.updated', 'container.transport.available'],
						webhookManagement: 'automatic',
						options: { fetchFullContainer: true },
					},
				}),
			),
		);
		await stack.client.activateWorkflow(wf.id);
		await stack.client.waitForWebhook(path);

		// checkExists/create run right after the webhook path is stored, so wait for them
		await harness.waitFor(
			'the webhook to be registered in the sandbox',
			() => sandbox.store.webhooks.all().length > 0,
			{
				timeoutMs: 20_000,
				intervalMs: 100,
			},
		);
		// registered through the Terminal49 API with n8n's production URL
		const hooks = sandbox.store.webhooks.all();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].url).toBe(stack.webhookUrl(path));
		expect([...hooks[0].events].sort()).toEqual([
			'container.transport.available',
			'container.updated',
		]);
		await waitForActivation(stack, wf.id, hooks[0].id);

		// a signed container.updated delivery -> one execution
		const fixture = sandbox.fixtures[0];
		sandbox.fireEvent('container.updated', fixture.containerId, {
			pickup_lfd: ['2026-01-01', '2026-01-05'],
		});
		await sandbox.webhooksIdle();
		const delivery = sandbox.deliveries[0];
		expect(delivery.status).toBe(200);
		const [first] = await stack.client.waitForExecutions({ workflowId: wf.id, count: 1 });
		expect(first.status).toBe('success');
		const [item] = harness.nodeOutput(first, 'Terminal49 Trigger')!;
		expect(item).toMatchObject({
			event: 'container.updated',
			notification_id: delivery.notificationId,
			changeset: { pickup_lfd: { old: '2026-01-01', new: '2026-01-05' } },
			container: { id: fixture.containerId, number: fixture.containerNumber },
		});

		// the same bytes again (a retry) -> 200, no execution
		const post = (body: string, signature?: string) =>
			fetch(stack.webhookUrl(path), {
				method: 'POST',
				headers: {
					'content-type': 'application/vnd.api+json',
					...(signature ? { 'x-t49-webhook-signature': signature } : {}),
				},
				body,
			});
		const retry = await post(delivery.body, delivery.signature);
		expect(retry.status).toBe(200);
		expect(await retry.json()).toMatchObject({ duplicate: true });

		// tampered, unsigned -> 401
		expect(
			(await post(delivery.body.replace('2026-01-05', '2026-01-06'), delivery.signature)).status,
		).toBe(401);
		expect((await post(delivery.body)).status).toBe(401);

		// a bare container.transport.available -> container loaded through the API
		sandbox.clearRequests();
		sandbox.fireEvent('container.transport.available', sandbox.fixtures[1].containerId);
		await sandbox.webhooksIdle();
		const executions = await stack.client.waitForExecutions({
			workflowId: wf.id,
			count: 2,
			settleMs: 1500,
		});
		expect(executions).toHaveLength(2); // the retry and the refused posts ran nothing
		const bare = executions.find((e) => e.id !== first.id)!;
		expect(bare.status).toBe('success');
		expect(harness.nodeOutput(bare, 'Terminal49 Trigger')![0]).toMatchObject({
			event: 'container.transport.available',
			container: {
				id: sandbox.fixtures[1].containerId,
				number: sandbox.fixtures[1].containerNumber,
			},
		});
		expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			expect.stringMatching(/^GET \/v2\/webhook_notifications\//),
			`GET /v2/containers/${sandbox.fixtures[1].containerId}`,
		]);

		// static data holds the webhook only (deduplication lives in process memory and n8n's store)
		const data = await stack.client.nodeStaticData(wf.id, 'Terminal49 Trigger');
		expect(data).toMatchObject({ webhookId: hooks[0].id });
		expect(data.seenNotifications).toBeUndefined();
		expect(JSON.stringify(stack.logs())).not.toContain(hooks[0].secret);

		// after a restart (process memory gone) the first notification comes again: n8n records and answers,
		// and the execution ends at the trigger, because n8n's deduplication store knows it ran
		await stack.restart();
		await stack.client.waitForWebhook(path);
		const afterRestart = await post(delivery.body, delivery.signature);
		expect(afterRestart.status).toBe(200);
		const all = await stack.client.waitForExecutions({
			workflowId: wf.id,
			count: 3,
			settleMs: 1500,
		});
		expect(all).toHaveLength(3);
		const stopped = all.find((e) => e.id !== first.id && e.id !== bare.id)!;
		expect(stopped.status).toBe('success');
		expect(harness.nodeOutput(stopped, 'Terminal49 Trigger') ?? []).toEqual([]);
		expect(harness.nodeOutput(stopped, 'Out')).toBeUndefined();

		// deactivation deletes the webhook
		await stack.client.deactivateWorkflow(wf.id);
		await harness.waitFor(
			'the webhook to be deleted in the sandbox',
			() => sandbox.store.webhooks.all().length === 0,
			{
				timeoutMs: 20_000,
				intervalMs: 200,
			},
		);
	});
	test('Only When: deliveries without a chosen change are answered 200 and start no execution', async () => {
		const { sandbox, stack } = t49;
		const webhookId = `t49-trigger-only-${Date.now().toString(36)}`;
		const path = `${webhookId}/webhook`;
		// containers back on the water (earlier tests of this file moved some of them on)
		sandbox.reset({ containers: 10 });
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('trigger only-when e2e', {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId,
					parameters: {
						events: [
							'container.updated',
							'container.transport.available',
							'container.pickup_lfd.changed',
							'shipment.estimated.arrival',
						],
						webhookManagement: 'automatic',
						options: { onlyWhen: ['became_ready_for_pickup', 'eta_moved'] },
					},
				}),
			),
		);
		try {
			await stack.client.activateWorkflow(wf.id);
			await stack.client.waitForWebhook(path);
			await harness.waitFor(
				'the webhook to be registered in the sandbox',
				() => sandbox.store.webhooks.all().length > 0,
				{ timeoutMs: 20_000, intervalMs: 100 },
			);
			const secret = sandbox.store.webhooks.all()[0].secret;

			// A container's whole journey from the water to the empty return: of its container.updated,
			// available and LFD deliveries only the one that makes it ready for pickup starts an execution.
			const fixture = sandbox.fixtures.find((f) => {
				const c = sandbox.store.findContainer(f.containerId)!;
				const milestones = sandbox.store.shipmentOf(c).milestones;
				return (
					c.stage >= 0 &&
					c.stage < milestones.indexOf('container.transport.vessel_discharged') &&
					c.holds.length === 0 &&
					!c.lfdTerminal &&
					!c.lfdLine
				);
			})!;
			expect(fixture).toBeDefined();
			sandbox.advanceContainer(fixture.containerId, 20);
			await sandbox.webhooksIdle();
			expect(sandbox.deliveries.map((d) => [d.event, d.status]).sort()).toEqual([
				['container.pickup_lfd.changed', 200],
				['container.transport.available', 200],
				['container.updated', 200],
				['container.updated', 200],
				['container.updated', 200],
			]);

			// The real example payloads, signed with the webhook's secret: container.updated (holds released,
			// now available) and the ETA event start one each; available and LFD changed start nothing.
			const examples = [
				'container.updated',
				'shipment.estimated.arrival',
				'container.transport.available',
				'container.pickup_lfd.changed',
			].map((event) =>
				readFileSync(
					join(__dirname, '..', 'fixtures', 'webhook-examples', `${event}.json`),
					'utf8',
				),
			);
			const answers: unknown[] = [];
			for (const body of examples) {
				const res = await fetch(stack.webhookUrl(path), {
					method: 'POST',
					headers: {
						'content-type': 'application/vnd.api+json',
						'x-t49-webhook-signature': createHmac('sha256', secret).update(body).digest('hex'),
					},
					body,
				});
				expect(res.status).toBe(200);
				answers.push(await res.json());
			}
			expect(answers).toEqual([
				{ received: true, notification_id: JSON.parse(examples[0]).data.id },
				{ received: true, notification_id: JSON.parse(examples[1]).data.id },
				{
					received: true,
					ignored: 'none of the chosen changes',
					event: 'container.transport.available',
					notification_id: JSON.parse(examples[2]).data.id,
				},
				{
					received: true,
					ignored: 'none of the chosen changes',
					event: 'container.pickup_lfd.changed',
					notification_id: JSON.parse(examples[3]).data.id,
				},
			]);

			// n8n's own record: exactly three executions of this workflow
			const executions = await stack.client.waitForExecutions({
				workflowId: wf.id,
				count: 3,
				settleMs: 3000,
			});
			expect(executions).toHaveLength(3);
			expect(executions.every((e) => e.status === 'success')).toBe(true);
			const items = executions.map((e) => harness.nodeOutput(e, 'Terminal49 Trigger')![0]);
			const byId = (id: string) => items.filter((item) => item.notification_id === id);
			const [journey] = items.filter(
				(item) =>
					item.event === 'container.updated' &&
					item.notification_id !== JSON.parse(examples[0]).data.id,
			);
			expect(journey).toMatchObject({
				container: { id: fixture.containerId },
				changeset: { available_for_pickup: { old: false, new: true } },
				changes: { facts: ['became_ready_for_pickup'], became_ready_for_pickup: true },
			});
			expect(byId(JSON.parse(examples[0]).data.id)).toEqual([
				expect.objectContaining({
					event: 'container.updated',
					changes: expect.objectContaining({
						facts: ['hold_released', 'became_ready_for_pickup'],
						holds_released: ['other'],
					}),
				}),
			]);
			expect(byId(JSON.parse(examples[1]).data.id)).toEqual([
				expect.objectContaining({
					event: 'shipment.estimated.arrival',
					changes: expect.objectContaining({
						facts: ['eta_moved'],
						eta_from: null,
						eta_to: '2022-11-01T14:00:00Z',
						eta_days_moved: null,
					}),
				}),
			]);
		} finally {
			await stack.client.deactivateWorkflow(wf.id).catch(() => undefined);
			await harness
				.waitFor(
					'the webhook to be deleted in the sandbox',
					() => sandbox.store.webhooks.all().length === 0,
					{ timeoutMs: 20_000, intervalMs: 200 },
				)
				.catch(() => undefined);
		}
	});
});

// Queue mode (Postgres, 2 webhook processes, 2 workers): terminal49-trigger-queue.e2e.test.ts
