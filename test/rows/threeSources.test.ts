/**
 * One row shape from every source (issue 42): for the same containers, Container > Get Many's Simplified item,
 * the Terminal49 Trigger's and the Terminal49 Polling Trigger's Output "Container Rows" have the same columns,
 * in the same order, with the same values and formats, so that one upsert matched on container_number serves all
 * three. Only `as_of` differs: when Terminal49's data in the row was current (the read, the notification, the
 * poll). Against the sandbox, on both container serializers, through n8n-core's real contexts (the trigger's
 * webhook() and execute(), the poll's PollContext, the action node's ExecuteContext), the clock pinned.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { POLLED_EVENTS } from '../../nodes/Terminal49/polling/description';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { WEBHOOK_EVENT_VALUES } from '../../nodes/Terminal49/domain/events';
import { runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';
import { captureLogs, makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';
import type { Receiver } from '../trigger/harness';
import { startReceiver, TriggerWorkflow } from '../trigger/harness';
import { ROW_COLUMNS } from '../helpers/rowColumns';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 10 * HOUR;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const polling = new Terminal49PollingTrigger();
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	captureLogs();
	pinDate(NOW);
	sb = await startSandbox({
		epoch: EPOCH,
		carrierDelayMs: 600_000,
		webhookRetryScale: 0,
		webhookTimeoutMs: 10_000,
	});
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});

/** A polling trigger with Output "Container Rows": its static data lives across polls, as in n8n. */
function pollingRows() {
	const node = makeNode(polling, { events: POLLED_EVENTS, options: { output: 'rows' } }, false, 2);
	const workflow = makeWorkflow(node, polling);
	const additional = makeAdditionalData({ apiKey: sb.keys.paid, baseUrl: sb.baseUrl });
	return async () =>
		((await polling.poll!.call(
			new PollContext(workflow, node, additional, 'trigger', 'activate'),
		)) as INodeExecutionData[][] | null) ?? [[]];
}

/** The Terminal49 Trigger with Output "Container Rows", its webhook registered at the sandbox. */
async function webhookRows(id: string): Promise<Receiver> {
	const wf = new TriggerWorkflow(
		{
			events: WEBHOOK_EVENT_VALUES,
			webhookManagement: 'automatic',
			options: { output: 'rows' },
		},
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		undefined,
		id,
	);
	wf.typeVersion = 2;
	const receiver = await startReceiver(wf);
	expect(await wf.lifecycle('create')).toBe(true);
	return receiver;
}

const byNumber = (rows: IDataObject[]) =>
	new Map(rows.map((row) => [String(row.container_number), row]));
const withoutAsOf = ({ as_of: _asOf, ...row }: IDataObject) => row;
const formats = (row: IDataObject) =>
	Object.fromEntries(
		Object.entries(row).map(([key, value]) => [key, value === null ? 'null' : typeof value]),
	);

describe.each(['selected', 'legacy'] as const)('on the %s serializer', (shape) => {
	let receiver: Receiver | undefined;
	afterEach(async () => {
		await receiver?.close();
		receiver = undefined;
	});

	test('Get Many, the Terminal49 Trigger and the Polling Trigger give each container the same row', async () => {
		sb.options.deadlineShape = shape;
		sb.reset();
		resetRateLimiter();
		resetAccountCache();
		receiver = await webhookRows(`wf-rows-${shape}`);
		const poll = pollingRows();
		expect((await poll())[0]).toEqual([]); // the baseline

		// a day's changes, each of another kind: terminal data (a container.updated whose payload carries the
		// container whole), availability (a bare event: the trigger loads the container), a milestone, one
		// withdrawn, an LFD moved, fees, a hold, a container added to a shipment
		const ready = fixture('ready_for_pickup');
		const hold = fixture('customs_hold');
		const picked = fixture('picked_up_yesterday');
		const fees = fixture('fees_total_only');
		const booked = fixture('new_booking');
		const moved = fixture('pod_lfd_moved');
		const rail = fixture('pod_rail_ramp');
		sb.updateContainer(ready.containerId, { pickup_appointment_at: '2026-10-22T16:30:00Z' });
		sb.updateContainer(hold.containerId, { holds: [] });
		sb.updateContainer(fees.containerId, {
			fees: [{ type: 'demurrage', amount: 0, currency_code: 'USD' }],
		});
		sb.updateContainer(moved.containerId, { pickup_lfd_terminal: '2026-10-24T04:00:00Z' });
		sb.updateContainer(rail.containerId, { available_for_pickup: false });
		expect(sb.withdrawMilestone(picked.containerId)).not.toBeNull();
		sb.advanceContainer(booked.containerId, 1);
		const added = sb.addContainer(fixture('on_ship').shipmentId);
		await sb.webhooksIdle();
		await receiver.idle();
		expect(receiver.errors).toEqual([]);

		const changed = [
			ready,
			hold,
			fees,
			moved,
			rail,
			picked,
			booked,
			{ containerNumber: added.number },
		].map((f) => f.containerNumber);
		// the trigger's rows, the last of each container (a change can send several events)
		const delivered = byNumber(
			receiver.executions.flatMap((execution) => execution.items.map((item) => item.json)),
		);
		const polled = byNumber((await poll())[0].map((item) => item.json));
		const listed = byNumber(
			await containers.run({ operation: 'getAll', returnAll: true }, { typeVersion: 2 }),
		);
		for (const number of changed) {
			const row = listed.get(number)!;
			expect(row).toBeDefined();
			for (const [source, other] of [
				['Terminal49 Trigger', delivered.get(number)],
				['Polling Trigger', polled.get(number)],
			] as const) {
				expect({ source, number, row: other && withoutAsOf(other) }).toEqual({
					source,
					number,
					row: withoutAsOf(row),
				});
				// the same columns in the same order, the same formats, as_of included
				expect(Object.keys(other!)).toEqual(Object.keys(row));
				expect(formats(other!)).toEqual(formats(row));
				expect(other!.as_of).toMatch(ISO_MS);
			}
		}
		// the columns a coordinator's sheet or table has: Get Many's Simplified, nothing of the event
		expect(Object.keys(listed.get(ready.containerNumber)!)).toEqual(ROW_COLUMNS);
		// the terminal named in every row of a discharged container, from every source
		expect(delivered.get(ready.containerNumber)!.location).toMatch(/, /);
	});
});
