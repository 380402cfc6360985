/** /containers: list (filter[number]), get, update ref_numbers, refresh, map_geojson, route, transport and raw events. */
import {
	attributesOf,
	checkType,
	dataOf,
	includeList,
	invalid,
	resolveIncluded,
	stringArray,
} from '../jsonapi';
import { containerMap } from '../map';
import type { Ctx, Reply, Route } from '../router';
import { transportEvents } from '../timeline';
import type { ContainerRec } from '../types';
import { list, must, newestFirst, single } from './common';
import { PLAIN_JSON_PRODUCES } from '../negotiation';

function findContainer(ctx: Ctx, id: string): ContainerRec {
	return must(ctx.app.store.containers.get(id), 'Container');
}

function updateRefNumbers(ctx: Ctx, c: ContainerRec): Reply {
	checkType(ctx.body, 'container');
	const a = attributesOf(ctx.body);
	if (a.ref_numbers !== undefined)
		c.refNumbers = stringArray(a.ref_numbers, '/data/attributes/ref_numbers');
	c.updatedAt = Date.now();
	return single(ctx, ctx.ser.container(c));
}

export const containerRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/containers',
		handler: (ctx) => {
			const store = ctx.app.store;
			const number = ctx.query['filter[number]']?.trim().toUpperCase();
			// filter[status], filter[pod_locode], filter[line_scac], filter[updated_at] are silently ignored, as by the live service.
			const items = number
				? store.containers
						.all()
						.filter((c) => c.number === number)
						.reverse()
				: newestFirst(store.containers.all());
			return list(ctx, items, (c) => ctx.ser.container(c));
		},
	},
	{
		method: 'GET',
		pattern: '/containers/:id',
		handler: (ctx) => single(ctx, ctx.ser.container(findContainer(ctx, ctx.params.id))),
	},
	{
		method: 'PATCH',
		pattern: '/containers/:id',
		handler: (ctx) => updateRefNumbers(ctx, findContainer(ctx, ctx.params.id)),
	},
	{
		method: 'PATCH',
		pattern: '/containers',
		handler: (ctx) => {
			const id = dataOf(ctx.body).id;
			if (typeof id !== 'string' || !id) throw invalid('/data/id', "Id can't be blank", 'blank');
			return updateRefNumbers(ctx, findContainer(ctx, id));
		},
	},
	{
		method: 'PATCH',
		pattern: '/containers/:id/refresh',
		produces: PLAIN_JSON_PRODUCES,
		bucket: 'refresh',
		feature: 'refresh',
		handler: (ctx) => {
			const c = findContainer(ctx, ctx.params.id);
			const s = ctx.app.store.shipmentOf(c);
			const now = Date.now();
			c.terminalCheckedAt = now;
			s.lineTrackingLastAttemptedAt = now;
			const sources = ['Shipping line', 'Terminal', ...(s.metroCode ? ['Rail'] : [])];
			return { status: 200, body: { message: `Started refresh for ${sources.join(', ')}` } };
		},
	},
	{
		method: 'GET',
		pattern: '/containers/:id/map_geojson',
		produces: PLAIN_JSON_PRODUCES,
		feature: 'routing_data',
		handler: (ctx) => ({
			status: 200,
			body: containerMap(ctx.app, findContainer(ctx, ctx.params.id)),
		}),
	},
	{
		method: 'GET',
		pattern: '/containers/:id/transport_events',
		handler: (ctx) => {
			const c = findContainer(ctx, ctx.params.id);
			const events = transportEvents(ctx.app.store.shipmentOf(c), c);
			return list(ctx, events, (e) => ctx.ser.transportEvent(e));
		},
	},
	{
		method: 'GET',
		pattern: '/containers/:id/raw_events',
		// Not paginated; the live answer includes each event's location and vessel without being asked.
		handler: (ctx) => {
			const data = ctx.ser.rawEvents(findContainer(ctx, ctx.params.id));
			const paths = [...new Set(['location', 'vessel', ...includeList(ctx.query)])];
			return {
				status: 200,
				body: { data, included: resolveIncluded(data, paths, ctx.ser.lookup) },
			};
		},
	},
	{
		// Not in openapi.json; Terminal49's SDK calls it (Routing Data). The route always comes with its
		// route locations, their ports (or metro area) and vessels.
		method: 'GET',
		pattern: '/containers/:id/route',
		feature: 'routing_data',
		handler: (ctx) => {
			const route = ctx.ser.route(findContainer(ctx, ctx.params.id));
			const paths = [
				...new Set([
					'route_locations',
					'route_locations.location',
					'route_locations.inbound_vessel',
					'route_locations.outbound_vessel',
					...includeList(ctx.query),
				]),
			];
			return {
				status: 200,
				body: { data: route, included: resolveIncluded([route], paths, ctx.ser.lookup) },
			};
		},
	},
];
