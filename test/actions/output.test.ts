/**
 * Node version 2's Output (issue 25): Simplified, the people-first view (a dozen flat fields in a
 * coordinator's words, nothing nested), All Fields (version 1's flat item), Selected Fields, Raw; version 1
 * unchanged. Through real n8n-core, the parameters' defaults filled in as the editor does, against the sandbox
 * with its epoch and the node's clock pinned.
 */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';
import { ROW_COLUMNS } from '../helpers/rowColumns';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);
const NOW = EPOCH + 2 * HOUR;

let sb: Sandbox;
const containers = runnerFor(() => sb, 'container');
const shipments = runnerFor(() => sb, 'shipment');
const trackingRequests = runnerFor(() => sb, 'trackingRequest');
const partyRoles = runnerFor(() => sb, 'partyRole');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const byNumber = (value: string) => ({ __rl: true, mode: 'number', value });
const V2 = { typeVersion: 2 };

beforeAll(async () => {
	pinDate(NOW);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	resetRateLimiter();
});

const isFlat = (item: IDataObject) =>
	Object.values(item).every((value) => value === null || typeof value !== 'object');

describe('Simplified (the default of version 2): what a coordinator reads first', () => {
	it('a container: its number first, status and place in words, pickup, last free day and days left, urgency, fees, risks, ETA, bill of lading, carrier', async () => {
		const f = fixture('terminal_lfd_first');
		const [item] = await containers.run(
			{ operation: 'get', containerId: byNumber(f.containerNumber) },
			V2,
		);
		expect(Object.keys(item)).toEqual(ROW_COLUMNS);
		expect(isFlat(item)).toBe(true);
		expect(item).toMatchObject({
			container_number: f.containerNumber,
			status: 'Available for pickup',
			pickup: 'Ready for pickup',
			// no hold: a word, not an empty string (n8n's table paints that as a red "empty")
			holds: 'none',
			// the earliest of the three LFDs: the terminal's tomorrow, not the line's next week
			last_free_day: '2026-10-20',
			last_free_day_source: 'Terminal',
			days_left: 1,
			urgency: 'imminent',
			risks: 'Last free day tomorrow',
			bill_of_lading: f.billOfLading,
			id: f.containerId,
			// read now (the clock is pinned): UTC with milliseconds, sortable as text
			as_of: new Date().toISOString(),
		});
		expect(item.location).toMatch(/New York/);
		expect(item.carrier).toBeTruthy();
	});

	it("as an AI agent's tool, a container has four fields more: whether the ETA is the arrival, the last milestone, tracking, the cost outlook", async () => {
		const f = fixture('terminal_lfd_first');
		const [item] = await containers.run(
			{ operation: 'get', containerId: byNumber(f.containerNumber) },
			{ ...V2, asTool: true },
		);
		expect(Object.keys(item)).toHaveLength(22);
		expect(item).toMatchObject({
			container_number: f.containerNumber,
			eta_is_actual: true,
			tracking: 'Tracking',
			id: f.containerId,
		});
		// the last step its own record dates, at the place and in its time (discharged 2 days before the epoch)
		expect(item.last_milestone).toMatch(
			/^Discharged at .*New York.*, 2026-10-1[78] \d\d:\d\d E[DS]T$/,
		);
	});

	it('Get Many: every container the same 18 fields, nothing nested (n8n shows every column)', async () => {
		const out = await containers.run({ operation: 'getAll', returnAll: true }, V2);
		expect(out.length).toBeGreaterThan(10);
		for (const item of out) {
			expect(Object.keys(item)).toHaveLength(18);
			expect(isFlat(item)).toBe(true);
		}
	});

	it('a shipment and a tracking request: their own views', async () => {
		const f = fixture('customs_hold');
		const [shipment] = await shipments.run(
			{ operation: 'get', shipmentId: byNumber(f.billOfLading), include: ['containers'] },
			V2,
		);
		expect(isFlat(shipment)).toBe(true);
		expect(shipment).toMatchObject({
			bill_of_lading: f.billOfLading,
			containers: f.containerNumber,
			tracking: 'Tracking',
			id: f.shipmentId,
		});
		const [request] = await trackingRequests.run(
			{
				operation: 'get',
				trackingRequestId: { __rl: true, mode: 'id', value: f.trackingRequestId },
			},
			V2,
		);
		expect(isFlat(request)).toBe(true);
		expect(request).toMatchObject({ status: 'Tracking', id: f.trackingRequestId });
	});
});

