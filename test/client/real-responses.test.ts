/**
 * The node reads the live service's own documents right: the 15 real responses (test/fixtures/real-responses)
 * served by a loopback replay server, read through real n8n-core and the node's operations. Simplified items
 * carry every attribute the service sent, includes are resolved, and the container insights hold on the
 * records that broke them: a container picked up months ago, a rail LFD at an inland destination, holds as
 * the service writes them, and transport events the service does not send in time order.
 */
import type { IDataObject } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { itemsOf } from '../../nodes/Terminal49/client/jsonApi';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { realResponse, startReplayServer, type ReplayServer } from '../helpers/replayServer';
import { runNode } from '../helpers/runNode';

let live: ReplayServer;
beforeAll(async () => {
	live = await startReplayServer();
});
afterAll(async () => await live.close());
beforeEach(() => {
	live.reset();
	resetRateLimiter();
});

const CONTAINER_ID = 'cbc36c41-3b62-4bdc-8449-c446faf4aa3a';
const SHIPMENT_ID = 'a99e23fe-84ca-4dac-ab15-c4996c7fe3d6';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(resource: string, parameters: IDataObject): Promise<IDataObject[]> {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource, ...parameters } as never,
		credentials: { apiKey: 'live-key', baseUrl: live.baseUrl },
	});
	return out.map((item) => item.json);
}

const calls = () => live.requests.map((r) => [r.method, r.path, r.query]);
/**
 * A Get Many first asks for the account (GET /me: a free-plan key cannot list). No live answer of /me is
 * recorded, so this server answers it 404, as a service that predates it: the node then checks nothing.
 */
const ME = ['GET', '/me', {}];

/** Calendar days from today to an instant, both read in `zone` (computed here, not by the node). */
function daysUntil(instant: string, zone: string): number {
	const day = (date: Date) =>
		Date.parse(
			`${new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)}T00:00:00Z`,
		) / 86_400_000;
	return Math.round(day(new Date(instant)) - day(new Date()));
}

/**
 * Every attribute the service sent is on the simplified item, with its value (an `id` attribute repeats the
 * record's id, which the obfuscation of the fixtures changed: the item keeps the record's).
 */
function expectEveryAttribute(item: IDataObject, record: { attributes: IDataObject }) {
	for (const [key, value] of Object.entries(record.attributes)) {
		if (key === 'id') continue;
		expect([key, item[key]]).toEqual([key, value]);
	}
}

