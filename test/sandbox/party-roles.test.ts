/**
 * Party roles in the sandbox, with the rules of Terminal49's guide "Assign Shipper, Consignee, and Other
 * Parties": additive roles, 422 for the same party and role twice, containers take only
 * pickup_dray_carrier, a party of another account is 401, a tracking request's roles reach its shipment;
 * `flag[parties]=true&include=party_roles.party` on shipments.
 */
import type { Sandbox } from '../../sandbox';
import { client, startTestSandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox({ carrierDelayMs: 600_000 });
});
afterAll(() => sb.close());

const api = () => client(sb);
const noSchema = { validate: false };
const roleBody = (partyId: string, role: string) => ({
	data: {
		type: 'party_role',
		attributes: { role },
		relationships: { party: { data: { id: partyId, type: 'party' } } },
	},
});
const party = (i = 0) => sb.store.parties.all()[i];
const fixture = (key: string) => sb.fixtures.find((f) => f.key === key)!;

test('assign, list (parties included) and remove a shipment role', async () => {
	const shipment = fixture('customs_hold').shipmentId;
	const broker = party(0);
	const created = await api().post(
		`/shipments/${shipment}/party_roles`,
		roleBody(broker.id, 'customs_broker'),
		noSchema,
	);
	expect(created.status).toBe(201);
	expect(created.body.data).toMatchObject({
		type: 'party_role',
		attributes: { role: 'customs_broker', roleable_type: 'Shipment', roleable_id: shipment },
		relationships: { party: { data: { id: broker.id, type: 'party' } } },
	});
	expect(created.body.included).toEqual([
		expect.objectContaining({ id: broker.id, type: 'party' }),
	]);
	// additive: a second customs broker is kept beside the first
	const second = await api().post(
		`/shipments/${shipment}/party_roles`,
		roleBody(party(1).id, 'customs_broker'),
		noSchema,
	);
	expect(second.status).toBe(201);
	const listed = await api().get(`/shipments/${shipment}/party_roles`, noSchema);
	expect(listed.body.data.map((r: any) => r.relationships.party.data.id)).toEqual([
		broker.id,
		party(1).id,
	]);
	expect(listed.body.included.map((p: any) => p.id).sort()).toEqual(
		[broker.id, party(1).id].sort(),
	);
	const removed = await api().delete(
		`/shipments/${shipment}/party_roles/${created.body.data.id}`,
		noSchema,
	);
	expect(removed.status).toBe(204);
	const after = await api().get(`/shipments/${shipment}/party_roles`, noSchema);
	expect(after.body.data.map((r: any) => r.id)).toEqual([second.body.data.id]);
	expect(
		(await api().delete(`/shipments/${shipment}/party_roles/${created.body.data.id}`, noSchema))
			.status,
	).toBe(404);
});

test('the same party in the same role twice: 422 "Party has already been taken"', async () => {
	const shipment = fixture('past_lfd').shipmentId;
	const path = `/shipments/${shipment}/party_roles`;
	expect((await api().post(path, roleBody(party(2).id, 'consignee'), noSchema)).status).toBe(201);
	const again = await api().post(path, roleBody(party(2).id, 'consignee'), noSchema);
	expect(again.status).toBe(422);
	expect(again.body.errors[0]).toMatchObject({
		detail: 'Party has already been taken',
		source: { pointer: '/data/relationships/party' },
	});
	// the same party in another role is another role
	expect((await api().post(path, roleBody(party(2).id, 'shipper'), noSchema)).status).toBe(201);
});

