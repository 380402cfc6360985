/**
 * The Terminal49 Trigger's catch-up (trigger/catchUp.ts) against the sandbox, with n8n-core's real
 * TriggerContext, HookContext, WebhookContext and ExecuteContext (harness.ts): n8n's public address answers 502
 * (a gate in front of the receiver) until the sandbox gives up on its deliveries and switches the webhook off;
 * then the address comes back and the catch-up runs what was missed, once each, oldest first.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import type { CatchUpControl } from '../../nodes/Terminal49/trigger/catchUp';
import { CATCH_UP_KEY, GIVE_UP_AFTER_MS } from '../../nodes/Terminal49/trigger/catchUpCursor';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';

jest.setTimeout(60_000);

let sb: Sandbox;
let logs: string[];

beforeAll(async () => {
	logs = captureLogs();
	sb = await startSandbox({
		carrierDelayMs: 10,
		rateWindowMs: 1000,
		// every failed delivery is tried again at once: 13 tries, then `failed`, within milliseconds
		webhookRetryScale: 0,
		webhookDeactivateAfter: 3,
		containers: 10,
	});
});
afterAll(async () => {
	await sb.close();
});

/** n8n's public address in front of the receiver: 502 while down, as a proxy without its backend answers. */
interface Gate {
	down: boolean;
	base: string;
	close(): Promise<void>;
}