describe('Container Get: a container picked up at Charleston in January (containers.get.base.json)', () => {
	it('one item with every attribute, relationships as IDs, and no pickup urgency', async () => {
		live.route({ method: 'GET', path: /^\/containers\/[^/]+$/, body: 'containers.get.base.json' });
		const [item] = await run('container', {
			operation: 'get',
			containerId: byId(CONTAINER_ID),
			include: [],
		});
		expect(calls()).toEqual([['GET', `/containers/${CONTAINER_ID}`, {}]]);
		expect(live.requests[0].accept).toBe('application/vnd.api+json, application/json');
		expect(live.requests[0].authorization).toBe('Token live-key');

		const record = realResponse('containers.get.base.json').data;
		expectEveryAttribute(item, record);
		expect(item).toMatchObject({
			id: 'container-1',
			type: 'container',
			current_status: 'picked_up',
			shipment: 'shipment-1',
			pod_terminal: 'terminal-1',
			pickup_facility: null,
		});
		expect(item.transport_events).toEqual(
			record.relationships.transport_events.data.map((e: IDataObject) => e.id),
		);
		// Real attributes the sandbox once lacked, read as sent
		expect(item).toMatchObject({
			delivered_at: null,
			pol_full_in_at: '2025-11-12T03:23:00Z',
			pol_vessel_departed_at: '2025-11-18T15:26:00Z',
			ind_facility_holds: null,
			ssl_lfd: null,
		});
		expect(item).toMatchObject({
			ready_for_pickup: false,
			active_holds: [],
			pending_holds: [],
			fees_total: {},
			pickup_lfd_source: null,
			days_until_pickup_lfd: null,
			lfd_time_zone: 'America/New_York',
		});
	});

	it('with Simplify off: the document exactly as the service sent it', async () => {
		live.route({ method: 'GET', path: /^\/containers\/[^/]+$/, body: 'containers.get.base.json' });
		const [item] = await run('container', {
			operation: 'get',
			containerId: byId(CONTAINER_ID),
			include: [],
			simplify: false,
		});
		const document = realResponse('containers.get.base.json');
		document.links.self = document.links.self.replace(
			'https://api.terminal49.com/v2',
			live.baseUrl,
		);
		expect(item).toEqual(document);
	});

	it('with shipment and POD terminal included: both resolved into the item', async () => {
		live.route({
			method: 'GET',
			path: /^\/containers\/[^/]+$/,
			body: 'containers.get.include.json',
		});
		const [item] = await run('container', {
			operation: 'get',
			containerId: byId(CONTAINER_ID),
			include: ['shipment', 'pod_terminal'],
		});
		expect(calls()).toEqual([
			['GET', `/containers/${CONTAINER_ID}`, { include: 'shipment,pod_terminal' }],
		]);
		const included = realResponse('containers.get.include.json').included as Array<{
			type: string;
			attributes: IDataObject;
		}>;
		const shipment = item.shipment as IDataObject;
		const terminal = item.pod_terminal as IDataObject;
		expect(shipment).toMatchObject({ id: 'shipment-1', type: 'shipment' });
		expectEveryAttribute(shipment, included.find((r) => r.type === 'shipment')!);
		expect(terminal).toMatchObject({ id: 'terminal-1', type: 'terminal' });
		expectEveryAttribute(terminal, included.find((r) => r.type === 'terminal')!);
		expect(item.days_until_pickup_lfd).toBeNull();
	});
});

describe('Container Get Many: an inland rail container (containers.list.json)', () => {
	it('holds as the service writes them; a rail LFD counted in the inland destination calendar', async () => {
		live.route({ method: 'GET', path: /^\/containers$/, body: 'containers.list.json' });
		const out = await run('container', {
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			include: [],
		});
		// One page of one: the live list has 292,863 pages more and the node does not follow them. Newest
		// First is sent as sort=-created_at (the current service's own default is the last refresh first).
		expect(calls()).toEqual([
			ME,
			['GET', '/containers', { 'page[size]': '1', sort: '-created_at' }],
		]);
		expect(out).toHaveLength(1);
		const [item] = out;
		expectEveryAttribute(item, realResponse('containers.list.json').data[0]);
		expect(item).toMatchObject({
			id: 'container-2',
			current_status: 'available',
			available_for_pickup: true,
			// {status: 'hold', name: 'freight', description: ''}: active, so not ready for pickup
			active_holds: ['freight', 'customs'],
			pending_holds: [],
			ready_for_pickup: false,
			pickup_facility: 'terminal-14',
			pickup_lfd_source: 'rail',
			lfd_time_zone: 'America/New_York',
			days_until_pickup_lfd: daysUntil('2025-11-05T05:00:00Z', 'America/New_York'),
		});
		expect(item.days_until_pickup_lfd as number).toBeLessThan(-300);
	});

	it('the rail LFD is a day in the inland destination zone, not the port of discharge zone', async () => {
		// The same record, its inland destination moved to Chicago: 05:00Z on 5 Nov is still 4 Nov there.
		live.route({
			method: 'GET',
			path: /^\/containers$/,
			body: () => {
				const document = realResponse('containers.list.json');
				document.data[0].attributes.final_destination_timezone = 'America/Chicago';
				return document;
			},
		});
		const [item] = await run('container', {
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			include: [],
		});
		expect(item.pod_timezone).toBe('America/New_York');
		expect(item).toMatchObject({
			pickup_lfd_source: 'rail',
			lfd_time_zone: 'America/Chicago',
			days_until_pickup_lfd: daysUntil('2025-11-05T05:00:00Z', 'America/Chicago'),
		});
		// the LFD's day is 4 Nov (Chicago), not 5 Nov (New York, the port of discharge): compared as days, not
		// as counts from today, which differ by the zones' own "today" between their midnights
		expect(item.pickup_lfd_date).toBe('2025-11-04');
		expect(
			new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
				new Date('2025-11-05T05:00:00Z'),
			),
		).toBe('2025-11-05');
	});

	it('a rail pickup facility, POD terminal and shipment resolved from included (containers.get.pickup.json)', async () => {
		live.route({ method: 'GET', path: /^\/containers$/, body: 'containers.get.pickup.json' });
		const [item] = await run('container', {
			operation: 'getAll',
			returnAll: true,
			include: ['shipment', 'pod_terminal'],
		});
		expect(item).toMatchObject({
			id: 'cont-pickup-1',
			shipment: { id: 'ship-pickup-1', type: 'shipment', bill_of_lading_number: 'MAEU123456789' },
			pod_terminal: { id: 'term-pod-1', name: 'APM Terminals Pier 400', firms_code: 'Y258' },
			pickup_facility: { id: 'term-pickup-1', name: 'BNSF Logistics Park Chicago' },
			ready_for_pickup: true,
			// no import_deadlines and no time zone anywhere on the record: counted in UTC, and said so
			pickup_lfd_source: null,
			lfd_time_zone: 'UTC',
			days_until_pickup_lfd: daysUntil('2026-06-20T23:59:00Z', 'UTC'),
		});
	});
});

