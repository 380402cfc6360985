/**
 * The sandbox's day of activity beyond milestones and terminal data (issue 42): a milestone Terminal49 withdraws
 * (back to null, `container.updated` with `[previous, null]`), a container the carrier adds to a tracked shipment
 * (`container.created`), deliveries held and released out of order, and a delivery repeated (same bytes, same
 * signature), through the control API and the Sandbox object.
 */
import type { Sandbox } from '../../sandbox';
import { Receiver, client, control, startTestSandbox } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
let rx: Receiver;

beforeAll(async () => {
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
});

const fixture = (k: string) => sb.fixtures.find((f) => f.key === k)!;

async function hook(events: string[]) {
	const res = await api.post('/webhooks', {
		data: { type: 'webhook', attributes: { url: rx.url, active: true, events } },
	});
	expect(res.status).toBe(201);
}

const events = () => rx.received.map((r) => r.body.data.attributes.event as string);
const containerOf = (body: any, id: string) =>
	(body.included as any[]).find((r) => r.type === 'container' && r.id === id);

test('a withdrawn full out: pod_full_out_at back to null, the status back (not available: the terminal said so at the gate), container.updated with [previous, null]', async () => {
	await hook(['container.updated']);
	const f = fixture('picked_up_yesterday');
	const before = (await api.get(`/containers/${f.containerId}`)).body.data.attributes;
	expect(before.pod_full_out_at).toEqual(expect.any(String));
	expect(before.current_status).toBe('picked_up');

	const res = await control(sb, 'POST', `/containers/${f.containerNumber}/withdraw`);
	expect(res.status).toBe(200);
	expect(res.body.changeset).toEqual({
		pod_full_out_at: [before.pod_full_out_at, null],
		current_status: ['picked_up', 'not_available'],
	});
	await sb.webhooksIdle();
	expect(events()).toEqual(['container.updated']);
	const [delivery] = rx.received;
	const changeset = (delivery.body.included as any[]).find(
		(r) => r.type === 'container_updated_event',
	).attributes.changeset;
	expect(changeset.pod_full_out_at).toEqual([before.pod_full_out_at, null]);
	expect(containerOf(delivery.body, f.containerId).attributes.pod_full_out_at).toBeNull();
	const after = (await api.get(`/containers/${f.containerId}`)).body.data.attributes;
	expect(after.pod_full_out_at).toBeNull();
	expect(after.current_status).toBe('not_available');
});

test('a container still on the ocean leg has nothing of its own to withdraw: 409', async () => {
	const res = await control(
		sb,
		'POST',
		`/containers/${fixture('on_ship').containerNumber}/withdraw`,
	);
	expect(res.status).toBe(409);
	expect(sb.withdrawMilestone(fixture('new_booking').containerId)).toBeNull();
});

test('a container added to a tracked shipment: container.created, and the shipment and the list have it', async () => {
	await hook(['container.created']);
	const f = fixture('on_ship');
	const before = (await api.get(`/shipments/${f.shipmentId}`)).body.data.relationships.containers
		.data as Array<{ id: string }>;
	const res = await control(sb, 'POST', `/shipments/${f.billOfLading}/containers`);
	expect(res.status).toBe(201);
	const added = res.body.data;
	expect(added.attributes.number).toMatch(/^[A-Z]{4}\d{7}$/);
	await sb.webhooksIdle();
	expect(events()).toEqual(['container.created']);
	expect(containerOf(rx.received[0].body, added.id).attributes.number).toBe(
		added.attributes.number,
	);
	const shipment = (await api.get(`/shipments/${f.shipmentId}`)).body.data;
	expect(shipment.relationships.containers.data.map((c: { id: string }) => c.id)).toEqual([
		...before.map((c) => c.id),
		added.id,
	]);
	// on the shipment's ocean leg: on the vessel, like its sisters
	expect(added.attributes.current_status).toBe('on_ship');
	const listed = await api.get(`/containers?filter[number]=${added.attributes.number}`);
	expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([added.id]);
	// the same container each run: made from the shipment and how many it has
	sb.reset();
	expect(sb.addContainer(f.shipmentId).number).toBe(added.attributes.number);
});

