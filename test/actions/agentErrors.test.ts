/**
 * Errors as an AI agent's tool (issue 32): every error the "Terminal49 Tool" answers is one sentence a
 * coordinator can act on, which an agent relays as it is: none of n8n's words ("item", "parameter", "node",
 * "turn off", "Validate", a field's label in quotes, a menu path). The same errors outside an agent keep
 * n8n's full wording: the message naming the field and the value, the fix in the description.
 *
 * Each case runs the node twice through real n8n-core against the sandbox: as a tool (the answer) and in a
 * workflow (the error thrown). The cases cover each kind of error: input refused before any request (a
 * container number's check digit, its shape, an empty number, a SCAC, an ID), not found or not tracked, the
 * account's plan, the key, the service down, the network, and a tool set up wrongly; every status the
 * service answers with is mapped to its sentence (mapHttpError, the rate limit among them).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { withCheckDigit } from '../../sandbox/util';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { byId, byNumber, runnerFor } from '../helpers/actionHarness';
import { pinDate } from '../helpers/clock';

const HOUR = 3_600_000;
const EPOCH = Date.UTC(2026, 9, 20);
const FAKE_ID = '00000000-0000-4000-8000-000000000000';
/** A container number whose last digit is one off its ISO 6346 check digit (MSKU7654328 is right). */
const MISTYPED = 'MSKU7654321';

let sb: Sandbox;
const runners = {
	container: runnerFor(() => sb, 'container'),
	trackingRequest: runnerFor(() => sb, 'trackingRequest'),
	shipment: runnerFor(() => sb, 'shipment'),
};
type Resource = keyof typeof runners;

/** n8n's words and the editor's, which a coordinator does not know (and may not be told to change). */
const NOT_FOR_A_COORDINATOR = [
	/\bitems?\b/i,
	/\bparameters?\b/i,
	/\bnodes?\b/i,
	/\bturn off\b/i,
	/\bvalidate\b/i,
	/\bexpression/i,
	/\bcredential/i,
	/\bworkflow/i,
	/\bBy ID\b/,
	/ > /,
	/"[A-Z][a-z]+(?: [A-Z(][\w()]*)+"/, // a label in quotes: "Request Number", "Update Fields"
];

/** The sentences of a text: each ends with . ! or ? before a space or the end. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?]["')]?)\s+/).filter(Boolean);

/** The answer is one sentence a coordinator can be told as it is. */
function expectRelayable(answer: unknown) {
	expect(typeof answer).toBe('string');
	const sentence = answer as string;
	expect({ sentence, count: sentencesOf(sentence).length }).toEqual({ sentence, count: 1 });
	expect(sentence).toMatch(/[.!?]$/);
	expect(sentence).not.toMatch(/\n/);
	for (const word of NOT_FOR_A_COORDINATOR) expect(sentence).not.toMatch(word);
}

interface Case {
	what: string;
	resource: Resource;
	parameters: IDataObject;
	apiKey?: () => string;
	/** Before each of the two runs (faults are used up by a run). */
	arrange?: () => void;
	/** What the tool answers: a pattern, or the whole sentence. */
	answer: RegExp | string;
	/** The error in a workflow: its message and description, exactly as before (n8n's wording). */
	message: string | RegExp;
	description: string | RegExp;
	/** Requests the sandbox saw for the tool's run (when it matters: refused before any request). */
	requests?: number;
}