describe('Container Get Transport Events (containers.events.json)', () => {
	it('sorts the service order into time order, locations and terminal resolved', async () => {
		live.route({
			method: 'GET',
			path: /^\/containers\/[^/]+\/transport_events$/,
			body: 'containers.events.json',
		});
		const out = await run('container', {
			operation: 'getTransportEvents',
			containerId: byId(CONTAINER_ID),
			returnAll: true,
			include: ['location', 'terminal'],
		});
		expect(calls()).toEqual([
			[
				'GET',
				`/containers/${CONTAINER_ID}/transport_events`,
				{ include: 'location,terminal', 'page[size]': '100' },
			],
		]);
		const served = realResponse('containers.events.json').data as Array<{
			attributes: { timestamp: string; event: string };
		}>;
		const times = out.map((e) => String(e.timestamp));
		expect(out).toHaveLength(served.length);
		expect(served.map((e) => e.attributes.timestamp)).not.toEqual(
			[...times].sort((a, b) => Date.parse(a) - Date.parse(b)),
		);
		expect(times).toEqual(
			served.map((e) => e.attributes.timestamp).sort((a, b) => Date.parse(a) - Date.parse(b)),
		);
		expect(out[0]).toMatchObject({
			event: 'container.transport.full_in',
			location: { type: 'port', name: 'Busan', code: 'KRPUS' },
		});
		expect(out.at(-1)).toMatchObject({
			event: 'container.transport.full_out',
			location: { name: 'Charleston' },
			terminal: null,
		});
		expect(out.find((e) => e.event === 'container.transport.vessel_berthed')).toMatchObject({
			terminal: { type: 'terminal', name: 'Wando Welch Terminal', firms_code: 'N598' },
		});
		// not included: left as an ID
		expect(out[1]).toMatchObject({
			event: 'container.transport.vessel_loaded',
			vessel: 'vessel-2',
		});
	});

	it('Limit 3 gives the 3 oldest events', async () => {
		live.route({
			method: 'GET',
			path: /^\/containers\/[^/]+\/transport_events$/,
			body: 'containers.events.json',
		});
		const out = await run('container', {
			operation: 'getTransportEvents',
			containerId: byId(CONTAINER_ID),
			returnAll: false,
			limit: 3,
			include: [],
		});
		expect(out.map((e) => e.event)).toEqual([
			'container.transport.full_in',
			'container.transport.vessel_loaded',
			'container.transport.vessel_departed',
		]);
	});
});

