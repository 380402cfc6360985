/** GeoJSON FeatureCollection for GET /containers/{id}/map_geojson (coordinates are [longitude, latitude]). */
import { interpolate } from './geo';
import { PORTS_BY_CODE, VESSELS_BY_IMO, type PortRef } from './reference-data';
import type { Store } from './store';
import { milestoneIndex, vesselOfLeg } from './timeline';
import type { ContainerRec } from './types';
import { iso } from './util';

type Position = [number, number];

function line(a: Position, b: Position, points = 8): Position[] {
	const out: Position[] = [];
	for (let i = 0; i < points; i++) out.push(interpolate(a, b, i / (points - 1)));
	return out;
}

const pos = (p: PortRef): Position => [p.longitude, p.latitude];

export function containerMap(store: Store, c: ContainerRec): Record<string, unknown> {
	const s = store.shipmentOf(c);
	const m = s.milestones;
	const ports = [s.polCode, ...(s.tsCode ? [s.tsCode] : []), s.podCode].map(
		(code) => PORTS_BY_CODE.get(code)!,
	);
	const labels = ports.map((_, i) => (i === 0 ? 'POL' : i === ports.length - 1 ? 'POD' : `TS${i}`));
	const t = (short: string) => {
		const i = milestoneIndex(m, short);
		return i < 0
			? { at: null as number | null, actual: false }
			: { at: c.times[i], actual: c.stage >= i };
	};
	// Departure / arrival milestone of each port in the route.
	const dep = ['vessel_departed', ...(s.tsCode ? ['transshipment_departed'] : [])].map(t);
	const arr = [...(s.tsCode ? ['transshipment_arrived'] : []), 'vessel_arrived'].map(t);
	const features: Array<Record<string, unknown>> = [];
	ports.forEach((p, i) => {
		const inbound = i > 0 ? arr[i - 1] : null;
		const outbound = i < ports.length - 1 ? dep[i] : null;
		features.push({
			type: 'Feature',
			geometry: { type: 'Point', coordinates: pos(p) },
			properties: {
				feature_type: 'port',
				ports_sequence: i + 1,
				ports_total: ports.length,
				location_id: p.id,
				location_type: 'Port',
				name: p.name,
				state_abbr: p.stateAbbr,
				state: p.state,
				country_code: p.countryCode,
				country: p.country,
				time_zone: p.timeZone,
				label: labels[i],
				inbound_eta_at: inbound && !inbound.actual ? iso(inbound.at) : null,
				inbound_ata_at: inbound && inbound.actual ? iso(inbound.at) : null,
				outbound_etd_at: outbound && !outbound.actual ? iso(outbound.at) : null,
				outbound_atd_at: outbound && outbound.actual ? iso(outbound.at) : null,
				updated_at: iso(c.updatedAt),
			},
		});
	});
	for (let leg = 0; leg < ports.length - 1; leg++) {
		// The first leg's vessel when the shipment changes vessel at the transshipment port.
		const onBoard = vesselOfLeg(s, leg === 0 ? 'vessel_departed' : 'vessel_arrived');
		const vessel = VESSELS_BY_IMO.get(onBoard.vesselImo)!;
		const from = ports[leg];
		const to = ports[leg + 1];
		const departed = dep[leg];
		const arrived = arr[leg];
		if (arrived.actual) {
			const pts = line(pos(from), pos(to));
			features.push({
				type: 'Feature',
				geometry: { type: 'LineString', coordinates: pts },
				properties: {
					feature_type: 'past_vessel_locations',
					ports_sequence: leg + 1,
					vessel_id: vessel.id,
					start_time: iso(departed.at),
					end_time: iso(arrived.at),
					point_count: pts.length,
					outbound_atd_at: iso(departed.at),
					inbound_ata_at: iso(arrived.at),
					inbound_eta_at: null,
				},
			});
		} else if (departed.actual) {
			const now = Date.now();
			const f = Math.min(
				0.95,
				Math.max(0.05, (now - departed.at!) / Math.max(1, arrived.at! - departed.at!)),
			);
			const here = interpolate(pos(from), pos(to), f);
			const past = line(pos(from), here, 6);
			const ahead = line(here, pos(to), 6);
			features.push({
				type: 'Feature',
				geometry: { type: 'LineString', coordinates: past },
				properties: {
					feature_type: 'past_vessel_locations',
					ports_sequence: leg + 1,
					vessel_id: vessel.id,
					start_time: iso(departed.at),
					end_time: iso(now),
					point_count: past.length,
					outbound_atd_at: iso(departed.at),
					inbound_ata_at: null,
					inbound_eta_at: iso(arrived.at),
				},
			});
			features.push({
				type: 'Feature',
				geometry: { type: 'Point', coordinates: here },
				properties: {
					feature_type: 'current_vessel',
					ports_sequence: leg + 1,
					vessel_id: vessel.id,
					vessel_name: vessel.name,
					vessel_imo: vessel.imo,
					voyage_number: onBoard.voyageNumber,
					vessel_location_timestamp: iso(now - 15 * 60 * 1000),
					vessel_location_heading: null,
					vessel_location_speed: 17.5,
					departure_port_id: from.id,
					departure_port_name: from.name,
					departure_port_state_abbr: from.stateAbbr,
					departure_port_state: from.state,
					departure_port_country_code: from.countryCode,
					departure_port_country: from.country,
					departure_port_label: labels[leg],
					departure_port_atd: iso(departed.at),
					departure_port_time_zone: from.timeZone,
					arrival_port_id: to.id,
					arrival_port_name: to.name,
					arrival_port_state_abbr: to.stateAbbr,
					arrival_port_state: to.state,
					arrival_port_country_code: to.countryCode,
					arrival_port_country: to.country,
					arrival_port_label: labels[leg + 1],
					arrival_port_eta: iso(arrived.at),
					arrival_port_time_zone: to.timeZone,
				},
			});
			features.push({
				type: 'Feature',
				geometry: { type: 'LineString', coordinates: ahead },
				properties: {
					feature_type: 'estimated_partial_leg',
					ports_sequence: leg + 1,
					current_port_id: from.id,
					next_port_id: to.id,
					point_count: ahead.length,
				},
			});
		} else {
			const pts = line(pos(from), pos(to));
			features.push({
				type: 'Feature',
				geometry: { type: 'LineString', coordinates: pts },
				properties: {
					feature_type: 'estimated_full_legs',
					ports_sequence: leg + 1,
					previous_port_id: from.id,
					next_port_id: to.id,
					point_count: pts.length,
				},
			});
		}
	}
	return { type: 'FeatureCollection', features };
}
