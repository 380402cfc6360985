/** Reference data: shipping lines, ports, terminals, metro areas, vessels (+ positions) and search. */
import { interpolate } from '../geo';
import { error, type ResourceObject } from '../jsonapi';
import {
	METRO_BY_CODE,
	METRO_BY_ID,
	PORTS_BY_CODE,
	PORTS_BY_ID,
	SHIPPING_LINES,
	TERMINALS_BY_FIRMS,
	VESSELS_BY_ID,
	VESSELS_BY_IMO,
	type VesselRef,
} from '../reference-data';
import { vesselPositionAttributes } from '../reference-resources';
import type { Ctx, Route } from '../router';
import { DAY_MS, iso, parseTime } from '../util';

import { doc, list, must } from './common';

const MINUTE_MS = 60_000;
const LINES_BY_SCAC = [...SHIPPING_LINES].sort((a, b) => (a.scac < b.scac ? -1 : 1));

const SEARCH_LIMIT = 25;

function findVessel(idOrImo: string): VesselRef {
	return must(VESSELS_BY_ID.get(idOrImo) ?? VESSELS_BY_IMO.get(idOrImo), 'Vessel');
}

function vesselDoc(ctx: Ctx, v: VesselRef): ResourceObject {
	const p = ctx.app.vesselPosition(v.imo);
	const extra = vesselPositionAttributes(p);
	const from = ctx.query['show_positions[from_timestamp]'];
	const to = ctx.query['show_positions[to_timestamp]'];
	if (from !== undefined || to !== undefined) {
		const end = parseTime(to) ?? p.at;
		const start = parseTime(from) ?? end - 7 * DAY_MS;
		if (start > end)
			throw error(
				400,
				'show_positions[from_timestamp] must be before show_positions[to_timestamp]',
				{ source: { parameter: 'show_positions[from_timestamp]' } },
			);
		const positions = [];
		const steps = 6;
		for (let i = 0; i <= steps; i++) {
			const f = i / steps;
			positions.push({
				latitude: Math.round((p.latitude - 2 * (1 - f)) * 1e5) / 1e5,
				longitude: Math.round((p.longitude - 3 * (1 - f)) * 1e5) / 1e5,
				heading: p.heading,
				timestamp: iso(start + (end - start) * f),
				estimated: false,
			});
		}
		extra.positions = positions;
	}
	return ctx.ser.vessel(v, extra);
}

/** Routing data is needed only when positions are requested. */
const positionsFeature = (ctx: Ctx) =>
	Object.keys(ctx.query).some((k) => k.startsWith('show_positions'))
		? ('routing_data' as const)
		: null;

function futurePositions(ctx: Ctx, withCoordinates: boolean) {
	const v = findVessel(ctx.params.id);
	const p = ctx.app.vesselPosition(v.imo);
	const portId = ctx.query.port_id;
	const target = portId ? PORTS_BY_ID.get(portId) : PORTS_BY_CODE.get('USLAX');
	if (!target)
		throw error(422, 'port_id does not match a port', { source: { parameter: 'port_id' } });
	if (ctx.query.previous_port_id && !PORTS_BY_ID.get(ctx.query.previous_port_id))
		throw error(422, 'previous_port_id does not match a port', {
			source: { parameter: 'previous_port_id' },
		});
	let start: [number, number] = [p.longitude, p.latitude];
	if (withCoordinates) {
		const lat = Number(ctx.query.latitude);
		const lon = Number(ctx.query.longitude);
		if (
			ctx.query.latitude === undefined ||
			ctx.query.longitude === undefined ||
			!Number.isFinite(lat) ||
			!Number.isFinite(lon) ||
			Math.abs(lat) > 90 ||
			Math.abs(lon) > 180
		) {
			throw error(400, 'latitude and longitude are required numbers', {
				source: { parameter: 'latitude' },
			});
		}
		start = [lon, lat];
	}
	const positions = [];
	const steps = 8;
	for (let i = 1; i <= steps; i++) {
		const [lon, lat] = interpolate(start, [target.longitude, target.latitude], i / steps);
		// The live service spaces future positions one minute apart.
		positions.push({
			latitude: lat,
			longitude: lon,
			heading: p.heading,
			timestamp: iso(Date.now() + i * MINUTE_MS),
			estimated: true,
		});
	}
	const data = ctx.ser.vessel(v, {
		latitude: p.latitude,
		longitude: p.longitude,
		nautical_speed_knots: p.speed,
		navigational_heading_degrees: p.heading,
		position_timestamp: iso(p.at),
		positions,
	});
	return { status: 200, body: { data, links: { self: `${ctx.list.baseUrl}${ctx.path}` } } };
}

