/**
 * Container Get Many and Shipment Get Many against both generations of the service, through real n8n-core:
 * the current one (the sandbox's default: the documented filters and sort applied, 50 containers a page), the
 * older one (`legacyLists`: list filters and sort ignored, 100 a page), and the current one applying only
 * some of what it is sent (`ignoredFilters`: every other filter key and the sort dropped). Every filter, sort
 * and a few combinations give the same items in the same order in all three; only the requests differ.
 *
 * The clock is pinned (Date only; timers run) at two instants: 02:30 UTC, when the port calendars of the
 * Americas are still on the day before UTC's (the hard case for date bounds), and 15:30 UTC.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { undocumented } from '../../nodes/Terminal49/client/filterCatalog';
import { milestoneIndex } from '../../sandbox/timeline';
import { runnerFor } from '../helpers/actionHarness';
import { isSerializerProbe } from '../helpers/serializerProbe';
import { pinDate } from '../helpers/clock';

const CONTAINERS = 600;
const DAY = 86_400_000;
const EPOCH = Date.UTC(2026, 9, 14);
const CLOCKS = [
	['02:30 UTC', EPOCH + 2.5 * 3_600_000],
	['15:30 UTC', EPOCH + 15.5 * 3_600_000],
] as const;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const shipments = runnerFor(() => sb, 'shipment');

/** Every list request of every run, for the catalog check at the end. */
const sent: Array<{ list: 'containers' | 'shipments'; pairs: Array<[string, string]> }> = [];
/** The port of discharge of a vessel arriving on 14 Oct (prepare). */
let arrivingPort = '';

beforeAll(async () => {
	pinDate(CLOCKS[0][1]);
	sb = await startSandbox({
		containers: CONTAINERS,
		epoch: EPOCH,
		carrierDelayMs: 60_000,
		webhookRetryScale: 0,
		rateLimits: { default: 1_000_000 },
	});
	prepare();
}, 60_000);
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});

/**
 * Data the seed leaves out: reference numbers on some containers (one in lower case), three vessels late
 * (their ETA a day or three past), and a few shipments' tags. Set in the store, as a carrier would.
 */
function prepare() {
	const all = sb.store.containers.all();
	all
		.slice(0, 40)
		.forEach((c, i) => (c.refNumbers = [i % 2 ? `CR-${1000 + i}` : `cr-${2000 + i}`]));
	const atSea = sb.store.shipments
		.all()
		.filter((s) => s.stage < milestoneIndex(s.milestones, 'vessel_arrived'));
	const eta = (s: (typeof atSea)[number], at: number) =>
		(s.times[milestoneIndex(s.milestones, 'vessel_arrived')] = at);
	atSea.slice(0, 3).forEach((s, i) => eta(s, EPOCH - (1 + i) * DAY));
	// arriving today in the Americas at either clock: 13 Oct 22:00 UTC and 14 Oct 18:00 UTC
	eta(atSea[3], EPOCH - 2 * 3_600_000);
	eta(atSea[4], EPOCH + 18 * 3_600_000);
	arrivingPort = atSea[4].podCode;
	sb.store.shipments
		.all()
		.slice(0, 30)
		.forEach((s, i) => (s.tags = i % 3 ? ['priority', 'retail-west'] : ['priority']));
	// a customs broker on five shipments (Party Role > Assign), a pickup dray carrier on one container
	const [broker, dray] = sb.store.parties.all();
	const role = (partyId: string, role: string, roleableType: 'Shipment' | 'Cargo', id: string) =>
		sb.store.partyRoles.add({
			id: sb.store.newId(),
			partyId,
			role,
			roleableType,
			roleableId: id,
			createdAt: EPOCH,
			updatedAt: EPOCH,
		});
	sb.store.shipments
		.all()
		.slice(10, 15)
		.forEach((s) => role(broker.id, 'customs_broker', 'Shipment', s.id));
	role(dray.id, 'pickup_dray_carrier', 'Cargo', all[50].id);
}