test('held deliveries go out when released, newest first on request; a repeat is the same bytes and signature', async () => {
	await hook(['container.updated']);
	const f = fixture('ready_for_pickup');
	sb.holdDeliveries();
	sb.updateContainer(f.containerId, { pickup_appointment_at: '2026-12-01T15:00:00Z' });
	sb.updateContainer(f.containerId, { pickup_appointment_at: '2026-12-02T15:00:00Z' });
	await sb.webhooksIdle();
	expect(rx.received).toHaveLength(0);
	const held = sb.store.notifications.all().map((n) => n.id);
	expect(held).toHaveLength(2);
	expect(sb.store.notifications.all().every((n) => n.deliveryStatus === 'pending')).toBe(true);

	const res = await control(sb, 'POST', '/deliveries/release', { order: 'newest_first' });
	expect(res.body.released).toEqual([...held].reverse());
	await sb.waitFor(() => rx.received.length === 2);
	expect(rx.received.map((r) => r.body.data.id)).toEqual([...held].reverse());
	await sb.webhooksIdle();

	const again = await control(sb, 'POST', `/notifications/${held[0]}/redeliver`);
	expect(again.status).toBe(202);
	await sb.waitFor(() => rx.received.length === 3);
	const [first] = rx.received.filter((r) => r.body.data.id === held[0]);
	expect(rx.received[2].raw.equals(first.raw)).toBe(true);
	expect(rx.received[2].headers['x-t49-webhook-signature']).toBe(
		first.headers['x-t49-webhook-signature'],
	);
	expect((await control(sb, 'POST', '/notifications/nope/redeliver')).status).toBe(404);
});

test("a shipment's tracking stopped: tracking_request.tracking_stopped about its tracking request, with the shipment (stopped) and without its containers; resumed: nothing sent (Terminal49 documents no event), the request back to created", async () => {
	await hook(['tracking_request.tracking_stopped', 'tracking_request.succeeded']);
	const f = fixture('past_lfd');
	expect((await api.patch(`/shipments/${f.shipmentId}/stop_tracking`)).status).toBe(200);
	await sb.webhooksIdle();
	expect(events()).toEqual(['tracking_request.tracking_stopped']);
	const [delivery] = rx.received;
	expect(delivery.body.data.relationships.reference_object.data).toEqual({
		type: 'tracking_request',
		id: f.trackingRequestId,
	});
	const included = delivery.body.included as any[];
	expect(included.filter((r) => r.type === 'container')).toEqual([]);
	const shipment = included.find((r) => r.type === 'shipment' && r.id === f.shipmentId);
	expect(shipment.attributes.line_tracking_stopped_at).toEqual(expect.any(String));
	// stopping again changes nothing and sends nothing
	expect((await api.patch(`/shipments/${f.shipmentId}/stop_tracking`)).status).toBe(200);
	expect((await api.patch(`/shipments/${f.shipmentId}/resume_tracking`)).status).toBe(200);
	await sb.webhooksIdle();
	expect(events()).toEqual(['tracking_request.tracking_stopped']);
	const request = (await api.get(`/tracking_requests/${f.trackingRequestId}`)).body.data;
	expect(request.attributes.status).toBe('created');
});

test("a shipment's discharge moved to another terminal of its port: container.pod_terminal_changed for each container, whose pod_terminal is the new one", async () => {
	await hook(['container.pod_terminal_changed']);
	const f = fixture('ready_for_pickup');
	const before = (await api.get(`/containers/${f.containerId}`)).body.data.relationships
		.pod_terminal.data.id;
	// the control API, as a user of npm start moves it
	const res = await control(sb, 'POST', `/shipments/${f.billOfLading}/terminal`);
	expect(res.status).toBe(202);
	const moved = sb.store.shipments.get(f.shipmentId)!.terminalId;
	expect(res.body.data.relationships.pod_terminal.data.id).toBe(moved);
	expect(moved).not.toBe(before);
	await sb.webhooksIdle();
	const containers = sb.store.shipments.get(f.shipmentId)!.containerIds;
	expect(events()).toEqual(containers.map(() => 'container.pod_terminal_changed'));
	const terminal = (rx.received[0].body.included as any[]).find((r) => r.type === 'terminal');
	expect(terminal.id).toBe(moved);
	const after = await api.get(`/containers/${f.containerId}?include=pod_terminal`);
	expect(after.body.data.relationships.pod_terminal.data.id).toBe(moved);
	const included = (after.body.included as any[]).find((r) => r.id === moved);
	expect(included.type).toBe('terminal');
	expect(included.attributes.name).toEqual(expect.any(String));
});
