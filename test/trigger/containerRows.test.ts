/**
 * The Terminal49 Trigger's Output "Container Rows" (issue 42): one row per container a delivery is about, each the
 * container whole (its attributes, shipment and POD terminal) so that its row is Container > Get Many's, from the
 * payload where it carries all of that and loaded otherwise (one request), loaded as it is now for a delivery that
 * arrives late, none for an event about no container. The sandbox signs and posts real deliveries to n8n-core's
 * WebhookContext behind a real http server; the clock is pinned and moved by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { isLate, LATE_AFTER_MS, rowsSource } from '../../nodes/Terminal49/trigger/rows';
import { readNotification } from '../../nodes/Terminal49/trigger/payload';
import type { Notification } from '../../nodes/Terminal49/trigger/payload';
import { pinDate } from '../helpers/clock';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';
import { ROW_COLUMNS } from '../helpers/rowColumns';
import { runnerFor } from '../helpers/actionHarness';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 10 * HOUR;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

beforeAll(async () => {
	captureLogs();
	pinDate(NOW);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});

let counter = 0;
let receiver: Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
	jest.setSystemTime(NOW);
});

async function rowsTrigger(events: string[], receiverOptions = {}, options: IDataObject = {}) {
	sb.reset();
	const wf = new TriggerWorkflow(
		{ events, webhookManagement: 'automatic', options: { ...options, output: 'rows' } },
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		undefined,
		`wf-rows-${++counter}`,
	);
	wf.typeVersion = 2;
	receiver = await startReceiver(wf, receiverOptions);
	expect(await wf.lifecycle('create')).toBe(true);
	sb.clearRequests();
	return receiver;
}

const requests = () =>
	sb.requests.map((r) => `${r.method} ${r.path} ${r.query.include ?? ''}`.trim());
const rows = (r: Receiver) => r.executions.flatMap((e) => e.items.map((item) => item.json));

test('a container.updated carrying its container whole: its row from the payload, no request, as of the notification', async () => {
	const r = await rowsTrigger(['container.updated']);
	const f = fixture('customs_hold');
	sb.updateContainer(f.containerId, { holds: [] });
	await sb.webhooksIdle();
	await r.idle();
	expect(requests()).toEqual([]);
	const [row] = rows(r);
	expect(rows(r)).toHaveLength(1);
	expect(Object.keys(row)).toEqual(ROW_COLUMNS);
	const delivery = JSON.parse(sb.deliveries[0].body);
	expect(row).toMatchObject({
		container_number: f.containerNumber,
		holds: 'none',
		bill_of_lading: f.billOfLading,
		id: f.containerId,
		as_of: new Date(delivery.data.attributes.created_at).toISOString(),
	});
	// the terminal named: the payload includes it
	expect(row.location).toMatch(/^.+, New York/);
	expect(r.executions[0].items[0].pairedItem).toEqual({ item: 0 });
});

test('a bare event (container.transport.available): the notification, then the container, loaded once each', async () => {
	const r = await rowsTrigger(['container.transport.available']);
	const f = fixture('ready_for_pickup');
	sb.fireEvent('container.transport.available', f.containerId);
	await sb.webhooksIdle();
	await r.idle();
	const notification = sb.deliveries[0].notificationId;
	expect(requests()).toEqual([
		`GET /v2/webhook_notifications/${notification} reference_object`,
		`GET /v2/containers/${f.containerId} shipment,pod_terminal`,
	]);
	expect(rows(r).map((row) => [row.container_number, row.as_of])).toEqual([
		[f.containerNumber, new Date(NOW).toISOString()],
	]);
});

test('a late delivery (a retry after newer ones): its container loaded as it is now, not as the payload had it', async () => {
	const r = await rowsTrigger(['container.updated']);
	const f = fixture('customs_hold');
	sb.holdDeliveries();
	sb.updateContainer(f.containerId, { holds: [] });
	// the hold comes back before the first notification reaches n8n
	sb.updateContainer(f.containerId, {
		holds: [{ name: 'customs', status: 'hold', description: null }],
	});
	jest.setSystemTime(NOW + LATE_AFTER_MS + 1000);
	sb.releaseDeliveries('created');
	await sb.webhooksIdle();
	await r.idle();
	expect(requests()).toEqual([
		`GET /v2/containers/${f.containerId} shipment,pod_terminal`,
		`GET /v2/containers/${f.containerId} shipment,pod_terminal`,
	]);
	// both rows are the container as it is: on hold, as of the reads (not the notifications)
	expect(rows(r).map((row) => [row.holds, row.as_of])).toEqual([
		['customs', new Date(NOW + LATE_AFTER_MS + 1000).toISOString()],
		['customs', new Date(NOW + LATE_AFTER_MS + 1000).toISOString()],
	]);
});

test('a tracking request that succeeded: one row per container of its shipment, loaded in one request', async () => {
	const r = await rowsTrigger(['tracking_request.succeeded']);
	const f = fixture('on_ship');
	const shipment = sb.store.shipments.get(f.shipmentId)!;
	sb.fireEvent('tracking_request.succeeded', sb.store.trackingRequestsFor(f.shipmentId)[0].id);
	await sb.webhooksIdle();
	await r.idle();
	// the payload has no terminal: the shipment is read with its containers and POD terminal
	expect(requests()).toEqual([`GET /v2/shipments/${f.shipmentId} containers,pod_terminal`]);
	expect(rows(r).map((row) => row.id)).toEqual(shipment.containerIds);
	for (const row of rows(r)) expect(Object.keys(row)).toEqual(ROW_COLUMNS);
	expect(new Set(r.executions[0].items.map((item) => JSON.stringify(item.pairedItem)))).toEqual(
		new Set([JSON.stringify({ item: 0 })]),
	);
});

test("a shipment's ETA moved: a row per container (its eta column), one request", async () => {
	const r = await rowsTrigger(['shipment.estimated.arrival']);
	const f = fixture('on_ship');
	expect(sb.moveEta(f.shipmentId, '2026-10-30T12:00:00Z')).toBe(true);
	await sb.webhooksIdle();
	await r.idle();
	expect(requests()).toEqual([`GET /v2/shipments/${f.shipmentId} containers,pod_terminal`]);
	expect(rows(r).map((row) => [row.container_number, row.eta])).toEqual(
		sb.store.shipments
			.get(f.shipmentId)!
			.containerIds.map((id) => [sb.store.containers.get(id)!.number, '2026-10-30']),
	);
});

test('an event about no container (a tracking request that failed): no row, no request', async () => {
	const r = await rowsTrigger(['tracking_request.failed']);
	const request = sb.store.trackingRequests.all()[0];
	sb.fireEvent('tracking_request.failed', request.id);
	await sb.webhooksIdle();
	await r.idle();
	expect(r.executions).toHaveLength(1);
	expect(rows(r)).toEqual([]);
	expect(requests()).toEqual([]);
});

test('a container that cannot be loaded fails the execution (kept, to be retried): never a row from part of one', async () => {
	const r = await rowsTrigger(['container.transport.available']);
	sb.injectFault({ kind: '500', count: 20, path: '/containers/' });
	sb.fireEvent('container.transport.available', fixture('ready_for_pickup').containerId);
	await sb.waitFor(() => r.errors.length > 0, 15_000);
	sb.clearFaults();
	expect(rows(r)).toEqual([]);
	expect(String((r.errors[0] as Error).message)).toMatch(/500|Terminal49/);
}, 20_000);

test("Execute step: Terminal49's sample is its example data (not the account's): its rows as it came, no failure", async () => {
	sb.reset();
	sb.clearRequests();
	const payload = readFileSync(
		join(__dirname, '..', 'fixtures', 'webhook-examples', 'container.pickup_lfd.changed.json'),
		'utf8',
	);
	const notification = readNotification(JSON.parse(payload)) as Notification;
	const wf = new TriggerWorkflow(
		{ events: ['container.pickup_lfd.changed'], options: { output: 'rows' } },
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
	);
	wf.typeVersion = 2;
	const items = await wf.execute([{ json: JSON.parse(payload) as IDataObject }], 'manual');
	// the example's container is not the sandbox's: loading it failed (404), the row is the payload's
	expect(rowsSource(notification, NOW).from).toBe('container');
	expect(sb.requests.map((r) => [r.path.startsWith('/v2/containers/'), r.status])).toEqual([
		[true, 404],
	]);
	expect(items.map((item) => Object.keys(item.json))).toEqual([ROW_COLUMNS]);
});

test('late: a notification the catch-up runs, or one created more than 5 minutes before it runs', () => {
	const notification = (createdAt: string, source?: string) =>
		({
			id: 'n',
			event: 'container.updated',
			document: {
				data: { id: 'n', attributes: { event: 'container.updated', created_at: createdAt } },
				...(source ? { source } : {}),
			},
		}) as Notification;
	const now = Date.parse('2026-10-20T10:00:00Z');
	expect(isLate(notification('2026-10-20T09:56:00Z'), now)).toBe(false);
	expect(isLate(notification('2026-10-20T09:54:59Z'), now)).toBe(true);
	expect(isLate(notification('2026-10-20T09:59:59Z', 'catch_up'), now)).toBe(true);
});

/** Container > Get Many's rows of these containers, in this order. */
async function getManyRows(ids: string[]): Promise<IDataObject[]> {
	const listed = await containers.run({ operation: 'getAll', returnAll: true }, { typeVersion: 2 });
	return ids.map((id) => listed.find((row) => row.id === id)!);
}