describe('All Fields, Selected Fields, Raw; version 1 as before', () => {
	it('All Fields: the full flat item (every attribute, the derived fields, related records nested)', async () => {
		const f = fixture('out_of_sync');
		const [item] = await containers.run(
			{ operation: 'get', containerId: byNumber(f.containerNumber), output: 'all' },
			V2,
		);
		expect(item).toMatchObject({
			number: f.containerNumber,
			pickup_state: 'out_of_sync',
			active_holds: ['customs'],
		});
		expect(typeof item.shipment).toBe('object');
	});

	it('Selected Fields: only the fields named, a dot into a related record, a missing one empty', async () => {
		const f = fixture('out_of_sync');
		const [item] = await containers.run(
			{
				operation: 'get',
				containerId: byNumber(f.containerNumber),
				output: 'selected',
				fields: 'number, pickup_state, shipment.bill_of_lading_number, no_such_field',
			},
			V2,
		);
		expect(item).toEqual({
			number: f.containerNumber,
			pickup_state: 'out_of_sync',
			'shipment.bill_of_lading_number': f.billOfLading,
			no_such_field: null,
		});
	});

	it('Raw: the JSON:API document as Terminal49 sent it', async () => {
		const f = fixture('out_of_sync');
		const [item] = await containers.run(
			{ operation: 'get', containerId: byNumber(f.containerNumber), output: 'raw' },
			V2,
		);
		expect((item.data as IDataObject).type).toBe('container');
		expect(item.included).toBeDefined();
	});

	it('version 1 keeps Simplify: the full flat item by default', async () => {
		const f = fixture('out_of_sync');
		const [item] = await containers.run({
			operation: 'get',
			containerId: byNumber(f.containerNumber),
		});
		expect(item).toMatchObject({ number: f.containerNumber, pickup_state: 'out_of_sync' });
		expect(item.container_number).toBeUndefined();
	});
});