async function startGate(target: string): Promise<Gate> {
	const origin = new URL(target).origin;
	const gate = { down: false } as Gate;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			if (gate.down) {
				res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
				return;
			}
			const up = http.request(
				`${origin}${req.url}`,
				{ method: req.method, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			up.on('error', () => res.writeHead(502).end());
			up.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	gate.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
	gate.close = async () => {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	};
	return gate;
}

let counter = 0;
let receiver: Receiver | undefined;
let gate: Gate | undefined;
afterEach(async () => {
	await receiver?.close();
	await gate?.close();
	receiver = undefined;
	gate = undefined;
	sb.options.notificationsOldestFirst = false;
});

const EVENTS = ['container.updated', 'container.transport.vessel_discharged'];

/** A published trigger whose webhook Terminal49 delivers to through the gate. */
async function published(parameters: INodeParameters = { events: EVENTS }) {
	sb.reset({ containers: 10 });
	sb.clearRequests();
	sb.clearDeliveries();
	const wf = new TriggerWorkflow(
		parameters,
		// the sandbox's window is a second (below): the catch-up's executions load their containers quickly
		{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl, rateLimitWindowSeconds: 1 },
		undefined,
		`wf-catch-up-${++counter}`,
	);
	receiver = await startReceiver(wf);
	gate = await startGate(receiver.url);
	wf.webhookBaseUrl = gate.base;
	const control: CatchUpControl = { stopped: false, activatedAt: Date.now() - 5_000 };
	expect(await wf.lifecycle('checkExists')).toBe(false);
	expect(await wf.lifecycle('create')).toBe(true);
	const hook = sb.store.webhooks.all()[0];
	expect(hook.url).toBe(wf.url());
	// the published workflow's catch-up, one tick per run()
	const ticks = wf.activateCatchUp(control);
	return { wf, hook, control, gate, receiver, ticks };
}

const day = (i: number) => `2026-12-${String((i % 27) + 1).padStart(2, '0')}`;

/** `count` container.updated events, alternating between two containers; their notification ids in order. */
function fire(count: number): string[] {
	const before = new Set(sb.store.notifications.all().map((n) => n.id));
	for (let i = 0; i < count; i++) {
		const fixture = sb.fixtures[i % 2];
		sb.fireEvent('container.updated', fixture.containerId, {
			pickup_lfd: [day(i), day(i + 1)],
		});
	}
	return sb.store.notifications
		.all()
		.filter((n) => !before.has(n.id))
		.map((n) => n.id);
}

const itemsOf = (executions: INodeExecutionData[][]) =>
	executions.flat().map((item) => item.json as IDataObject);
const apiRequests = () => sb.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);

test('nothing missed: two requests (the webhook, one page of notifications), nothing run', async () => {
	const { ticks } = await published();
	fire(4);
	await sb.webhooksIdle();
	expect(sb.deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
	sb.clearRequests();
	const { report, executions } = await ticks.run();
	expect(executions).toEqual([]);
	expect(report).toMatchObject({ ran: 0, switchedOn: false, pages: 1, examined: 4 });
	expect(apiRequests()).toEqual([
		expect.stringMatching(/^GET \/v2\/webhooks\/[\w-]+$/),
		'GET /v2/webhook_notifications',
	]);
	// the next run looks at nothing again: the cursor moved past the delivered ones
	sb.clearRequests();
	const again = await ticks.run();
	expect(again.report).toMatchObject({ ran: 0, pages: 1, examined: 0 });
	expect(apiRequests()).toHaveLength(2);
});

test('nothing missed on a list served oldest first, one page: still two requests', async () => {
	const { ticks } = await published();
	sb.options.notificationsOldestFirst = true;
	fire(4);
	await sb.webhooksIdle();
	sb.clearRequests();
	const { report } = await ticks.run();
	expect(report).toMatchObject({ ran: 0, pages: 1 });
	expect(apiRequests()).toEqual([
		expect.stringMatching(/^GET \/v2\/webhooks\/[\w-]+$/),
		'GET /v2/webhook_notifications',
	]);
});

test('n8n unreachable: the webhook switched off is switched back on, one notice, each missed notification runs once, oldest first', async () => {
	const { hook, gate, ticks } = await published();
	gate.down = true;
	const ids = fire(6);
	await sb.webhooksIdle();
	// the sandbox gave up on every one (13 tries each) and switched the webhook off after 3 in a row
	expect(ids.map((id) => sb.store.notifications.get(id)!.deliveryStatus)).toEqual(
		Array(6).fill('failed'),
	);
	for (const id of ids)
		expect(sb.deliveries.some((d) => d.notificationId === id && d.status === 502)).toBe(true);
	expect(hook.active).toBe(false);
	expect(fire(1)).toEqual([]); // nothing is recorded for a webhook that is off

	gate.down = false;
	const { report, executions } = await ticks.run();
	expect(report).toMatchObject({ switchedOn: true, ran: 6, waiting: false });
	expect(hook.active).toBe(true);
	const items = itemsOf(executions);
	// one execution each: the notice first, then the notifications in the order Terminal49 created them
	expect(executions.map((output) => output.length)).toEqual(Array(7).fill(1));
	expect(items[0]).toMatchObject({
		event: 'notice',
		notice: 'webhook_switched_back_on',
		webhook_id: hook.id,
		source: 'catch_up',
	});
	expect(items.slice(1).map((item) => item.notification_id)).toEqual(ids);
	for (const [i, item] of items.slice(1).entries()) {
		expect(item).toMatchObject({
			event: 'container.updated',
			source: 'catch_up',
			delivery_status: 'failed',
			webhook_id: hook.id,
			changeset: {
				pickup_lfd: { old: day(i), new: day(i + 1) },
			},
			// the container is loaded as for a bare event: the listed notification carries the reference object only
			container: { number: sb.fixtures[i % 2].containerNumber },
		});
	}
	expect(logs.join('\n')).toMatch(/switched off webhook .* switched it back on/);

	// switched off again in the same outage (the next check finds it off again): on again, no second notice
	hook.active = false;
	const same = await ticks.run();
	expect(same.report).toMatchObject({ switchedOn: true, ran: 0 });
	expect(same.executions).toEqual([]);
	// the next run runs nothing again; it finds the webhook on, which ends the outage
	const again = await ticks.run();
	expect(again.report).toMatchObject({ ran: 0, switchedOn: false });
	expect(again.executions).toEqual([]);
	// so a later switch-off has a notice of its own
	hook.active = false;
	const another = await ticks.run();
	expect(itemsOf(another.executions).map((item) => item.notice)).toEqual([
		'webhook_switched_back_on',
	]);
	// deliveries reach n8n once more
	const next = fire(1);
	await sb.webhooksIdle();
	expect(sb.store.notifications.get(next[0])!.deliveryStatus).toBe('succeeded');
});

test('a delivery that ran but whose answer was lost (Terminal49 counts it failed) does not run again', async () => {
	const { receiver, ticks } = await published();
	const [id] = fire(1);
	await sb.webhooksIdle();
	expect(receiver.executions.map((e) => e.items.length)).toEqual([1]);
	// n8n ran it, but Terminal49 never got the 200 and gave up
	sb.store.notifications.get(id)!.deliveryStatus = 'failed';
	const { report, executions } = await ticks.run();
	// started once more, and stopped at the trigger by n8n's deduplication store: no item, nothing runs
	expect(report.ran).toBe(1);
	expect(executions).toEqual([[]]);
});

test('n8n restarted in the middle of a catch-up: every missed notification runs exactly once', async () => {
	const { wf, control, gate, ticks } = await published({
		events: EVENTS,
		options: { outageNotices: false },
	});
	gate.down = true;
	const ids = fire(5);
	await sb.webhooksIdle();
	gate.down = false;
	// the first run is stopped (n8n shut down) once its third execution has ended
	let ended = 0;
	const first = await ticks.run(() => {
		if (++ended === 3) control.stopped = true;
	});
	expect(first.report).toMatchObject({ ran: 3, switchedOn: true });
	// n8n starts again: a new activation over the static data n8n saved (with the last execution started)
	expect((wf.stored[CATCH_UP_KEY] as IDataObject).through).toBeGreaterThan(0);
	const restarted = wf.activateCatchUp({ stopped: false, activatedAt: Date.now() });
	const second = await restarted.run();
	const ran = itemsOf([...first.executions, ...second.executions]);
	expect(ran.map((item) => item.notification_id)).toEqual(ids);
	// the third was started again (its save preceded it) and stopped by the deduplication store
	expect(second.executions.map((output) => output.length)).toEqual([0, 1, 1]);
});

test('an execution n8n could not run (it failed before any node ran) is started again by the next run', async () => {
	const { gate, ticks } = await published({ events: EVENTS, options: { outageNotices: false } });
	gate.down = true;
	const ids = fire(3);
	await sb.webhooksIdle();
	gate.down = false;
	ticks.failBeforeRunning(2);
	const first = await ticks.run();
	expect(first.report).toMatchObject({ ran: 1 });
	expect(logs.join('\n')).toMatch(/n8n did not run an execution \(Driver not Connected\)/);
	const second = await ticks.run();
	expect(second.report).toMatchObject({ ran: 2 });
	expect(
		itemsOf([...first.executions, ...second.executions]).map((item) => item.notification_id),
	).toEqual(ids);
});

test('a notification Terminal49 is still retrying holds the run there, so a container keeps its order', async () => {
	const { gate, ticks } = await published({ events: EVENTS, options: { outageNotices: false } });
	gate.down = true;
	const ids = fire(2);
	await sb.webhooksIdle();
	gate.down = false;
	const [older, newer] = ids.map((id) => sb.store.notifications.get(id)!);
	older.deliveryStatus = 'pending';
	const held = await ticks.run();
	expect(held.report).toMatchObject({ ran: 0, waiting: true });
	// Terminal49 gives up on it too: both run, in their order
	older.deliveryStatus = 'failed';
	const { report, executions } = await ticks.run();
	expect(report.ran).toBe(2);
	expect(itemsOf(executions).map((item) => item.notification_id)).toEqual([older.id, newer.id]);
});

test('a notification pending for longer than Terminal49 retries counts as given up', async () => {
	const { wf, gate } = await published();
	gate.down = true;
	const [late] = fire(1);
	await sb.webhooksIdle();
	gate.down = false;
	const rec = sb.store.notifications.get(late)!;
	rec.deliveryStatus = 'pending';
	rec.createdAt = Date.now() - GIVE_UP_AFTER_MS - 60_000;
	// a workflow published before it was created
	const ticks = wf.activateCatchUp({ stopped: false, activatedAt: rec.createdAt - 60_000 });
	const { report, executions } = await ticks.run();
	expect(report).toMatchObject({ ran: 1, waiting: false });
	expect(itemsOf(executions).map((item) => item.notification_id)).toEqual([late]);
});

test("only this webhook's notifications of the selected events run (Events, Only When)", async () => {
	const { gate, hook, ticks } = await published({
		events: ['container.updated'],
		options: { onlyWhen: ['lfd_moved'] },
	});
	gate.down = true;
	// another webhook of the account, and an event the node does not select, fail too
	sb.store.webhooks.add({ ...hook, id: 'other-webhook', url: 'http://127.0.0.1:9/other' });
	hook.events.push('container.transport.vessel_discharged');
	const [lfd] = fire(1);
	sb.fireEvent('container.updated', sb.fixtures[0].containerId, {
		available_for_pickup: [false, true],
	});
	sb.fireEvent('container.transport.vessel_discharged', sb.fixtures[0].containerId);
	await sb.webhooksIdle();
	const failed = sb.store.notifications.all().filter((n) => n.deliveryStatus === 'failed');
	expect(failed.length).toBeGreaterThanOrEqual(5);
	gate.down = false;
	const { report, executions } = await ticks.run();
	expect(report.ran).toBe(1);
	expect(
		itemsOf(executions)
			.filter((i) => i.event !== 'notice')
			.map((i) => i.notification_id),
	).toEqual([lfd]);
});

test('a list served oldest first: read from its last page back, the same runs; 230 missed, three pages', async () => {
	const { wf, gate } = await published({
		events: EVENTS,
		options: { fetchFullContainer: false },
	});
	sb.options.notificationsOldestFirst = true;
	gate.down = true;
	const ids = fire(230);
	await sb.webhooksIdle();
	gate.down = false;
	// created over four minutes, a second apart (a burst within one second is the case below)
	const start = Date.now() - 300_000;
	ids.forEach((id, i) => (sb.store.notifications.get(id)!.createdAt = start + i * 1000));
	sb.clearRequests();
	// published before them
	const { report, executions } = await wf
		.activateCatchUp({ stopped: false, activatedAt: start - 1000 })
		.run();
	expect(report).toMatchObject({ ran: 230, pages: 3 });
	expect(
		itemsOf(executions)
			.filter((item) => item.event !== 'notice')
			.map((item) => item.notification_id),
	).toEqual(ids);
	const pages = sb.requests
		.filter((r) => r.path.startsWith('/v2/webhook_notifications'))
		.map((r) => r.query['page[number]'] ?? null);
	// the first page shows the order, then the last page and back
	expect(pages).toEqual([null, '3', '2', '1']);
});

test('a first page created within one second: the last page tells the order', async () => {
	const { wf, gate } = await published({
		events: EVENTS,
		options: { fetchFullContainer: false, outageNotices: false },
	});
	sb.options.notificationsOldestFirst = true;
	gate.down = true;
	const ids = fire(150);
	await sb.webhooksIdle();
	gate.down = false;
	// the first 100 in one second, the rest a minute later
	const start = Date.now() - 120_000;
	ids.forEach(
		(id, i) => (sb.store.notifications.get(id)!.createdAt = start + (i < 100 ? 0 : 60_000 + i)),
	);
	sb.clearRequests();
	const ticks = wf.activateCatchUp({ stopped: false, activatedAt: start - 1000 });
	const { report, executions } = await ticks.run();
	expect(report.ran).toBe(150);
	expect(itemsOf(executions).map((item) => item.notification_id)).toEqual(ids);
	// the next run stops at the first settled one of the cursor's second: one page (and the last, for the order)
	sb.clearRequests();
	const again = await ticks.run();
	expect(again.report).toMatchObject({ ran: 0, pages: 1, examined: 0 });
});
