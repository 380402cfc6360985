/**
 * /containers: list (the documented filters and sort, pages of 50; or the older service's: filter[number]
 * only, 100 a page, with `legacyLists`), get, update ref_numbers, refresh, map_geojson, route, transport and
 * raw events.
 */
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
import { containerFilter, containerOrder, CONTAINER_PAGE_CAP, filterParams } from '../list-query';
import { containerView, shipmentViews } from '../list-views';
import { ACCOUNT_ID } from '../account-resources';
import { effectivePairs, list, must, newestFirst, single } from './common';
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
			if (ctx.app.options.legacyLists) {
				const number = ctx.query['filter[number]']?.trim().toUpperCase();
				// The older service: every other filter (filter[status], filter[pod_locode], ...) and sort ignored.
				const items = number
					? store.containers
							.all()
							.filter((c) => c.number === number)
							.reverse()
					: newestFirst(store.containers.all());
				return list(ctx, items, (c) => ctx.ser.container(c));
			}
			const query = { now: Date.now(), accountId: ACCOUNT_ID };
			const test = containerFilter(filterParams(effectivePairs(ctx)), query);
			const order = containerOrder(ctx.query.sort, query);
			const shipments = shipmentViews(store);
			const kept = store.containers
				.newestFirst()
				.map((c) => ({
					c,
					v: containerView(store, c, shipments.get(c.shipmentId)!, ctx.plan, ctx.ser.deadlineShape),
				}))
				.filter(({ v }) => test(v))
				.sort((a, b) => order(a.v, b.v));
			return list(
				ctx,
				kept.map(({ c }) => c),
				(c) => ctx.ser.container(c),
				{ maxPageSize: CONTAINER_PAGE_CAP },
			);
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
			body: containerMap(ctx.app.store, findContainer(ctx, ctx.params.id)),
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
