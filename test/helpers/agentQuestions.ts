/**
 * Terminal49's customer question bank (public repository Terminal49/agent-plugins,
 * `plugins/terminal49/evals/QUESTION_BANK.md`, tiers A to F), each question with the call(s) a good agent
 * makes to the Terminal49 tool and the fields its answer needs, mapped onto the sandbox's fixtures (the bank's
 * numbers are illustrative: each stands for the sandbox container in the same situation). Shared by
 * test/actions/agentQuestions.test.ts (checks the answers) and bench/agentTokens.ts (prints the sizes).
 *
 * Each call runs twice through real n8n-core: as the "Terminal49 Tool" an AI agent calls (what the agent reads)
 * and as the action node with Output Simplified (what a workflow gets from the same call), and the sizes are
 * compared in tokens (characters of the JSON / 4, the usual estimate).
 */
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { withCheckDigit } from '../../sandbox/util';
import { runNode } from './runNode';

// tsx (the bench) resolves `Terminal49.node` to the codex JSON beside it: the class is loaded by its file's name.
const { Terminal49 } = require(
	path.join(__dirname, '..', '..', 'nodes', 'Terminal49', 'Terminal49.node.ts'),
) as typeof import('../../nodes/Terminal49/Terminal49.node');

export interface ToolCall {
	/** The tool's resource and operation, in the node's words (what the agent picks). */
	tool: string;
	resource: string;
	parameters: IDataObject;
	/** The sandbox key (plan) the call runs with; the paid one unless given. */
	key?: 'paid' | 'basic' | 'free';
	/** The answer's fields this call must return (in the item, or in each of a bounded list's `results`). */
	fields: string[];
	/** What a field must say (a pattern on its value as text). */
	says?: Record<string, RegExp>;
	/**
	 * The call a workflow (or an agent) made for the same answer before the task-shaped operations (Find, Get
	 * Journey) existed, when it differs from this one: its Simplified output is the size to beat.
	 */
	before?: { tool: string; resource: string; parameters: IDataObject };
}

export interface Question {
	tier: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'list';
	/** The customer's words, as in the bank. */
	question: string;
	/** The sandbox fixture standing for the bank's number, when there is one. */
	fixture?: string;
	/** The calls a good agent makes, in order (none: the agent answers without the tool). */
	calls: (sb: Sandbox) => ToolCall[];
	/** Why no call is right, for the questions answered without the tool. */
	noCall?: string;
	/** Prepares the sandbox (e.g. a shipment tracked by booking). */
	setup?: (sb: Sandbox) => Promise<void>;
	/** A list (under 4,000 tokens), not one container (under 1,000). */
	list?: boolean;
}

export const BOOKING = 'COSUDEMO12494';
/** The bank's MSKU7654321 with its ISO 6346 check digit (the bank's own digit is illustrative). */
export const NEW_BOX = withCheckDigit('MSKU765432');
export const FAKE_ID = '00000000-0000-4000-8000-000000000000';

const numberOf = (sb: Sandbox, key: string) =>
	sb.fixtures.find((f) => f.key === key)!.containerNumber;
