/**
 * webhook() in n8n-core's real WebhookContext behind a real http server (see harness.ts): every real
 * example payload signed and accepted with the right output; every kind of bad delivery refused with no
 * execution; duplicates and unselected events answered 200 with no execution.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WEBHOOK_EVENT_VALUES } from '../../nodes/Terminal49/domain/events';
import { forgetScope } from '../../nodes/Terminal49/trigger/dedup';
import { captureLogs } from '../helpers/runNode';
import type { Receiver } from './harness';
import { startReceiver, TriggerWorkflow } from './harness';

const EXAMPLES_DIR = join(__dirname, '..', 'fixtures', 'webhook-examples');
const EXAMPLES = readdirSync(EXAMPLES_DIR)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((file) => ({ file, text: readFileSync(join(EXAMPLES_DIR, file), 'utf8') }));
const SECRET = '3f9a0c1d5e7b2468ace13579bdf02468ace13579bdf02468';

const sign = (body: string | Buffer, secret = SECRET) =>
	createHmac('sha256', secret).update(body).digest('hex');
const signed = (body: string | Buffer, secret = SECRET) => ({
	'x-t49-webhook-signature': sign(body, secret),
});

let logs: string[];
beforeAll(() => {
	logs = captureLogs();
});

/** A trigger with the secret of a stored (automatic) webhook; the sandbox is not needed for these. */
function automatic(parameters: Record<string, unknown> = {}) {
	const wf = new TriggerWorkflow(
		{ events: WEBHOOK_EVENT_VALUES, webhookManagement: 'automatic', ...parameters },
		{ apiKey: 'sandbox_paid', baseUrl: 'http://127.0.0.1:9/v2' },
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
	let wf: TriggerWorkflow;
	let receiver: Receiver;
	beforeAll(async () => {
		// The payloads as delivered (no service to fetch bare events' containers from here; that is in sandbox-delivery).
		wf = automatic({ options: { fetchFullContainer: false } });
		receiver = await startReceiver(wf);
	});
	afterAll(async () => receiver.close());

	test('there are 36 examples, each a selectable event', () => {
		expect(EXAMPLES).toHaveLength(36);
		for (const { text } of EXAMPLES)
			expect(WEBHOOK_EVENT_VALUES).toContain(JSON.parse(text).data.attributes.event);
	});

	test.each(EXAMPLES.map((e) => [e.file, e.text]))(
		'%s is verified, accepted and simplified',
		async (_file, text) => {
			const before = receiver.executions.length;
			const answer = await receiver.post(text, signed(text));
			expect(answer.status).toBe(200);
			expect(receiver.executions).toHaveLength(before + 1);
			const items = receiver.executions[before].items;
			expect(items).toHaveLength(1);
			const item = items[0].json;
			const payload = JSON.parse(text);
			const data = payload.data;
			const included: Array<{ id: string; type: string; attributes?: Record<string, unknown> }> =
				payload.included ?? [];
			const ref = data.relationships.reference_object.data;

			expect(item.event).toBe(data.attributes.event);
			expect(item.notification_id).toBe(data.id);
			expect(item.created_at).toBe(data.attributes.created_at);
			expect(item.delivery_status).toBe(data.attributes.delivery_status);
			expect(item.webhook_id).toBe(data.relationships.webhook.data.id);
			expect(item.reference_object).toMatchObject({ id: ref.id, type: ref.type });
			const refIncluded = included.find((r) => r.type === ref.type && r.id === ref.id);
			if (refIncluded) expect(item.reference_object).toMatchObject(refIncluded.attributes ?? {});

			// the container: the one the reference object points at, else the only one included
			const containers = included.filter((r) => r.type === 'container');
			const refContainer = (
				refIncluded as { relationships?: { container?: { data?: { id: string } } } } | undefined
			)?.relationships?.container?.data;
			const expected =
				containers.find((c) => c.id === refContainer?.id) ??
				(containers.length === 1 ? containers[0] : undefined);
			if (expected) {
				const container = item.container as Record<string, unknown>;
				expect(container).toMatchObject({
					id: expected.id,
					type: 'container',
					number: expected.attributes!.number,
				});
				// derived fields of the action node
				for (const field of [
					'ready_for_pickup',
					'active_holds',
					'pending_holds',
					'fees_total',
					'pickup_lfd_source',
					'days_until_pickup_lfd',
				]) {
					expect(container).toHaveProperty(field);
				}
				expect(container.ready_for_pickup).toBe(
					expected.attributes!.available_for_pickup === true &&
						!((expected.attributes!.holds_at_pod_terminal as Array<{ status: string }>) ?? []).some(
							(h) => h.status === 'hold',
						),
				);
			} else {
				expect(item.container).toBeNull();
			}
			expect((item.containers as unknown[]).length).toBe(containers.length || (expected ? 1 : 0));

			const shipments = included.filter((r) => r.type === 'shipment');
			if (shipments.length === 1)
				expect(item.shipment).toMatchObject({
					id: shipments[0].id,
					bill_of_lading_number: shipments[0].attributes!.bill_of_lading_number,
				});
			if (shipments.length === 0) expect(item.shipment).toBeNull();

			if (ref.type === 'transport_event') {
				expect(item.transport_event).toMatchObject({ id: ref.id, type: 'transport_event' });
				if (refIncluded)
					expect(item.transport_event).toMatchObject({
						event: refIncluded.attributes!.event,
						timestamp: refIncluded.attributes!.timestamp,
					});
			} else {
				expect(item.transport_event).toBeNull();
			}
			if (ref.type === 'tracking_request') {
				expect(item.tracking_request).toMatchObject({
					id: ref.id,
					status: refIncluded!.attributes!.status,
				});
			} else {
				expect(item.tracking_request).toBeNull();
			}
			if (data.attributes.event === 'container.updated') {
				const changeset = refIncluded!.attributes!.changeset as Record<string, [unknown, unknown]>;
				expect(Object.keys(item.changeset as object)).toEqual(Object.keys(changeset));
				for (const [field, [oldValue, newValue]] of Object.entries(changeset)) {
					expect((item.changeset as Record<string, unknown>)[field]).toEqual({
						old: oldValue,
						new: newValue,
					});
				}
			} else {
				expect(item.changeset).toBeNull();
			}
		},
	);

	test('container.updated in detail: changeset as {old, new}, container with insights and its shipment', async () => {
		const { text } = EXAMPLES.find((e) => e.file === 'container.updated.json')!;
		const copy = text.replace('aee69c9e-66e5-4ead-82ee-668dafc242ee', 'detail-container-updated'); // new notification id
		await receiver.post(copy, signed(copy));
		const item = receiver.executions.at(-1)!.items[0].json as Record<string, any>;
		expect(item.changeset).toEqual({
			available_for_pickup: { old: false, new: true },
			holds_at_pod_terminal: {
				old: [
					{ name: 'other', status: 'hold', description: 'DOWN - Broken Machine Over Pile' },
					{ name: 'other', status: 'hold', description: 'MACHINE - ' },
				],
				new: [],
			},
		});
		expect(item.container).toMatchObject({
			id: '5f3d40ad-2e2f-4778-8973-8a3a70bef56d',
			number: 'MSKU4807969',
			available_for_pickup: true,
			ready_for_pickup: true,
			active_holds: [],
			pickup_lfd: '2022-10-24T04:00:00Z',
			lfd_time_zone: 'America/New_York',
			pod_terminal: { id: 'fb4666e2-f159-429e-9d6c-4a09ced32262', firms_code: 'E425' },
			shipment: {
				id: 'c0633538-4e53-4c33-bde5-055a5bdbfa29',
				bill_of_lading_number: 'MAEUJAK015053',
			},
		});
		expect(item.shipment).toMatchObject({
			id: 'c0633538-4e53-4c33-bde5-055a5bdbfa29',
			pod_timezone: 'America/New_York',
		});
		expect(item.reference_object).toMatchObject({
			type: 'container_updated_event',
			data_source: 'terminal',
			container: '5f3d40ad-2e2f-4778-8973-8a3a70bef56d',
		});
	});

	test('tracking_request.succeeded: the request, its shipment and every container', async () => {
		const { text } = EXAMPLES.find((e) => e.file === 'tracking_request.succeeded.json')!;
		const copy = text.replace(/"0b27a595-e531-4f93-8d5a-22e1675d863a"/g, '"detail-tr-succeeded"');
		await receiver.post(copy, signed(copy));
		const item = receiver.executions.at(-1)!.items[0].json as Record<string, any>;
		expect(item.notification_id).toBe('detail-tr-succeeded');
		expect(item.tracking_request).toMatchObject({
			type: 'tracking_request',
			status: 'created',
			tracked_object: expect.any(String),
		});
		expect(item.shipment.id).toBe(item.tracking_request.tracked_object);
		expect(item.containers.length).toBeGreaterThanOrEqual(1);
	});
});

