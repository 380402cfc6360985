/**
 * The change facts of the trigger's item (`changes`) and "Only When", through the real webhook() path
 * (n8n-core WebhookContext behind a real http server, harness.ts): for each of the 36 real example payloads
 * the facts written out by hand from its changeset (or, for events without one, from what the event says),
 * for sandbox deliveries (control-API PATCHes and milestone advances) the facts of each change made, and
 * "Only When" answering the other deliveries 200 without starting an execution.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeParameters } from 'n8n-workflow';

import type { ChangeFacts } from '../../nodes/Terminal49/domain/changeFacts';
import { WEBHOOK_EVENT_VALUES } from '../../nodes/Terminal49/domain/events';
import { startSandbox, type Sandbox } from '../../sandbox';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';
import { NOTHING } from '../helpers/changeFacts';

const EXAMPLES_DIR = join(__dirname, '..', 'fixtures', 'webhook-examples');
const EXAMPLES = readdirSync(EXAMPLES_DIR)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((file) => ({ file, text: readFileSync(join(EXAMPLES_DIR, file), 'utf8') }));
const SECRET = '5e1c0a9d3b7f2468ace13579bdf02468ace13579bdf02468';
const signed = (body: string) => ({
	'x-t49-webhook-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
});

/**
 * Read from each payload by hand. Only container.updated has a changeset: available_for_pickup false -> true
 * and holds_at_pod_terminal from two active holds named "other" to none. The per-source LFD and appointment
 * events carry the new value in the transport event's `value`; container.pickup_lfd.changed carries none
 * (its container's pickup_lfd is null); the ETA events carry the new estimate only (estimated_timestamp,
 * or the estimated transport event's timestamp), never the previous one. `eta_original` is the included
 * shipment's pod_original_eta_at (null without a shipment; the inland ETA event's shipment has no
 * destination_original_eta_at).
 */
const EXPECTED: Record<string, Partial<ChangeFacts>> = {
	'container.updated.json': {
		eta_original: '2022-10-14T07:00:00Z',
		facts: ['hold_released', 'became_ready_for_pickup'],
		holds_released: ['other'],
		became_ready_for_pickup: true,
	},
	'container.pickup_lfd.changed.json': {
		eta_original: '2024-07-03T21:22:46Z',
		facts: ['lfd_moved'],
		lfd_moved: true,
	},
	'container.pickup_lfd_rail.changed.json': {
		facts: ['lfd_moved'],
		lfd_moved: true,
		lfd_to: '2024-07-02T07:00:00Z',
		lfd_source: 'rail',
	},
	'container.pickup_lfd_terminal.changed.json': {
		facts: ['lfd_moved'],
		lfd_moved: true,
		lfd_to: '2024-07-01T07:00:00Z',
		lfd_source: 'terminal',
	},
	'container.pickup_appointment.changed.json': {
		facts: ['appointment_changed'],
		appointment_changed: true,
		appointment_to: '2024-06-28T15:00:00Z',
	},
	'shipment.estimated.arrival.json': {
		facts: ['eta_moved'],
		eta_moved: true,
		eta_to: '2022-11-01T14:00:00Z',
		// the shipment's pod_original_eta_at, 2022-11-02 18:00 in Los Angeles; the new ETA 2022-11-01 07:00
		eta_original: '2022-11-03T01:00:00Z',
		eta_days_from_original: -1,
	},
	'container.transport.estimated.vessel_arrived.json': {
		facts: ['eta_moved'],
		eta_moved: true,
		eta_to: '2020-05-18T14:00:00Z',
	},
	'container.transport.estimated.arrived_at_inland_destination.json': {
		facts: ['eta_moved'],
		eta_moved: true,
		eta_to: '2024-06-26T21:22:21Z',
	},
	'container.created.json': { eta_original: '2022-11-25T08:00:00Z' },
	'container.pod_terminal_changed.json': { eta_original: '2022-12-16T12:00:00Z' },
	'container.transport.arrived_at_inland_destination.json': {
		eta_original: '2024-07-03T21:21:52Z',
	},
	'container.transport.empty_in.json': { eta_original: '2022-10-14T04:00:00Z' },
	'container.transport.empty_out.json': { eta_original: '2022-11-15T00:00:00Z' },
	'container.transport.full_in.json': { eta_original: '2022-12-16T12:00:00Z' },
	'container.transport.full_out.json': { eta_original: '2022-10-18T10:00:00Z' },
	'container.transport.rail_arrived.json': { eta_original: '2022-10-10T15:00:00Z' },
	'container.transport.rail_departed.json': { eta_original: '2022-10-09T15:00:00Z' },
	'container.transport.rail_loaded.json': { eta_original: '2022-10-18T12:00:00Z' },
	'container.transport.rail_unloaded.json': { eta_original: '2022-10-10T15:00:00Z' },
	'container.transport.transshipment_arrived.json': { eta_original: '2022-10-27T12:00:00Z' },
	'container.transport.transshipment_departed.json': { eta_original: '2022-10-27T12:00:00Z' },
	'container.transport.transshipment_discharged.json': { eta_original: '2022-11-28T12:00:00Z' },
	'container.transport.transshipment_loaded.json': { eta_original: '2022-10-27T12:00:00Z' },
	'container.transport.vessel_arrived.json': { eta_original: '2022-10-13T18:30:00Z' },
	'container.transport.vessel_berthed.json': { eta_original: '2022-10-15T15:00:00Z' },
	'container.transport.vessel_departed.json': { eta_original: '2022-10-27T12:00:00Z' },
	'container.transport.vessel_discharged.json': { eta_original: '2022-09-23T10:00:00Z' },
	'container.transport.vessel_loaded.json': { eta_original: '2022-10-22T12:30:00Z' },
	'tracking_request.succeeded.json': { eta_original: '2022-11-25T08:00:00Z' },
	'tracking_request.tracking_stopped.json': { eta_original: '2022-09-14T14:00:00Z' },
};