describe('Container Get Raw Events (containers.raw-events.json)', () => {
	it('one item per raw event in the service order, location and vessel resolved', async () => {
		live.route({
			method: 'GET',
			path: /^\/containers\/[^/]+\/raw_events$/,
			body: 'containers.raw-events.json',
		});
		const out = await run('container', {
			operation: 'getRawEvents',
			containerId: byId(CONTAINER_ID),
			returnAll: true,
		});
		const served = realResponse('containers.raw-events.json').data as Array<{
			attributes: IDataObject;
		}>;
		expect(out.map((e) => e.index)).toEqual(served.map((e) => e.attributes.index));
		expect(out[0]).toMatchObject({
			type: 'raw_event',
			original_event: 'Truck Arrival in',
			location: { type: 'port', name: 'Busan' },
			vessel: null,
		});
		expect(out.some((e) => (e.vessel as IDataObject | null)?.type === 'vessel')).toBe(true);
	});
});

describe('Shipment (shipments.get.include.json, shipments.get.base.json, shipments.list.json)', () => {
	it('Get: ports, terminal and containers resolved; the container carries its insights', async () => {
		live.route({
			method: 'GET',
			path: /^\/shipments\/[^/]+$/,
			body: 'shipments.get.include.json',
		});
		const [item] = await run('shipment', {
			operation: 'get',
			shipmentId: byId(SHIPMENT_ID),
			include: [
				'containers',
				'pod_terminal',
				'port_of_lading',
				'port_of_discharge',
				'destination',
				'destination_terminal',
			],
		});
		expectEveryAttribute(item, realResponse('shipments.get.include.json').data);
		expect(item).toMatchObject({
			id: 'shipment-1',
			bill_of_lading_number: 'HLCUSEL251063ad5',
			destination_original_eta_at: null,
			pol_original_etd_at: null,
			port_of_lading: { type: 'port', name: 'Busan', code: 'KRPUS' },
			port_of_discharge: { type: 'port', name: 'Charleston' },
			pod_terminal: { type: 'terminal', name: 'Wando Welch Terminal' },
			destination: null,
			destination_terminal: null,
		});
		const [container] = item.containers as IDataObject[];
		expect(container).toMatchObject({
			id: 'container-1',
			number: 'RMCU74210c6',
			current_status: 'picked_up',
			ready_for_pickup: false,
			days_until_pickup_lfd: null,
		});
	});

	it('Get with Split Containers: one item per container, the shipment nested', async () => {
		live.route({
			method: 'GET',
			path: /^\/shipments\/[^/]+$/,
			body: 'shipments.get.include.json',
		});
		const out = await run('shipment', {
			operation: 'get',
			shipmentId: byId(SHIPMENT_ID),
			include: ['containers'],
			splitContainers: true,
		});
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: 'container-1',
			type: 'container',
			shipment: { id: 'shipment-1', containers: ['container-1'] },
		});
	});

	it('Get without includes and Get Many with a Limit read the same record', async () => {
		live.route({ method: 'GET', path: /^\/shipments\/[^/]+$/, body: 'shipments.get.base.json' });
		live.route({ method: 'GET', path: /^\/shipments$/, body: 'shipments.list.json' });
		const [one] = await run('shipment', {
			operation: 'get',
			shipmentId: byId(SHIPMENT_ID),
			include: [],
		});
		const many = await run('shipment', { operation: 'getAll', returnAll: false, limit: 1 });
		expectEveryAttribute(one, realResponse('shipments.get.base.json').data);
		expect(one.containers).toEqual(['container-1']);
		expect(many).toHaveLength(1);
		expect(many[0]).toMatchObject({ id: 'shipment-1', port_of_discharge_locode: 'USCHS' });
		expect(calls()[1]).toEqual(ME);
		expect(calls()[2]).toEqual([
			'GET',
			'/shipments',
			expect.objectContaining({ 'page[size]': '1' }),
		]);
	});
});

