import type { IDataObject } from 'n8n-workflow';

import { eventName } from '../domain/events';
import { localTimeOf, milestoneOf } from '../domain/milestone';
import { asObject, inWords } from '../domain/values';
import { TRACKING_STATUS_WORDS } from './people/words';

/**
 * What the node answers an AI agent with when it runs as a tool (a "Terminal49 Tool" connected to n8n's AI
 * Agent or to its MCP Server Trigger): the people-first items of views/people/, a list bounded to what
 * an agent should read (the first AGENT_LIST_MAX, the total and what was left out, never thousands), and
 * records the people-first view leaves as they are in a line each (the error an agent relays is worded in
 * errors/agent.ts, below every layer that makes one). n8n hands the agent the items' JSON as the tool's result; its own guidance for tool output (the HTTP Request tool's "Optimize Response": the fields
 * that matter, a bounded length) is the same: every token is read and paid for.
 */

/** Items an agent gets at most from one call; the rest are counted and named, not sent. */
export const AGENT_LIST_MAX = 20;
/** Characters of items an agent gets at most from one call (about 2,000 tokens at 4 characters a token). */
export const AGENT_LIST_CHARS = 8_000;
/** Records named in `left_out` at most (a number each); the rest are counted. */
const LEFT_OUT_NAMED = 30;

/** What names a people-first item in a list of what was left out. */
function labelOf(item: IDataObject): string {
	for (const key of ['container_number', 'bill_of_lading', 'request_number', 'number', 'name']) {
		const value = inWords(item[key]);
		if (value) return value;
	}
	return inWords(item.id) || '?';
}

/**
 * A list as an agent gets it: as it is when it is short and complete; otherwise one item with the first ones
 * (`results`: at most AGENT_LIST_MAX, and at most AGENT_LIST_CHARS of JSON), how many there are (`total`;
 * "N or more" when the operation stopped at its Limit), and what was left out (their numbers), so that the
 * agent can say so and narrow the question.
 */
export function boundedForAgent(
	items: IDataObject[],
	complete: boolean,
	max = AGENT_LIST_MAX,
	chars = AGENT_LIST_CHARS,
): IDataObject[] {
	let count = 0;
	let used = 0;
	while (count < items.length && count < max) {
		used += JSON.stringify(items[count]).length + 1;
		if (count > 0 && used > chars) break;
		count++;
	}
	if (count === items.length && complete) return items;
	const shown = items.slice(0, count);
	const rest = items.slice(count);
	const named = rest.slice(0, LEFT_OUT_NAMED).map(labelOf);
	const more = rest.length - named.length;
	return [
		{
			total: complete ? items.length : `${items.length} or more`,
			shown: shown.length,
			left_out: named.length
				? `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
				: complete
					? ''
					: 'any beyond the Limit of this tool',
			note: complete
				? `Only the first ${shown.length} of ${items.length} are shown: ask about one of the others by its number, or narrow the question.`
				: `The list stopped at ${items.length}, the Limit of this tool, so there may be more: narrow the question (a number, a status, a port) to see them.`,
			results: shown,
		},
	];
}

/**
 * What an agent reads of a record the people-first view leaves as it is: a transport event in one line (what,
 * where, when at the place, vessel and voyage) instead of its related records; a container map (GeoJSON) as
 * its route in words instead of coordinates. Anything else as it is.
 */
export function agentViewOf(item: IDataObject): IDataObject {
	if (item.type === 'transport_event' && typeof item.event === 'string') return eventLine(item);
	if (item.type === 'FeatureCollection' && Array.isArray(item.features)) return mapRoute(item);
	if (isDetectingCarrier(item)) return { ...item, carrier: CARRIER_BEING_DETECTED };
	return item;
}

/** The carrier of a request Terminal49 is still detecting (Auto-Detect Carrier), and how the agent learns it. */
export const CARRIER_BEING_DETECTED =
	'Not known yet: Terminal49 is still detecting it from the number; find this number again in a few minutes to see the carrier';

/** A tracking request's people-first view (views/people/trackingRequest.ts) without a carrier while it waits. */
const isDetectingCarrier = (item: IDataObject) =>
	'request_number' in item &&
	'number_type' in item &&
	!inWords(item.carrier) &&
	[TRACKING_STATUS_WORDS.pending, TRACKING_STATUS_WORDS.awaiting_manifest].includes(
		inWords(item.status),
	);

function eventLine(event: IDataObject): IDataObject {
	const location = asObject(event.location);
	const vessel = asObject(event.vessel);
	const milestone = milestoneOf(String(event.event), event, location, vessel, null);
	return {
		event: eventName(String(event.event)),
		at: milestone?.occurred_at_local ?? localTimeOf(event.timestamp, event.timezone),
		location:
			milestone?.location || inWords(location?.name) || inWords(event.location_locode) || null,
		vessel: inWords(vessel?.name) || null,
		voyage: inWords(event.voyage_number) || null,
	};
}

/** `Long Beach, CA (POD): ETA 2026-11-29 18:23 PST`. */
function portLine(properties: IDataObject): string {
	const zone = properties.time_zone;
	const times = (
		[
			['arrived', properties.inbound_ata_at],
			['ETA', properties.inbound_ata_at ? null : properties.inbound_eta_at],
			['departed', properties.outbound_atd_at],
			['ETD', properties.outbound_atd_at ? null : properties.outbound_etd_at],
		] as Array<[string, unknown]>
	)
		.map(([what, at]) => (inWords(at) ? `${what} ${localTimeOf(at, zone) ?? inWords(at)}` : ''))
		.filter(Boolean);
	const name = [
		inWords(properties.name),
		inWords(properties.state_abbr) || inWords(properties.country_code),
	]
		.filter(Boolean)
		.join(', ');
	const label = inWords(properties.label);
	return `${name}${label ? ` (${label})` : ''}${times.length ? `: ${times.join(', ')}` : ''}`;
}

function mapRoute(collection: IDataObject): IDataObject {
	const features = (collection.features as unknown[])
		.map(asObject)
		.filter(Boolean) as IDataObject[];
	const kind = (feature: IDataObject) => inWords(asObject(feature.properties)?.feature_type);
	const props = (feature: IDataObject) => asObject(feature.properties) ?? {};
	const ports = features
		.filter((feature) => kind(feature) === 'port')
		.map(props)
		.sort((a, b) => Number(a.ports_sequence ?? 0) - Number(b.ports_sequence ?? 0));
	const vessel = features.find((feature) => kind(feature) === 'current_vessel');
	const position = vessel ? asObject(vessel.geometry)?.coordinates : undefined;
	const v = vessel ? props(vessel) : {};
	const legs = (type: string) => features.filter((feature) => kind(feature) === type).length;
	return {
		route: ports
			.map((port) => inWords(port.name))
			.filter(Boolean)
			.join(' → '),
		ports: ports.map(portLine),
		current_vessel: vessel
			? [
					inWords(v.vessel_name),
					inWords(v.voyage_number) ? `voyage ${inWords(v.voyage_number)}` : '',
					Array.isArray(position)
						? `at latitude ${Number(position[1]).toFixed(2)}, longitude ${Number(position[0]).toFixed(2)}`
						: '',
					inWords(v.vessel_location_timestamp)
						? `(${localTimeOf(v.vessel_location_timestamp, 'UTC')})`
						: '',
				]
					.filter(Boolean)
					.join(' ')
			: null,
		legs: `${legs('past_vessel_locations')} sailed, ${legs('estimated_full_legs') + legs('estimated_partial_leg')} estimated (coordinates left out: use Get Map outside an agent to draw it)`,
	};
}