let logs: string[];
beforeAll(() => {
	logs = captureLogs();
});

function automatic(parameters: INodeParameters, workflowId: string) {
	const wf = new TriggerWorkflow(
		{ events: WEBHOOK_EVENT_VALUES, webhookManagement: 'automatic', ...parameters },
		{ apiKey: 'sandbox_paid', baseUrl: 'http://127.0.0.1:9/v2' },
		undefined,
		workflowId,
	);
	wf.staticData = {
		'node:Terminal49 Trigger': {
			webhookId: 'wh-1',
			webhookSecret: SECRET,
			webhookEvents: WEBHOOK_EVENT_VALUES,
		},
	};
	return wf;
}

describe('the 36 real example payloads', () => {
	let receiver: Receiver;
	beforeAll(async () => {
		receiver = await startReceiver(
			automatic({ options: { fetchFullContainer: false } }, 'wf-changes-all'),
		);
	});
	afterAll(async () => receiver.close());

	test('every example has an expectation (none listed: no change shown)', () => {
		expect(EXAMPLES).toHaveLength(36);
		for (const file of Object.keys(EXPECTED)) expect(EXAMPLES.map((e) => e.file)).toContain(file);
	});

	test.each(EXAMPLES.map((e) => [e.file, e.text]))('%s', async (file, text) => {
		const before = receiver.executions.length;
		expect((await receiver.post(text, signed(text))).status).toBe(200);
		expect(receiver.executions).toHaveLength(before + 1);
		const item = receiver.executions[before].items[0].json;
		expect(item.changes).toEqual({ ...NOTHING, ...(EXPECTED[file] ?? {}) });
	});
});

