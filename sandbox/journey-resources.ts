/**
 * A container's journey as documents of its own: its raw events (the carrier's and terminal's, in `index`
 * order, estimates after the actual ones, a roll's load and discharge at the port of lading) and its route
 * (Routing Data: a route location per port call and the inland destination, with the legs in and out).
 */
import { ref, type Ref, type ResourceObject } from './jsonapi';
import {
	METRO_BY_CODE,
	PORTS_BY_CODE,
	SHIPPING_LINES_BY_SCAC,
	VESSELS_BY_IMO,
} from './reference-data';
import type { Store } from './store';
import { ROLL_EVENTS, T, milestoneIndex, rawEventKeys, vesselOfLeg } from './timeline';
import type { ContainerRec } from './types';
import { iso, uuidFromKey } from './util';

/** Gives the id of a container's raw event and registers it (the serializer's `lookup` finds it by id). */
export type RawRef = (containerId: string, index: number) => string;

/**
 * Raw carrier/terminal events in `index` order: actual ones for completed milestones, estimated ones after,
 * and a rolled container's load and discharge at the port of lading before its `vessel_loaded`.
 */
export function rawEventResources(store: Store, c: ContainerRec, rawRef: RawRef): ResourceObject[] {
	const s = store.shipmentOf(c);
	const line = SHIPPING_LINES_BY_SCAC.get(s.scac);
	const milestones = s.milestones.length;
	return rawEventKeys(s, c).map((key, index) => {
		const roll = key >= milestones ? c.roll! : null;
		const actual = roll !== null || key <= c.stage;
		const short = roll ? ROLL_EVENTS[key - milestones] : s.milestones[key].slice(T.length);
		const ts = roll
			? short === 'vessel_loaded'
				? roll.loadedAt
				: roll.dischargedAt
			: c.times[key];
		const loc =
			roll || ['empty_out', 'full_in', 'vessel_loaded', 'vessel_departed'].includes(short)
				? s.polCode
				: short.startsWith('transshipment_')
					? s.tsCode!
					: s.podCode;
		const port = PORTS_BY_CODE.get(loc)!;
		const leg = roll ?? vesselOfLeg(s, short);
		const vessel = VESSELS_BY_IMO.get(leg.vesselImo)!;
		const withVessel = short.startsWith('vessel_') || short.startsWith('transshipment_');
		const rawName =
			short === 'arrived_at_inland_destination'
				? 'arrived_at_destination'
				: short === 'vessel_berthed'
					? 'vessel_arrived'
					: short;
		const id = rawRef(c.id, key);
		const res: ResourceObject = {
			id,
			type: 'raw_event',
			attributes: {
				actual_on: actual ? iso(ts)!.slice(0, 10) : null,
				estimated_at: actual ? null : iso(ts),
				actual_at: actual ? iso(ts) : null,
				will_occur_at: null,
				event: rawName,
				timestamp: iso(ts),
				estimated: !actual,
				invalidated_at: null,
				index,
				original_event: short.replace(/_/g, ' ').replace(/^./, (x) => x.toUpperCase()),
				created_at: iso(Math.min(ts, c.updatedAt)),
				data_source: 'shipping_line',
				data_provider_name: line?.name ?? s.scac,
				data_provider_code: s.scac,
				voyage_number: withVessel ? leg.voyageNumber : null,
				location_name: port.name,
				location_locode: port.code,
				vessel_name: withVessel ? vessel.name : null,
				vessel_imo: withVessel ? vessel.imo : null,
				timezone: port.timeZone,
				estimated_on: actual ? null : iso(ts)!.slice(0, 10),
			},
			relationships: {
				location: { data: ref('port', port.id) },
				vessel: { data: withVessel ? ref('vessel', vessel.id) : null },
				container: { data: ref('container', c.id) },
				terminal: { data: null },
			},
		};
		return res;
	});
}

/**
 * The container's route (Routing Data): one route location per port call (lading, transshipment,
 * discharge) and the inland destination, with the legs in and out of each.
 */
