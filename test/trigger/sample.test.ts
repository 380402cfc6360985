/**
 * "Listen for test event" asks Terminal49 for a signed sample (trigger/sample.ts): create() in n8n-core's
 * real HookContext (mode manual, the Test URL) against the sandbox, whose POST /webhooks/trigger signs and
 * delivers the sample to a receiver that runs webhook() and execute() as n8n does for a test webhook.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { samplesSettled } from '../../nodes/Terminal49/trigger/sample';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';

let sb: Sandbox;
let logs: string[];
let receiver: Receiver | undefined;

beforeAll(async () => {
	logs = captureLogs();
	sb = await startSandbox({
		rateWindowMs: 1000,
		carrierDelayMs: 10,
		webhookRetryScale: 0,
		containers: 10,
	});
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset({ containers: 10 });
	sb.clearRequests();
	sb.clearDeliveries();
	sb.clearFaults();
	logs.length = 0;
});
afterEach(async () => {
	await samplesSettled();
	await receiver?.close();
	receiver = undefined;
});

// the user's order: the sample is of the first one (not of the first in alphabetical order)
const EVENTS = ['container.updated', 'container.transport.vessel_arrived'];

let counter = 0;
function workflow(parameters: Record<string, unknown> = {}) {
	return new TriggerWorkflow(
		{ events: EVENTS, webhookManagement: 'automatic', ...parameters },
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		undefined,
		`wf-sample-${++counter}`,
	);
}

/** Starts a test listen the way n8n 2.41 does: checkExists, then create, in mode manual. */
async function listen(wf: TriggerWorkflow, o: { saveDelayMs?: number } = {}) {
	expect(await wf.lifecycle('checkExists', 'manual', { isTest: true })).toBe(false);
	expect(await wf.lifecycle('create', 'manual', { isTest: true, ...o })).toBe(true);
}

const triggerCalls = () => sb.requests.filter((r) => r.path === '/v2/webhooks/trigger');

describe('Listen for test event: a sample of the first selected event', () => {
	test('Automatic: registers the Test URL, then Terminal49 delivers a sample signed with its secret; one execution with the simplified item', async () => {
		const wf = workflow();
		receiver = await startReceiver(wf, { mode: 'manual' });
		const started = Date.now();
		await listen(wf);
		await samplesSettled();
		await receiver.idle();

		const [hook] = sb.store.webhooks.all();
		expect(hook.url).toBe(wf.testUrl());
		expect(wf.stored).toMatchObject({ webhookId: hook.id, webhookSecret: hook.secret });
		expect(triggerCalls().map((r) => r.body)).toEqual([
			{ url: wf.testUrl(), event: 'container.updated', secret: hook.secret },
		]);
		expect(sb.deliveries.map((d) => [d.url, d.event, d.status])).toEqual([
			[wf.testUrl(), 'container.updated', 200],
		]);
		expect(receiver.executions).toHaveLength(1);
		expect(receiver.executions[0].items[0].json).toMatchObject({
			event: 'container.updated',
			notification_id: sb.deliveries[0].notificationId,
			container: { id: expect.any(String), number: expect.any(String) },
		});
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(logs.join('\n')).toContain('Terminal49 delivered a sample container.updated event');
		expect(logs.join('\n')).not.toContain(hook.secret);

		// the listen ends as n8n ends it: the temporary webhook is removed
		expect(await wf.lifecycle('delete', 'manual', { isTest: true })).toBe(true);
		expect(sb.store.webhooks.all()).toEqual([]);
		expect(wf.stored).toEqual({});
	});

	test('Managed by Hand: checkExists is false for a test listen, create registers nothing and the sample is signed with the pasted secret', async () => {
		const wf = workflow({ webhookManagement: 'manual', secret: 'hand-made-secret' });
		receiver = await startReceiver(wf, { mode: 'manual' });
		await listen(wf);
		await samplesSettled();
		await receiver.idle();

		expect(sb.store.webhooks.all()).toEqual([]);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/webhooks/trigger']);
		expect(triggerCalls()[0].body).toEqual({
			url: wf.testUrl(),
			event: 'container.updated',
			secret: 'hand-made-secret',
		});
		expect(sb.deliveries.map((d) => d.status)).toEqual([200]);
		expect(receiver.executions).toHaveLength(1);
		expect(receiver.executions[0].items[0].json).toMatchObject({ event: 'container.updated' });

		// activation is unchanged: checkExists true, create never runs, no sample
		sb.clearRequests();
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(sb.requests).toHaveLength(0);
	});

	test('a second listen that gets the same notification again still runs it (a test listen is never deduplicated: Terminal49 may reuse a sample id)', async () => {
		const wf = workflow({ webhookManagement: 'manual', secret: 'hand-made-secret' });
		receiver = await startReceiver(wf, { mode: 'manual' });
		await listen(wf);
		await samplesSettled();
		await receiver.idle();
		expect(receiver.executions).toHaveLength(1);
		const [sample] = sb.deliveries;
		// the same bytes again, as a service reusing its sample id would send them
		const again = await receiver.post(sample.body, {
			'content-type': 'application/vnd.api+json',
			'x-t49-webhook-signature': sample.signature,
		});
		expect(again.status).toBe(200);
		expect(again.body).not.toMatchObject({ duplicate: true });
		expect(receiver.executions).toHaveLength(2);
	});

	test('Only When holds nothing back in a test listen: the sample shows even without a chosen change, its facts say so', async () => {
		const wf = workflow({
			webhookManagement: 'manual',
			secret: 'hand-made-secret',
			options: { onlyWhen: ['appointment_moved'] },
		});
		receiver = await startReceiver(wf, { mode: 'manual' });
		await listen(wf);
		await samplesSettled();
		await receiver.idle();
		expect(sb.deliveries.map((d) => d.status)).toEqual([200]);
		expect(receiver.executions).toHaveLength(1);
		const item = receiver.executions[0].items[0].json as { changes: { facts: string[] } };
		expect(item.changes.facts).not.toContain('appointment_moved');
	});

	test.each([
		['Automatic', {}, 401],
		['Managed by Hand', { webhookManagement: 'manual', secret: 'hand-made-secret' }, 503],
	])(
		'%s: a sample faster than n8n (static data not stored yet) is refused and asked for again; it runs once',
		async (_name, parameters, refusal) => {
			const wf = workflow(parameters);
			receiver = await startReceiver(wf, { mode: 'manual' });
			// n8n stores what create() wrote 600 ms after create() returned
			await listen(wf, { saveDelayMs: 600 });
			await samplesSettled();
			await receiver.idle();

			expect(sb.deliveries.map((d) => d.status)).toEqual([refusal, 200]);
			expect(triggerCalls()).toHaveLength(2);
			expect(receiver.executions).toHaveLength(1);
			expect(receiver.errors).toEqual([]);
		},
	);

	test('activation (production) asks for no sample', async () => {
		const wf = workflow();
		receiver = await startReceiver(wf);
		expect(await wf.lifecycle('checkExists')).toBe(false);
		expect(await wf.lifecycle('create')).toBe(true);
		await samplesSettled();
		expect(triggerCalls()).toEqual([]);
		expect(sb.deliveries).toEqual([]);
		expect(wf.stored.testListen).toBeUndefined();
	});
});