/** The party with the customs broker role of prepare(), and the containers of its shipments. */
function brokerAndContainers() {
	const broker = sb.store.parties.all()[0];
	const shipmentIds = new Set(
		sb.store.partyRoles
			.all()
			.filter((r) => r.partyId === broker.id && r.role === 'customs_broker')
			.map((r) => r.roleableId),
	);
	const containerIds = sb.store.containers
		.all()
		.filter((c) => shipmentIds.has(c.shipmentId))
		.map((c) => c.id);
	return { broker, shipmentIds, containerIds };
}

const listPath = (list: 'containers' | 'shipments') => `/v2/${list}`;

interface Run {
	out: IDataObject[];
	/** The list's own requests (the serializer probe apart). */
	requests: number;
	/** Requests that asked which serializer the account's containers come from (one record each). */
	probes: number;
	keys: string[];
}

async function runIn(
	list: 'containers' | 'shipments',
	parameters: IDataObject,
	mode: 'current' | 'legacy' | 'partial',
	partialIgnore: string[] = [],
): Promise<Run> {
	sb.options.legacyLists = mode === 'legacy';
	sb.options.ignoredFilters = mode === 'partial' ? partialIgnore : [];
	sb.clearRequests();
	resetRateLimiter();
	try {
		const runner = list === 'containers' ? containers : shipments;
		const out = await runner.run({ operation: 'getAll', ...parameters });
		const all = sb.requests.filter((r) => r.path === listPath(list));
		const requests = all.filter((r) => list !== 'containers' || !isSerializerProbe(r.query));
		for (const r of requests) sent.push({ list, pairs: r.pairs });
		const keys = [
			...new Set(
				requests.flatMap((r) =>
					r.pairs.map(([k]) => k).filter((k) => k.startsWith('filter[') || k === 'sort'),
				),
			),
		];
		return { out, requests: requests.length, probes: all.length - requests.length, keys };
	} finally {
		sb.options.legacyLists = false;
		sb.options.ignoredFilters = [];
	}
}

/**
 * Runs the same operation against the three services and expects the same items (every field) in the same
 * order; returns the current service's run and the older service's.
 */
async function same(list: 'containers' | 'shipments', parameters: IDataObject) {
	const current = await runIn(list, parameters, 'current');
	const legacy = await runIn(list, parameters, 'legacy');
	// the current service applying every other filter key it is sent, and the sort
	const partial = await runIn(
		list,
		parameters,
		'partial',
		current.keys.filter((key, i) => key !== 'sort' && i % 2 === 1),
	);
	expect(ids(legacy.out)).toEqual(ids(current.out));
	expect(legacy.out).toEqual(current.out);
	// the serializer is asked at most once, and only before a query on the service's LFD fields
	const onLfdFields = current.keys.some((key) => key.startsWith('filter[pickup_lfd'));
	if (onLfdFields) expect(current.probes).toBe(1);
	expect([current.probes, legacy.probes, partial.probes].every((n) => n <= 1)).toBe(true);
	expect(ids(partial.out)).toEqual(ids(current.out));
	expect(partial.out).toEqual(current.out);
	return { current, legacy };
}

const ids = (items: IDataObject[]) => items.map((item) => String(item.id));

function selective(out: IDataObject[], of: number) {
	expect(out.length).toBeGreaterThan(0);
	expect(out.length).toBeLessThan(of);
}

