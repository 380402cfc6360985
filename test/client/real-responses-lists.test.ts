/**
 * Container and Shipment Get Many filters and sorts over the live service's own records
 * (test/fixtures/real-responses), served by the loopback replay server in two ways: as a service that
 * ignores every filter and the sort (the whole list, as the captures were taken), and as one that applies
 * them as Terminal49 documents (the sandbox's filter engine, sandbox/list-query.ts, run on the recorded
 * attributes). The node returns the same items in the same order from both: real field formats (an LFD at
 * New York midnight written in UTC, holds as the service writes them, an LFD without any time zone) judged
 * the same way whoever filters.
 *
 * The clock is pinned (Date only) at 2025-11-04 02:30 UTC, the evening before in New York: the rail
 * container's LFD (2025-11-05T05:00:00Z, New York midnight) is then 2 days ahead there, its stored date 1.
 */
import type { IDataObject } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import type { ContainerView, ShipmentView } from '../../sandbox/list-query';
import {
	containerFilter,
	containerOrder,
	filterParams,
	shipmentFilter,
	shipmentOrder,
} from '../../sandbox/list-query';
import { realResponse, startReplayServer, type ReplayServer } from '../helpers/replayServer';
import { pinDate } from '../helpers/clock';
import { runNode } from '../helpers/runNode';

const NOW = Date.UTC(2025, 10, 4, 2, 30);
const ACCOUNT = 'account-1';

let live: ReplayServer;
beforeAll(async () => {
	pinDate(NOW);
	live = await startReplayServer();
});
afterAll(async () => {
	await live.close();
	jest.useRealTimers();
});

type Resource = { id: string; type: string; attributes: IDataObject; relationships?: any };

/** The recorded containers and the records included with them. */
function recordedContainers(withoutShipment: boolean): { data: Resource[]; included: Resource[] } {
	const rail = realResponse('containers.list.json');
	const include = realResponse('containers.get.include.json');
	const pickup = realResponse('containers.get.pickup.json');
	// containers.list.json carries no included shipment: left out where a filter reads the shipment
	const data: Resource[] = [
		...(withoutShipment ? [rail.data[0]] : []),
		include.data,
		...pickup.data,
	];
	return { data, included: [...include.included, ...pickup.included] };
}

const time = (value: unknown) =>
	typeof value === 'string' && value ? Date.parse(value) : (null as number | null);
const strings = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** The facts the filters judge, read from a recorded shipment. */
function shipmentView(s: Resource | undefined): ShipmentView {
	const a = s?.attributes ?? {};
	return {
		id: String(s?.id ?? ''),
		number: String(a.bill_of_lading_number ?? ''),
		numbers: [String(a.bill_of_lading_number ?? '')],
		createdAt: time(a.created_at),
		podAtaAt: time(a.pod_ata_at),
		podEtaAt: time(a.pod_eta_at),
		podCode: (a.port_of_discharge_locode as string) ?? null,
		polCode: (a.port_of_lading_locode as string) ?? null,
		destinationCode: (a.destination_locode as string) ?? null,
		scac: (a.shipping_line_scac as string) ?? null,
		podTerminalId: s?.relationships?.pod_terminal?.data?.id ?? null,
		trackingStoppedAt: time(a.line_tracking_stopped_at),
		tags: strings(a.tags),
		refNumbers: strings(a.ref_numbers),
		customerId: null,
		etaChangedAt: null,
		containerNumbers: [],
		parties: new Map(),
	};
}

function containerView(c: Resource, included: Resource[]): ContainerView {
	const a = c.attributes;
	const shipment = included.find(
		(r) => r.type === 'shipment' && r.id === c.relationships?.shipment?.data?.id,
	);
	const s = shipmentView(shipment);
	s.podTerminalId = c.relationships?.pod_terminal?.data?.id ?? null;
	const deadlines = (a.import_deadlines ?? {}) as IDataObject;
	return {
		id: c.id,
		number: String(a.number),
		createdAt: time(a.created_at),
		updatedAt: null,
		status: String(a.current_status),
		holds: (a.holds_at_pod_terminal as ContainerView['holds']) ?? null,
		fees: (a.fees_at_pod_terminal as ContainerView['fees']) ?? null,
		pickupLfd: time(a.pickup_lfd),
		lfdLine: time(deadlines.pickup_lfd_line),
		lfdTerminal: time(deadlines.pickup_lfd_terminal),
		lfdRail: time(deadlines.pickup_lfd_rail),
		podArrivedAt: time(a.pod_arrived_at),
		podDischargedAt: time(a.pod_discharged_at),
		pickedUpAt: time(a.pod_full_out_at),
		deliveredAt: time(a.delivered_at),
		emptyReturnedAt: time(a.empty_terminated_at),
		arrival: time(a.pod_arrived_at) ?? s.podAtaAt ?? s.podEtaAt,
		lastStatusRefreshAt: time(a.terminal_checked_at),
		refNumbers: strings(a.ref_numbers),
		parties: new Map(),
		shipment: s,
	};
}

const pairsOf = (url: URL) => [...url.searchParams.entries()] as Array<[string, string]>;
const context = { now: NOW, accountId: ACCOUNT };

/** The list the replay server answers: every record, or those the documented filters keep, in order. */
function containerList(applies: boolean, withoutShipment: boolean) {
	return (url: URL) => {
		const { data, included } = recordedContainers(withoutShipment);
		if (!applies) return { data, included, meta: { total: data.length } };
		const test = containerFilter(filterParams(pairsOf(url)), context);
		const order = containerOrder(url.searchParams.get('sort') ?? undefined, context);
		const kept = data
			.map((c) => ({ c, v: containerView(c, included) }))
			.filter(({ v }) => test(v))
			.sort((x, y) => order(x.v, y.v))
			.map(({ c }) => c);
		return { data: kept, included, meta: { total: kept.length } };
	};
}