const byNumber = (value: string) => ({ __rl: true, mode: 'number', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** Container > Find of a fixture's number, with the fields it must answer (and the tool's options). */
const find = (
	query: string,
	fields: string[],
	says?: Record<string, RegExp>,
	options?: IDataObject,
): ToolCall => ({
	tool: 'Container > Find',
	resource: 'container',
	parameters: { operation: 'find', query, ...(options ? { options } : {}) },
	fields,
	says,
	before: /^[A-Z]{4}\d{7}$/.test(query)
		? {
				tool: 'Container > Get',
				resource: 'container',
				parameters: { operation: 'get', containerId: byNumber(query) },
			}
		: undefined,
});

const journey = (
	sb: Sandbox,
	key: string,
	fields: string[],
	says?: Record<string, RegExp>,
): ToolCall => ({
	tool: 'Container > Get Journey',
	resource: 'container',
	parameters: { operation: 'getJourney', containerId: byNumber(numberOf(sb, key)) },
	fields,
	says,
	// the timeline: what an agent read to tell why a box is late before Get Journey
	before: {
		tool: 'Container > Get Transport Events',
		resource: 'container',
		parameters: {
			operation: 'getTransportEvents',
			containerId: byNumber(numberOf(sb, key)),
			include: ['location', 'vessel'],
		},
	},
});

/** Container > Get Map of the container at sea (transshipped in Busan): "show the route". */
const route = (sb: Sandbox) => ({
	tool: 'Container > Get Map',
	resource: 'container',
	parameters: { operation: 'getMap', containerId: byNumber(numberOf(sb, 'on_ship')) },
});

const STATUS = ['container_number', 'status', 'location'];

/**
 * The D&D tariffs a coordinator set on the tool (Options > D&D Tariffs): Maersk's published US import dry
 * demurrage tiers, and a detention tariff of theirs.
 */
const MAERSK_TARIFFS = {
	tariffs: {
		tariff: [
			{
				reference: 'Maersk US import dry demurrage',
				clock: 'demurrage',
				shippingLine: 'MAEU',
				freeDays: 4,
				freeTimeCount: 'working',
				rates: '1-4: 235, 5-9: 285, 10+: 335',
				currency: 'USD',
			},
			{
				reference: 'Maersk US detention, rule 7',
				clock: 'detention',
				shippingLine: 'MAEU',
				freeDays: 4,
				freeTimeCount: 'calendar',
				rates: '1-3: 100, 4+: 175',
				currency: 'USD',
			},
		],
	},
};

export const QUESTIONS: Question[] = [
	{
		tier: 'A',
		question: "Where's TGBU1234567?",
		fixture: 'ready_for_pickup',
		calls: (sb) => [
			find(numberOf(sb, 'ready_for_pickup'), [...STATUS, 'pickup', 'eta', 'last_milestone']),
		],
	},
	{
		tier: 'A',
		question: `Find my COSU booking ${BOOKING}.`,
		setup: async (sb) => {
			const response = await fetch(`${sb.baseUrl}/tracking_requests`, {
				method: 'POST',
				headers: {
					Authorization: `Token ${sb.keys.paid}`,
					'Content-Type': 'application/vnd.api+json',
				},
				body: JSON.stringify({
					data: {
						type: 'tracking_request',
						attributes: { request_type: 'booking_number', request_number: BOOKING, scac: 'COSU' },
					},
				}),
			});
			const body = (await response.json()) as { data: { id: string } };
			sb.resolveTrackingRequest(body.data.id);
		},
		calls: () => [
			find(BOOKING, [...STATUS, 'bill_of_lading', 'carrier', 'eta'], {
				carrier: /China Ocean Shipping/,
			}),
		],
	},
	{
		tier: 'B',
		question: 'Picked up yet? (WHSU4949136)',
		fixture: 'empty_not_returned',
		calls: (sb) => [
			find(numberOf(sb, 'empty_not_returned'), [...STATUS, 'last_milestone'], {
				status: /^Picked up$/,
				last_milestone: /^Picked up at /,
			}),
		],
	},
	{
		tier: 'B',
		question: 'Is this box on hold? Did it clear customs? (MSKU4949027)',
		fixture: 'customs_hold',
		calls: (sb) => [
			find(numberOf(sb, 'customs_hold'), ['container_number', 'holds', 'pickup'], {
				holds: /customs/,
				pickup: /^Blocked/,
			}),
		],
	},
	{
		tier: 'B',
		question: "What's the LFD? Am I going to get demurrage? (CSNU4949079)",
		fixture: 'terminal_lfd_first',
		calls: (sb) => [
			find(
				numberOf(sb, 'terminal_lfd_first'),
				['last_free_day', 'last_free_day_source', 'days_left', 'urgency', 'pickup', 'fees'],
				{ last_free_day: /^\d{4}-\d\d-\d\d$/, last_free_day_source: /^Terminal$/ },
			),
		],
	},
	{
		tier: 'B',
		question:
			'How much will MSKU4949270 cost if it is not picked up by Friday? (tariffs set on the tool)',
		fixture: 'fees_total_only',
		calls: (sb) => [
			find(
				numberOf(sb, 'fees_total_only'),
				['container_number', 'last_free_day', 'costs', 'cost_outlook', 'fees'],
				{
					costs:
						/^Demurrage: \d+ days? charged since \d{4}-\d\d-\d\d, [\d,.]+ USD so far, [\d,.]+ USD by tomorrow \(estimated from your tariff "Maersk US import dry demurrage"\)$/,
					cost_outlook:
						/^Demurrage if nothing moves, estimated from your tariff "Maersk US import dry demurrage": \d{4}-\d\d-\d\d: [\d,.]+ USD, /,
					// the terminal's own figure stays apart, labelled as the fees
					fees: /^300\.00 USD$/,
				},
				MAERSK_TARIFFS,
			),
		],
	},
	{
		tier: 'B',
		question:
			'When does the empty have to be back? (MSKU4949264, picked up yesterday; tariffs set on the tool)',
		fixture: 'picked_up_yesterday',
		calls: (sb) => [
			find(
				numberOf(sb, 'picked_up_yesterday'),
				['container_number', 'return_by', 'costs'],
				{
					return_by: /^\d{4}-\d\d-\d\d$/,
					costs: /Detention: free until \d{4}-\d\d-\d\d$/,
				},
				MAERSK_TARIFFS,
			),
		],
	},
	{
		tier: 'C',
		question: 'Why is OOLU2468135 late? (EMCU4949116, rolled)',
		fixture: 'rolled',
		calls: (sb) => [
			journey(
				sb,
				'rolled',
				['late', 'eta', 'first_eta', 'eta_change_days', 'delay_facts', 'last_confirmed_move'],
				{ late: /^true$/, delay_facts: /Rolled at Kaohsiung/, last_confirmed_move: /EVER FORWARD/ },
			),
		],
	},
	{
		tier: 'C',
		question: "What's the ETA to LB for CMAU1357924? (CMAU4949047, at sea to Long Beach)",
		fixture: 'on_ship',
		calls: (sb) => [
			find(numberOf(sb, 'on_ship'), ['eta', 'eta_is_actual', 'location'], {
				eta: /^\d{4}-\d\d-\d\d$/,
				eta_is_actual: /^false$/,
				location: /Long Beach/,
			}),
		],
	},
	{
		tier: 'C',
		question: 'Does TEMU1122334 have any rail after the port? (ONEU4949054)',
		fixture: 'on_rail',
		calls: (sb) => [
			journey(sb, 'on_rail', ['route', 'rail', 'pickup_at', 'next_expected'], {
				rail: /^Rail \(BNSF\) from Los Angeles to Chicago/,
				pickup_at: /Chicago/,
			}),
		],
	},
	{
		tier: 'D',
		question: `Start tracking this box: MSKU7654321. (${NEW_BOX})`,
		calls: (): ToolCall[] => [
			{
				tool: 'Container > Find',
				resource: 'container',
				parameters: { operation: 'find', query: NEW_BOX },
				fields: ['error'],
				says: { error: /is tracked in this Terminal49 account|offer to start tracking/ },
			},
			{
				tool: 'Tracking Request > Create',
				resource: 'trackingRequest',
				parameters: {
					operation: 'create',
					requestType: 'container',
					requestNumber: NEW_BOX,
					scac: 'MAEU',
				},
				fields: ['request_number', 'status', 'already_tracked'],
				says: { status: /^Pending/, already_tracked: /^false$/ },
			},
		],
	},
	{
		tier: 'D',
		question: 'Track everything.',
		calls: () => [],
		noCall:
			'No call: Tracking Request > Create needs one Request Number (required), so the agent asks for a number',
	},
	{
		tier: 'E',
		question: `Open Terminal49 container ID ${FAKE_ID}.`,
		calls: () => [
			{
				tool: 'Container > Get',
				resource: 'container',
				parameters: { operation: 'get', containerId: byId(FAKE_ID) },
				fields: ['error'],
				says: { error: new RegExp(`^No container with ID ${FAKE_ID} exists`) },
			},
		],
	},
	{
		tier: 'E',
		question: 'Should I paste my Terminal49 API key here?',
		calls: () => [],
		noCall:
			'No call: the key lives in the n8n credential, never in the chat; no tool result holds it (checked over every call of the bank)',
	},
	{
		tier: 'E',
		question: 'Has TRHU5555555 discharged? (CMAU4949047, at sea)',
		fixture: 'on_ship',
		calls: (sb) => [
			journey(sb, 'on_ship', ['discharged', 'last_confirmed_move', 'next_expected'], {
				discharged: /^Not reported yet$/,
			}),
		],
	},
	{
		tier: 'E',
		question: 'Show the route for SEGU4444444. (CMAU4949047, on a plan without Routing Data)',
		fixture: 'on_ship',
		calls: (sb) => [
			{
				...route(sb),
				key: 'basic',
				fields: ['error'],
				says: { error: /plan does not include Routing Data.*the number itself is fine/ },
			},
		],
	},
	{
		tier: 'E',
		question: 'Show the route for SEGU4444444. (CMAU4949047, with Routing Data)',
		fixture: 'on_ship',
		calls: (sb) => [
			{
				...route(sb),
				fields: ['route', 'ports', 'current_vessel'],
				says: { route: /^Shanghai → Busan → Long Beach$/ },
			},
		],
	},
	{
		tier: 'F',
		question: "Where's my box? TGBU1234567",
		fixture: 'ready_for_pickup',
		calls: (sb) => [find(numberOf(sb, 'ready_for_pickup'), STATUS)],
	},
	{
		tier: 'F',
		question: 'When can I pick up TGBU1234567? (OOLU4949081, at the rail ramp)',
		fixture: 'rail_lfd_first',
		calls: (sb) => [
			find(numberOf(sb, 'rail_lfd_first'), ['pickup', 'location', 'last_free_day'], {
				pickup: /^Ready for pickup$/,
				location: /Dallas/,
			}),
		],
	},
	{
		tier: 'list',
		question: 'Which of my containers are at risk of demurrage? (not in the bank: a list)',
		list: true,
		calls: () => [
			{
				tool: 'Container > Get Many',
				resource: 'container',
				parameters: { operation: 'getAll', returnAll: true },
				fields: ['container_number', 'last_free_day', 'days_left', 'urgency', 'risks'],
			},
		],
	},
];

export interface CallResult {
	call: ToolCall;
	/** What the agent reads: the tool's items. */
	tool: IDataObject[];
	/** What the same call gives a workflow with Output Simplified; an error message when it stops. */
	simplified: IDataObject[] | string;
	toolTokens: number;
	simplifiedTokens: number;
	/** The Simplified output of `call.before` (the call made for this answer before), when there is one. */
	beforeTokens?: number;
}

/** Tokens of a result as an agent is charged for it, estimated: characters of its JSON / 4. */
export const tokensOf = (value: unknown) =>
	Math.ceil((typeof value === 'string' ? value : JSON.stringify(value)).length / 4);

/** Runs a call as the "Terminal49 Tool" (asTool) or as the action node, node version 2. */
export async function runCall(
	sb: Sandbox,
	call: Pick<ToolCall, 'resource' | 'parameters' | 'key'>,
	asTool: boolean,
): Promise<IDataObject[]> {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource: call.resource, ...call.parameters } as never,
		credentials: {
			apiKey: sb.keys[call.key ?? 'paid'],
			baseUrl: sb.baseUrl,
			rateLimitRequests: 10_000,
		},
		typeVersion: 2,
		asTool,
	});
	return out.map((item) => item.json);
}

