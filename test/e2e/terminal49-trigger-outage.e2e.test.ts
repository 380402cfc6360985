/**
 * Nothing lost while n8n's public address is down (real n8n 2.41.1, single mode): a burst of 200 events while a
 * proxy in front of n8n answers 502, long enough for the sandbox to give up on every delivery and switch the
 * webhook off. Once the address is back, within one catch-up interval the trigger has switched the webhook back
 * on, sent one notice and run each of the 200 exactly once, in order per container; then again with n8n
 * restarted in the middle of the catch-up. Most of its time is n8n's one-minute schedule (scripts/test.js
 * WAITING_E2E). The same in queue mode: terminal49-trigger-outage-queue.e2e.test.ts.
 */
import { harness } from './helpers';
import type { Outage } from './outage';
import {
	burstWhileDown,
	caughtUp,
	expectCaughtUp,
	INTERVAL_MS,
	publish,
	startOutageStack,
} from './outage';

jest.setTimeout(420_000);

describe('Terminal49 Trigger catch-up in real n8n (single mode)', () => {
	let outage: Outage;

	beforeAll(async () => {
		outage = await startOutageStack('single');
	});

	afterAll(async () => {
		if (outage) await outage.stop();
	});

	test('200 events while the address answers 502: switched back on, one notice, each run once in order, within one interval', async () => {
		const published = await publish(outage, 't49-outage-single');
		const burst = await burstWhileDown(outage, published);
		outage.gate.down = false;
		const back = Date.now();
		const result = await caughtUp(outage, published, burst.ids.length + 1, INTERVAL_MS + 120_000);
		expectCaughtUp(result, burst, outage, published);
		// the catch-up began within one interval of the address coming back
		const notice = result.notices[0];
		expect(new Date(String(notice.startedAt)).getTime() - back).toBeLessThan(INTERVAL_MS + 5_000);
		// eslint-disable-next-line no-console
		console.log(
			`catch-up (single): notice ${Math.round((new Date(String(notice.startedAt)).getTime() - back) / 1000)} s after the address came back, all ${burst.ids.length} done ${Math.round((Date.now() - back) / 1000)} s after; ${result.empty.length} empty`,
		);
		await outage.t49.stack.client.deactivateWorkflow(published.workflowId);
	});

	test('n8n restarted in the middle of the catch-up: the same counts', async () => {
		const { stack } = outage.t49;
		const published = await publish(outage, 't49-outage-restart');
		const burst = await burstWhileDown(outage, published);
		outage.gate.down = false;
		// let the catch-up get going, then restart n8n (a clean stop: n8n finishes the execution under way)
		await harness.waitFor(
			'the catch-up to have run 40 notifications',
			async () =>
				(await stack.client.listExecutions({ workflowId: published.workflowId })).length >= 41,
			{ timeoutMs: INTERVAL_MS + 60_000, intervalMs: 500 },
		);
		await stack.restart();
		const result = await caughtUp(outage, published, burst.ids.length + 1, INTERVAL_MS + 180_000);
		expectCaughtUp(result, burst, outage, published);
		// eslint-disable-next-line no-console
		console.log(
			`catch-up (single, restarted): ${result.empty.length} execution(s) stopped at the trigger as already run`,
		);
		await stack.client.deactivateWorkflow(published.workflowId);
	});
});