/** Return All through the older service: one request per 100 records, as before this change. */
const legacyReturnAll = (records: number) => Math.ceil(records / 100);

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe.each(CLOCKS)(
	'Container > Get Many at %s: the same containers from all three services',
	(_clock, now) => {
		beforeAll(() => jest.setSystemTime(now));

		const commonTerminal = () => {
			const counts = new Map<string, number>();
			for (const s of sb.store.shipments.all())
				counts.set(s.terminalId, (counts.get(s.terminalId) ?? 0) + s.containerIds.length);
			return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
		};
		const prefixOf = (value: string, length: number) => value.slice(0, length);
		const cases: Array<[string, () => IDataObject, IDataObject?]> = [
			['Current Status', () => ({ currentStatus: ['available', 'grounded'] })],
			['Ready for Pickup on', () => ({ readyForPickup: true })],
			['Ready for Pickup off', () => ({ readyForPickup: false })],
			['Has Terminal Fees on', () => ({ hasTerminalFees: true })],
			['Has Terminal Fees off', () => ({ hasTerminalFees: false })],
			['Has Demurrage Fees on', () => ({ hasDemurrageFees: true })],
			['Has Demurrage Fees off', () => ({ hasDemurrageFees: false })],
			['Active Hold: any', () => ({ activeHolds: ['any'] })],
			['Active Hold: customs or USDA', () => ({ activeHolds: ['customs', 'USDA'] })],
			['Active Hold: freight (pending ones do not count)', () => ({ activeHolds: ['freight'] })],
			['Last Free Day: overdue', () => ({ lastFreeDay: ['overdue'] })],
			['Last Free Day: today or imminent', () => ({ lastFreeDay: ['today', 'imminent'] })],
			// The seed's earliest LFDs all fall within 4 days of discharge: "later" shows on Terminal49's pickup_lfd
			[
				"Last Free Day: later (Terminal49's pickup_lfd watched)",
				() => ({ lastFreeDay: ['later'] }),
				{ deadlineToWatch: 'pickup_lfd' },
			],
			['Last Free Day: none', () => ({ lastFreeDay: ['none'] })],
			['Last Free Day: overdue or later', () => ({ lastFreeDay: ['overdue', 'later'] })],
			['Last Free Day: later or none', () => ({ lastFreeDay: ['later', 'none'] })],
			['Terminal Data: fresh', () => ({ terminalData: 'fresh' })],
			['Terminal Data: stale', () => ({ terminalData: 'stale' })],
			['Exclude Closed', () => ({ excludeClosed: true })],
			['Urgent Only', () => ({ urgentOnly: true })],
			[
				'POD Terminal by ID',
				() => ({ podTerminal: { __rl: true, mode: 'id', value: commonTerminal() } }),
			],
			[
				'POD Terminal from the list (FIRMS Y258)',
				() => ({ podTerminal: { __rl: true, mode: 'list', value: 'Y258' } }),
			],
			['Port of Discharge', () => ({ portOfDischarge: 'uslgb' })],
			['Shipping Line', () => ({ shippingLine: { __rl: true, mode: 'scac', value: 'MSCU' } })],
			['Tracking Stopped on', () => ({ trackingStopped: true })],
			['Tracking Stopped off', () => ({ trackingStopped: false })],
			['Tags: any', () => ({ tags: 'retail-west, hazmat' })],
			['Tags: all', () => ({ tags: 'priority, retail-west', matchAllTags: true })],
			['Container Number', () => ({ number: sb.store.containers.all()[100].number })],
			[
				'Container Number Starts With',
				() => ({
					numberStartsWith: prefixOf(sb.store.containers.all()[7].number, 5).toLowerCase(),
				}),
			],
			[
				'Bill of Lading Starts With',
				() => ({ billOfLadingStartsWith: prefixOf(sb.store.shipments.all()[3].blNumber, 6) }),
			],
			[
				'Container Reference Starts With (case counts)',
				() => ({ containerReferenceStartsWith: 'CR-10' }),
			],
			['Shipment Reference Starts With', () => ({ shipmentReferenceStartsWith: 'PO-1' })],
			[
				'LFD within 3 days and not picked up yet',
				() => ({ lastFreeDay: ['today', 'imminent'], excludeClosed: true, terminalData: 'fresh' }),
			],
			[
				'status and shipping line',
				() => ({ currentStatus: ['available', 'not_available'], shippingLine: 'MAEU' }),
			],
			['urgent at a port', () => ({ urgentOnly: true, portOfDischarge: 'USLAX' })],
			[
				'holds, fees and overdue',
				() => ({ activeHolds: ['any'], hasTerminalFees: true, lastFreeDay: ['overdue', 'today'] }),
			],
			[
				'tags and tracking',
				() => ({ tags: 'priority', trackingStopped: false, excludeClosed: true }),
			],
		];

		it.each(cases)('%s (Return All)', async (_name, filters, options = {}) => {
			const { current, legacy } = await same('containers', {
				returnAll: true,
				filters: filters(),
				options,
				include: [],
			});
			if ('number' in filters()) {
				expect(current.out).toHaveLength(1);
				expect(legacy.requests).toBe(1);
				return;
			}
			selective(current.out, CONTAINERS);
			// the older service costs what it always did: every page of 100
			expect(legacy.requests).toBe(legacyReturnAll(CONTAINERS));
		});

		it.each(cases.slice(0, 8))('%s with a Limit of 7', async (_name, filters, options = {}) => {
			const { current } = await same('containers', {
				returnAll: false,
				limit: 7,
				filters: filters(),
				options,
				include: [],
			});
			expect(current.out).toHaveLength(7);
		});

		it('Imminent Within (Days) 6: the band edge moves, on the items and in the date bound sent', async () => {
			const { current } = await same('containers', {
				returnAll: true,
				filters: { lastFreeDay: ['imminent'] },
				// the edge shows on Terminal49's pickup_lfd (the seed's earliest LFDs are within 4 days)
				options: { imminentDays: 6, deadlineToWatch: 'pickup_lfd' },
				include: [],
			});
			selective(current.out, CONTAINERS);
			expect(current.out.every((c) => c.lfd_band === 'imminent')).toBe(true);
			expect(current.out.some((c) => (c.days_until_pickup_lfd as number) > 3)).toBe(true);
		});

		it.each([
			['Last Free Day (soonest first)', 'lfd'],
			['Arrival (earliest first)', 'arrival'],
			['Newest First', 'none'],
		])('Sort By %s: Return All and Limit 10', async (_name, sortBy) => {
			const all = await same('containers', { returnAll: true, sortBy, include: [] });
			expect(all.current.out).toHaveLength(CONTAINERS);
			const first = await same('containers', { returnAll: false, limit: 10, sortBy, include: [] });
			expect(ids(first.current.out)).toEqual(ids(all.current.out).slice(0, 10));
		});

		it('LFD within 3 days + Exclude Closed, sorted by LFD, Limit 10: the pages it needs only', async () => {
			const parameters = {
				returnAll: false,
				limit: 10,
				filters: { lastFreeDay: ['today', 'imminent'], excludeClosed: true },
				sortBy: 'lfd',
				include: [],
			};
			const { current, legacy } = await same('containers', parameters);
			expect(current.out).toHaveLength(10);
			// soonest first by the earliest of the three LFDs (the deadline watched by default)
			const days = current.out.map((c) => c.days_until_earliest_lfd as number);
			expect(days).toEqual([...days].sort((a, b) => a - b));
			expect(days.every((d) => d >= 0 && d <= 3)).toBe(true);
			// the older service: every page, as before. The current one: a list per LFD source (the earliest of
			// the three is no field the service sorts on), each stopping once past the Limit's last: here, with
			// 600 containers, about as many requests (bench/filteredLists.ts: 10,000 containers, far fewer)
			expect(legacy.requests).toBe(legacyReturnAll(CONTAINERS));
			expect(current.requests).toBeLessThanOrEqual(legacy.requests);
		});
	},
);