describe('a sample that cannot be had never breaks the listen', () => {
	test('Terminal49 cannot reach the Test URL: the listen stands, the warning says why', async () => {
		// no receiver: nothing listens at the Test URL (as for an n8n Terminal49 cannot reach)
		const wf = workflow();
		wf.webhookTestBaseUrl = `http://127.0.0.1:9/webhook-test`;
		await listen(wf);
		await samplesSettled();
		expect(sb.store.webhooks.all().map((w) => w.url)).toEqual([wf.testUrl()]);
		expect(triggerCalls()).toHaveLength(1); // no answer at all: not asked again
		expect(logs.join('\n')).toMatch(
			/warn Terminal49 Trigger: Terminal49 could not deliver the sample container.updated event to http:\/\/127.0.0.1:9\/webhook-test\/.*: .*Terminal49 must reach this n8n at a public https address/,
		);
	});

	test('the request fails (a 500 after the transport retries): create still answers true, the webhook stays, the warning says why', async () => {
		const wf = workflow();
		receiver = await startReceiver(wf, { mode: 'manual' });
		sb.injectFault({ kind: '500', path: 'webhooks/trigger', count: 10 });
		await listen(wf);
		await samplesSettled();
		expect(sb.store.webhooks.all()).toHaveLength(1);
		expect(receiver.executions).toHaveLength(0);
		expect(logs.join('\n')).toMatch(
			/warn Terminal49 Trigger: could not ask Terminal49 for a sample container.updated event: .*The listen goes on without it/,
		);
		// the listen still receives: a real event of the test webhook runs
		sb.fireEvent('container.updated', sb.fixtures[0].containerId);
		await sb.webhooksIdle();
		await receiver.idle();
		expect(receiver.executions).toHaveLength(1);
	});

	test('a revoked API key: the registration fails as before (thrown, nothing swallowed), no sample asked for', async () => {
		const wf = new TriggerWorkflow(
			{ events: EVENTS, webhookManagement: 'automatic' },
			{ apiKey: 'revoked-key', baseUrl: sb.baseUrl },
		);
		await expect(wf.lifecycle('create', 'manual', { isTest: true })).rejects.toThrow();
		await samplesSettled();
		expect(triggerCalls()).toEqual([]);
	});

	test('Managed by Hand with the real service and a plain-http Test URL: no request, the warning says Terminal49 needs https', async () => {
		const wf = new TriggerWorkflow(
			{ events: EVENTS, webhookManagement: 'manual', secret: 'hand-made-secret' },
			{ apiKey: 'k', baseUrl: 'https://api.terminal49.com/v2' },
			undefined,
			'wf-sample-real',
			'http://localhost:5678/webhook-test',
		);
		expect(await wf.lifecycle('checkExists', 'manual', { isTest: true })).toBe(false);
		expect(await wf.lifecycle('create', 'manual', { isTest: true })).toBe(true);
		await samplesSettled();
		expect(logs.join('\n')).toContain(
			'no sample event: Terminal49 delivers only to https URLs, and the Test URL is http://localhost:5678/webhook-test/',
		);
	});

	test('Managed by Hand with an empty secret: the test listen fails with the field named', async () => {
		const wf = workflow({ webhookManagement: 'manual', secret: '' });
		await expect(wf.lifecycle('checkExists', 'manual', { isTest: true })).rejects.toThrow(
			'"Webhook Secret" is empty',
		);
		expect(sb.requests).toHaveLength(0);
	});
});