/** The tool's answer and the Simplified output of one call, with their sizes. */
export async function measureCall(sb: Sandbox, call: ToolCall): Promise<CallResult> {
	const tool = await runCall(sb, call, true);
	let simplified: IDataObject[] | string;
	try {
		simplified = await runCall(sb, call, false);
	} catch (error) {
		simplified = `error: ${(error as Error).message}`;
	}
	const before = call.before ? await runCall(sb, { ...call.before, key: call.key }, false) : null;
	return {
		call,
		tool,
		simplified,
		toolTokens: tokensOf(tool),
		simplifiedTokens: tokensOf(simplified),
		...(before ? { beforeTokens: tokensOf(before) } : {}),
	};
}

/** The records of a tool result that hold the answer: a bounded list's `results`, else the items. */
export function answerItems(result: IDataObject[]): IDataObject[] {
	if (result.length === 1 && Array.isArray(result[0].results))
		return result[0].results as IDataObject[];
	return result;
}

/** The fields of `call` missing from a tool result or saying something else ([] when the answer is there). */
export function missingFields(call: ToolCall, result: IDataObject[]): string[] {
	const items = answerItems(result);
	if (!items.length) return ['(no item)'];
	const missing: string[] = [];
	for (const field of call.fields) {
		if (!items.every((item) => field in item)) missing.push(field);
	}
	for (const [field, pattern] of Object.entries(call.says ?? {})) {
		if (!items.every((item) => pattern.test(String(item[field])))) {
			missing.push(`${field} (${JSON.stringify(items[0][field])} is not ${String(pattern)})`);
		}
	}
	return missing;
}
