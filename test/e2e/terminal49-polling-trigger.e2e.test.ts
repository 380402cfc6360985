/**
 * The Terminal49 Polling Trigger in real n8n 2.41 against the sandbox, polled by n8n's own schedule (Poll
 * Times: every minute, the shortest n8n allows; the activation poll runs at once, as n8n does on
 * activation and on every start). Containers are moved through holds, LFD and milestones; a scheduled
 * poll is broken by sandbox faults (5xx beyond the transport's retries); n8n is restarted.
 *
 * What must hold: nothing on the baseline; the faulted poll emits nothing; the next one emits every change
 * exactly once; nothing is emitted again after a restart; a change made while n8n was down comes once.
 */
import type { IDataObject } from 'n8n-workflow';

import { harness, startT49Stack, triggerToNoOp } from './helpers';
import type { Execution, T49Stack } from './helpers';

jest.setTimeout(420_000);

const NODE = 'Terminal49 Polling Trigger';

function itemsOf(execution: Execution): IDataObject[] {
	const run = (execution as unknown as IDataObject).data as IDataObject | undefined;
	const runData = ((run?.resultData as IDataObject)?.runData ?? {}) as IDataObject;
	const node = (runData[NODE] as IDataObject[] | undefined)?.[0] as IDataObject | undefined;
	const main = ((node?.data as IDataObject)?.main ?? []) as IDataObject[][];
	return (main[0] ?? []).map((item) => item.json as IDataObject);
}

describe('Terminal49 Polling Trigger in real n8n', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({ sandbox: { carrierDelayMs: 600_000, webhookRetryScale: 0 } });
	});
	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('baseline, a faulted poll, every change once, nothing again after a restart', async () => {
		const { sandbox, stack } = t49;
		const f = sandbox.fixtures.find((x) => x.key === 'new_booking')!;
		const wf = await stack.client.createWorkflow(
			t49.bind(
				triggerToNoOp('polling e2e', {
					id: 'poller',
					name: NODE,
					type: 'n8n-nodes-terminal49.terminal49PollingTrigger',
					typeVersion: 1,
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						events: [
							'container.updated',
							'container.transport.empty_out',
							'container.transport.full_in',
							'container.pickup_lfd_terminal.changed',
						],
					},
				}),
			),
		);
		await stack.client.activateWorkflow(wf.id);
		// n8n 2.41 activates the trigger after answering (its publication outbox): the activation poll, which
		// records the baseline, is over once the publication has settled. Injected before that, the faults
		// below broke the activation poll instead of a scheduled one (no failed execution: an activation error)
		expect((await stack.client.publicationSettled(wf.id))?.status).toBe('published');
		const successes = async () =>
			(await stack.client.listExecutions({ workflowId: wf.id, includeData: true })).filter(
				(e) => (e as unknown as IDataObject).status === 'success',
			);
		await harness.sleep(3_000);
		expect(await successes()).toHaveLength(0); // the activation poll was the baseline

		// Changes, and a fault that breaks the next scheduled poll part-way (after the shipments were read)
		sandbox.updateContainer(f.containerId, {
			holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
			pickup_lfd_terminal: '2026-12-24T08:00:00Z',
		} as never);
		sandbox.advanceContainer(f.containerId, 2); // empty out, full in
		sandbox.injectFault({ kind: '500', count: 4, path: '/tracking_requests' } as never);
		await harness.waitFor(
			'the faulted poll',
			() =>
				sandbox.requests.filter((r) => r.fault && r.path.includes('tracking_requests')).length >= 4,
			{ timeoutMs: 75_000, intervalMs: 500 },
		);
		// n8n records the faulted poll as a failed trigger execution, with no items: waited for, as n8n saves it
		// without waiting (recordTriggerFailure), seconds after the last faulted request on a busy machine
		const failed = await harness.waitFor(
			'n8n to record the faulted poll',
			async () => {
				const executions = await stack.client.listExecutions({ workflowId: wf.id });
				const errors = executions.filter((e) => (e as unknown as IDataObject).status === 'error');
				return errors.length > 0 ? errors : undefined;
			},
			{ timeoutMs: 30_000, intervalMs: 500 },
		);
		expect(failed?.length).toBeGreaterThanOrEqual(1);
		expect(await successes()).toHaveLength(0);

		// The next scheduled poll catches up: every change once
		await harness.waitFor('the catching-up poll', async () => (await successes()).length >= 1, {
			timeoutMs: 75_000,
			intervalMs: 500,
		});
		await harness.sleep(2_000);
		const all = await successes();
		expect(all).toHaveLength(1);
		const events = itemsOf(all[0])
			.map((item) => String(item.event))
			.sort();
		expect(events).toEqual([
			'container.pickup_lfd_terminal.changed',
			'container.transport.empty_out',
			'container.transport.full_in',
			'container.updated',
		]);

		// Restart: the start-up poll finds nothing new
		await stack.restart();
		await harness.sleep(8_000);
		expect(await successes()).toHaveLength(1);

		// A change made just before a restart comes exactly once (the start-up poll or the schedule)
		sandbox.advanceContainer(f.containerId, 1); // vessel loaded: not selected
		sandbox.updateContainer(f.containerId, { holds_at_pod_terminal: [] } as never);
		await stack.restart();
		await harness.waitFor(
			'the change made before the restart',
			async () => (await successes()).length >= 2,
			{
				timeoutMs: 75_000,
				intervalMs: 500,
			},
		);
		await harness.sleep(5_000);
		const after = await successes();
		expect(after).toHaveLength(2);
		const released = after.flatMap(itemsOf).filter((item) => item.event === 'container.updated');
		expect(released).toHaveLength(2);
		expect(
			released.filter((item) =>
				((item.changes as IDataObject).holds_released as string[]).includes('customs'),
			),
		).toHaveLength(1);
	});
});