function shipmentList(applies: boolean) {
	return (url: URL) => {
		const list = realResponse('shipments.list.json');
		const data: Resource[] = list.data;
		if (!applies) return { data, meta: { total: data.length } };
		const test = shipmentFilter(
			filterParams(pairsOf(url)),
			Object.fromEntries(url.searchParams),
			context,
		);
		const order = shipmentOrder(url.searchParams.get('sort') ?? undefined);
		const kept = data
			.map((s) => ({ s, v: shipmentView(s) }))
			.filter(({ v }) => test(v))
			.sort((x, y) => (order ? order(x.v, y.v) : 0))
			.map(({ s }) => s);
		return { data: kept, meta: { total: kept.length } };
	};
}

async function run(resource: string, parameters: IDataObject): Promise<IDataObject[]> {
	resetRateLimiter();
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource, operation: 'getAll', returnAll: true, ...parameters } as never,
		credentials: { apiKey: 'live-key', baseUrl: live.baseUrl, rateLimitRequests: 10_000 },
	});
	return out.map((item) => item.json);
}

/** The same operation against a replay that ignores the query and one that applies it. */
async function both(
	resource: 'container' | 'shipment',
	parameters: IDataObject,
	withoutShipment = true,
): Promise<IDataObject[]> {
	const outputs: IDataObject[][] = [];
	for (const applies of [false, true]) {
		live.reset();
		live.route({
			method: 'GET',
			path: resource === 'container' ? /^\/containers$/ : /^\/shipments$/,
			body:
				resource === 'container' ? containerList(applies, withoutShipment) : shipmentList(applies),
		});
		outputs.push(await run(resource, parameters));
	}
	expect(outputs[1]).toEqual(outputs[0]);
	return outputs[0];
}

const ids = (items: IDataObject[]) => items.map((item) => item.id);

describe('Container Get Many over the live records: the same containers whether the service filters or not', () => {
	const f = (filters: IDataObject) => ({ filters });
	it.each<[string, IDataObject, string[]]>([
		[
			'no filter: newest created first, the one without created_at last',
			{},
			['container-1', 'container-2', 'cont-pickup-1'],
		],
		[
			'Current Status available',
			f({ currentStatus: ['available'] }),
			['container-2', 'cont-pickup-1'],
		],
		[
			'Active Hold any (status "hold" as the service writes it)',
			f({ activeHolds: ['any'] }),
			['container-2'],
		],
		['Active Hold customs', f({ activeHolds: ['customs'] }), ['container-2']],
		['Ready for Pickup', f({ readyForPickup: true }), ['cont-pickup-1']],
		[
			'Has Terminal Fees off (every list empty)',
			f({ hasTerminalFees: false }),
			['container-1', 'container-2', 'cont-pickup-1'],
		],
		[
			'Last Free Day imminent: the New York midnight LFD, 2 days ahead there',
			f({ lastFreeDay: ['imminent'] }),
			['container-2'],
		],
		['Last Free Day today: none', f({ lastFreeDay: ['today'] }), []],
		[
			'Last Free Day later: the LFD without a time zone',
			f({ lastFreeDay: ['later'] }),
			['cont-pickup-1'],
		],
		['Last Free Day none', f({ lastFreeDay: ['none'] }), ['container-1']],
		['Exclude Closed', f({ excludeClosed: true }), ['container-2', 'cont-pickup-1']],
		['Urgent Only', f({ urgentOnly: true }), ['container-2']],
		['Container Number Starts With', f({ numberStartsWith: 'eisu83' }), ['container-2']],
		['Sort By Last Free Day', { sortBy: 'lfd' }, ['container-2', 'cont-pickup-1', 'container-1']],
		[
			'Sort By Last Free Day, Limit 1',
			{ sortBy: 'lfd', returnAll: false, limit: 1 },
			['container-2'],
		],
	])('%s', async (_name, parameters, expected) => {
		const out = await both('container', { include: [], ...parameters });
		expect(ids(out)).toEqual(expected);
	});

	it.each<[string, IDataObject, string[]]>([
		['Port of Discharge (the shipment included)', { portOfDischarge: 'USCHS' }, ['container-1']],
		['Shipping Line', { shippingLine: 'MAEU' }, ['cont-pickup-1']],
		['Tracking Stopped off', { trackingStopped: false }, ['container-1', 'cont-pickup-1']],
		['Bill of Lading Starts With', { billOfLadingStartsWith: 'HLCUSEL' }, ['container-1']],
		['Sort By Arrival', {}, ['container-1', 'cont-pickup-1']],
	])('%s', async (name, filters, expected) => {
		const out = await both(
			'container',
			name.startsWith('Sort') ? { sortBy: 'arrival', include: [] } : { filters, include: [] },
			false,
		);
		expect(ids(out)).toEqual(expected);
	});
});

describe('Shipment Get Many over the live record', () => {
	it.each<[string, IDataObject, string[]]>([
		['Port of Discharge', { portOfDischarge: 'USCHS' }, ['shipment-1']],
		['another port', { portOfDischarge: 'USLAX' }, []],
		['Tracking Stopped off', { trackingStopped: false }, ['shipment-1']],
		['arriving within 7 days: arrived already', { eta: 'within', etaDays: 7 }, []],
		['Shipping Line', { shippingLine: 'HLCU' }, ['shipment-1']],
	])('%s', async (_name, filters, expected) => {
		expect(ids(await both('shipment', { filters, include: [] }))).toEqual(expected);
	});
});