describe('what a coordinator sees in Simplified (issue 29), version 1 items unchanged', () => {
	it('a container picked up: its pickup in words with the day at its port, not null; All Fields and version 1 keep their item', async () => {
		const f = fixture('empty_not_returned');
		const get = { operation: 'get', containerId: byNumber(f.containerNumber) };
		const [item] = await containers.run(get, V2);
		// picked up 5 days before the epoch (00:00 UTC): the evening before at Tacoma (America/Los_Angeles)
		expect(item).toMatchObject({
			container_number: f.containerNumber,
			status: 'Picked up',
			pickup: 'Picked up 2026-10-14',
			holds: 'none',
			urgency: 'closed',
			risks: 'Empty not returned',
		});
		const [all] = await containers.run({ ...get, output: 'all' }, V2);
		const [v1] = await containers.run(get);
		for (const full of [all, v1]) {
			expect(full).toMatchObject({ closed: true, pickup_state: null, pickup_state_text: null });
			expect(full.pod_full_out_at).toBe('2026-10-15T00:00:00Z');
		}
	});

	it('Shipment Get with the party roles included: the parties in words by role; version 1 keeps party_roles', async () => {
		const f = fixture('long_dwell');
		const [broker, trucker] = sb.store.parties.all();
		const record = {
			recordType: 'shipment',
			shipmentId: { __rl: true, mode: 'id', value: f.shipmentId },
		};
		await partyRoles.run({
			operation: 'create',
			...record,
			partyId: { __rl: true, mode: 'id', value: trucker.id },
			role: 'pickup_dray_carrier',
		});
		await partyRoles.run({
			operation: 'create',
			...record,
			partyId: { __rl: true, mode: 'id', value: broker.id },
			role: 'customs_broker',
		});
		const get = {
			operation: 'get',
			shipmentId: byNumber(f.billOfLading),
			include: ['containers', 'party_roles.party'],
		};
		const [shipment] = await shipments.run(get, V2);
		expect(isFlat(shipment)).toBe(true);
		expect(shipment).toMatchObject({
			bill_of_lading: f.billOfLading,
			parties: `Customs broker: ${broker.companyName}; Pickup dray carrier: ${trucker.companyName}`,
			tracking: 'Tracking',
		});
		// without the party roles included, the view has no parties field (it cannot say)
		const [plain] = await shipments.run({ ...get, include: ['containers'] }, V2);
		expect(plain).not.toHaveProperty('parties');
		expect(plain).toMatchObject({
			reference_numbers: expect.any(String),
			tags: expect.any(String),
		});
		expect([plain.reference_numbers, plain.tags]).not.toContain('');
		// version 1: the roles with their parties, as before; no people-first field
		const [v1] = await shipments.run(get);
		expect(v1.parties).toBeUndefined();
		expect(
			(v1.party_roles as Array<{ role: string; party: { company_name: string } }>).map((r) => [
				r.role,
				r.party.company_name,
			]),
		).toEqual([
			['pickup_dray_carrier', trucker.companyName],
			['customs_broker', broker.companyName],
		]);
	});

	describe('Shipment Get > Split Containers in version 2', () => {
		const shipment = () => sb.store.shipments.all().find((s) => s.containerIds.length >= 3)!;
		const split = (output?: string, fields?: string) => ({
			operation: 'get',
			shipmentId: { __rl: true, mode: 'id', value: shipment().id },
			include: [],
			splitContainers: true,
			...(output ? { output } : {}),
			...(fields ? { fields } : {}),
		});

		it('Simplified: one item per container, its people-first view (containers included automatically)', async () => {
			const s = shipment();
			sb.clearRequests();
			const items = await shipments.runFull(split(), V2);
			expect(sb.requests.map((r) => [r.path, r.query])).toEqual([
				[`/v2/shipments/${s.id}`, { include: 'containers' }],
			]);
			expect(items.map((item) => item.pairedItem)).toEqual(s.containerIds.map(() => ({ item: 0 })));
			const out = items.map((item) => item.json);
			expect(out.map((o) => o.id)).toEqual(s.containerIds);
			expect(out.map((o) => o.container_number)).toEqual(
				s.containerIds.map((id) => sb.store.containers.get(id)!.number),
			);
			for (const item of out) {
				expect(Object.keys(item)).toHaveLength(18);
				expect(isFlat(item)).toBe(true);
				expect(item.bill_of_lading).toBe(s.blNumber);
			}
			// node version 3 (what a new node gets) the same
			expect(await shipments.run(split(), { typeVersion: 3 })).toEqual(out);
		});

		it("All Fields is version 1's split item; Selected Fields picks from it; Raw is the document (nothing to split)", async () => {
			const s = shipment();
			const all = await shipments.run(split('all'), V2);
			const v1 = await shipments.run(split());
			expect(all).toHaveLength(s.containerIds.length);
			expect(all).toEqual(v1);
			expect(all[0]).toMatchObject({
				type: 'container',
				id: s.containerIds[0],
				shipment: { id: s.id, bill_of_lading_number: s.blNumber, containers: s.containerIds },
			});
			const selected = await shipments.run(
				split('selected', 'number, shipment.bill_of_lading_number'),
				V2,
			);
			expect(selected).toEqual(
				s.containerIds.map((id) => ({
					number: sb.store.containers.get(id)!.number,
					'shipment.bill_of_lading_number': s.blNumber,
				})),
			);
			// Raw offers no Split Containers: the document as sent, containers not added to the include
			sb.clearRequests();
			const raw = await shipments.run(split('raw'), V2);
			expect(sb.requests.map((r) => r.query)).toEqual([{}]);
			expect(raw).toHaveLength(1);
			expect((raw[0].data as IDataObject).id).toBe(s.id);
		});

		it('the option shows in version 1 with Simplify on and in version 2 with every Output but Raw', () => {
			const property = new Terminal49().description.properties.find(
				(p) => p.name === 'splitContainers',
			)!;
			const shown = (typeVersion: number, parameters: IDataObject) =>
				NodeHelpers.displayParameter(
					{ resource: 'shipment', operation: 'get', ...parameters } as INodeParameters,
					property,
					{ typeVersion } as INode,
					null,
				);
			expect(shown(1, { simplify: true })).toBe(true);
			expect(shown(1, { simplify: false })).toBe(false);
			for (const version of [2, 3]) {
				for (const output of ['simplified', 'all', 'selected'])
					expect(shown(version, { output })).toBe(true);
				expect(shown(version, { output: 'raw' })).toBe(false);
			}
		});
	});
});
