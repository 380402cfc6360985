import type { IDataObject } from 'n8n-workflow';

import { eventName } from '../domain/events';
import { localTimeOf, milestoneOf } from '../domain/milestone';
import { TRACKING_STATUS_WORDS } from './people';

/**
 * What the node answers an AI agent with when it runs as a tool (a "Terminal49 Tool" connected to n8n's AI
 * Agent or to its MCP Server Trigger): the people-first items of views/people.ts, a list bounded to what
 * an agent should read (the first AGENT_LIST_MAX, the total and what was left out, never thousands), and an
 * error as one sentence the agent can relay to the person it talks to. n8n hands the agent the items' JSON as
 * the tool's result; its own guidance for tool output (the HTTP Request tool's "Optimize Response": the fields
 * that matter, a bounded length) is the same: every token is read and paid for.
 */

/** Items an agent gets at most from one call; the rest are counted and named, not sent. */
export const AGENT_LIST_MAX = 20;
/** Characters of items an agent gets at most from one call (about 2,000 tokens at 4 characters a token). */
export const AGENT_LIST_CHARS = 8_000;
/** Records named in `left_out` at most (a number each); the rest are counted. */
const LEFT_OUT_NAMED = 30;

/** Where an error carries the sentence its source wrote for an agent (`error.context`). */
const AGENT_ANSWER = 'agentAnswer';

interface WithContext {
	context: IDataObject;
}

/** Gives an error the one sentence an agent relays (the source knows best what went wrong). */
export function withAgentAnswer<E extends WithContext>(error: E, sentence: string): E {
	error.context[AGENT_ANSWER] = sentence;
	return error;
}

const text = (value: unknown): string =>
	typeof value === 'string'
		? value.trim()
		: value === undefined || value === null
			? ''
			: String(value);

/** The first sentence of a description, without the node's menu paths and request lines in parentheses. */
function firstSentence(description: string): string {
	const cleaned = description
		.replace(/\s*\((?:GET|POST|PATCH|PUT|DELETE) [^)]*\)/g, '')
		.replace(/\s*\([^)]*>[^)]*\)/g, '')
		.trim();
	const end = cleaned.search(/[.!?](\s|$)/);
	return (end === -1 ? cleaned : cleaned.slice(0, end)).trim();
}

/**
 * Words a coordinator does not know: n8n's editor (items, parameters, nodes, switches, expressions, a menu
 * path "Resource > Operation") and what only the one who set the tool up can change.
 */
const NOT_FOR_A_COORDINATOR =
	/\b(?:items?|parameters?|nodes?|turn(?:ed)? (?:on|off)|validate|expressions?|credentials?|workflows?|update fields|additional fields|return all|on error|continue on fail|by id)\b|\s>\s/i;