describe('Tracking Request (tracking-requests.get.base.json, tracking-requests.list.json)', () => {
	it('Get and Get Many: the tracked shipment resolved from included', async () => {
		live.route({
			method: 'GET',
			path: /^\/tracking_requests\/[^/]+$/,
			body: 'tracking-requests.get.base.json',
		});
		live.route({
			method: 'GET',
			path: /^\/tracking_requests$/,
			body: 'tracking-requests.list.json',
		});
		const [one] = await run('trackingRequest', {
			operation: 'get',
			trackingRequestId: byId('e75b0877-b92a-4e22-a563-e7c46b74d52c'),
		});
		const many = await run('trackingRequest', {
			operation: 'getAll',
			returnAll: false,
			limit: 1,
		});
		for (const item of [one, ...many]) {
			expect(item).toMatchObject({
				id: 'tracking_request-1',
				request_number: 'HLCUSEL251063157',
				status: 'created',
				tracked_object: { id: 'shipment-1', type: 'shipment' },
				customer: null,
				user: 'user-1',
			});
		}
		expect(many).toHaveLength(1);
	});
});

describe('Shipping Line Get Many (shipping-lines.list.json: page 1 of 2)', () => {
	it('follows links.next like every other list', async () => {
		live.route({
			method: 'GET',
			path: /^\/shipping_lines$/,
			body: (url) => {
				if (url.searchParams.get('page[number]') !== '2') {
					return realResponse('shipping-lines.list.json');
				}
				// Page 2 was not recorded: one line shaped like the live ones stands in for it.
				const page1 = realResponse('shipping-lines.list.json');
				const line = structuredClone(page1.data.at(-1));
				line.id = 'shipping_line-39';
				line.attributes.scac = 'ZIMU';
				line.attributes.name = 'ZIM';
				return { data: [line], links: { self: page1.links.last } };
			},
		});
		const out = await run('shippingLine', { operation: 'getAll', returnAll: true });
		expect(calls()).toEqual([
			ME,
			['GET', '/shipping_lines', {}],
			['GET', '/shipping_lines', { 'page[number]': '2' }],
		]);
		expect(out).toHaveLength(39);
		expect(out[0]).toMatchObject({
			id: 'shipping_line-1',
			scac: 'ACLU',
			name: 'Atlantic Container Line',
			short_name: 'ACL',
			bill_of_lading_tracking_support: true,
			provided_data: expect.objectContaining({ pod_full_out_at: true }),
		});
		expect(out.at(-1)).toMatchObject({ scac: 'ZIMU' });
	});
});

describe('Port and Terminal (ports.get.json, terminals.get.json)', () => {
	it('Port Get: attributes and its terminals as IDs', async () => {
		live.route({ method: 'GET', path: /^\/ports\/[^/]+$/, body: 'ports.get.json' });
		const [port] = await run('port', {
			operation: 'get',
			port: { __rl: true, mode: 'locode', value: 'KRPUS' },
		});
		expect(calls()).toEqual([['GET', '/ports/KRPUS', {}]]);
		expect(port).toMatchObject({
			name: 'Busan',
			code: 'KRPUS',
			time_zone: 'Asia/Seoul',
			latitude: '35.10162',
		});
		expect(port.terminals).toHaveLength(9);
	});

	it('Terminal Get: provided_data kept as an object, the port as an ID', async () => {
		live.route({ method: 'GET', path: /^\/terminals\/[^/]+$/, body: 'terminals.get.json' });
		const [terminal] = await run('terminal', {
			operation: 'get',
			terminalId: 'a59b3bd1-d497-4a48-bfb6-5cf2c4824a60',
		});
		expect(terminal).toMatchObject({
			name: 'Wando Welch Terminal',
			firms_code: 'N598',
			facility_type: 'ocean_terminal',
			port: 'port-2',
			provided_data: expect.objectContaining({ holds_at_pod_terminal: true, pickup_lfd: false }),
		});
	});
});

describe('Route document (containers.route.json: the SDK authors’ shape, no operation reads it)', () => {
	it('the JSON:API reader resolves its route locations', () => {
		const [route] = itemsOf(realResponse('containers.route.json'));
		expect(route).toMatchObject({ id: 'route-1', type: 'route' });
		expect(route.route_locations).toEqual([
			expect.objectContaining({ id: 'rl-1', type: 'route_location' }),
			expect.objectContaining({ id: 'rl-2', type: 'route_location' }),
		]);
	});
});