describe('Only When', () => {
	let receiver: Receiver;
	afterEach(async () => receiver?.close());

	test('only the deliveries that show a chosen change start an execution; the others are answered 200 and start nothing', async () => {
		receiver = await startReceiver(
			automatic(
				{ options: { fetchFullContainer: false, onlyWhen: ['hold_released', 'eta_moved'] } },
				'wf-changes-only',
			),
		);
		const started: string[] = [];
		for (const { file, text } of EXAMPLES) {
			const before = receiver.executions.length;
			const answer = await receiver.post(text, signed(text));
			expect(answer.status).toBe(200);
			const event = JSON.parse(text).data.attributes.event as string;
			if (receiver.executions.length > before) {
				started.push(file);
				expect(answer.body).toEqual({
					received: true,
					notification_id: JSON.parse(text).data.id,
				});
			} else {
				expect(answer.body).toEqual({
					received: true,
					ignored: 'none of the chosen changes',
					event,
					notification_id: JSON.parse(text).data.id,
				});
				const result = receiver.results[receiver.results.length - 1];
				expect(result.noWebhookResponse).toBe(true);
				expect(result.workflowData).toBeUndefined();
			}
		}
		expect(started).toEqual([
			'container.transport.estimated.arrived_at_inland_destination.json',
			'container.transport.estimated.vessel_arrived.json',
			'container.updated.json',
			'shipment.estimated.arrival.json',
		]);
		expect(receiver.errors).toEqual([]);
		expect(logs).toContainEqual(
			expect.stringMatching(
				/^debug Terminal49 Trigger: ignored container\.transport\.vessel_arrived \S+ \(none of the chosen changes: none\)$/,
			),
		);
	});

	test('a filtered-out delivery is not remembered: the same notification is not a "duplicate" when the option changes', async () => {
		const wf = automatic({ options: { onlyWhen: ['fees_appeared'] } }, 'wf-changes-dedup');
		receiver = await startReceiver(wf);
		const text = EXAMPLES.find((e) => e.file === 'container.updated.json')!.text;
		expect((await receiver.post(text, signed(text))).body).toMatchObject({
			ignored: 'none of the chosen changes',
		});
		wf.parameters = { ...wf.parameters, options: { onlyWhen: ['became_ready_for_pickup'] } };
		expect((await receiver.post(text, signed(text))).body).toEqual({
			received: true,
			notification_id: JSON.parse(text).data.id,
		});
		expect(receiver.executions).toHaveLength(1);
	});

	test('Raw Payload output stays the document as received, without "changes"', async () => {
		receiver = await startReceiver(
			automatic({ options: { output: 'raw', onlyWhen: ['hold_released'] } }, 'wf-changes-raw'),
		);
		const text = EXAMPLES.find((e) => e.file === 'container.updated.json')!.text;
		await receiver.post(text, signed(text));
		expect(receiver.executions).toHaveLength(1);
		expect(receiver.executions[0].items[0].json).toEqual(JSON.parse(text));
	});
});