test("a shipment's tracking stopped: a row per container of the shipment, loaded in one request, each saying its costs are no longer known, as Get Many does", async () => {
	const r = await rowsTrigger(['tracking_request.tracking_stopped']);
	const f = fixture('past_lfd');
	const shipment = sb.store.shipments.get(f.shipmentId)!;
	const before = await getManyRows(shipment.containerIds);
	expect(before.map((row) => row.costs).join()).not.toMatch(/stopped tracking/);
	// as a user stops it: Shipment > Stop Tracking (PATCH /shipments/{id}/stop_tracking)
	const stop = await fetch(`${sb.baseUrl}/shipments/${f.shipmentId}/stop_tracking`, {
		method: 'PATCH',
		headers: { Authorization: `Token ${sb.keys.paid}` },
	});
	expect(stop.status).toBe(200);
	sb.clearRequests();
	await sb.webhooksIdle();
	await r.idle();
	// the payload carries the shipment, not its containers: read with them, one request
	expect(requests()).toEqual([`GET /v2/shipments/${f.shipmentId} containers,pod_terminal`]);
	expect(rows(r).map((row) => row.id)).toEqual(shipment.containerIds);
	for (const row of rows(r)) expect(Object.keys(row)).toEqual(ROW_COLUMNS);
	const without = (row: IDataObject) => ({ ...row, as_of: null });
	expect(rows(r).map(without)).toEqual((await getManyRows(shipment.containerIds)).map(without));
	expect(rows(r)[0].costs).toMatch(/stopped tracking/);
});

test('with a detention tariff, a full out gives the row its return_by, as Get Many with the same tariff does', async () => {
	const tariffs = {
		tariff: [{ reference: 'Detention', clock: 'detention', freeDays: 4, rates: '1+: 100' }],
	};
	const r = await rowsTrigger(['container.transport.full_out'], {}, { tariffs });
	const f = fixture('ready_for_pickup');
	expect(sb.advanceContainer(f.containerId, 1)).toEqual(['container.transport.full_out']);
	await sb.webhooksIdle();
	await r.idle();
	const listed = await containers.run(
		{ operation: 'getAll', returnAll: true, options: { tariffs } },
		{ typeVersion: 2 },
	);
	const [row] = rows(r);
	expect(row.return_by).toEqual(expect.any(String));
	expect({ ...row, as_of: null }).toEqual({
		...listed.find((item) => item.id === f.containerId)!,
		as_of: null,
	});
});
