/** Webhooks: validation, generated secret, signed deliveries (HMAC over raw bytes), envelope, retries. */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import { EVENT_NAMES } from '../../sandbox';
import { withWebhookDeadline } from '../helpers/webhookDeadline';
import {
	Receiver,
	client,
	control,
	startTestSandbox,
	trackingRequestBody,
	validator,
} from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
let rx: Receiver;

beforeAll(async () => {
	// long: a receiver starved of CPU beside other suites can take a second to answer; the test of a receiver
	// that does not answer shortens it for itself
	sb = await startTestSandbox({ webhookTimeoutMs: 10_000 });
	api = client(sb);
	rx = await new Receiver().start();
});
afterAll(async () => {
	await sb.close();
	await rx.close();
});
beforeEach(() => {
	sb.reset();
	rx.received = [];
	rx.statuses = [];
	rx.hang = false;
});

async function hook(events: string[], extra: Record<string, unknown> = {}) {
	const res = await api.post('/webhooks', {
		data: { type: 'webhook', attributes: { url: rx.url, active: true, events, ...extra } },
	});
	expect(res.status).toBe(201);
	return res.body.data;
}

const fixture = (k: string) => sb.fixtures.find((f) => f.key === k)!;

describe('webhook validation', () => {
	const post = (attributes: Record<string, unknown>) =>
		api.post('/webhooks', { data: { type: 'webhook', attributes } });
	test.each([
		['missing url', { active: true, events: ['container.updated'] }, '/data/attributes/url'],
		[
			'bad url',
			{ url: 'not a url', active: true, events: ['container.updated'] },
			'/data/attributes/url',
		],
		[
			'ftp url',
			{ url: 'ftp://example.com/x', active: true, events: ['container.updated'] },
			'/data/attributes/url',
		],
		[
			'no events',
			{ url: 'https://example.com/x', active: true, events: [] },
			'/data/attributes/events',
		],
		['missing events', { url: 'https://example.com/x', active: true }, '/data/attributes/events'],
		[
			'unknown event',
			{ url: 'https://example.com/x', active: true, events: ['container.updated', 'container.*'] },
			'/data/attributes/events/1',
		],
		[
			'secret given',
			{ url: 'https://example.com/x', active: true, events: ['container.updated'], secret: 'mine' },
			'/data/attributes/secret',
		],
	])('%s -> 422 with pointer', async (_name, attributes, pointer) => {
		const res = await post(attributes);
		expect(res.status).toBe(422);
		expect(res.body.errors[0].source.pointer).toBe(pointer);
	});

	test('all 43 events are accepted; secret is generated and distinct per webhook', async () => {
		expect(EVENT_NAMES).toHaveLength(43);
		const enumEvents =
			validator.spec.paths['/webhooks'].post.requestBody.content['application/json'].schema
				.properties.data.properties.attributes.properties.events.items.enum;
		expect([...EVENT_NAMES].sort()).toEqual([...enumEvents].sort());
		const a = await hook(EVENT_NAMES);
		const b = await hook(['container.updated']);
		expect(a.attributes.events).toHaveLength(43);
		expect(a.attributes.secret).not.toBe(b.attributes.secret);
	});

	test('http URLs are refused when allowHttpWebhookUrls is false', async () => {
		const strict = await startTestSandbox({ allowHttpWebhookUrls: false, containers: 0 });
		try {
			const res = await client(strict).post('/webhooks', {
				data: {
					type: 'webhook',
					attributes: { url: 'http://127.0.0.1:1/x', active: true, events: ['container.updated'] },
				},
			});
			expect(res.status).toBe(422);
			expect(res.body.errors[0].detail).toMatch(/https/);
		} finally {
			await strict.close();
		}
	});
});