describe.each(CLOCKS)(
	'Shipment > Get Many at %s: the same shipments from all three services',
	(_clock, now) => {
		beforeAll(() => jest.setSystemTime(now));
		const total = () => sb.store.shipments.size;

		const cases: Array<[string, () => IDataObject]> = [
			['arriving within 5 days', () => ({ eta: 'within', etaDays: 5 })],
			['arriving today', () => ({ eta: 'within', etaDays: 0 })],
			['ETA overdue (three late vessels)', () => ({ eta: 'overdue' })],
			['Port of Discharge', () => ({ portOfDischarge: 'USLAX' })],
			['Shipping Line', () => ({ shippingLine: { __rl: true, mode: 'list', value: 'MAEU' } })],
			['Tracking Stopped on', () => ({ trackingStopped: true })],
			['Tracking Stopped off', () => ({ trackingStopped: false })],
			['Tags: any', () => ({ tags: 'hazmat,retail-west' })],
			['Tags: all', () => ({ tags: 'priority,retail-west', matchAllTags: true })],
			[
				'Search (a bill of lading prefix)',
				() => ({ q: sb.store.shipments.all()[5].blNumber.slice(0, 8) }),
			],
			['Number', () => ({ number: sb.store.shipments.all()[9].blNumber })],
			[
				'ETA within 7 days at one port',
				() => ({ eta: 'within', etaDays: 7, portOfDischarge: arrivingPort }),
			],
			[
				'tags, port and tracking',
				() => ({ tags: 'priority', portOfDischarge: 'USNYC', trackingStopped: false }),
			],
		];

		it.each(cases)('%s (Return All)', async (_name, filters) => {
			const { current, legacy } = await same('shipments', {
				returnAll: true,
				filters: filters(),
				include: [],
			});
			if ('number' in filters()) expect(current.out).toHaveLength(1);
			else selective(current.out, total());
			if (!('number' in filters()) && !('q' in filters()) && !('trackingStopped' in filters()))
				expect(legacy.requests).toBe(legacyReturnAll(total()));
		});

		it('Sort By Arrival (earliest first): Return All and Limit 5, also with a filter', async () => {
			const all = await same('shipments', { returnAll: true, sortBy: 'arrival', include: [] });
			expect(all.current.out).toHaveLength(total());
			const first = await same('shipments', {
				returnAll: false,
				limit: 5,
				sortBy: 'arrival',
				include: [],
			});
			expect(ids(first.current.out)).toEqual(ids(all.current.out).slice(0, 5));
			const arriving = await same('shipments', {
				returnAll: false,
				limit: 5,
				sortBy: 'arrival',
				filters: { eta: 'within', etaDays: 30 },
				include: [],
			});
			expect(arriving.current.out).toHaveLength(5);
		});
	},
);