describe('refused deliveries start no execution', () => {
	let wf: TriggerWorkflow;
	let receiver: Receiver;
	const body = EXAMPLES.find((e) => e.file === 'container.transport.vessel_arrived.json')!.text;
	beforeAll(async () => {
		// The payloads as delivered (no service to fetch bare events' containers from here; that is in sandbox-delivery).
		wf = automatic({ options: { fetchFullContainer: false } });
		receiver = await startReceiver(wf);
	});
	afterAll(async () => receiver.close());
	afterEach(() => {
		expect(receiver.executions).toHaveLength(0);
		expect(receiver.errors).toHaveLength(0); // never thrown: n8n would record a failed execution
	});

	test('tampered body (one byte changed after signing) -> 401', async () => {
		const tampered = body.replace('"132/E"', '"132/F"');
		expect(tampered).not.toBe(body);
		expect(await receiver.post(tampered, signed(body))).toEqual({
			status: 401,
			body: { error: 'Invalid signature' },
		});
	});

	test('re-serialised JSON (same data, other bytes) -> 401: only the raw bytes are trusted', async () => {
		const reserialised = JSON.stringify(JSON.parse(body));
		expect(reserialised).not.toBe(body);
		expect((await receiver.post(reserialised, signed(body))).status).toBe(401);
	});

	test('wrong secret -> 401', async () => {
		expect((await receiver.post(body, signed(body, 'another-secret'))).status).toBe(401);
	});

	test('missing signature header -> 401', async () => {
		expect((await receiver.post(body)).status).toBe(401);
	});

	test('malformed signature header (not 64 hex digits, prefixed, truncated) -> 401', async () => {
		const good = sign(body);
		for (const value of [`sha256=${good}`, good.slice(0, 63), `${good}00`, 'zz'.repeat(32)]) {
			expect((await receiver.post(body, { 'x-t49-webhook-signature': value })).status).toBe(401);
		}
	});

	test('empty body -> 401 (even with the signature of the empty string)', async () => {
		expect((await receiver.post('', signed(''))).status).toBe(401);
	});

	test('signed but not JSON -> 400', async () => {
		const text = 'data=not-json';
		expect(await receiver.post(text, signed(text))).toEqual({
			status: 400,
			body: { error: 'Body is not JSON' },
		});
	});

	test('signed JSON that is not a notification -> 400', async () => {
		const text = JSON.stringify({ hello: 'world' });
		expect((await receiver.post(text, signed(text))).status).toBe(400);
	});

	test('oversized body (over 5 MB) -> 413 without verifying or parsing it', async () => {
		const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x20);
		expect((await receiver.post(big, signed(big))).status).toBe(413);
	});

	test('no secret stored (workflow never activated) -> 401', async () => {
		const bare = new TriggerWorkflow(
			{ events: WEBHOOK_EVENT_VALUES },
			{ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v2' },
		);
		const other = await startReceiver(bare);
		try {
			expect((await other.post(body, signed(body))).status).toBe(401);
			expect(other.executions).toHaveLength(0);
		} finally {
			await other.close();
		}
	});

	test('refusals are logged without the secret or the expected signature', () => {
		const text = logs.join('\n');
		expect(text).toMatch(/refused a delivery \(HTTP 401\)/);
		expect(text).not.toContain(SECRET);
		expect(text).not.toContain(sign(body));
	});
});

