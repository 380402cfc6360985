/** /shipments: list (q, number, filter[tracking_stopped]), get, update, stop/resume tracking. */
import { attributesOf, checkType, error, stringArray } from '../jsonapi';
import type { Ctx, Route } from '../router';
import type { ShipmentRec } from '../types';
import { list, must, newestFirst, single } from './common';

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
			// filter[status], filter[pod_locode], filter[line_scac], filter[updated_at] are silently ignored, as by the live service.
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