describe('sandbox deliveries', () => {
	let sb: Sandbox;
	let receiver: Receiver | undefined;
	let counter = 0;
	beforeAll(async () => {
		sb = await startSandbox({
			rateWindowMs: 1000,
			carrierDelayMs: 10,
			webhookRetryScale: 0,
			containers: 10,
		});
	});
	afterAll(async () => sb.close());
	afterEach(async () => {
		await receiver?.close();
		receiver = undefined;
	});

	async function activated(parameters: INodeParameters) {
		sb.reset({ containers: 10 });
		const wf = new TriggerWorkflow(
			parameters,
			{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
			undefined,
			`wf-changes-sandbox-${++counter}`,
		);
		receiver = await startReceiver(wf);
		expect(await wf.lifecycle('create')).toBe(true);
		return receiver;
	}

	/** No change, with the original ETA of the container's shipment as the sandbox serves it. */
	function nothingFor(containerId: string): ChangeFacts {
		const shipment = sb.store.shipmentOf(sb.store.findContainer(containerId)!);
		const original = new Date(Math.floor(shipment.podOriginalEta / 1000) * 1000);
		return { ...NOTHING, eta_original: original.toISOString().replace('.000Z', 'Z') };
	}

	/** The `changes` of the container.updated executions since `from`, with the changeset delivered. */
	function updates(r: Receiver, from = 0) {
		return r.executions.slice(from).map((e) => {
			const item = e.items[0].json as Record<string, any>;
			return { event: item.event, changeset: item.changeset, changes: item.changes };
		});
	}

	test('control-API changes to one container: each container.updated has the facts of the change made', async () => {
		const r = await activated({ events: ['container.updated'] });
		const id = sb.fixtures[0].containerId;
		// every item shows the shipment's first ETA at the port of discharge (no ETA moved: no days from it)
		const NOTHING = nothingFor(id);
		const step = async (patch: Record<string, unknown>) => {
			const from = r.executions.length;
			sb.updateContainer(id, patch as never);
			await sb.webhooksIdle();
			await r.idle();
			const got = updates(r, from);
			expect(got).toHaveLength(1);
			return got[0];
		};
		// a known state to start from (its own facts are not checked)
		await step({
			holds_at_pod_terminal: [
				{ name: 'customs', status: 'hold' },
				{ name: 'freight', status: 'hold' },
			],
			available_for_pickup: false,
			fees_at_pod_terminal: [],
			pickup_lfd_line: null,
			pickup_lfd_rail: null,
			pickup_lfd_terminal: '2026-03-02T12:00:00Z',
			pickup_appointment_at: null,
		});

		// customs released, the terminal says available: freight still holds it, so not ready
		let got = await step({
			holds_at_pod_terminal: [
				{ name: 'customs', status: 'released' },
				{ name: 'freight', status: 'hold' },
			],
			available_for_pickup: true,
		});
		expect(Object.keys(got.changeset).sort()).toEqual([
			'available_for_pickup',
			'holds_at_pod_terminal',
		]);
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['hold_released'],
			holds_released: ['customs'],
		});

		// freight released: ready (available, no active hold), though only the holds changed
		got = await step({
			holds_at_pod_terminal: [
				{ name: 'customs', status: 'released' },
				{ name: 'freight', status: 'released' },
			],
		});
		expect(Object.keys(got.changeset)).toEqual(['holds_at_pod_terminal']);
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['hold_released', 'became_ready_for_pickup'],
			holds_released: ['freight'],
			became_ready_for_pickup: true,
		});

		// a new customs hold: no longer ready
		got = await step({
			holds_at_pod_terminal: [
				{ name: 'customs', status: 'hold' },
				{ name: 'freight', status: 'released' },
			],
		});
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['hold_added', 'no_longer_ready_for_pickup'],
			holds_added: ['customs'],
			no_longer_ready_for_pickup: true,
		});

		got = await step({ fees_at_pod_terminal: [{ type: 'demurrage', amount: 150 }] });
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['fees_appeared', 'fee_posted', 'costs_started'],
			fees_appeared: true,
			fee_posted: true,
			fees_posted: ['demurrage'],
			costs_started: true,
		});
		got = await step({ fees_at_pod_terminal: [{ type: 'demurrage', amount: 300 }] });
		expect(got.changes).toEqual({ ...NOTHING, facts: ['fees_changed'], fees_changed: true });

		// the terminal's LFD three days later: the changeset names the combined pickup_lfd
		got = await step({ pickup_lfd_terminal: '2026-03-05T12:00:00Z' });
		expect(Object.keys(got.changeset)).toEqual(['pickup_lfd']);
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['lfd_moved'],
			lfd_moved: true,
			lfd_from: got.changeset.pickup_lfd.old,
			lfd_to: got.changeset.pickup_lfd.new,
			lfd_days_moved: 3,
		});
		expect(
			Date.parse(got.changeset.pickup_lfd.new) - Date.parse(got.changeset.pickup_lfd.old),
		).toBe(3 * 86_400_000);
		// two days earlier
		got = await step({ pickup_lfd_terminal: '2026-03-03T12:00:00Z' });
		expect(got.changes).toMatchObject({ facts: ['lfd_moved'], lfd_days_moved: -2 });

		got = await step({ pickup_appointment_at: '2026-03-04T16:00:00Z' });
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['appointment_changed', 'appointment_set'],
			appointment_changed: true,
			appointment_set: true,
			appointment_to: '2026-03-04T16:00:00Z',
		});
		got = await step({ pickup_appointment_at: '2026-03-05T09:30:00Z' });
		expect(got.changes).toEqual({
			...NOTHING,
			facts: ['appointment_changed', 'appointment_moved'],
			appointment_changed: true,
			appointment_moved: true,
			appointment_from: '2026-03-04T16:00:00Z',
			appointment_to: '2026-03-05T09:30:00Z',
		});
	});

	/** A fixture whose container is still on the water, with no hold and no LFD. */
	function onTheWater() {
		const fixture = sb.fixtures.find((f) => {
			const c = sb.store.findContainer(f.containerId)!;
			const milestones = sb.store.shipmentOf(c).milestones;
			return (
				c.stage >= 0 &&
				c.stage < milestones.indexOf('container.transport.vessel_discharged') &&
				c.holds.length === 0 &&
				!c.lfdTerminal &&
				!c.lfdLine
			);
		});
		expect(fixture).toBeDefined();
		return fixture!;
	}

	test('milestone advances: discharge sets the LFD, availability makes it ready, full out ends that', async () => {
		const r = await activated({ events: ['container.updated'] });
		const { containerId } = onTheWater();
		const NOTHING = nothingFor(containerId);
		const milestones = sb.store.shipmentOf(sb.store.findContainer(containerId)!).milestones;
		const by: Record<string, ReturnType<typeof updates>> = {};
		for (;;) {
			const from = r.executions.length;
			const [name] = sb.advanceContainer(containerId, 1);
			await sb.webhooksIdle();
			await r.idle();
			by[name] = updates(r, from);
			if (name === milestones[milestones.length - 1] || name === undefined) break;
		}
		// only these three steps change terminal data
		expect(
			Object.entries(by)
				.filter(([, list]) => list.length > 0)
				.map(([name]) => name),
		).toEqual([
			'container.transport.vessel_discharged',
			'container.transport.available',
			'container.transport.full_out',
		]);
		const [discharged] = by['container.transport.vessel_discharged'];
		expect(Object.keys(discharged.changeset)).toEqual(['pickup_lfd']);
		expect(discharged.changeset.pickup_lfd.old).toBeNull();
		expect(discharged.changes).toEqual({
			...NOTHING,
			facts: ['lfd_moved'],
			lfd_moved: true,
			lfd_to: discharged.changeset.pickup_lfd.new,
		});
		const [available] = by['container.transport.available'];
		expect(available.changeset).toEqual({ available_for_pickup: { old: false, new: true } });
		expect(available.changes).toEqual({
			...NOTHING,
			facts: ['became_ready_for_pickup'],
			became_ready_for_pickup: true,
		});
		const [fullOut] = by['container.transport.full_out'];
		expect(fullOut.changeset).toEqual({ available_for_pickup: { old: true, new: false } });
		expect(fullOut.changes).toEqual({
			...NOTHING,
			facts: ['no_longer_ready_for_pickup'],
			no_longer_ready_for_pickup: true,
		});
	});

	test('Only When "Became Ready for Pickup": of a whole journey, one execution', async () => {
		const r = await activated({
			events: [
				'container.updated',
				'container.transport.available',
				'container.pickup_lfd.changed',
			],
			options: { onlyWhen: ['became_ready_for_pickup'] },
		});
		const { containerId } = onTheWater();
		sb.advanceContainer(containerId, 20);
		await sb.webhooksIdle();
		await r.idle();
		const delivered = sb.deliveries.filter((d) => d.status === 200);
		expect(delivered.map((d) => d.event).sort()).toEqual([
			'container.pickup_lfd.changed',
			'container.transport.available',
			'container.updated',
			'container.updated',
			'container.updated',
		]);
		expect(r.executions).toHaveLength(1);
		expect(r.executions[0].items[0].json).toMatchObject({
			event: 'container.updated',
			changeset: { available_for_pickup: { old: false, new: true } },
			changes: { facts: ['became_ready_for_pickup'] },
		});
		expect(
			r.answers.filter(
				(a) => (a.body as { ignored?: string }).ignored === 'none of the chosen changes',
			),
		).toHaveLength(4);
	});
});
