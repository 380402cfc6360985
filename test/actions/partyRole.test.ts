/**
 * Party Role (Assign, Get Many, Remove) on shipments, containers and tracking requests, Shipment Get and Get
 * Many with party roles included, and the searchParties list search, against the sandbox through real
 * n8n-core. The request and response shapes are Terminal49's (guide "Assign Shipper, Consignee, and Other
 * Parties").
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { searchParties } from '../../nodes/Terminal49/methods/listSearch';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, byNumber, requestLog, runnerFor } from '../helpers/actionHarness';
import { createExecuteContext } from '../helpers/runNode';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';

let sb: Sandbox;
const partyRole = runnerFor(() => sb, 'partyRole');
const shipment = runnerFor(() => sb, 'shipment');
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;
const party = (i: number) => sb.store.parties.all()[i];
const fromList = (id: string) => ({ __rl: true, mode: 'list', value: id });
const ME = ['GET', '/v2/me', {}, null, 200];

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

describe('Party Role > Assign', () => {
	it('POSTs the role with the party as a relationship and returns it with its party', async () => {
		const f = fixture('customs_hold');
		const broker = party(0);
		const out = await partyRole.run({
			operation: 'create',
			recordType: 'shipment',
			shipmentId: byNumber(f.billOfLading),
			partyId: fromList(broker.id),
			role: 'customs_broker',
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/shipments', { number: f.billOfLading, 'page[size]': '10' }, null, 200],
			[
				'POST',
				`/v2/shipments/${f.shipmentId}/party_roles`,
				{},
				{
					data: {
						type: 'party_role',
						attributes: { role: 'customs_broker' },
						relationships: { party: { data: { id: broker.id, type: 'party' } } },
					},
				},
				201,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				type: 'party_role',
				role: 'customs_broker',
				roleable_type: 'Shipment',
				roleable_id: f.shipmentId,
				party: expect.objectContaining({ id: broker.id, company_name: broker.companyName }),
				already_assigned: false,
			}),
		]);
	});

	it('the same party and role again: the existing role, already_assigned (Terminal49 answers 422)', async () => {
		const f = fixture('past_lfd');
		const assign = () =>
			partyRole.run({
				operation: 'create',
				recordType: 'shipment',
				shipmentId: byId(f.shipmentId),
				partyId: byId(party(1).id),
				role: 'consignee',
			});
		const [first] = await assign();
		sb.clearRequests();
		const [again] = await assign();
		expect(again).toEqual({ ...first, already_assigned: true });
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([
			['POST', `/v2/shipments/${f.shipmentId}/party_roles`, 422],
			['GET', `/v2/shipments/${f.shipmentId}/party_roles`, 200],
		]);
	});

	it('a container takes only Pickup Dray Carrier: another role is refused before any request', async () => {
		const f = fixture('on_ship');
		const error = await partyRole
			.run({
				operation: 'create',
				recordType: 'container',
				containerId: byNumber(f.containerNumber),
				partyId: byId(party(0).id),
				role: 'customs_broker',
			})
			.catch((e: Error) => e);
		expect((error as Error).message).toMatch(
			/A container takes only the Pickup Dray Carrier role, not "customs_broker".*Role is not allowed for Cargo/,
		);
		expect(sb.requests).toHaveLength(0);
		const [dray] = await partyRole.run({
			operation: 'create',
			recordType: 'container',
			containerId: byNumber(f.containerNumber),
			partyId: byId(party(0).id),
			role: 'pickup_dray_carrier',
		});
		expect(dray).toMatchObject({ roleable_type: 'Cargo', role: 'pickup_dray_carrier' });
	});

	it('a party of another account: Terminal49 answers 401, and the error says so (not a key problem)', async () => {
		const error = await partyRole
			.run({
				operation: 'create',
				recordType: 'shipment',
				shipmentId: byId(fixture('on_rail').shipmentId),
				partyId: byId('5d0c1f5e-0000-4000-8000-00000000f0e1'),
				role: 'shipper',
			})
			.catch((e: Error) => e);
		expect((error as Error).message).toMatch(
			/^Terminal49 refused party 5d0c1f5e-0000-4000-8000-00000000f0e1 \(401\): it belongs to another account/,
		);
		expect((error as Error).message).toMatch(/does not belong to this account/);
	});

	it("a tracking request's role reaches its shipment once the carrier answers", async () => {
		const [request] = await runnerFor(() => sb, 'trackingRequest').run({
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber: 'MEDUROLES0001',
			scac: { __rl: true, mode: 'scac', value: 'MSCU' },
		});
		await partyRole.run({
			operation: 'create',
			recordType: 'tracking_request',
			trackingRequestId: request.id,
			partyId: byId(party(2).id),
			role: 'freight_forwarder',
		});
		const resolved = sb.resolveTrackingRequest(String(request.id), { status: 'created' })!;
		const roles = await partyRole.run({
			operation: 'getAll',
			recordType: 'shipment',
			shipmentId: byId(resolved.shipmentId!),
			returnAll: true,
		});
		expect(roles.map((r) => [r.role, (r.party as { id: string }).id])).toEqual([
			['freight_forwarder', party(2).id],
		]);
	});
});

describe('Party Role > Get Many and Remove; Shipment with its party roles', () => {
	it('lists, filters by role, shows in Shipment > Get (flag[parties]), removes by party and role', async () => {
		const f = fixture('ready_for_pickup');
		const record = { recordType: 'shipment', shipmentId: byId(f.shipmentId) };
		for (const [i, role] of [
			[3, 'customs_broker'],
			[4, 'shipper'],
		] as const) {
			await partyRole.run({ operation: 'create', ...record, partyId: byId(party(i).id), role });
		}
		sb.clearRequests();
		const all = await partyRole.run({ operation: 'getAll', ...record, returnAll: true });
		expect(requestLog(sb)).toEqual([
			ME,
			['GET', `/v2/shipments/${f.shipmentId}/party_roles`, { 'page[size]': '100' }, null, 200],
		]);
		expect(all.map((r) => [r.role, (r.party as { company_name: string }).company_name])).toEqual([
			['customs_broker', party(3).companyName],
			['shipper', party(4).companyName],
		]);
		const brokers = await partyRole.run({
			operation: 'getAll',
			...record,
			role: 'customs_broker',
			returnAll: true,
		});
		expect(brokers.map((r) => r.role)).toEqual(['customs_broker']);

		sb.clearRequests();
		const [got] = await shipment.run({
			operation: 'get',
			shipmentId: byId(f.shipmentId),
			include: ['party_roles.party'],
		});
		expect(requestLog(sb)[0].slice(0, 3)).toEqual([
			'GET',
			`/v2/shipments/${f.shipmentId}`,
			{ include: 'party_roles.party', 'flag[parties]': 'true' },
		]);
		expect(
			(got.party_roles as Array<{ role: string; party: { company_name: string } }>).map((r) => [
				r.role,
				r.party.company_name,
			]),
		).toEqual([
			['customs_broker', party(3).companyName],
			['shipper', party(4).companyName],
		]);
		const [listed] = await shipment.run({
			operation: 'getAll',
			limit: 1,
			filters: { number: f.billOfLading },
			include: ['party_roles.party'],
		});
		expect(listed.party_roles).toEqual(got.party_roles);

		sb.clearRequests();
		const removed = await partyRole.run({
			operation: 'delete',
			...record,
			removeBy: 'party',
			partyId: byId(party(3).id),
			role: 'customs_broker',
		});
		expect(removed).toEqual([
			{ deleted: true, id: all[0].id, role: 'customs_broker', party_id: party(3).id },
		]);
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([
			['GET', `/v2/shipments/${f.shipmentId}/party_roles`, 200],
			['DELETE', `/v2/shipments/${f.shipmentId}/party_roles/${all[0].id}`, 204],
		]);
		const gone = await partyRole
			.run({
				operation: 'delete',
				...record,
				removeBy: 'party',
				partyId: byId(party(3).id),
				role: 'customs_broker',
			})
			.catch((e: Error) => e);
		expect((gone as Error).message).toMatch(/is not customs_broker of shipment/);
		expect(
			await partyRole.run({
				operation: 'delete',
				...record,
				removeBy: 'id',
				partyRoleId: all[1].id,
			}),
		).toEqual([{ deleted: true, id: all[1].id }]);
		expect(await partyRole.run({ operation: 'getAll', ...record, returnAll: true })).toEqual([]);
	});
});

describe('searchParties (the Party picker)', () => {
	it('lists the parties by company name, filtered by what is typed (GET /parties?query=)', async () => {
		const context = createExecuteContext({
			nodeType: new Terminal49(),
			parameters: { resource: 'partyRole' } as never,
			credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		}) as unknown as ILoadOptionsFunctions;
		const all = await searchParties.call(context);
		expect(all.results.map((r) => r.value).sort()).toEqual(
			sb.store.parties
				.all()
				.map((p) => p.id)
				.sort(),
		);
		const name = party(0).companyName;
		sb.clearRequests();
		const some = await searchParties.call(context, name.slice(0, 4).toUpperCase());
		expect(some.results).toContainEqual({ name, value: party(0).id });
		expect(
			some.results.every((r) => r.name.toLowerCase().includes(name.slice(0, 4).toLowerCase())),
		).toBe(true);
		expect(sb.requests[0].query).toMatchObject({ query: name.slice(0, 4).toUpperCase() });
	});
});