describe('deliveries', () => {
	test('signed with lowercase hex HMAC-SHA256 of the raw body; envelope like the real examples', async () => {
		const w = await hook(['container.transport.empty_out']);
		sb.advanceContainer(fixture('new_booking').containerId);
		await sb.waitFor(() => rx.received.length === 1);
		const d = rx.received[0];
		expect(d.headers['content-type']).toBe('application/vnd.api+json');
		const expected = createHmac('sha256', w.attributes.secret).update(d.raw).digest('hex');
		expect(d.headers['x-t49-webhook-signature']).toBe(expected);
		expect(d.body.data).toMatchObject({
			type: 'webhook_notification',
			attributes: { event: 'container.transport.empty_out', delivery_status: 'pending' },
			relationships: {
				webhook: { data: { id: w.id, type: 'webhook' } },
				reference_object: { data: { type: 'transport_event' } },
			},
		});
		expect(d.body.included.map((r: any) => r.type)).toEqual(
			expect.arrayContaining(['shipment', 'container', 'transport_event']),
		);
		await sb.waitFor(() => sb.deliveries.length === 1);
		const n = (await api.get(`/webhook_notifications/${d.body.data.id}`)).body.data;
		expect(n.attributes.delivery_status).toBe('succeeded');
		expect(sb.deliveries[0]).toMatchObject({
			webhookId: w.id,
			url: rx.url,
			event: 'container.transport.empty_out',
			notificationId: n.id,
			status: 200,
			attempt: 1,
		});
	});

	test('inactive webhooks and unsubscribed events get nothing; every active subscriber gets its own notification', async () => {
		await hook(['container.transport.empty_out'], { active: false });
		await hook(['container.updated']);
		const a = await hook(['container.transport.empty_out']);
		const b = await hook(['container.transport.empty_out', 'container.updated']);
		sb.advanceContainer(fixture('new_booking').containerId);
		await sb.waitFor(() => rx.received.length >= 2);
		await sb.webhooksIdle();
		const got = rx.received.map((r) => r.body.data.relationships.webhook.data.id).sort();
		expect(got).toEqual([a.id, b.id].sort());
		expect(new Set(rx.received.map((r) => r.body.data.id)).size).toBe(2);
	});

	test('non-2xx answers are retried with the same notification id and bytes until success', async () => {
		await hook(['tracking_request.succeeded']);
		rx.statuses = [500, 503, 418];
		const tr = await api.post(
			'/tracking_requests',
			trackingRequestBody({
				request_type: 'bill_of_lading',
				request_number: 'MAEU770011',
				scac: 'MAEU',
			}),
		);
		await sb.waitFor(() => rx.received.length === 4 && sb.deliveries.length === 4, 5000);
		const ids = new Set(rx.received.map((r) => r.body.data.id));
		expect(ids.size).toBe(1);
		expect(new Set(rx.received.map((r) => r.raw.toString())).size).toBe(1);
		expect(sb.deliveries.map((d) => [d.attempt, d.status])).toEqual([
			[1, 500],
			[2, 503],
			[3, 418],
			[4, 200],
		]);
		const n = (await api.get(`/webhook_notifications/${[...ids][0]}?include=reference_object`))
			.body;
		expect(n.data.attributes.delivery_status).toBe('succeeded');
		expect(n.included[0]).toMatchObject({ id: tr.body.data.id, type: 'tracking_request' });
	});

	test('gives up after 12 retries (13 attempts) and marks the notification failed', async () => {
		await hook(['container.transport.empty_out']);
		rx.statuses = Array(20).fill(500);
		sb.advanceContainer(fixture('new_booking').containerId);
		await sb.waitFor(() => sb.store.notifications.all()[0]?.deliveryStatus === 'failed', 5000);
		expect(rx.received).toHaveLength(13);
		expect(sb.deliveries.map((d) => d.attempt)).toEqual([...Array(13).keys()].map((i) => i + 1));
		const list = (await api.get('/webhook_notifications')).body.data;
		expect(list[0].attributes.delivery_status).toBe('failed');
	});

	test('a receiver that does not answer in time is retried', async () => {
		await hook(['container.transport.empty_out']);
		rx.hang = true;
		await withWebhookDeadline(sb, 300, async () => {
			sb.advanceContainer(fixture('new_booking').containerId);
			await sb.waitFor(() => sb.deliveries.length >= 1, 3000);
			expect(sb.deliveries[0].status).toBeNull();
			expect(sb.deliveries[0].error).toMatch(/timeout/);
			rx.hang = false;
			await sb.waitFor(() => sb.store.notifications.all()[0].deliveryStatus === 'succeeded', 3000);
		});
	});

	test('custom headers configured on the webhook are sent', async () => {
		await hook(['container.transport.empty_out'], {
			headers: [{ name: 'X-Api-Token', value: 'abc' }],
		});
		sb.advanceContainer(fixture('new_booking').containerId);
		await sb.waitFor(() => rx.received.length === 1);
		expect(rx.received[0].headers['x-api-token']).toBe('abc');
	});
});