export function routeResources(
	store: Store,
	c: ContainerRec,
): { route: ResourceObject; locations: ResourceObject[] } {
	const s = store.shipmentOf(c);
	const m = s.milestones;
	const metro = s.metroCode ? METRO_BY_CODE.get(s.metroCode)! : null;
	const routeId = uuidFromKey(`${c.id}:route`);
	const when = (short: string) => {
		const i = milestoneIndex(m, short);
		return i < 0
			? { planned: null, actual: null }
			: { planned: iso(c.times[i]), actual: c.stage >= i ? iso(c.times[i]) : null };
	};
	type Leg = {
		scac: string;
		mode: 'vessel' | 'rail';
		voyage: string | null;
		vesselImo: string | null;
		at: string;
	};
	const stops: Array<{
		location: Ref;
		inbound: Leg | null;
		outbound: Leg | null;
	}> = [];
	const bySea = (at: string): Leg => {
		const leg = vesselOfLeg(s, at);
		return {
			scac: s.scac,
			mode: 'vessel',
			voyage: leg.voyageNumber,
			vesselImo: leg.vesselImo,
			at,
		};
	};
	const byRail = (at: string): Leg => ({
		scac: c.podRailCarrier ?? metro!.railCarrier,
		mode: 'rail',
		voyage: null,
		vesselImo: null,
		at,
	});
	stops.push({
		location: ref('port', PORTS_BY_CODE.get(s.polCode)!.id),
		inbound: null,
		outbound: bySea('vessel_departed'),
	});
	if (s.tsCode)
		stops.push({
			location: ref('port', PORTS_BY_CODE.get(s.tsCode)!.id),
			inbound: bySea('transshipment_arrived'),
			outbound: bySea('transshipment_departed'),
		});
	stops.push({
		location: ref('port', PORTS_BY_CODE.get(s.podCode)!.id),
		inbound: bySea('vessel_arrived'),
		outbound: metro ? byRail('rail_departed') : null,
	});
	if (metro)
		stops.push({
			location: ref('metro_area', metro.id),
			inbound: byRail('rail_arrived'),
			outbound: null,
		});
	const created = iso(c.createdAt);
	const updated = iso(Math.max(c.createdAt, c.updatedAt));
	const ids = stops.map((_, k) => uuidFromKey(`${c.id}:route_location:${k}`));
	const locations: ResourceObject[] = [];
	stops.forEach((stop, k) => {
		const inbound = stop.inbound ? when(stop.inbound.at) : null;
		const outbound = stop.outbound ? when(stop.outbound.at) : null;
		const vesselOf = (leg: Leg | null) =>
			leg?.vesselImo ? ref('vessel', VESSELS_BY_IMO.get(leg.vesselImo)!.id) : null;
		locations.push({
			id: ids[k],
			type: 'route_location',
			attributes: {
				id: ids[k],
				inbound_scac: stop.inbound?.scac ?? null,
				inbound_mode: stop.inbound?.mode ?? null,
				inbound_eta_at: inbound?.planned ?? null,
				inbound_ata_at: inbound?.actual ?? null,
				inbound_voyage_number: stop.inbound?.voyage ?? null,
				outbound_scac: stop.outbound?.scac ?? null,
				outbound_mode: stop.outbound?.mode ?? null,
				outbound_etd_at: outbound?.planned ?? null,
				outbound_atd_at: outbound?.actual ?? null,
				outbound_voyage_number: stop.outbound?.voyage ?? null,
				created_at: created,
				updated_at: updated,
			},
			relationships: {
				route: { data: ref('route', routeId) },
				location: { data: stop.location },
				inbound_vessel: { data: vesselOf(stop.inbound) },
				outbound_vessel: { data: vesselOf(stop.outbound) },
			},
		});
	});
	const route: ResourceObject = {
		id: routeId,
		type: 'route',
		attributes: { created_at: created, updated_at: updated },
		relationships: { route_locations: { data: ids.map((id) => ref('route_location', id)) } },
	};
	return { route, locations };
}