const CASES: Case[] = [
	{
		what: 'Tracking Request > Create, a wrong check digit: a likely typo with the digit it should have',
		resource: 'trackingRequest',
		parameters: {
			operation: 'create',
			requestType: 'container',
			requestNumber: MISTYPED,
			autoDetectCarrier: true,
		},
		answer:
			'"MSKU7654321" is probably a mistyped container number: its last digit, the ISO 6346 check digit, should be 8 for the letters and digits before it, not 1, so Terminal49 was not asked; check the number with the customer.',
		message:
			'Invalid Request Number "MSKU7654321": its ISO 6346 check digit should be 8, not 1: check for a typo, or turn off "Validate Check Digit"',
		description: 'Fix the value of "Request Number" in item 1.',
		requests: 0,
	},
	{
		what: 'Container > Get by a number with a wrong check digit',
		resource: 'container',
		parameters: { operation: 'get', containerId: byNumber(MISTYPED) },
		answer: /^"MSKU7654321" is probably a mistyped container number: .* should be 8 .*, not 1, /,
		message:
			'Invalid Container Number "MSKU7654321": its ISO 6346 check digit should be 8, not 1: check for a typo, or choose a container tracked with a non-standard check digit By ID',
		description: 'Fix the value of "Container Number" in item 1.',
		requests: 0,
	},
	{
		what: 'Container > Get Journey by something that is not a container number',
		resource: 'container',
		parameters: { operation: 'getJourney', containerId: byNumber('MSCU123') },
		answer:
			'"MSCU123" is not a container number (4 letters and 7 digits, such as MSCU1234566), so Terminal49 was not asked: check it with the customer.',
		message:
			'Invalid Container Number "MSCU123": a container number is 4 letters and 7 digits, e.g. MSCU1234566',
		description: 'Fix the value of "Container Number" in item 1.',
		requests: 0,
	},
	{
		what: 'Container > Find with no number (the model gave an empty one)',
		resource: 'container',
		parameters: { operation: 'find', query: ' ' },
		answer: 'No number was given, so Terminal49 was not asked: ask for it.',
		message: '"Number" is empty in item 1',
		description:
			'Give "Number" a value, or map it from the input with an expression that is not empty.',
		requests: 0,
	},
	{
		what: 'Tracking Request > Create with a carrier that is not a SCAC',
		resource: 'trackingRequest',
		parameters: {
			operation: 'create',
			requestType: 'bill_of_lading',
			requestNumber: 'MEDUT4949001',
			scac: { __rl: true, mode: 'scac', value: 'MSC' },
		},
		answer:
			'"MSC" is not a carrier\'s SCAC (4 letters, such as MAEU or MSCU), so Terminal49 was not asked: check the carrier with the customer.',
		message: 'Invalid Carrier (SCAC) "MSC": a SCAC is exactly 4 letters, e.g. MAEU or MSCU',
		description: 'Pick the carrier from the list, or choose "Auto-Detect Carrier".',
		requests: 0,
	},
	{
		what: 'Container > Get by an ID with a slash',
		resource: 'container',
		parameters: { operation: 'get', containerId: byId('abc/def') },
		answer:
			'"abc/def" is not a Terminal49 ID (an ID has no spaces, slashes, question marks or hash signs), so Terminal49 was not asked: ask for the container, bill of lading or booking number instead.',
		message: 'Invalid Container ID "abc/def": an ID has no spaces, slashes, ? or #',
		description: 'Use the "id" of the record as Terminal49 returns it.',
		requests: 0,
	},
	{
		what: 'Container > Get by a made-up ID (404)',
		resource: 'container',
		parameters: { operation: 'get', containerId: byId(FAKE_ID) },
		answer: `No container with ID ${FAKE_ID} exists in this Terminal49 account: the ID may be mistyped or belong to another account, so ask for the container, bill of lading or booking number instead.`,
		message: `Terminal49 has no such resource (404): /containers/${FAKE_ID}`,
		description: /^Check the ID or number: it must belong to your Terminal49 account\./,
	},
	{
		what: 'Container > Get by a number not tracked',
		resource: 'container',
		parameters: { operation: 'get', containerId: byNumber(withCheckDigit('TGBU123456')) },
		answer: `No container "${withCheckDigit('TGBU123456')}" is tracked in this Terminal49 account: check the number with the customer, or offer to start tracking it.`,
		message: `No container "${withCheckDigit('TGBU123456')}" is tracked in this Terminal49 account`,
		description:
			'Check the number, or create a tracking request for it first (Tracking Request > Create).',
	},
	{
		what: 'Shipment > Get by a bill of lading not tracked',
		resource: 'shipment',
		parameters: { operation: 'get', shipmentId: byNumber('MEDUZZ999999') },
		answer:
			'No shipment "MEDUZZ999999" is tracked in this Terminal49 account: check the number with the customer, or offer to start tracking it.',
		message: 'No shipment "MEDUZZ999999" is tracked in this Terminal49 account',
		description:
			'Check the number, or create a tracking request for it first (Tracking Request > Create).',
	},
	{
		what: 'Container > Get Map on a plan without Routing Data (GET /me says so)',
		resource: 'container',
		parameters: { operation: 'getMap', containerId: byNumber('CMAU4949047') },
		apiKey: () => sb.keys.basic,
		answer:
			"This Terminal49 account's plan does not include Routing Data (container maps, routes and vessel positions), so this cannot be answered here; the number itself is fine, and the account owner can ask sales@terminal49.com to enable it.",
		message: /^Container > Get Map needs the Routing Data feature: /,
		description: /^Routing Data \(container maps, routes and vessel positions\) is an add-on /,
	},
	{
		what: 'Container > Find on the free plan',
		resource: 'container',
		parameters: { operation: 'find', query: 'CMAU4949047' },
		apiKey: () => sb.keys.free,
		answer:
			'This Terminal49 account is on the free plan, which can start tracking numbers but not look containers up, so this cannot be answered here; the account owner can upgrade to a paid plan.',
		message:
			'This Terminal49 API key is on the restricted free plan: it can only create tracking requests',
		description:
			/^Creating tracking requests works with this key; every other operation needs a paid plan/,
	},
	{
		what: 'a key Terminal49 does not know (401)',
		resource: 'container',
		parameters: { operation: 'find', query: 'CMAU4949047' },
		apiKey: () => 'sandbox_revoked_key',
		answer:
			'Terminal49 did not accept the API key this tool uses, so nothing can be looked up now; whoever set up the assistant needs to give it a current key.',
		message: 'Terminal49 could not verify the API key (401)',
		description: /^The key is wrong, revoked or truncated\. Open the Terminal49 credential /,
	},
	{
		what: 'the service down (500 after retries)',
		resource: 'container',
		parameters: { operation: 'getJourney', containerId: byId('c-500') },
		arrange: () => sb.injectFault({ kind: '500', count: 10, path: 'containers/c-500' }),
		answer:
			'Terminal49 or the carrier behind it is not answering right now, so this could not be looked up: try again in a few minutes.',
		message: 'Terminal49 or an upstream carrier is unavailable (500)',
		description: /^The request failed after retries\./,
	},
	{
		what: 'the connection reset every time (network)',
		resource: 'container',
		parameters: { operation: 'getJourney', containerId: byId('c-reset') },
		arrange: () => sb.injectFault({ kind: 'reset', count: 10, path: 'containers/c-reset' }),
		answer:
			'Terminal49 could not be reached (the connection was reset), so this could not be looked up: try again in a few minutes.',
		message: /^Could not reach Terminal49 at http:\/\/127\.0\.0\.1:\d+: the connection was reset$/,
		description: /^Tried 4 time\(s\)\. Check the credential's Base URL and the network/,
	},
	{
		what: 'a tool set up wrongly (Shipment > Update with nothing to update): who can fix it',
		resource: 'shipment',
		parameters: { operation: 'update', shipmentId: byId('x'), updateFields: {} },
		answer:
			"Terminal49 could not be asked because of how this tool is set up in n8n, so this cannot be answered here; whoever set up the assistant can see why in this tool's run in n8n.",
		message: 'Nothing to update in item 1: "Update Fields" is empty',
		description: /Update Fields/,
		requests: 0,
	},
];

