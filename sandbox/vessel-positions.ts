/**
 * Where a vessel is now: on the leg of a shipment at sea with it (between the two ports, by the time elapsed),
 * else moored off a port chosen from its IMO. What `GET /vessels/{id}` and the included vessels report.
 */
import { PORTS_BY_CODE } from './reference-data';
import type { Store } from './store';
import { milestoneIndex } from './timeline';
import { HOUR_MS, hashString } from './util';
import { bearing, interpolate } from './geo';

/** A vessel's position: degrees, heading in degrees, speed in knots, `at` the fix's time (ms). */
export interface VesselPosition {
	latitude: number;
	longitude: number;
	heading: number;
	speed: number;
	at: number;
}

/** Current vessel position: on the leg of a shipment at sea with this vessel, else off its last port. */
export function vesselPosition(store: Store, imo: string): VesselPosition {
	const now = Date.now();
	for (const s of store.shipments.all()) {
		if (s.vesselImo !== imo) continue;
		const dep = milestoneIndex(s.milestones, 'vessel_departed');
		const arr = milestoneIndex(s.milestones, 'vessel_arrived');
		if (s.stage >= dep && s.stage < arr) {
			const from = PORTS_BY_CODE.get(
				s.tsCode && s.stage >= milestoneIndex(s.milestones, 'transshipment_departed')
					? s.tsCode
					: s.polCode,
			)!;
			const to = PORTS_BY_CODE.get(
				s.tsCode && s.stage < milestoneIndex(s.milestones, 'transshipment_arrived')
					? s.tsCode
					: s.podCode,
			)!;
			const f = Math.min(
				0.95,
				Math.max(
					0.05,
					(now - s.times[s.stage]) / Math.max(HOUR_MS, s.times[s.stage + 1] - s.times[s.stage]),
				),
			);
			const [lon, lat] = interpolate(
				[from.longitude, from.latitude],
				[to.longitude, to.latitude],
				f,
			);
			return {
				latitude: lat,
				longitude: lon,
				heading: bearing([from.longitude, from.latitude], [to.longitude, to.latitude]),
				speed: 17.5,
				at: now - 15 * 60 * 1000,
			};
		}
	}
	const h = hashString(imo);
	const base = [...PORTS_BY_CODE.values()][h % PORTS_BY_CODE.size];
	return {
		latitude: base.latitude - 0.05,
		longitude: base.longitude + 0.05,
		heading: h % 360,
		speed: 0.2,
		at: now - HOUR_MS,
	};
}