/** One sentence: ends with . ! or ?, and no other sentence ends before it (nor a line). */
const isOneSentence = (text: string) =>
	/[.!?]$/.test(text) && !/\n/.test(text) && !/[.!?]["')]?\s/.test(text.slice(0, -1));

/** Whether an agent can relay `sentence` to a coordinator as it is. */
export const isRelayable = (sentence: string) =>
	isOneSentence(sentence) && !NOT_FOR_A_COORDINATOR.test(sentence);

/**
 * The answer to an error caused by how the tool is set up (a value fixed in it, not one the model gave): the
 * coordinator cannot change that, so the agent says who can, and where the reason is.
 */
export const SET_UP_ANSWER =
	"Terminal49 could not be asked because of how this tool is set up in n8n, so this cannot be answered here; whoever set up the assistant can see why in this tool's run in n8n.";

/**
 * A label as a coordinator says it: the last part of a path ("Initial Custom Fields > Container Number" ->
 * "container number"), in lower case but for acronyms and names with digits ("carrier (SCAC)").
 */
export function plainLabel(label: string): string {
	const last = label.split(' > ').pop()!.trim();
	return last
		.split(' ')
		.map((word) => (/^[A-Z0-9()/]+$/.test(word) || /\d/.test(word) ? word : word.toLowerCase()))
		.join(' ');
}

/**
 * An error message in a coordinator's words: no item number, and an input error ('Invalid <label> "<value>":
 * <problem>') said of the value (`"<value>" is not a valid <label>: <problem>`).
 */
function plainMessage(message: string): string {
	const cleaned = message
		.replace(/\s*\(item \d+\)/gi, '')
		.replace(/\s+in item \d+\b/gi, '')
		.replace(/\be\.g\.\s/g, 'such as ')
		.replace(/[.\s]+$/, '');
	const invalid = /^Invalid (.+?) "(.*)": (.+)$/s.exec(cleaned);
	return invalid
		? `"${invalid[2]}" is not a valid ${plainLabel(invalid[1])}: ${invalid[3]}`
		: cleaned;
}

/**
 * An error of the node in one sentence for an agent, which it relays to the coordinator it talks to: what the
 * source wrote for it (every error a coordinator can act on has one), else the message in plain words with the
 * first sentence of its fix where both read without n8n's words, else that the tool's set-up is the cause
 * (SET_UP_ANSWER). Never a secret: the nodes' errors hold none (checked by the security tests).
 */
export function agentErrorSentence(error: unknown): string {
	const e = (error ?? {}) as {
		message?: unknown;
		description?: unknown;
		httpCode?: unknown;
		context?: IDataObject;
	};
	const written = text(e.context?.[AGENT_ANSWER]);
	if (written) return written;
	const message = text(e.message).replace(/[.\s]+$/, '');
	const said = plainMessage(message || 'The Terminal49 request failed');
	const fix = firstSentence(text(e.description));
	const withFix = `${said}${fix ? `: ${fix.charAt(0).toLowerCase()}${fix.slice(1)}` : ''}.`;
	if (isRelayable(withFix)) return withFix;
	if (isRelayable(`${said}.`)) return `${said}.`;
	return SET_UP_ANSWER;
}

/** The item an agent gets for a failed call: `{error}`, the shape n8n itself gives a failed tool. */
export function agentErrorItem(error: unknown): IDataObject {
	return { error: agentErrorSentence(error) };
}

/** What names a people-first item in a list of what was left out. */
function labelOf(item: IDataObject): string {
	for (const key of ['container_number', 'bill_of_lading', 'request_number', 'number', 'name']) {
		const value = text(item[key]);
		if (value) return value;
	}
	return text(item.id) || '?';
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

const asObject = (value: unknown): IDataObject | undefined =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

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

/** A tracking request's people-first view (views/people.ts) without a carrier while it waits. */
const isDetectingCarrier = (item: IDataObject) =>
	'request_number' in item &&
	'number_type' in item &&
	!text(item.carrier) &&
	[TRACKING_STATUS_WORDS.pending, TRACKING_STATUS_WORDS.awaiting_manifest].includes(
		text(item.status),
	);

function eventLine(event: IDataObject): IDataObject {
	const location = asObject(event.location);
	const vessel = asObject(event.vessel);
	const milestone = milestoneOf(String(event.event), event, location, vessel, null);
	return {
		event: eventName(String(event.event)),
		at: milestone?.occurred_at_local ?? localTimeOf(event.timestamp, event.timezone),
		location: milestone?.location || text(location?.name) || text(event.location_locode) || null,
		vessel: text(vessel?.name) || null,
		voyage: text(event.voyage_number) || null,
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
		.map(([what, at]) => (text(at) ? `${what} ${localTimeOf(at, zone) ?? text(at)}` : ''))
		.filter(Boolean);
	const name = [text(properties.name), text(properties.state_abbr) || text(properties.country_code)]
		.filter(Boolean)
		.join(', ');
	const label = text(properties.label);
	return `${name}${label ? ` (${label})` : ''}${times.length ? `: ${times.join(', ')}` : ''}`;
}

function mapRoute(collection: IDataObject): IDataObject {
	const features = (collection.features as unknown[])
		.map(asObject)
		.filter(Boolean) as IDataObject[];
	const kind = (feature: IDataObject) => text(asObject(feature.properties)?.feature_type);
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
			.map((port) => text(port.name))
			.filter(Boolean)
			.join(' → '),
		ports: ports.map(portLine),
		current_vessel: vessel
			? [
					text(v.vessel_name),
					text(v.voyage_number) ? `voyage ${text(v.voyage_number)}` : '',
					Array.isArray(position)
						? `at latitude ${Number(position[1]).toFixed(2)}, longitude ${Number(position[0]).toFixed(2)}`
						: '',
					text(v.vessel_location_timestamp)
						? `(${localTimeOf(v.vessel_location_timestamp, 'UTC')})`
						: '',
				]
					.filter(Boolean)
					.join(' ')
			: null,
		legs: `${legs('past_vessel_locations')} sailed, ${legs('estimated_full_legs') + legs('estimated_partial_leg')} estimated (coordinates left out: use Get Map outside an agent to draw it)`,
	};
}