beforeAll(async () => {
	pinDate(EPOCH + 2 * HOUR);
	sb = await startSandbox({ epoch: EPOCH, carrierDelayMs: 600_000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
	jest.useRealTimers();
});
beforeEach(() => {
	resetRateLimiter();
	sb.clearFaults();
	sb.clearRequests();
});

describe.each(CASES)('$what', (c) => {
	it("as a tool: one sentence a coordinator can act on, none of n8n's words", async () => {
		c.arrange?.();
		const out = await runners[c.resource].run(c.parameters, {
			typeVersion: 3,
			asTool: true,
			apiKey: c.apiKey?.(),
		});
		expect(out).toHaveLength(1);
		expect(Object.keys(out[0])).toEqual(['error']);
		const answer = out[0].error as string;
		expectRelayable(answer);
		if (typeof c.answer === 'string') expect(answer).toBe(c.answer);
		else expect(answer).toMatch(c.answer);
		if (c.requests !== undefined) expect(sb.requests).toHaveLength(c.requests);
	});

	it("in a workflow: n8n's full wording, the field, the value and the fix", async () => {
		c.arrange?.();
		let thrown: unknown;
		try {
			await runners[c.resource].run(c.parameters, { typeVersion: 3, apiKey: c.apiKey?.() });
		} catch (error) {
			thrown = error;
		}
		const error = thrown as { message: string; description?: string };
		expect(error).toBeInstanceOf(Error);
		// runnerFor adds the description to the message in brackets: the message is what comes before it
		const message = error.message.slice(0, error.message.length - ` [${error.description}]`.length);
		if (typeof c.message === 'string') expect(message).toBe(c.message);
		else expect(message).toMatch(c.message);
		if (typeof c.description === 'string') expect(error.description).toBe(c.description);
		else expect(error.description).toMatch(c.description);
	});
});

describe('every status the service answers with has its sentence for an agent', () => {
	it.each([
		[400, { errors: [{ detail: 'Filter is malformed.', source: { parameter: 'filter' } }] }],
		[401, { errors: [{ title: 'Unauthorized' }] }],
		[401, { errors: [{ detail: 'This key is on a paid plan only feature, restricted.' }] }],
		[403, { errors: [{ detail: 'Routing data is not enabled for this account' }] }],
		[403, { errors: [{ detail: 'Forbidden' }] }],
		[404, {}],
		[
			422,
			{
				errors: [
					{ detail: 'Scac is not recognized.', source: { pointer: '/data/attributes/scac' } },
				],
			},
		],
		[429, {}],
		[500, {}],
		[503, 'Service Unavailable'],
		[418, {}],
	])('%s', async (status, body) => {
		const { mapHttpError } = await import('../../nodes/Terminal49/transport/errors');
		const mapped = mapHttpError(status, body, {
			method: 'POST',
			path: '/tracking_requests',
			fields: { scac: 'Carrier (SCAC)' },
			itemIndex: 0,
		});
		expectRelayable(mapped.agent);
		// the workflow's wording stays n8n's: the message and a description that names the request
		expect(mapped.description).toMatch(/\(POST \/tracking_requests\)$|Base URL ends in \/v2/);
	});

	it('a 404 of a record by ID names the record and the ID', async () => {
		const { mapHttpError } = await import('../../nodes/Terminal49/transport/errors');
		const mapped = mapHttpError(404, {}, { method: 'GET', path: `/shipments/${FAKE_ID}` });
		expect(mapped.agent).toBe(
			`No shipment with ID ${FAKE_ID} exists in this Terminal49 account: the ID may be mistyped or belong to another account, so ask for the container, bill of lading or booking number instead.`,
		);
	});
});

describe("the tool's own check: what it would refuse to relay", () => {
	it('an error of n8n words becomes the set-up sentence; a plain one stays itself', async () => {
		const { agentErrorSentence, SET_UP_ANSWER } =
			await import('../../nodes/Terminal49/errors/agent');
		expect(
			agentErrorSentence({
				message: 'Invalid Limit "0": use a whole number of 1 or more',
				description: 'Or turn on "Return All".',
			}),
		).toBe('"0" is not a valid limit: use a whole number of 1 or more.');
		expect(
			agentErrorSentence({
				message: 'Nothing to update: "Update Fields" is empty',
				description: 'Add at least one field under "Update Fields".',
			}),
		).toBe(SET_UP_ANSWER);
		expect(
			agentErrorSentence({
				message: 'Invalid Event "x" in item 3: not a Terminal49 webhook event',
			}),
		).toBe('"x" is not a valid event: not a Terminal49 webhook event.');
		expectRelayable(SET_UP_ANSWER);
	});
});
