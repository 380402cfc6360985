/**
 * /shipments: list (the documented filters and sort; or the older service's: q, number and
 * filter[tracking_stopped] only, with `legacyLists`), get, update, stop/resume tracking.
 */
import { attributesOf, checkType, error, stringArray } from '../jsonapi';
import { filterParams, SHIPMENT_PAGE_CAP, shipmentFilter, shipmentOrder } from '../list-query';
import { shipmentViews } from '../list-views';
import type { Ctx, Reply, Route } from '../router';
import { ACCOUNT_ID } from '../account-resources';
import type { ShipmentRec } from '../types';
import { effectivePairs, list, must, newestFirst, single } from './common';

/** The list as the current service answers it: the documented filters, `sort`, `meta.total` filtered. */
function currentList(ctx: Ctx): Reply {
	const store = ctx.app.store;
	if (ctx.query.q !== undefined && !ctx.query.q.trim())
		throw error(400, 'q must not be blank', { source: { parameter: 'q' } });
	const query = { now: Date.now(), accountId: ACCOUNT_ID };
	const test = shipmentFilter(filterParams(effectivePairs(ctx)), ctx.query, query);
	const order = shipmentOrder(ctx.query.sort);
	const views = shipmentViews(store);
	const kept = store.shipments
		.newestFirst()
		.map((s) => ({ s, v: views.get(s.id)! }))
		.filter(({ v }) => test(v));
	if (order) kept.sort((a, b) => order(a.v, b.v));
	return list(
		ctx,
		kept.map(({ s }) => s),
		(s) => ctx.ser.shipment(s),
		{ maxPageSize: SHIPMENT_PAGE_CAP },
	);
}

/** `flag[parties]=true` (on both GETs): shipments carry `party_roles` (`include=party_roles.party` embeds them). */
const flagParties = (ctx: Ctx) => {
	ctx.ser.shipmentPartyRoles = ctx.query['flag[parties]'] === 'true';
};

export const shipmentRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/shipments',
		handler: (ctx) => {
			flagParties(ctx);
			const store = ctx.app.store;
			const stoppedValue = ctx.query['filter[tracking_stopped]'] ?? ctx.query.tracking_stopped;
			if (stoppedValue !== undefined && stoppedValue !== 'true' && stoppedValue !== 'false')
				throw error(400, 'filter[tracking_stopped] must be true or false', {
					source: { parameter: 'filter[tracking_stopped]' },
				});
			if (!ctx.app.options.legacyLists) return currentList(ctx);
			// The older service: filter[status], filter[pod_locode], filter[line_scac], filter[updated_at],
			// every other filter and sort silently ignored.
			const q = ctx.query.q?.trim().toUpperCase();
			const number = ctx.query.number?.trim().toUpperCase();
			const stoppedRaw = ctx.query['filter[tracking_stopped]'];
			let stopped: boolean | undefined;
			if (stoppedRaw !== undefined) {
				if (stoppedRaw !== 'true' && stoppedRaw !== 'false')
					throw error(400, 'filter[tracking_stopped] must be true or false', {
						source: { parameter: 'filter[tracking_stopped]' },
					});
				stopped = stoppedRaw === 'true';
			}
			const matches = (s: ShipmentRec) => {
				if (stopped !== undefined && !!s.lineTrackingStoppedAt !== stopped) return false;
				const containers = q ? store.containersOf(s).map((c) => c.number) : [];
				// `number` is the original request number (BL or booking), never a container number.
				if (
					number &&
					s.blNumber !== number &&
					!store
						.trackingRequestsFor(s.id)
						.some((t) => t.requestType !== 'container' && t.requestNumber.toUpperCase() === number)
				)
					return false;
				if (q) {
					const hay = [s.blNumber, ...s.refNumbers, ...s.tags, ...containers].map((x) =>
						x.toUpperCase(),
					);
					if (!hay.some((h) => h.includes(q))) return false;
				}
				return true;
			};
			const all = store.shipments.all();
			const items =
				q || number || stopped !== undefined ? all.filter(matches).reverse() : newestFirst(all);
			return list(ctx, items, (s) => ctx.ser.shipment(s));
		},
	},
	{
		method: 'GET',
		pattern: '/shipments/:id',
		handler: (ctx) => {
			flagParties(ctx);
			return single(
				ctx,
				ctx.ser.shipment(must(ctx.app.store.shipments.get(ctx.params.id), 'Shipment')),
			);
		},
	},
	{
		method: 'PATCH',
		pattern: '/shipments/:id',
		handler: (ctx) => {
			const s = must(ctx.app.store.shipments.get(ctx.params.id), 'Shipment');
			checkType(ctx.body, 'shipment');
			const a = attributesOf(ctx.body);
			if (a.ref_numbers !== undefined)
				s.refNumbers = stringArray(a.ref_numbers, '/data/attributes/ref_numbers');
			if (a.tags !== undefined) s.tags = [...new Set(stringArray(a.tags, '/data/attributes/tags'))];
			return single(ctx, ctx.ser.shipment(s));
		},
	},
	{
		method: 'PATCH',
		pattern: '/shipments/:id/stop_tracking',
		handler: (ctx) => {
			const s = must(ctx.app.store.shipments.get(ctx.params.id), 'Shipment');
			ctx.app.setTracking(s, true);
			return single(ctx, ctx.ser.shipment(s));
		},
	},
	{
		method: 'PATCH',
		pattern: '/shipments/:id/resume_tracking',
		handler: (ctx) => {
			const s = must(ctx.app.store.shipments.get(ctx.params.id), 'Shipment');
			ctx.app.setTracking(s, false);
			return single(ctx, ctx.ser.shipment(s));
		},
	},
];