describe('events from state changes', () => {
	test('container PATCH emits container.updated (changeset old, new), pickup_lfd.changed and the per-source LFD event', async () => {
		await hook([
			'container.updated',
			'container.pickup_lfd.changed',
			'container.pickup_lfd_line.changed',
			'container.pickup_lfd_terminal.changed',
		]);
		const f = fixture('ready_for_pickup');
		const before = sb.store.containers.get(f.containerId)!;
		const oldLfd = new Date(before.lfdTerminal!).toISOString().replace('.000Z', 'Z');
		await control(sb, 'PATCH', `/containers/${f.containerId}`, {
			pickup_lfd_terminal: '2031-02-03T08:00:00Z',
			holds_at_pod_terminal: [{ name: 'USDA', status: 'pending' }],
		});
		await sb.waitFor(() => rx.received.length === 3);
		const byEvent = Object.fromEntries(
			rx.received.map((r) => [r.body.data.attributes.event, r.body]),
		);
		const updated = byEvent['container.updated'];
		const ev = updated.included.find((r: any) => r.type === 'container_updated_event');
		expect(ev.attributes.changeset).toEqual({
			pickup_lfd: [oldLfd, '2031-02-03T08:00:00Z'],
			holds_at_pod_terminal: [[], [{ name: 'USDA', status: 'pending', description: null }]],
		});
		expect(updated.data.relationships.reference_object.data).toEqual({
			id: ev.id,
			type: 'container_updated_event',
		});
		expect(byEvent['container.pickup_lfd.changed'].included.map((r: any) => r.type)).toEqual(
			expect.arrayContaining(['shipment', 'container', 'transport_event']),
		);
		expect(
			byEvent['container.pickup_lfd_terminal.changed'].included.map((r: any) => r.type),
		).toEqual(['transport_event']);
		expect(byEvent['container.pickup_lfd_line.changed']).toBeUndefined();
	});

	test('availability changes emit container.transport.available / not_available with an empty included', async () => {
		await hook(['container.transport.available', 'container.transport.not_available']);
		const f = fixture('ready_for_pickup');
		sb.updateContainer(f.containerId, { available_for_pickup: false });
		sb.updateContainer(f.containerId, { available_for_pickup: true });
		await sb.waitFor(() => rx.received.length === 2);
		expect(rx.received.map((r) => r.body.data.attributes.event)).toEqual([
			'container.transport.not_available',
			'container.transport.available',
		]);
		expect(rx.received.map((r) => r.body.included)).toEqual([[], []]);
	});

	test('tracking request outcomes emit tracking_request.* with the request in included', async () => {
		await hook([
			'tracking_request.succeeded',
			'tracking_request.failed',
			'tracking_request.awaiting_manifest',
			'container.created',
		]);
		for (const num of ['MAEU4411', 'NOTFOUND44', 'AWAIT4411'])
			await api.post(
				'/tracking_requests',
				trackingRequestBody({ request_type: 'bill_of_lading', request_number: num, scac: 'MAEU' }),
			);
		await sb.waitFor(
			() =>
				rx.received.filter((r) => r.body.data.attributes.event.startsWith('tracking_request'))
					.length === 3,
		);
		const events = rx.received.map((r) => r.body.data.attributes.event);
		expect(events).toEqual(
			expect.arrayContaining([
				'tracking_request.succeeded',
				'tracking_request.failed',
				'tracking_request.awaiting_manifest',
				'container.created',
			]),
		);
		const failed = rx.received.find(
			(r) => r.body.data.attributes.event === 'tracking_request.failed',
		)!.body;
		expect(failed.included[0].attributes).toMatchObject({
			status: 'failed',
			failed_reason: 'not_found',
		});
	});

	test('every real example event can be fired; reference object types and envelope keys match the examples', async () => {
		await hook(EVENT_NAMES);
		const dir = path.join(__dirname, '..', 'fixtures', 'webhook-examples');
		const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
		expect(files).toHaveLength(36);
		for (const file of files) {
			const example = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			const event = example.data.attributes.event as string;
			const ref = event.startsWith('tracking_request.')
				? fixture('ready_for_pickup').trackingRequestId
				: event.startsWith('shipment.')
					? fixture('ready_for_pickup').shipmentId
					: fixture('on_rail').containerId;
			const before = rx.received.length;
			const r = await control(sb, 'POST', '/events', { event, reference_id: ref });
			expect(r.status).toBe(202);
			await sb.waitFor(() => rx.received.length === before + 1);
			const got = rx.received[before].body;
			expect(got.data.attributes.event).toBe(event);
			expect(Object.keys(got.data.attributes).sort()).toEqual(
				Object.keys(example.data.attributes).sort(),
			);
			expect(Object.keys(got.data.relationships).sort()).toEqual(
				Object.keys(example.data.relationships).sort(),
			);
			expect(got.data.relationships.reference_object.data.type).toBe(
				example.data.relationships.reference_object.data.type,
			);
			if ((example.included ?? []).length === 0) expect(got.included).toEqual([]);
		}
	});
});

