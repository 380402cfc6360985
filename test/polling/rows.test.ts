/**
 * The Terminal49 Polling Trigger's Output "Container Rows" (issue 42): one row per container a poll found changed
 * (however many of its changes), each Container > Get Many's Simplified item; a milestone Terminal49 withdrew is a
 * change (its cell cleared); Fetch Test Event gives a row, unmarked. Real PollContext against the sandbox.
 */
import { PollContext } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { POLLED_EVENTS } from '../../nodes/Terminal49/polling/description';
import { MILESTONE_REPORTED } from '../../nodes/Terminal49/polling/compare';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { pinDate } from '../helpers/clock';
import { makeAdditionalData, makeNode, makeWorkflow } from '../helpers/runNode';
import { runnerFor } from '../helpers/actionHarness';

const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 10 * 3_600_000;
const nodeType = new Terminal49PollingTrigger();
let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const getManyRows = async () =>
	await containers.run({ operation: 'getAll', returnAll: true }, { typeVersion: 2 });
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	sb.reset();
	resetRateLimiter();
	resetAccountCache();
});

function trigger(options: INodeParameters) {
	const node = makeNode(nodeType, { events: POLLED_EVENTS, options }, false, 2);
	const workflow = makeWorkflow(node, nodeType);
	const additional = makeAdditionalData({ apiKey: sb.keys.paid, baseUrl: sb.baseUrl });
	return async (mode: 'trigger' | 'manual' = 'trigger') =>
		(
			(await nodeType.poll!.call(new PollContext(workflow, node, additional, mode, 'activate'))) as
				| INodeExecutionData[][]
				| null
		)?.[0].map((item) => item.json) ?? [];
}

test('one row per changed container, however many of its changes the poll found; none when nothing changed', async () => {
	const poll = trigger({ output: 'rows' });
	expect(await poll()).toEqual([]);
	const f = fixture('new_booking');
	// three milestones at once: three events of the default output, one row
	expect(sb.advanceContainer(f.containerId, 3)).toHaveLength(3);
	const hold = fixture('customs_hold');
	sb.updateContainer(hold.containerId, { holds: [] });
	const rows = await poll();
	expect(rows.map((row) => row.container_number)).toEqual([
		f.containerNumber,
		hold.containerNumber,
	]);
	expect(rows[1]).toMatchObject({ holds: 'none', as_of: new Date(NOW).toISOString() });
	expect(await poll()).toEqual([]);
	// the default output: one item per change
	const events = trigger({});
	await events();
	sb.advanceContainer(fixture('on_ship').containerId, 1);
	expect((await events()).length).toBeGreaterThanOrEqual(1);
});

/** Two triggers, Output All Fields and Container Rows, past their baseline poll. */
async function baselines() {
	const all = trigger({ output: 'all' });
	const rows = trigger({ output: 'rows' });
	await all();
	await rows();
	return { all, rows };
}

test('a withdrawn milestone is a change: Container Updated whose old side says it was reported; its row clears the cell', async () => {
	const { all, rows } = await baselines();
	const f = fixture('picked_up_yesterday');
	expect(sb.withdrawMilestone(f.containerId)).not.toBeNull();
	const [item] = await all();
	expect(item).toMatchObject({
		event: 'container.updated',
		changeset: {
			pod_full_out_at: { old: MILESTONE_REPORTED, new: null },
			current_status: { old: 'picked_up', new: 'not_available' },
		},
	});
	const [row] = await rows();
	expect(row.container_number).toBe(f.containerNumber);
	// no longer "Picked up …": the pickup cell follows the container as it is
	expect(String(row.pickup)).not.toMatch(/^Picked up/);
});

test("Fetch Test Event with Container Rows: a real container's row, unmarked (a row is a row)", async () => {
	const rows = await trigger({ output: 'rows' })('manual');
	expect(rows).toHaveLength(1);
	expect(rows[0].test_event).toBeUndefined();
	expect(Object.keys(rows[0])).toContain('as_of');
	const [marked] = await trigger({})('manual');
	expect(marked.test_event).toBe(true);
});

