/**
 * Transport events come in the live service's order (real-responses/containers.events.json): newest recorded
 * first; the history recorded when tracking started (one `created_at` for all) in no chronological order.
 * Raw events come in their `index` order.
 */
import type { Sandbox } from '../../sandbox';
import { client, startTestSandbox } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;
beforeAll(async () => {
	sb = await startTestSandbox();
	api = client(sb);
});
afterAll(() => sb.close());

const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const times = (events: any[]) => events.map((e) => Date.parse(e.attributes.timestamp));
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);

test('the history backfilled at tracking start: one created_at, not in timestamp order', async () => {
	const f = fixture('ready_for_pickup');
	const container = (await api.get(`/containers/${f.containerId}`)).body.data;
	const events = (await api.get(`/containers/${f.containerId}/transport_events?page[size]=100`))
		.body.data;
	expect(events.length).toBeGreaterThanOrEqual(8);
	expect(new Set(events.map((e: any) => e.attributes.created_at))).toEqual(
		new Set([container.attributes.created_at]),
	);
	expect(times(events)).not.toEqual(ascending(times(events)));
	expect(times(events)).not.toEqual(ascending(times(events)).reverse());
	// The container's relationship lists them in the same order, as the live documents do.
	expect(container.relationships.transport_events.data.map((r: any) => r.id)).toEqual(
		events.map((e: any) => e.id),
	);
	// Each milestone event names the raw event it came from.
	const raw = (await api.get(`/containers/${f.containerId}/raw_events`)).body.data;
	const rawIds = new Set(raw.map((r: any) => r.id));
	expect(events.every((e: any) => rawIds.has(e.relationships.source_event.data.id))).toBe(true);
});

test('events recorded later come first, newest recorded first', async () => {
	const f = fixture('new_booking');
	const path = `/containers/${f.containerId}/transport_events?page[size]=100`;
	expect((await api.get(path)).body.data).toEqual([]);
	for (let i = 0; i < 3; i++) {
		sb.advanceContainer(f.containerId);
		await new Promise((r) => setTimeout(r, 5));
	}
	const events = (await api.get(path)).body.data;
	expect(events.map((e: any) => e.attributes.event)).toEqual([
		'container.transport.vessel_loaded',
		'container.transport.full_in',
		'container.transport.empty_out',
	]);
	const created = events.map((e: any) => Date.parse(e.attributes.created_at));
	expect(created).toEqual(ascending(created).reverse());
	// A terminal update after them (a run-time event, no raw event behind it) comes first.
	sb.fireEvent('container.pickup_lfd.changed', f.containerId);
	const after = (await api.get(path)).body.data;
	expect(after).toHaveLength(4);
	expect(after[0].attributes.event).toBe('container.pickup_lfd.changed');
	expect(after[0].relationships.source_event.data).toBeNull();
});

test('raw events: index order, estimated future milestones after the actual ones', async () => {
	const f = fixture('on_ship');
	const raw = (await api.get(`/containers/${f.containerId}/raw_events`)).body;
	expect(raw.data.map((r: any) => r.attributes.index)).toEqual(
		raw.data.map((_: any, i: number) => i),
	);
	const estimated = raw.data.map((r: any) => r.attributes.estimated);
	expect(estimated).toEqual([...estimated].sort((a, b) => Number(a) - Number(b)));
	expect(estimated).toContain(true);
	// Location and vessel come included without being asked for, as in the live answer.
	expect(new Set(raw.included.map((r: any) => r.type))).toEqual(new Set(['port', 'vessel']));
});