test('POST /webhooks/trigger sends one signed test delivery and reports the result', async () => {
	const res = await api.post(
		'/webhooks/trigger',
		{ url: rx.url, event: 'container.transport.vessel_arrived', secret: 'test-secret' },
		{ headers: { 'Content-Type': 'application/json' } },
	);
	expect(res.status).toBe(200);
	expect(res.body).toMatchObject({
		url: rx.url,
		succeeded: true,
		error: null,
		status_code: 200,
		response_body: 'ok',
	});
	expect(rx.received).toHaveLength(1);
	const d = rx.received[0];
	expect(d.raw.toString()).toBe(res.body.request_body);
	expect(d.headers['x-t49-webhook-signature']).toBe(
		createHmac('sha256', 'test-secret').update(d.raw).digest('hex'),
	);
	expect(res.body.request_headers['X-T49-Webhook-Signature']).toBe(
		d.headers['x-t49-webhook-signature'],
	);
	const missing = await api.post('/webhooks/trigger', { event: 'container.updated' });
	expect(missing.status).toBe(422);
	expect(missing.body.errors[0].detail).toBe('url is required');
	rx.statuses = [500];
	expect(
		(await api.post('/webhooks/trigger', { url: rx.url, event: 'container.updated' })).body,
	).toMatchObject({ succeeded: false, status_code: 500 });
});

test('POST /webhooks/trigger: each sample is about a container whose state fits the event', async () => {
	/** The container (attributes) and the shipment a sample of `event` carries in `included`. */
	const sampleOf = async (event: string) => {
		const before = rx.received.length;
		const res = await api.post('/webhooks/trigger', { url: rx.url, event, secret: 's' });
		expect([event, res.body.succeeded]).toEqual([event, true]);
		const body = rx.received[before].body;
		const of = (type: string) => body.included.find((r: any) => r.type === type)?.attributes;
		return { container: of('container'), shipment: of('shipment'), body };
	};
	// Available for Pickup: available, with a last free day (not the newest container, status new, no LFD)
	const available = await sampleOf('container.transport.available');
	expect(available.container).toMatchObject({ available_for_pickup: true });
	expect(available.container.pickup_lfd).toEqual(expect.any(String));
	expect(available.container.current_status).not.toBe('new');
	expect(available.body.data.attributes.event).toBe('container.transport.available');
	// container.updated's sample changeset says available_for_pickup false -> true: the container is available
	const updated = await sampleOf('container.updated');
	expect(updated.container.available_for_pickup).toBe(true);
	const notAvailable = await sampleOf('container.transport.not_available');
	expect(notAvailable.container.available_for_pickup).toBe(false);
	expect(notAvailable.container.pod_discharged_at).toEqual(expect.any(String));
	const lfd = await sampleOf('container.pickup_lfd.changed');
	expect(lfd.container.pickup_lfd).toEqual(expect.any(String));
	const lineLfd = await sampleOf('container.pickup_lfd_line.changed');
	expect(lineLfd.container.import_deadlines.pickup_lfd_line).toEqual(expect.any(String));
	// a milestone: the container is past it; an estimate: not there yet
	const discharged = await sampleOf('container.transport.vessel_discharged');
	expect(discharged.container.pod_discharged_at).toEqual(expect.any(String));
	const eta = await sampleOf('container.transport.estimated.vessel_arrived');
	expect(eta.container.pod_arrived_at).toBeNull();
});

test('GET /webhook_notifications/examples covers all 43 events with schema-valid bodies', async () => {
	const res = await api.get('/webhook_notifications/examples');
	expect(res.body.data.map((n: any) => n.attributes.event).sort()).toEqual([...EVENT_NAMES].sort());
	const one = await api.get('/webhook_notifications/examples?event=shipment.estimated.arrival');
	expect(one.body.data[0].relationships.reference_object.data.type).toBe('estimated_event');
	expect((await api.get('/webhook_notifications/examples?event=nope')).status).toBe(400);
});

test('every one of the 43 events can be fired through the control API', async () => {
	await hook(EVENT_NAMES);
	const refFor = (event: string) =>
		event.startsWith('tracking_request.')
			? fixture('on_ship').trackingRequestId
			: event.startsWith('document.')
				? sb.store.documents.all()[0].id
				: event.startsWith('shipment.')
					? fixture('on_ship').containerNumber
					: fixture('on_ship').containerNumber;
	for (const event of EVENT_NAMES) {
		const before = rx.received.length;
		const r = await control(sb, 'POST', '/events', { event, reference_id: refFor(event) });
		expect([event, r.status]).toEqual([event, 202]);
		await sb.waitFor(() => rx.received.length === before + 1);
		expect(rx.received[before].body.data.attributes.event).toBe(event);
	}
});

test('include=reference_object resolves the transport event of a bare delivery', async () => {
	await hook(['container.transport.not_available']);
	const f = fixture('ready_for_pickup');
	sb.updateContainer(f.containerId, { available_for_pickup: false });
	await sb.waitFor(() => rx.received.length === 1);
	const delivered = rx.received[0].body;
	expect(delivered.included).toEqual([]);
	const res = await api.get(`/webhook_notifications/${delivered.data.id}?include=reference_object`);
	expect(res.body.included).toHaveLength(1);
	expect(res.body.included[0]).toMatchObject({
		id: delivered.data.relationships.reference_object.data.id,
		type: 'transport_event',
		attributes: { event: 'container.transport.not_available' },
	});
});