describe('Filters only the service can judge: applied by the current service, refused when they may not be', () => {
	beforeAll(() => jest.setSystemTime(CLOCKS[1][1]));
	const customerWithShipments = () => {
		const counts = new Map<string, number>();
		for (const s of sb.store.shipments.all())
			if (s.customerId) counts.set(s.customerId, (counts.get(s.customerId) ?? 0) + 1);
		return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
	};

	it.each<[string, 'containers' | 'shipments', () => IDataObject]>([
		['Requires Attention (containers)', 'containers', () => ({ requiresAttention: true })],
		['ETA Changed in the last 3 days (containers)', 'containers', () => ({ etaChanged: '3d' })],
		['ETA Changed in the last 24 hours (shipments)', 'shipments', () => ({ etaChanged: '24h' })],
		['Customer (containers)', 'containers', () => ({ customer: byId(customerWithShipments()) })],
		['Customer (shipments)', 'shipments', () => ({ customer: byId(customerWithShipments()) })],
		[
			'Party in a role (containers)',
			'containers',
			() => ({ party: byId(brokerAndContainers().broker.id), partyRole: 'customs_broker' }),
		],
		['Party (shipments)', 'shipments', () => ({ party: byId(brokerAndContainers().broker.id) })],
	])('%s', async (_name, list, filters) => {
		const current = await runIn(
			list,
			{ returnAll: true, filters: filters(), include: [] },
			'current',
		);
		selective(current.out, list === 'containers' ? CONTAINERS : sb.store.shipments.size);
		// one request more: the same query without the filter, one record, to compare meta.total
		const probes = sent
			.slice(-current.requests)
			.filter((r) => r.pairs.some(([k, v]) => k === 'page[size]' && v === '1'));
		expect(probes).toHaveLength(1);
		// the older service ignores it: the node stops instead of answering with the whole list
		await expect(
			runIn(list, { returnAll: true, filters: filters(), include: [] }, 'legacy'),
		).rejects.toThrow(
			/Terminal49 counted as many .* with ".*" as without it \(\d+\), so it cannot be told whether the service applied it/,
		);
	});

	it('Party: exactly the containers and shipments on which the party has the role (in another role: none)', async () => {
		const { broker, shipmentIds, containerIds } = brokerAndContainers();
		const parameters = (list: 'containers' | 'shipments', filters: IDataObject) =>
			runIn(list, { returnAll: true, filters, include: [] }, 'current');
		const ids = (run: Run) => run.out.map((item) => String(item.id)).sort();
		const asBroker = await parameters('containers', {
			party: byId(broker.id),
			partyRole: 'customs_broker',
		});
		expect(ids(asBroker)).toEqual([...containerIds].sort());
		expect(asBroker.keys).toContain('filter[parties][customs_broker]');
		// the same party in another role has no container
		const asShipper = await parameters('containers', {
			party: byId(broker.id),
			partyRole: 'shipper',
		});
		expect(asShipper.out).toEqual([]);
		// the container's own pickup dray carrier
		const dray = sb.store.parties.all()[1];
		const drayed = await parameters('containers', {
			party: byId(dray.id),
			partyRole: 'pickup_dray_carrier',
		});
		expect(ids(drayed)).toEqual([sb.store.containers.all()[50].id]);
		const shipmentsOfBroker = await parameters('shipments', { party: byId(broker.id) });
		expect(ids(shipmentsOfBroker)).toEqual([...shipmentIds].sort());
		expect(shipmentsOfBroker.keys).toContain('filter[party_id]');
	});

	it('Customer that leaves nothing out (one shipment of that customer, by number): refused with the fix', async () => {
		const s = sb.store.shipments.all().find((x) => x.customerId)!;
		await expect(
			runIn(
				'shipments',
				{ returnAll: true, filters: { number: s.blNumber, customer: byId(s.customerId!) } },
				'current',
			),
		).rejects.toThrow(
			/as without it \(1\).*If every one of these shipments does match, "Customer" leaves none out: remove it/s,
		);
	});

	it('ETA Changed with Tracking Stopped on is refused before any request', async () => {
		sb.clearRequests();
		await expect(
			shipments.run({
				operation: 'getAll',
				returnAll: true,
				filters: { etaChanged: '24h', trackingStopped: true },
			}),
		).rejects.toThrow(
			/Invalid ETA Changed "24h": Terminal49 records ETA changes of tracked shipments not yet arrived only/,
		);
		expect(sb.requests).toHaveLength(0);
	});
});