test("a shipment's tracking stopped, and another's resumed: a row per container of each, as Get Many gives it", async () => {
	const poll = trigger({ output: 'rows' });
	const patch = async (shipmentId: string, action: 'stop_tracking' | 'resume_tracking') => {
		const res = await fetch(`${sb.baseUrl}/shipments/${shipmentId}/${action}`, {
			method: 'PATCH',
			headers: { Authorization: `Token ${sb.keys.paid}` },
		});
		expect(res.status).toBe(200);
	};
	const resumed = sb.store.shipments.get(fixture('on_rail').shipmentId)!;
	await patch(resumed.id, 'stop_tracking');
	expect(await poll()).toEqual([]); // the baseline
	const stopped = sb.store.shipments.get(fixture('past_lfd').shipmentId)!;
	await patch(stopped.id, 'stop_tracking');
	await patch(resumed.id, 'resume_tracking');
	// the tracking requests' updated_at a second later than the baseline's cursor
	jest.setSystemTime(NOW + 1_000);
	const rows = await poll();
	jest.setSystemTime(NOW);
	const listed = await getManyRows();
	const byId = (list: IDataObject[]) =>
		list
			.map((row): IDataObject => ({ ...row, as_of: null }))
			.sort((a, b) => String(a.id).localeCompare(String(b.id)));
	const ids = [...stopped.containerIds, ...resumed.containerIds];
	expect(byId(rows)).toEqual(byId(listed.filter((row) => ids.includes(String(row.id)))));
	// the stopped shipment's containers say their costs are no longer known; the resumed one's do not
	for (const row of rows)
		expect([row.id, /stopped tracking/.test(String(row.costs))]).toEqual([
			row.id,
			stopped.containerIds.includes(String(row.id)),
		]);
	expect(await poll()).toEqual([]);
});

test("a shipment's discharge moved to another terminal: Container POD Terminal Changed, and each container's row names the new terminal, as Get Many does", async () => {
	const { all, rows } = await baselines();
	const f = fixture('ready_for_pickup');
	const moved = sb.movePodTerminal(f.shipmentId)!;
	expect(moved).toEqual(expect.any(String));
	const items = await all();
	const ids = sb.store.shipments.get(f.shipmentId)!.containerIds;
	expect(items.map((item) => [item.event, (item.container as IDataObject).id])).toEqual(
		ids.map((id) => ['container.pod_terminal_changed', id]),
	);
	const changed = await rows();
	const listed = await getManyRows();
	expect(changed.map((row) => ({ ...row, as_of: null }))).toEqual(
		ids.map((id) => ({ ...listed.find((row) => row.id === id)!, as_of: null })),
	);
	const terminal = sb.store.shipments.get(f.shipmentId)!;
	expect(terminal.terminalId).toBe(moved);
	expect(await rows()).toEqual([]);
});

test('with a detention tariff, a pickup (full out) gives the row its return_by, as Get Many with the same tariff does', async () => {
	const tariffs = {
		tariff: [
			{
				reference: 'Detention, any line',
				clock: 'detention',
				freeDays: 4,
				rates: '1+: 100',
				currency: 'USD',
			},
		],
	};
	const rows = trigger({ output: 'rows', tariffs });
	await rows();
	const f = fixture('ready_for_pickup');
	const listedBefore = await containers.run(
		{ operation: 'getAll', returnAll: true, options: { tariffs } },
		{ typeVersion: 2 },
	);
	expect(listedBefore.find((row) => row.id === f.containerId)!.return_by).toBeNull();
	expect(sb.advanceContainer(f.containerId, 1)).toEqual(['container.transport.full_out']);
	const [row] = await rows();
	const listed = await containers.run(
		{ operation: 'getAll', returnAll: true, options: { tariffs } },
		{ typeVersion: 2 },
	);
	const expected = listed.find((r) => r.id === f.containerId)!;
	expect(row.return_by).toEqual(expect.any(String));
	expect({ ...row, as_of: null }).toEqual({ ...expected, as_of: null });
});
