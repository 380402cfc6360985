/**
 * The whole path against the sandbox: activation registers the webhook, the sandbox signs and POSTs real
 * deliveries to the receiver (n8n-core WebhookContext behind a real http server), the trigger verifies them
 * with the secret it stored and starts one execution per notification, also when the sender retries.
 */
import { createHmac } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';
import { resetSecretRefresh } from '../../nodes/Terminal49/trigger/webhook';
import { withWebhookDeadline } from '../helpers/webhookDeadline';

let sb: Sandbox;
let logs: string[];

beforeAll(async () => {
	logs = captureLogs();
	sb = await startSandbox({
		rateWindowMs: 1000,
		carrierDelayMs: 10,
		webhookRetryScale: 0,
		// the sandbox's own answer deadline (10 s): the test of a late answer shortens it for itself
		containers: 10,
	});
});
afterAll(async () => {
	await sb.close();
});

let counter = 0;
async function activated(parameters: INodeParameters, receiverOptions = {}) {
	sb.reset({ containers: 10 });
	sb.clearRequests();
	sb.clearDeliveries();
	const wf = new TriggerWorkflow(
		parameters,
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		undefined,
		`wf-sandbox-${++counter}`,
	);
	const receiver = await startReceiver(wf, receiverOptions);
	expect(await wf.lifecycle('checkExists')).toBe(false);
	expect(await wf.lifecycle('create')).toBe(true);
	expect(sb.store.webhooks.all()[0].url).toBe(receiver.url);
	return { wf, receiver };
}

