/**
 * Party roles of shipments, containers and tracking requests (`/{records}/{id}/party_roles[/{role_id}]`), with
 * the rules of Terminal49's guide "Assign Shipper, Consignee, and Other Parties"
 * (docs/api-docs/in-depth-guides/assigning-parties.mdx): roles are additive; the same party in the same role
 * twice → 422 "Party has already been taken"; an unknown role → 422 "'x' is not a valid role"; a container
 * takes only `pickup_dray_carrier` (422 "Role is not allowed for Cargo"); a party of another account → 401;
 * roles of a tracking request are copied to its shipment, also when the shipment is created later.
 */
import type { Json } from '../jsonapi';
import { checkType, dataOf, error, invalid } from '../jsonapi';
import type { Ctx, Route } from '../router';
import type { PartyRoleRec, RoleableType } from '../types';
import { empty, list, must, single } from './common';

export const PARTY_ROLES = [
	'shipper',
	'consignee',
	'notify_party',
	'customs_broker',
	'customer',
	'freight_forwarder',
	'pickup_dray_carrier',
] as const;

/** The one role a container takes. */
export const CONTAINER_ROLE = 'pickup_dray_carrier';

interface Roleable {
	type: RoleableType;
	/** The record's name in errors ("Shipment", "Container", "Tracking request"). */
	name: string;
	exists: (ctx: Ctx, id: string) => boolean;
}

const ROLEABLES: Record<string, Roleable> = {
	shipments: {
		type: 'Shipment',
		name: 'Shipment',
		exists: (ctx, id) => ctx.app.store.shipments.has(id),
	},
	containers: {
		type: 'Cargo',
		name: 'Container',
		exists: (ctx, id) => ctx.app.store.containers.has(id),
	},
	tracking_requests: {
		type: 'TrackingRequest',
		name: 'Tracking request',
		exists: (ctx, id) => ctx.app.store.trackingRequests.has(id),
	},
};

/** The roles on one record, oldest first. */
export function partyRolesOf(
	ctx: Pick<Ctx, 'app'>,
	type: RoleableType,
	id: string,
): PartyRoleRec[] {
	return ctx.app.store.partyRoles
		.all()
		.filter((r) => r.roleableType === type && r.roleableId === id);
}

function routesFor(collection: string): Route[] {
	const roleable = ROLEABLES[collection];
	const record = (ctx: Ctx) => {
		if (!roleable.exists(ctx, ctx.params.id)) throw error(404, `${roleable.name} not found`);
		return ctx.params.id;
	};
	return [
		{
			method: 'GET',
			pattern: `/${collection}/:id/party_roles`,
			handler: (ctx) => {
				const roles = partyRolesOf(ctx, roleable.type, record(ctx));
				return list(ctx, roles, (r) => ctx.ser.partyRole(r), { defaultInclude: ['party'] });
			},
		},
		{
			method: 'POST',
			pattern: `/${collection}/:id/party_roles`,
			handler: (ctx) => {
				const id = record(ctx);
				checkType(ctx.body, 'party_role');
				const data = dataOf(ctx.body);
				const role = (data.attributes as Json | undefined)?.role;
				if (typeof role !== 'string' || !role)
					throw invalid('/data/attributes/role', "Role can't be blank", 'blank');
				if (!(PARTY_ROLES as readonly string[]).includes(role))
					throw invalid('/data/attributes/role', `'${role}' is not a valid role`, 'inclusion');
				if (roleable.type === 'Cargo' && role !== CONTAINER_ROLE)
					throw invalid('/data/attributes/role', 'Role is not allowed for Cargo', 'inclusion');
				const party = ((data.relationships as Json | undefined)?.party as Json | undefined)
					?.data as Json | undefined;
				const partyId = typeof party?.id === 'string' ? party.id : '';
				if (!partyId) throw invalid('/data/relationships/party', "Party can't be blank", 'blank');
				if (!ctx.app.store.parties.has(partyId))
					throw error(401, 'The party does not belong to this account');
				const created = ctx.app.assignPartyRole(roleable.type, id, partyId, role);
				if (!created)
					throw invalid('/data/relationships/party', 'Party has already been taken', 'taken');
				return single(ctx, ctx.ser.partyRole(created), {
					status: 201,
					defaultInclude: ['party'],
				});
			},
		},
		{
			method: 'DELETE',
			pattern: `/${collection}/:id/party_roles/:roleId`,
			handler: (ctx) => {
				const id = record(ctx);
				const role = must(
					ctx.app.store.partyRoles.find(
						(r) =>
							r.id === ctx.params.roleId && r.roleableType === roleable.type && r.roleableId === id,
					),
					'Party role',
				);
				ctx.app.store.partyRoles.remove(role.id);
				return empty(204);
			},
		},
	];
}

export const partyRoleRoutes: Route[] = Object.keys(ROLEABLES).flatMap(routesFor);