test('unknown role 422; a container takes only pickup_dray_carrier; a foreign party is 401', async () => {
	const shipment = fixture('on_ship').shipmentId;
	const unknown = await api().post(
		`/shipments/${shipment}/party_roles`,
		roleBody(party(0).id, 'captain'),
		noSchema,
	);
	expect(unknown.status).toBe(422);
	expect(unknown.body.errors[0].detail).toBe("'captain' is not a valid role");
	const container = fixture('on_ship').containerId;
	const broker = await api().post(
		`/containers/${container}/party_roles`,
		roleBody(party(0).id, 'customs_broker'),
		noSchema,
	);
	expect(broker.status).toBe(422);
	expect(broker.body.errors[0].detail).toBe('Role is not allowed for Cargo');
	const dray = await api().post(
		`/containers/${container}/party_roles`,
		roleBody(party(0).id, 'pickup_dray_carrier'),
		noSchema,
	);
	expect(dray.status).toBe(201);
	expect(dray.body.data.attributes.roleable_type).toBe('Cargo');
	const foreign = await api().post(
		`/shipments/${shipment}/party_roles`,
		roleBody('5d0c1f5e-0000-4000-8000-00000000f0e1', 'shipper'),
		noSchema,
	);
	expect(foreign.status).toBe(401);
	expect(foreign.body.errors[0].detail).toMatch(/does not belong to this account/);
	expect(
		(await api().get('/shipments/00000000-0000-4000-8000-000000000000/party_roles', noSchema))
			.status,
	).toBe(404);
});

test("a tracking request's roles are copied to its shipment when the shipment is created", async () => {
	const created = await api().post('/tracking_requests', {
		data: {
			type: 'tracking_request',
			attributes: { request_type: 'bill_of_lading', request_number: 'MEDUPARTY0001', scac: 'MSCU' },
		},
	});
	expect(created.status).toBe(201);
	const trackingRequest = created.body.data.id;
	const assigned = await api().post(
		`/tracking_requests/${trackingRequest}/party_roles`,
		roleBody(party(3).id, 'freight_forwarder'),
		noSchema,
	);
	expect(assigned.status).toBe(201);
	expect(assigned.body.data.attributes.roleable_type).toBe('TrackingRequest');
	const resolved = sb.resolveTrackingRequest(trackingRequest, { status: 'created' })!;
	expect(resolved.shipmentId).toBeTruthy();
	const shipmentRoles = await api().get(`/shipments/${resolved.shipmentId}/party_roles`, noSchema);
	expect(
		shipmentRoles.body.data.map((r: any) => [r.attributes.role, r.relationships.party.data.id]),
	).toEqual([['freight_forwarder', party(3).id]]);
	// a role added once the shipment exists reaches it at once
	await api().post(
		`/tracking_requests/${trackingRequest}/party_roles`,
		roleBody(party(4).id, 'customer'),
		noSchema,
	);
	const again = await api().get(`/shipments/${resolved.shipmentId}/party_roles`, noSchema);
	expect(again.body.data.map((r: any) => r.attributes.role)).toEqual([
		'freight_forwarder',
		'customer',
	]);
});

test('GET /shipments[/{id}] with flag[parties]=true&include=party_roles.party', async () => {
	const shipment = fixture('ready_for_pickup').shipmentId;
	await api().post(
		`/shipments/${shipment}/party_roles`,
		roleBody(party(5).id, 'customs_broker'),
		noSchema,
	);
	const plain = await api().get(`/shipments/${shipment}?include=party_roles.party`);
	expect(plain.body.data.relationships.party_roles).toBeUndefined();
	const flagged = await api().get(
		`/shipments/${shipment}?flag[parties]=true&include=party_roles.party`,
		noSchema,
	);
	const roles = flagged.body.data.relationships.party_roles.data;
	expect(roles).toHaveLength(1);
	expect(flagged.body.included).toEqual(
		expect.arrayContaining([
			expect.objectContaining({ id: roles[0].id, type: 'party_role' }),
			expect.objectContaining({ id: party(5).id, type: 'party' }),
		]),
	);
	const listed = await api().get(
		`/shipments?number=${fixture('ready_for_pickup').billOfLading}&flag[parties]=true&include=party_roles.party`,
		noSchema,
	);
	expect(listed.body.data[0].relationships.party_roles.data).toEqual(roles);
});

test('GET /parties?query= finds company names containing it', async () => {
	const name = party(0).companyName;
	const res = await api().get(
		`/parties?query=${encodeURIComponent(name.slice(1, 5).toLowerCase())}`,
	);
	expect(res.body.data.map((p: any) => p.attributes.company_name)).toContain(name);
	expect(
		res.body.data.every((p: any) =>
			p.attributes.company_name.toLowerCase().includes(name.slice(1, 5).toLowerCase()),
		),
	).toBe(true);
});