describe('exactly once', () => {
	const body = EXAMPLES.find((e) => e.file === 'container.transport.vessel_discharged.json')!.text;

	test('a redelivery of the same notification id answers 200 and starts no execution; nothing is written to static data', async () => {
		const wf = automatic();
		wf.workflowId = 'wf-dedup-1';
		const receiver = await startReceiver(wf);
		try {
			const first = await receiver.post(body, signed(body));
			// n8n answers with the node's webhookResponse once it has recorded the execution
			expect(first).toEqual({
				status: 200,
				body: { received: true, notification_id: JSON.parse(body).data.id },
			});
			const again = await receiver.post(body, signed(body));
			expect(again).toEqual({
				status: 200,
				body: { received: true, duplicate: true, notification_id: JSON.parse(body).data.id },
			});
			expect(receiver.executions).toHaveLength(1);
			expect(Object.keys(wf.stored).sort()).toEqual([
				'webhookEvents',
				'webhookId',
				'webhookSecret',
			]);
		} finally {
			await receiver.close();
		}
	});

	test('concurrent redeliveries: one execution', async () => {
		const wf = automatic();
		wf.workflowId = 'wf-dedup-concurrent';
		const receiver = await startReceiver(wf);
		try {
			const copy = body.replace(
				/"[0-9a-f-]{36}",\s*"type": "webhook_notification"/,
				'"concurrent-1", "type": "webhook_notification"',
			);
			expect(copy).not.toBe(body);
			const answers = await Promise.all(
				Array.from({ length: 8 }, () => receiver.post(copy, signed(copy))),
			);
			expect(answers.every((a) => a.status === 200)).toBe(true);
			expect(receiver.executions).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});

	test("after a restart (process memory gone) a redelivery's execution ends at the trigger: n8n's store remembers", async () => {
		const wf = automatic();
		wf.workflowId = 'wf-dedup-restart';
		const receiver = await startReceiver(wf);
		await receiver.post(body, signed(body));
		await receiver.close();
		// a restarted n8n: same database (static data and deduplication store), fresh process memory
		forgetScope(`${wf.workflowId}:${wf.node.id}`);
		const again = await startReceiver(wf);
		try {
			expect((await again.post(body, signed(body))).status).toBe(200);
			expect(again.executions).toHaveLength(1);
			expect(again.executions[0].items).toEqual([]);
			expect(logs.join('\n')).toContain(
				'was already run by an earlier execution; this one stops here',
			);
		} finally {
			await again.close();
		}
	});

	test('Answer Terminal49 "When the Workflow Finished": the store is not consulted, so the redelivery of a run that did not finish (answered 500, e.g. its worker died) runs again', async () => {
		const wf = automatic({ options: { answer: 'finished' } });
		wf.workflowId = 'wf-dedup-finished';
		const logsBefore = logs.length;
		const receiver = await startReceiver(wf);
		await receiver.post(body, signed(body));
		expect(receiver.executions[0].items).toHaveLength(1);
		await receiver.close();
		// the first run's answer never came as a 2xx (its worker died): Terminal49 delivers it again, here to a
		// process whose memory does not hold the id
		forgetScope(`${wf.workflowId}:${wf.node.id}`);
		const again = await startReceiver(wf);
		try {
			expect((await again.post(body, signed(body))).status).toBe(200);
			expect(again.executions).toHaveLength(1);
			expect(again.executions[0].items[0].json).toMatchObject({
				notification_id: JSON.parse(body).data.id,
			});
			expect(logs.slice(logsBefore).join('\n')).not.toContain(
				'was already run by an earlier execution',
			);
		} finally {
			await again.close();
		}
	});

	test('a delivery n8n could not record (answered 5xx) is not remembered: its redelivery runs', async () => {
		const wf = automatic();
		wf.workflowId = 'wf-dedup-failed';
		const receiver = await startReceiver(wf, { failRecordingOnce: true });
		try {
			expect((await receiver.post(body, signed(body))).status).toBe(500);
			expect(receiver.executions).toHaveLength(0);
			expect((await receiver.post(body, signed(body))).status).toBe(200);
			expect(receiver.executions).toHaveLength(1);
			expect(receiver.executions[0].items[0].json).toMatchObject({
				notification_id: JSON.parse(body).data.id,
			});
		} finally {
			await receiver.close();
		}
	});

	test('deduplication window 0 turns it off', async () => {
		const wf = automatic({ options: { deduplicationHours: 0 } });
		wf.workflowId = 'wf-no-dedup';
		const receiver = await startReceiver(wf);
		try {
			await receiver.post(body, signed(body));
			await receiver.post(body, signed(body));
			expect(receiver.executions).toHaveLength(2);
		} finally {
			await receiver.close();
		}
	});
});

describe('filtering, output and n8n request variants', () => {
	const vesselArrived = EXAMPLES.find(
		(e) => e.file === 'container.transport.vessel_arrived.json',
	)!.text;

	test('an event that is not selected answers 200 and starts no execution', async () => {
		const wf = automatic({ events: ['container.updated'] });
		wf.workflowId = 'wf-filter';
		const receiver = await startReceiver(wf);
		try {
			const answer = await receiver.post(vesselArrived, signed(vesselArrived));
			expect(answer).toEqual({
				status: 200,
				body: {
					received: true,
					ignored: 'event not selected',
					event: 'container.transport.vessel_arrived',
				},
			});
			expect(receiver.executions).toHaveLength(0);
			expect(wf.stored.seenNotifications).toBeUndefined();
		} finally {
			await receiver.close();
		}
	});

	test('Raw Payload outputs the document exactly as received', async () => {
		const wf = automatic({ options: { output: 'raw' } });
		wf.workflowId = 'wf-raw';
		const receiver = await startReceiver(wf);
		try {
			await receiver.post(vesselArrived, signed(vesselArrived));
			expect(receiver.executions[0].items[0].json).toEqual(JSON.parse(vesselArrived));
		} finally {
			await receiver.close();
		}
	});

	test('Managed by Hand verifies with the pasted secret', async () => {
		const wf = new TriggerWorkflow(
			{ events: WEBHOOK_EVENT_VALUES, webhookManagement: 'manual', secret: 'hand-made-secret' },
			{ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v2' },
			undefined,
			'wf-manual',
		);
		const receiver = await startReceiver(wf);
		try {
			expect((await receiver.post(vesselArrived, signed(vesselArrived))).status).toBe(401);
			expect(
				(await receiver.post(vesselArrived, signed(vesselArrived, 'hand-made-secret'))).status,
			).toBe(200);
			expect(receiver.executions).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});

	test.each([
		[
			'rawBody already filled (typeVersion 1 in n8n 2.41)',
			{ prefillRawBody: true },
			'application/vnd.api+json',
		],
		[
			'rawBody read by the node with readRawBody()',
			{ prefillRawBody: false },
			'application/vnd.api+json',
		],
		['application/json (n8n also parses req.body)', { prefillRawBody: true }, 'application/json'],
		[
			'content type with charset',
			{ prefillRawBody: false },
			'application/vnd.api+json; charset=utf-8',
		],
	])('%s', async (_name, options, contentType) => {
		const wf = automatic();
		wf.workflowId = `wf-variant-${contentType}-${String(options.prefillRawBody)}`;
		const receiver = await startReceiver(wf, options);
		try {
			expect(
				(
					await receiver.post(vesselArrived, {
						...signed(vesselArrived),
						'content-type': contentType,
					})
				).status,
			).toBe(200);
			expect(receiver.executions[0].items[0].json).toMatchObject({
				event: 'container.transport.vessel_arrived',
			});
		} finally {
			await receiver.close();
		}
	});

	test('a body over 5 MB that n8n already read into rawBody (typeVersion 1) -> 413', async () => {
		const wf = automatic();
		wf.workflowId = 'wf-big-prefilled';
		const receiver = await startReceiver(wf, { prefillRawBody: true });
		try {
			const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
			// chunked: no Content-Length, so only the length of the bytes read can tell
			const answer = await fetch(receiver.url, {
				method: 'POST',
				headers: { 'content-type': 'application/vnd.api+json', ...signed(big) },
				body: new Blob([big]).stream(),
				duplex: 'half',
			} as RequestInit);
			expect(answer.status).toBe(413);
			expect(receiver.executions).toHaveLength(0);
			expect(logs.join('\n')).toContain('the body is 5242881 bytes, over the 5242880 byte limit');
		} finally {
			await receiver.close();
		}
	});

	test("a body over n8n's own payload limit (readRawBody throws) -> 413, nothing thrown", async () => {
		const wf = automatic();
		wf.workflowId = 'wf-n8n-limit';
		const receiver = await startReceiver(wf, { payloadLimitBytes: 1000 });
		try {
			const answer = await receiver.post(vesselArrived, signed(vesselArrived));
			expect(answer.status).toBe(413);
			expect(receiver.errors).toHaveLength(0);
			expect(receiver.executions).toHaveLength(0);
		} finally {
			await receiver.close();
		}
	});
});
