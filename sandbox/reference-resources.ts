/**
 * The reference data as JSON:API resource objects (ports, metro areas, terminals, inland rail facilities,
 * shipping lines, vessels), the same for every account. The vessel's current position is the serializer's
 * (serializers.ts).
 */
import { ref, type ResourceObject } from './jsonapi';
import {
	PORTS_BY_CODE,
	TERMINALS_BY_PORT,
	type MetroAreaRef,
	type PortRef,
	type ShippingLineRef,
	type TerminalRef,
	type VesselRef,
} from './reference-data';
import { hashString, iso } from './util';
import type { VesselPosition } from './vessel-positions';

/** `provided_data` of a terminal: which terminal fields it reports (the sandbox fills all of them). */
const TERMINAL_PROVIDED_FIELDS = [
	'pickup_lfd',
	'pod_full_out_at',
	'available_for_pickup',
	'fees_at_pod_terminal',
	'holds_at_pod_terminal',
	'pickup_appointment_at',
	'location_at_pod_terminal',
	'pod_full_out_chassis_number',
];

/** `provided_data` of a shipping line: which container fields it reports. */
const LINE_PROVIDED_FIELDS = [
	'ssl_lfd',
	'seal_number',
	'weight_in_lbs',
	'equipment_type',
	'pod_arrived_at',
	'pod_full_out_at',
	'equipment_height',
	'equipment_length',
	'pod_discharged_at',
	'empty_terminated_at',
	'final_destination_full_out_at',
];

function providedData(fields: string[], provided: (field: string) => boolean) {
	const out: Record<string, boolean | string> = {};
	for (const f of fields) {
		out[f] = provided(f);
		out[`${f}_notes`] = '';
	}
	return out;
}

/** Zip code of the inland rail facilities (used when one is a container's pickup facility). */
const METRO_ZIPS: Record<string, string> = {
	USCHI: '60421',
	USDAL: '75241',
	USMEM: '38118',
	USKCK: '66061',
	USCMH: '43207',
	USATL: '30168',
};
const STATE_NAMES: Record<string, string> = {
	IL: 'Illinois',
	TX: 'Texas',
	TN: 'Tennessee',
	KS: 'Kansas',
	OH: 'Ohio',
	GA: 'Georgia',
};

export function portResource(p: PortRef): ResourceObject {
	return {
		id: p.id,
		type: 'port',
		attributes: {
			id: p.id,
			name: p.name,
			code: p.code,
			state_abbr: p.stateAbbr,
			city: p.city,
			country_code: p.countryCode,
			// Decimal strings, as the live service sends them.
			latitude: String(p.latitude),
			longitude: String(p.longitude),
			time_zone: p.timeZone,
		},
		relationships: {
			terminals: {
				data: (TERMINALS_BY_PORT.get(p.code) ?? []).map((t) => ref('terminal', t.id)),
			},
		},
	};
}

export function metroAreaResource(m: MetroAreaRef): ResourceObject {
	return {
		id: m.id,
		type: 'metro_area',
		attributes: {
			name: m.name,
			code: m.code,
			state_abbr: m.stateAbbr,
			country_code: m.countryCode,
			time_zone: m.timeZone,
			latitude: m.latitude,
			longitude: m.longitude,
		},
	};
}

export function terminalResource(t: TerminalRef): ResourceObject {
	const port = PORTS_BY_CODE.get(t.portCode)!;
	return {
		id: t.id,
		type: 'terminal',
		attributes: {
			id: t.id,
			nickname: t.nickname,
			name: t.name,
			firms_code: t.firmsCode,
			smdg_code: t.nickname
				.replace(/[^A-Za-z]/g, '')
				.slice(0, 5)
				.toUpperCase(),
			bic_facility_code: `${t.portCode}${t.firmsCode}`,
			provided_data: providedData(TERMINAL_PROVIDED_FIELDS, () => true),
			street: t.street,
			city: t.city,
			state: port.state ?? '',
			state_abbr: t.stateAbbr,
			zip: t.zip,
			country: t.country,
			facility_type: 'ocean_terminal',
		},
		relationships: { port: { data: ref('port', port.id) } },
	};
}

/** An inland rail facility as a `terminal` (a rail container's `pickup_facility`); it lies at no port. */
export function railFacilityResource(m: MetroAreaRef): ResourceObject {
	const rt = m.railTerminal;
	return {
		id: rt.id,
		type: 'terminal',
		attributes: {
			id: rt.id,
			nickname: rt.nickname,
			name: rt.name,
			firms_code: rt.firmsCode,
			smdg_code: rt.nickname
				.replace(/[^A-Za-z]/g, '')
				.slice(0, 5)
				.toUpperCase(),
			bic_facility_code: `${m.code}${rt.firmsCode}`,
			provided_data: providedData(
				TERMINAL_PROVIDED_FIELDS,
				(f) => f !== 'pod_full_out_chassis_number',
			),
			street: `${100 + (hashString(rt.firmsCode) % 900)} Intermodal Dr.`,
			city: m.name,
			state: STATE_NAMES[m.stateAbbr] ?? '',
			state_abbr: m.stateAbbr,
			zip: METRO_ZIPS[m.code] ?? '00000',
			country: 'United States',
			facility_type: 'rail_terminal',
		},
		relationships: { port: { data: null } },
	};
}

export function railTerminalResource(m: MetroAreaRef): ResourceObject {
	return {
		id: m.railTerminal.id,
		type: 'rail_terminal',
		attributes: {
			name: m.railTerminal.name,
			nickname: m.railTerminal.nickname,
			firms_code: m.railTerminal.firmsCode,
		},
		relationships: { port: { data: null }, metro_area: { data: ref('metro_area', m.id) } },
	};
}

export function shippingLineResource(l: ShippingLineRef): ResourceObject {
	return {
		id: l.id,
		type: 'shipping_line',
		attributes: {
			scac: l.scac,
			name: l.name,
			provided_data: providedData(LINE_PROVIDED_FIELDS, () => true),
			tracking_url: l.trackingUrl,
			contact_url: l.contactUrl,
			alternative_scacs: l.alternativeScacs.slice(),
			short_name: l.shortName,
			bill_of_lading_tracking_support: l.billOfLadingTracking,
			booking_number_tracking_support: l.bookingNumberTracking,
			container_number_tracking_support: !/no container numbers/i.test(l.notes),
		},
	};
}

export function vesselResource(v: VesselRef, extra: Record<string, unknown> = {}): ResourceObject {
	return {
		id: v.id,
		type: 'vessel',
		attributes: { name: v.name, imo: v.imo, mmsi: v.mmsi, ...extra },
	};
}

/** A vessel's current position as its attributes (`GET /vessels/{id}` and the included vessels). */
export function vesselPositionAttributes(p: VesselPosition): Record<string, unknown> {
	return {
		latitude: p.latitude,
		longitude: p.longitude,
		nautical_speed_knots: p.speed,
		navigational_heading_degrees: p.heading,
		position_timestamp: iso(p.at),
	};
}