export const referenceRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/shipping_lines',
		// Paginated like every list (openapi documents no page parameters, the live answer has links.next),
		// sorted by SCAC as the live list is.
		handler: (ctx) => list(ctx, LINES_BY_SCAC, (l) => ctx.ser.shippingLine(l)),
	},
	{
		method: 'GET',
		pattern: '/shipping_lines/:id',
		handler: (ctx) => {
			const l = SHIPPING_LINES.find(
				(x) => x.id === ctx.params.id || x.scac === ctx.params.id.toUpperCase(),
			);
			return doc(200, ctx.ser.shippingLine(must(l, 'Shipping line')));
		},
	},
	{
		method: 'GET',
		pattern: '/ports/:id',
		handler: (ctx) =>
			doc(
				200,
				ctx.ser.port(
					must(
						PORTS_BY_ID.get(ctx.params.id) ?? PORTS_BY_CODE.get(ctx.params.id.toUpperCase()),
						'Port',
					),
				),
			),
	},
	{
		method: 'GET',
		pattern: '/metro_areas/:id',
		handler: (ctx) =>
			doc(
				200,
				ctx.ser.metroArea(
					must(
						METRO_BY_ID.get(ctx.params.id) ?? METRO_BY_CODE.get(ctx.params.id.toUpperCase()),
						'Metro area',
					),
				),
			),
	},
	{
		method: 'GET',
		pattern: '/terminals/:id',
		// Terminals of discharge by id or firms code; an inland rail facility (a pickup facility) by id.
		handler: (ctx) =>
			doc(
				200,
				must(
					ctx.ser.lookup('terminal', ctx.params.id) ??
						(TERMINALS_BY_FIRMS.has(ctx.params.id.toUpperCase())
							? ctx.ser.terminal(TERMINALS_BY_FIRMS.get(ctx.params.id.toUpperCase())!)
							: undefined),
					'Terminal',
				),
			),
	},
	{
		method: 'GET',
		pattern: '/vessels/:id',
		feature: positionsFeature,
		handler: (ctx) => doc(200, vesselDoc(ctx, findVessel(ctx.params.id))),
	},
	{
		method: 'GET',
		pattern: '/vessels/:id/future_positions',
		feature: 'routing_data',
		handler: (ctx) => futurePositions(ctx, false),
	},
	{
		method: 'GET',
		pattern: '/vessels/:id/future_positions_with_coordinates',
		feature: 'routing_data',
		handler: (ctx) => futurePositions(ctx, true),
	},
	{
		method: 'GET',
		pattern: '/search',
		handler: (ctx) => {
			const query = ctx.query.query?.trim().toUpperCase();
			if (!query)
				return {
					status: 400,
					body: { errors: [{ status: '400', title: 'Bad Request', detail: 'query is required' }] },
				};
			const store = ctx.app.store;
			// Ranked by type (shipments, then containers, then tracking requests), newest first; at most 25.
			const shipments: ResourceObject[] = [];
			const cargos: ResourceObject[] = [];
			const requests: ResourceObject[] = [];
			const all = store.shipments.all();
			for (
				let i = all.length - 1;
				i >= 0 && (shipments.length < SEARCH_LIMIT || cargos.length < SEARCH_LIMIT);
				i--
			) {
				const s = all[i];
				const containers = store.containersOf(s);
				const common = {
					shipment_id: s.id,
					scac: s.scac,
					port_of_lading_name: PORTS_BY_CODE.get(s.polCode)!.name,
					port_of_discharge_name: PORTS_BY_CODE.get(s.podCode)!.name,
					tracking_stopped: !!s.lineTrackingStoppedAt,
					tracking_stopped_reason: s.lineTrackingStoppedReason,
					failed_reason: null,
				};
				if (
					shipments.length < SEARCH_LIMIT &&
					[s.blNumber, ...s.refNumbers].some((x) => x.toUpperCase().includes(query))
				) {
					shipments.push({
						id: s.id,
						type: 'shipment',
						attributes: {
							entity_type: 'shipment',
							number: s.blNumber,
							...common,
							containers_count: containers.length,
							status: null,
							ref_numbers: s.refNumbers,
							created_at: iso(s.createdAt),
							updated_at: iso(s.createdAt),
						},
					});
				}
				for (const c of containers) {
					if (cargos.length < SEARCH_LIMIT && c.number.includes(query)) {
						cargos.push({
							id: c.id,
							type: 'cargo',
							attributes: {
								entity_type: 'cargo',
								number: c.number,
								...common,
								containers_count: null,
								status: ctx.app.containerStatus(c),
								ref_numbers: c.refNumbers,
								created_at: iso(c.createdAt),
								updated_at: iso(c.updatedAt),
							},
						});
					}
				}
			}
			const trs = store.trackingRequests.all();
			for (let i = trs.length - 1; i >= 0 && requests.length < SEARCH_LIMIT; i--) {
				const t = trs[i];
				// Requests whose shipment exists are represented by the shipment.
				if (
					t.shipmentId ||
					store.shipmentsByNumber.has(t.requestNumber.toUpperCase()) ||
					!t.requestNumber.toUpperCase().includes(query)
				)
					continue;
				requests.push({
					id: t.id,
					type: 'tracking_request',
					attributes: {
						entity_type: 'tracking_request',
						number: t.requestNumber,
						shipment_id: null,
						scac: t.scac,
						port_of_lading_name: null,
						port_of_discharge_name: null,
						containers_count: null,
						tracking_stopped: null,
						tracking_stopped_reason: null,
						status: t.status,
						failed_reason: t.failedReason,
						ref_numbers: t.refNumbers,
						created_at: iso(t.createdAt),
						updated_at: iso(t.updatedAt),
					},
				});
			}
			const data = [...shipments, ...cargos, ...requests].slice(0, SEARCH_LIMIT);
			return { status: 200, body: { data } };
		},
	},
];