describe('deliveries from the sandbox', () => {
	let receiver: Receiver | undefined;
	afterEach(async () => {
		await receiver?.close();
		receiver = undefined;
	});

	test('container.updated: verified with the stored secret, one execution with the changeset and the container', async () => {
		const setup = await activated({ events: ['container.updated'] });
		receiver = setup.receiver;
		const fixture = sb.fixtures[0];
		expect(
			sb.fireEvent('container.updated', fixture.containerId, {
				pickup_lfd: ['2026-01-01', '2026-01-05'],
			}),
		).toBe(true);
		await sb.webhooksIdle();
		expect(sb.deliveries.map((d) => d.status)).toEqual([200]);
		expect(receiver.executions).toHaveLength(1);
		const item = receiver.executions[0].items[0].json as Record<string, any>;
		expect(item).toMatchObject({
			event: 'container.updated',
			notification_id: sb.deliveries[0].notificationId,
			changeset: { pickup_lfd: { old: '2026-01-01', new: '2026-01-05' } },
			container: {
				id: fixture.containerId,
				number: fixture.containerNumber,
				ready_for_pickup: expect.any(Boolean),
			},
			shipment: { id: fixture.shipmentId, bill_of_lading_number: fixture.billOfLading },
		});
	});

	test('an event the node did not select (sent by a hand-made subscription) is answered 200 without execution', async () => {
		const setup = await activated({ events: ['container.updated'] });
		receiver = setup.receiver;
		// subscribe the same URL to more events behind the node's back
		sb.store.webhooks.all()[0].events.push('container.created');
		sb.fireEvent('container.created', sb.fixtures[0].containerId);
		await sb.webhooksIdle();
		expect(sb.deliveries.map((d) => [d.event, d.status])).toEqual([['container.created', 200]]);
		expect(receiver.executions).toHaveLength(0);
	});

	test('a late 200 makes the sandbox retry the same notification: it runs once', async () => {
		const setup = await activated({ events: ['container.updated'] }, { delayFirstAnswerMs: 700 });
		receiver = setup.receiver;
		// the sender gives up after 400 ms; the first answer comes 700 ms after the receiver is done
		await withWebhookDeadline(sb, 400, async () => {
			sb.fireEvent('container.updated', sb.fixtures[1].containerId);
			await sb.waitFor(() => sb.deliveries.some((d) => d.status === null), 5000);
		});
		await sb.waitFor(() => sb.deliveries.some((d) => d.status === 200), 15_000);
		await sb.webhooksIdle();
		await receiver.idle();
		const attempts = sb.deliveries;
		expect(attempts.length).toBeGreaterThanOrEqual(2);
		expect(new Set(attempts.map((d) => d.notificationId)).size).toBe(1);
		expect(attempts[0].status).toBeNull(); // timed out at the sender
		// The first answer never reached the sender, so the trigger cannot count on it: the retry is
		// recorded too, and its execution ends at the trigger (n8n's store knows the notification ran).
		const emitted = receiver.executions.filter((e) => e.items.length > 0);
		expect(emitted).toHaveLength(1);
		expect(emitted[0].items[0].json).toMatchObject({ notification_id: attempts[0].notificationId });
		// accepted deliveries are answered by n8n (after recording the execution), not by the node
		expect(receiver.results.every((r) => r.noWebhookResponse !== true && r.workflowData)).toBe(
			true,
		);
	});

	test('Fetch Full Container: a bare container.transport.available is answered at once, then the container is loaded', async () => {
		// The option left out: on by default.
		const setup = await activated({ events: ['container.transport.available'] });
		receiver = setup.receiver;
		const fixture = sb.fixtures[2];
		sb.clearRequests();
		sb.fireEvent('container.transport.available', fixture.containerId);
		await sb.webhooksIdle();
		await receiver.idle();
		const delivery = sb.deliveries[0];
		expect(JSON.parse(delivery.body).included).toEqual([]); // nothing about the container in the payload
		expect(delivery.status).toBe(200);
		expect(sb.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			`GET /v2/webhook_notifications/${delivery.notificationId} {"include":"reference_object"}`,
			`GET /v2/containers/${fixture.containerId} {"include":"shipment,pod_terminal"}`,
		]);
		const item = receiver.executions[0].items[0].json as Record<string, any>;
		expect(item.fetch_error).toBeUndefined();
		expect(item).toMatchObject({
			event: 'container.transport.available',
			container: {
				id: fixture.containerId,
				number: fixture.containerNumber,
				ready_for_pickup: expect.any(Boolean),
				shipment: { id: fixture.shipmentId },
			},
			shipment: { id: fixture.shipmentId },
			transport_event: {
				type: 'transport_event',
				event: 'container.transport.available',
				container: fixture.containerId,
			},
		});
	});

	test('Fetch Full Container when Terminal49 fails: the event still starts its execution, with fetch_error', async () => {
		const setup = await activated({
			events: ['container.transport.available'],
			options: { fetchFullContainer: true },
		});
		receiver = setup.receiver;
		sb.injectFault({ kind: '500', count: 10, path: '/webhook_notifications/' });
		sb.fireEvent('container.transport.available', sb.fixtures[3].containerId);
		await sb.waitFor(() => receiver!.executions.length === 1, 10_000);
		sb.clearFaults();
		const item = receiver.executions[0].items[0].json as Record<string, any>;
		expect(item.event).toBe('container.transport.available');
		expect(item.container).toBeNull();
		expect(item.fetch_error).toMatchObject({ http_code: '500' });
		expect(sb.deliveries.map((d) => d.status)).toEqual([200]);
		expect(logs.join('\n')).toMatch(/could not load the container/);
	}, 15_000);

	test('Fetch Full Container is on unless turned off: the bare event, without it, is delivered as is, no request made', async () => {
		const setup = await activated({
			events: ['container.transport.available'],
			options: { fetchFullContainer: false },
		});
		receiver = setup.receiver;
		sb.clearRequests();
		sb.fireEvent('container.transport.available', sb.fixtures[2].containerId);
		await sb.webhooksIdle();
		await receiver.idle();
		expect(sb.requests).toHaveLength(0);
		expect(receiver.executions[0].items[0].json).toMatchObject({
			container: null,
			transport_event: { type: 'transport_event' },
		});
	});

	test('an out-of-date stored secret is replaced from Terminal49 (at most one look-up a minute) and saved: that delivery is answered 503 and comes again', async () => {
		resetSecretRefresh();
		// (the burst below is of bare notifications: nothing to fetch for them here)
		const setup = await activated({
			events: ['container.updated'],
			options: { fetchFullContainer: false },
		});
		receiver = setup.receiver;
		const { wf } = setup;
		const hook = sb.store.webhooks.all()[0];
		// What an older n8n save can leave behind: the webhook id it started with, and a secret that no longer
		// signs anything.
		wf.staticData[`node:Terminal49 Trigger`] = {
			...wf.stored,
			webhookId: 'old-webhook',
			webhookSecret: 'a'.repeat(48),
		};
		sb.clearRequests();
		sb.fireEvent('container.updated', sb.fixtures[0].containerId);
		await sb.webhooksIdle();
		await receiver.idle();
		// 503 (the node answers it, so n8n saves the corrected secret), then the retry runs
		expect(sb.deliveries.map((d) => d.status)).toEqual([503, 200]);
		expect(receiver.executions).toHaveLength(1);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/webhooks']);
		expect(wf.stored).toMatchObject({ webhookId: hook.id, webhookSecret: hook.secret });
		expect(logs.join('\n')).toMatch(/stored webhook secret was out of date/);
		expect(logs.join('\n')).not.toContain(hook.secret);

		// Static data stale again, and a burst of deliveries: one look-up serves them all; each is answered
		// 503 and verifies with the secret found when it comes again.
		resetSecretRefresh();
		wf.staticData[`node:Terminal49 Trigger`] = { ...wf.stored, webhookSecret: 'a'.repeat(48) };
		sb.clearRequests();
		const burst = [1, 2, 3].map((n) =>
			JSON.stringify({
				data: {
					id: `burst-${n}`,
					type: 'webhook_notification',
					attributes: { event: 'container.updated' },
				},
			}),
		);
		const deliver = (body: string) =>
			receiver!.post(body, {
				'x-t49-webhook-signature': createHmac('sha256', hook.secret).update(body).digest('hex'),
			});
		expect((await Promise.all(burst.map(deliver))).map((a) => a.status)).toEqual([503, 503, 503]);
		expect((await Promise.all(burst.map(deliver))).map((a) => a.status)).toEqual([200, 200, 200]);
		expect(receiver.executions).toHaveLength(4);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/webhooks']);

		// Forged deliveries cost no further look-up within the minute.
		sb.clearRequests();
		const forged = JSON.stringify({
			data: {
				id: 'forged-1',
				type: 'webhook_notification',
				attributes: { event: 'container.updated' },
			},
		});
		for (let i = 0; i < 3; i++) {
			expect(
				(await receiver.post(forged, { 'x-t49-webhook-signature': 'b'.repeat(64) })).status,
			).toBe(401);
		}
		expect(sb.requests).toHaveLength(0);
		expect(receiver.executions).toHaveLength(4);
	});

	test('static data lost altogether (no id, no secret): the first delivery finds the webhook at the URL, stores it and comes again', async () => {
		resetSecretRefresh();
		const setup = await activated({ events: ['container.updated'] });
		receiver = setup.receiver;
		const hook = sb.store.webhooks.all()[0];
		setup.wf.staticData = {};
		sb.fireEvent('container.updated', sb.fixtures[1].containerId);
		await sb.webhooksIdle();
		await receiver.idle();
		expect(sb.deliveries.map((d) => d.status)).toEqual([503, 200]);
		expect(receiver.executions).toHaveLength(1);
		expect(setup.wf.stored).toMatchObject({ webhookId: hook.id, webhookSecret: hook.secret });
	});

	test('"Listen for test event" (mode manual) never looks the secret up: a mismatch is refused at once', async () => {
		resetSecretRefresh();
		const setup = await activated({ events: ['container.updated'] }, { mode: 'manual' });
		receiver = setup.receiver;
		setup.wf.staticData = {};
		sb.clearRequests();
		sb.fireEvent('container.updated', sb.fixtures[1].containerId);
		await sb.webhooksIdle();
		expect(sb.deliveries[0].status).toBe(401);
		expect(receiver.executions).toHaveLength(0);
		expect(sb.requests.filter((r) => r.path === '/v2/webhooks')).toEqual([]);
	});

	test('after deactivation (delete) the sandbox no longer delivers', async () => {
		const setup = await activated({ events: ['container.updated'] });
		receiver = setup.receiver;
		await setup.wf.lifecycle('delete');
		sb.fireEvent('container.updated', sb.fixtures[0].containerId);
		await sb.webhooksIdle();
		expect(sb.deliveries).toHaveLength(0);
		expect(receiver.executions).toHaveLength(0);
	});
});