describe("Terminal49's documented catalog", () => {
	it('every filter and sort the runs above sent is in it; none of the broken or unknown keys', () => {
		expect(sent.length).toBeGreaterThan(100);
		const problems = sent.flatMap(({ list, pairs }) =>
			pairs.map(([name, value]) => undocumented(list, name, value)).filter(Boolean),
		);
		expect(problems).toEqual([]);
		const names = new Set(sent.flatMap(({ pairs }) => pairs.map(([name]) => name)));
		for (const broken of [
			'filter[pod_eta_at]',
			'filter[pod_ata_at]',
			'filter[status]',
			'filter[pod_locode]',
			'filter[line_scac]',
		])
			expect(
				sent.some(
					({ list, pairs }) => list === 'containers' && pairs.some(([name]) => name === broken),
				),
			).toBe(false);
		// the traps: never has_holds=false, has_fees=false or eta_changed_*=false
		const pairs = sent.flatMap((r) => r.pairs);
		expect(
			pairs.filter(
				([name, value]) =>
					value === 'false' && /has_holds|has_fees|has_demurrage_fees|eta_changed/.test(name),
			),
		).toEqual([]);
		// the documented keys the node does send
		for (const name of [
			'filter[current_status]',
			'filter[pod_code]',
			'filter[shipping_line_scac]',
			'filter[pod_terminal_id]',
			'filter[has_holds]',
			'filter[has_fees]',
			'filter[pickup_lfd][]',
			'filter[actively_tracked]',
			'filter[pod_arrival][]',
			'filter[tracking_stopped]',
			'filter[tags][]',
			'filter[search_by_number]',
			'sort',
		])
			expect([name, names.has(name)]).toEqual([name, true]);
	});
});
