/**
 * The Terminal49 node as an AI agent's tool in real n8n 2.41.1 (packed package), all on loopback (issue 26):
 *
 * 1. n8n's AI Agent with n8n's OpenAI Chat Model, whose credential's Base URL points at a scripted
 *    OpenAI-compatible model server (below): for each question it answers `/chat/completions` with the tool
 *    call(s) a good agent makes, then a final answer; the test checks what each Terminal49 Tool returned to the
 *    model (the tool messages n8n sent back), that no result holds the API key, and the tools' descriptions.
 * 2. n8n's MCP Server Trigger with the Terminal49 Tool nodes, called by the real MCP SDK client: it lists the
 *    tools with their descriptions and calls them, getting the same answers.
 *
 * One n8n instance for the file, the sandbox in this process. Passes on n8n 1.123 too (`T49_N8N_LINE=1`).
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { NODE_TYPES, ROOT, startT49Stack } from './helpers';
import type { T49Stack, WorkflowJson } from './helpers';
import { scripted, startModelServer } from './scriptedModel';
import { addDays, dayIn } from '../helpers/days';
import type { Conversation, ModelApi } from './scriptedModel';

jest.setTimeout(240_000);

const TOOL_TYPE = `${NODE_TYPES.action}Tool`;
const FAKE_ID = '00000000-0000-4000-8000-000000000000';

type Json = Record<string, any>;

// ---- the Terminal49 Tool nodes, as a user sets them up (parameters the model fills with $fromAI) ----------

const fromAI = (key: string, description: string) =>
	`={{ $fromAI('${key}', '${description}', 'string') }}`;
const byNumberFromAI = () => ({
	__rl: true,
	mode: 'number',
	value: fromAI('container_number', 'The container number the customer quotes, e.g. MSCU4949012'),
});

/** name → the Tool node's parameters (node version 2, Output Simplified by default). */
const TOOLS: Record<string, Json> = {
	find_container: {
		resource: 'container',
		operation: 'find',
		query: fromAI(
			'number',
			'Any number the customer quotes: container, bill of lading, booking or reference number',
		),
	},
	container_journey: {
		resource: 'container',
		operation: 'getJourney',
		containerId: byNumberFromAI(),
	},
	container_route: {
		resource: 'container',
		operation: 'getMap',
		containerId: byNumberFromAI(),
	},
	track_container: {
		resource: 'trackingRequest',
		operation: 'create',
		requestType: 'container',
		requestNumber: fromAI('container_number', 'The container number to start tracking'),
		// an agent rarely knows the carrier's SCAC: Terminal49 infers it from the number
		autoDetectCarrier: true,
	},
	// "Is this invoice right?": the fields a coordinator quotes in the chat; the others are not on what they gave
	check_invoice: {
		resource: 'invoice',
		operation: 'check',
		containerNumber: fromAI('container_number', 'The container number the invoice charges'),
		chargeType: fromAI('charge_type', 'demurrage, detention or combined'),
		chargedFrom: fromAI('charged_from', 'The first date charged, YYYY-MM-DD'),
		chargedTo: fromAI('charged_to', 'The last date charged, YYYY-MM-DD'),
		rates: fromAI('rates', 'The daily rates in tiers, e.g. 1+: 150'),
		amount: fromAI('amount', 'The amount billed for the container'),
		currency: fromAI('currency', 'The currency, e.g. USD'),
	},
};

/**
 * The description n8n gives each tool when it is left on "Set Automatically": the operation's action and the
 * node's name (nodes/Terminal49/actions/<resource>/<Resource>.resource.ts; n8n-workflow's makeDescription).
 */
const DESCRIPTIONS = {
	find_container: 'Find containers and where they are by any number in Terminal49',
	container_journey: 'Get why a container is late by container number in Terminal49',
	container_route: 'Get the route of a container by container number in Terminal49',
	track_container: 'Start tracking a container or shipment by number in Terminal49',
	check_invoice: 'Check a D&D invoice against the container in Terminal49',
};

/** The same for each tool of the example, its description set to "Set Automatically" (by the tools' names). */
const EXAMPLE_AUTOMATIC = {
	Find_Container: DESCRIPTIONS.find_container,
	Container_Journey: DESCRIPTIONS.container_journey,
	Containers_at_Risk: 'Get many containers in Terminal49',
	Track_Container: DESCRIPTIONS.track_container,
};

function toolNode(name: string, i: number, credential: { id: string; name: string }): Json {
	return {
		id: `tool-${i}`,
		name,
		type: TOOL_TYPE,
		typeVersion: 2,
		position: [200 + i * 160, 300],
		parameters: TOOLS[name],
		credentials: { [NODE_TYPES.credential]: credential },
	};
}

// ---- the scripted OpenAI-compatible model server (scriptedModel.ts) --------------------------------------

/** The model server for `conversations`, with n8n's OpenAI credential at it (`apis`: the APIs it offers). */
const modelServer = (conversations: Conversation[], credentialName: string, apis?: ModelApi[]) =>
	startModelServer(t49.stack.client, conversations, credentialName, apis);

/** The records in a tool result as n8n hands it to the model or to an MCP client (JSON of the items). */
function recordsOf(content: string): Json[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(content);
	} catch {
		return [{ text: content }];
	}
	const list = Array.isArray(parsed) ? parsed : [parsed];
	return list.map((entry) =>
		entry && typeof entry === 'object' && 'json' in entry ? (entry as Json).json : entry,
	) as Json[];
}

/**
 * Publishes `workflow` (a Webhook at `path` in front of an AI Agent) and asks each conversation's question
 * through it (`body` makes the request's JSON); each must come back answered, every planned call made.
 */
async function askEach(
	workflow: WorkflowJson,
	path: string,
	conversations: Conversation[],
	body: (question: string) => Json,
): Promise<string> {
	const created = await t49.stack.client.createWorkflow(workflow);
	await t49.stack.client.activateWorkflow(created.id);
	await t49.stack.client.waitForWebhook(path);
	for (const conversation of conversations) {
		const response = await fetch(t49.stack.webhookUrl(path), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body(conversation.question)),
		});
		const answer = await response.text();
		expect({ question: conversation.question, status: response.status }).toEqual({
			question: conversation.question,
			status: 200,
		});
		expect(answer).toContain(`Answered: ${conversation.question}`);
		// every planned call was made and its result came back to the model
		expect(conversation.results).toHaveLength(conversation.calls.length);
	}
	return created.id;
}

/**
 * Production webhooks (the MCP endpoint is one) register shortly after activation: a CORS preflight (never
 * runs the workflow) answers 2xx once it is there, as the harness's waitForWebhook does for /webhook/ paths.
 */
async function waitForRegistered(url: string, timeoutMs = 15_000) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const res = await fetch(url, {
			method: 'OPTIONS',
			headers: { 'access-control-request-method': 'POST', origin: 'http://127.0.0.1' },
		}).catch(() => undefined);
		if (res && res.status >= 200 && res.status < 300) return;
		if (Date.now() > until) throw new Error(`${url} was not registered within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

// ---- the tests -------------------------------------------------------------------------------------------

let t49: T49Stack;
let basicCredential: { id: string; name: string };

beforeAll(async () => {
	// n8n 2.41 offers a community node's Tool variant with no setting to turn on
	t49 = await startT49Stack({ sandbox: { carrierDelayMs: 600_000, webhookRetryScale: 0 } });
	// the same sandbox with a key whose plan has no Routing Data (maps and routes)
	const created = await t49.stack.client.createCredential({
		name: 'Terminal49 basic plan',
		type: NODE_TYPES.credential,
		data: { apiKey: t49.sandbox.keys.basic, baseUrl: t49.sandbox.baseUrl },
	});
	basicCredential = { id: created.id, name: created.name };
});
afterAll(async () => {
	await t49?.stop();
});

const fixture = (key: string) => t49.sandbox.fixtures.find((f) => f.key === key)!;
const keys = () => Object.values(t49.sandbox.keys) as string[];

describe("n8n's AI Agent with the OpenAI Chat Model and the Terminal49 Tool", () => {
	it('answers the question bank with the calls a good agent makes; the tools return the answers, never a key', async () => {
		const ready = fixture('ready_for_pickup');
		const rolled = fixture('rolled');
		const onShip = fixture('on_ship');
		const newBox = 'MSKU7654328';
		const mistyped = 'MSKU7654321';
		// an invoice line for a container picked up and returned: demurrage through two days after its full out
		const billed = fixture('empty_returned');
		const billedRecord: any = await (
			await fetch(`${t49.sandbox.baseUrl}/containers/${billed.containerId}`, {
				headers: { Authorization: `Token ${t49.sandbox.keys.paid}` },
			})
		).json();
		const outAt = billedRecord.data.attributes;
		const fullOut = dayIn(outAt.pod_full_out_at, outAt.pod_timezone);
		const invoiceArgs = {
			container_number: billed.containerNumber,
			charge_type: 'demurrage',
			charged_from: fullOut,
			charged_to: addDays(fullOut, 2),
			rates: '1+: 150',
			amount: '450',
			currency: 'USD',
		};
		const conversations = scripted([
			{
				question: `Where's ${ready.containerNumber}?`,
				calls: [{ tool: 'find_container', args: { number: ready.containerNumber } }],
			},
			{
				question: `Why is ${rolled.containerNumber} late?`,
				calls: [{ tool: 'container_journey', args: { container_number: rolled.containerNumber } }],
			},
			{
				question: `Open Terminal49 container ID ${FAKE_ID}.`,
				calls: [{ tool: 'find_container', args: { number: FAKE_ID } }],
			},
			{
				question: `Start tracking this box: ${newBox}.`,
				calls: [
					{ tool: 'find_container', args: { number: newBox } },
					{ tool: 'track_container', args: { container_number: newBox } },
				],
			},
			{
				question: `Show the route for ${onShip.containerNumber}.`,
				calls: [{ tool: 'container_route', args: { container_number: onShip.containerNumber } }],
			},
			{
				// MSKU7654328 with its last digit mistyped: Find answers a typo, so a good agent tracks nothing
				question: `Start tracking ${mistyped}.`,
				calls: [{ tool: 'find_container', args: { number: mistyped } }],
			},
			{
				question: `Is this invoice right? ${billed.containerNumber}, demurrage ${fullOut} to ${addDays(fullOut, 2)} at 150 USD a day, 450 USD.`,
				calls: [{ tool: 'check_invoice', args: invoiceArgs }],
			},
		]);
		const model = await modelServer(conversations, 'Scripted model');
		try {
			const openAi = model.credential;
			const path = 't49-agent';
			const names = Object.keys(TOOLS);
			const workflow: WorkflowJson = {
				name: 'Terminal49 agent (e2e)',
				nodes: [
					{
						id: 'hook',
						name: 'Question',
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						position: [0, 0],
						webhookId: 'b6f3c2a4-26a0-4d1e-9c26-000000000026',
						parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
					},
					{
						id: 'agent',
						name: 'AI Agent',
						type: '@n8n/n8n-nodes-langchain.agent',
						typeVersion: 3,
						position: [300, 0],
						parameters: { promptType: 'define', text: '={{ $json.body.question }}', options: {} },
					},
					{
						id: 'model',
						name: 'OpenAI Chat Model',
						type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
						typeVersion: 1.3,
						position: [100, 300],
						parameters: {
							model: { __rl: true, mode: 'id', value: 'scripted-model' },
							responsesApiEnabled: false,
							options: {},
						},
						credentials: { openAiApi: { id: openAi.id, name: openAi.name } },
					},
					...names.map((name, i) =>
						toolNode(name, i, name === 'container_route' ? basicCredential : t49.credential),
					),
				],
				connections: {
					Question: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
					'OpenAI Chat Model': {
						ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
					},
					...Object.fromEntries(
						names.map((name) => [
							name,
							{ ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
						]),
					),
				},
				settings: { executionOrder: 'v1' },
			};
			const workflowId = await askEach(workflow, path, conversations, (question) => ({ question }));

			// the tools n8n offered the model: each Terminal49 Tool by its node's name, with a description
			const offered = conversations[0].tools;
			expect(offered.map((t) => t.name).sort()).toEqual([...names].sort());
			expect(Object.fromEntries(offered.map((t) => [t.name, t.description]))).toEqual(DESCRIPTIONS);
			// the parameters the model fills ($fromAI), with their descriptions
			expect(offered.find((t) => t.name === 'find_container')!.parameters).toMatchObject({
				properties: {
					number: { type: 'string', description: expect.stringMatching(/bill of lading/) },
				},
				required: ['number'],
			});

			const [where, late, fake, track, route, typo, invoice] = conversations;
			// "Where's …?": the people-first answer, under 1,000 tokens
			const [found] = recordsOf(where.results[0]);
			expect(found).toMatchObject({
				container_number: ready.containerNumber,
				status: 'Available for pickup',
				pickup: 'Ready for pickup',
				bill_of_lading: ready.billOfLading,
			});
			expect(where.results[0].length / 4).toBeLessThan(1000);
			// "Why is it late?": the journey, not the timeline
			const [journey] = recordsOf(late.results[0]);
			expect(journey).toMatchObject({ container_number: rolled.containerNumber, late: true });
			expect(journey.delay_facts).toMatch(/Rolled at Kaohsiung/);
			expect(journey.last_confirmed_move).toMatch(/EVER FORWARD/);
			// a made-up ID: a specific not-found sentence
			expect(recordsOf(fake.results[0])[0].error).toMatch(
				new RegExp(`^No container with ID ${FAKE_ID} exists in this Terminal49 account`),
			);
			// "Start tracking": not found first, then one request created
			expect(recordsOf(track.results[0])[0].error).toMatch(/offer to start tracking it/);
			expect(recordsOf(track.results[1])[0]).toMatchObject({
				request_number: newBox,
				already_tracked: false,
			});
			expect(
				t49.sandbox.store.trackingRequests.all().filter((r) => r.requestNumber === newBox),
			).toHaveLength(1);
			// a route on a plan without Routing Data: an entitlement, not a wrong number
			expect(recordsOf(route.results[0])[0].error).toMatch(
				/plan does not include Routing Data .*the number itself is fine/,
			);
			// a mistyped container number: the digit it should have, no offer to track it, no tracking request
			const [mistake] = recordsOf(typo.results[0]);
			expect(mistake.error).toMatch(
				/probably a mistyped container number: .* should be 8 .*, not 1/,
			);
			expect(mistake.error).not.toMatch(/track(ing)? it/);
			expect(
				t49.sandbox.store.trackingRequests.all().filter((r) => r.requestNumber === mistyped),
			).toEqual([]);
			expect(
				t49.sandbox.requests.filter(
					(r) => r.method === 'POST' && JSON.stringify(r.body ?? null).includes(mistyped),
				),
			).toEqual([]);
			// "Is this invoice right?": one call answers it from the container's record: two days charged after it
			// left the terminal full, and what the chat did not give is not on the invoice (541.6)
			expect(invoice.results).toHaveLength(1);
			const [checked] = recordsOf(invoice.results[0]);
			expect(checked).toMatchObject({
				container_number: billed.containerNumber,
				verdict: 'incomplete',
				amount_billed: 450,
			});
			expect(checked.findings).toContain(
				`after container ${billed.containerNumber} left the terminal full on ${fullOut}: ${addDays(fullOut, 1)}, ${addDays(fullOut, 2)}`,
			);
			expect(checked.findings).toMatch(/46 CFR 541\.6\(b\)\(1\) \(invoice date\)/);
			// no tool result holds a key
			const everything = JSON.stringify(conversations.map((c) => c.results));
			for (const key of keys()) expect(everything).not.toContain(key);
			await t49.stack.client.deactivateWorkflow(workflowId);
		} finally {
			await model.close();
		}
	});
});

describe("n8n's MCP Server Trigger with the Terminal49 Tool, called by the MCP SDK client", () => {
	it('lists the tools with their descriptions and calls them, with the same answers', async () => {
		const path = 't49-mcp';
		const names = Object.keys(TOOLS);
		const workflow: WorkflowJson = {
			name: 'Terminal49 MCP server (e2e)',
			nodes: [
				{
					id: 'mcp',
					name: 'MCP Server Trigger',
					type: '@n8n/n8n-nodes-langchain.mcpTrigger',
					typeVersion: 2,
					position: [0, 0],
					webhookId: 'c7a4d3b5-26a0-4d1e-9c26-000000000026',
					parameters: { authentication: 'none', path },
				},
				...names.map((name, i) =>
					toolNode(name, i, name === 'container_route' ? basicCredential : t49.credential),
				),
			],
			connections: Object.fromEntries(
				names.map((name) => [
					name,
					{ ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
				]),
			),
			settings: { executionOrder: 'v1' },
		};
		const created = await t49.stack.client.createWorkflow(workflow);
		await t49.stack.client.activateWorkflow(created.id);
		const endpoint = `${t49.stack.baseUrl}/mcp/${path}`;
		await waitForRegistered(endpoint);
		const client = new Client({ name: 'terminal49-e2e', version: '1.0.0' });
		const transport = new StreamableHTTPClientTransport(new URL(endpoint));
		try {
			await client.connect(transport);
			const { tools } = await client.listTools();
			expect(Object.fromEntries(tools.map((t) => [t.name, t.description]))).toEqual(DESCRIPTIONS);
			const find = tools.find((t) => t.name === 'find_container')!;
			expect(Object.keys((find.inputSchema as Json).properties ?? {})).toContain('number');

			const text = (result: Json) =>
				(result.content as Json[]).map((part) => String(part.text ?? '')).join('');
			const ready = fixture('ready_for_pickup');
			const where = text(
				await client.callTool({
					name: 'find_container',
					arguments: { number: ready.containerNumber },
				}),
			);
			expect(where).toContain(ready.containerNumber);
			expect(where).toContain('Ready for pickup');
			expect(where.length / 4).toBeLessThan(1000);

			const rolled = fixture('rolled');
			const journey = text(
				await client.callTool({
					name: 'container_journey',
					arguments: { container_number: rolled.containerNumber },
				}),
			);
			expect(journey).toMatch(/Rolled at Kaohsiung/);

			const fake = text(
				await client.callTool({ name: 'find_container', arguments: { number: FAKE_ID } }),
			);
			expect(fake).toContain(`No container with ID ${FAKE_ID} exists in this Terminal49 account`);

			const route = text(
				await client.callTool({
					name: 'container_route',
					arguments: { container_number: fixture('on_ship').containerNumber },
				}),
			);
			expect(route).toMatch(/plan does not include Routing Data/);

			for (const key of keys()) {
				for (const answer of [where, journey, fake, route]) expect(answer).not.toContain(key);
			}
		} finally {
			await client.close().catch(() => undefined);
			await t49.stack.client.deactivateWorkflow(created.id).catch(() => undefined);
		}
	});
});

describe('the example workflow examples/ai-container-assistant.json', () => {
	const example = () =>
		JSON.parse(
			fs.readFileSync(nodePath.join(ROOT, 'examples', 'ai-container-assistant.json'), 'utf8'),
		) as WorkflowJson;
	const MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
	let runs = 0;

	/**
	 * The example as it is set up, made to run here and nothing else: the Chat Trigger answers in the editor's
	 * chat only, so a Webhook of the same name asks instead (the memory keyed by the session the request
	 * names); the credentials are the sandbox's and the scripted model server's. `edit` changes the copy
	 * (a setting under test). Returns the workflow and the Webhook's path.
	 */
	function runnable(
		openAi: { id: string; name: string },
		edit: (workflow: WorkflowJson) => void = () => undefined,
	): { workflow: WorkflowJson; path: string } {
		runs++;
		const path = `t49-example-assistant-${runs}`;
		const workflow: WorkflowJson = example();
		delete workflow.id;
		for (const node of workflow.nodes) {
			if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') {
				Object.assign(node, {
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					webhookId: `d8b5e4c6-26a0-4d1e-9c26-00000000003${runs}`,
					parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
				});
			} else if (node.type === '@n8n/n8n-nodes-langchain.agent') {
				Object.assign(node.parameters, {
					promptType: 'define',
					text: '={{ $json.body.chatInput }}',
				});
			} else if (node.type === '@n8n/n8n-nodes-langchain.memoryBufferWindow') {
				Object.assign(node.parameters, {
					sessionIdType: 'customKey',
					sessionKey: '={{ $json.body.sessionId }}',
				});
			} else if (node.type === MODEL_TYPE) {
				node.credentials = { openAiApi: { id: openAi.id, name: openAi.name } };
			} else if (node.type === TOOL_TYPE) {
				node.credentials = { [NODE_TYPES.credential]: t49.credential };
			}
		}
		edit(workflow);
		return { workflow, path };
	}
	const chatBody = (question: string) => ({ chatInput: question, sessionId: `e2e-${runs}` });
	const modelNode = (workflow: WorkflowJson) =>
		workflow.nodes.find((node) => node.type === MODEL_TYPE)!;

	it('chooses Chat Completions: "Use Responses API" is off in its OpenAI Chat Model (version 1.3 has it on by default)', () => {
		const model = modelNode(example());
		expect(model).toMatchObject({
			typeVersion: 1.3,
			parameters: { responsesApiEnabled: false, model: { value: 'gpt-5-mini' } },
		});
	});

	it('runs as it is set up on a Chat Completions-only service: its tools, their descriptions and fixed filters, answered through the AI Agent', async () => {
		const ready = fixture('ready_for_pickup');
		const conversations = scripted([
			{
				question: 'What is at risk of demurrage?',
				calls: [{ tool: 'Containers_at_Risk', args: {} }],
			},
			{
				question: `Where's ${ready.containerNumber}?`,
				calls: [{ tool: 'Find_Container', args: { number: ready.containerNumber } }],
			},
		]);
		const model = await modelServer(conversations, 'Scripted model (Chat Completions only)', [
			'chat',
		]);
		try {
			const { workflow, path } = runnable(model.credential);
			const workflowId = await askEach(workflow, path, conversations, chatBody);
			// only Chat Completions was called (the service has nothing else)
			expect(new Set(model.seen)).toEqual(new Set(['POST /v1/chat/completions 200']));
			// the tools as the example describes them to the model
			const described = Object.fromEntries(
				example()
					.nodes.filter((node) => node.type === TOOL_TYPE)
					.map((node) => [
						node.name.replace(/[^a-zA-Z0-9_-]+/g, '_'),
						node.parameters.toolDescription,
					]),
			);
			expect(Object.keys(described)).toHaveLength(4);
			expect(
				Object.fromEntries(conversations[0].tools.map((t) => [t.name, t.description])),
			).toEqual(described);
			// at risk: the fixed filters (last free day past, today or within 3 days), at most 20, each with its LFD
			const atRisk = recordsOf(conversations[0].results[0]);
			const rows =
				atRisk.length === 1 && Array.isArray(atRisk[0].results) ? atRisk[0].results : atRisk;
			expect(rows.length).toBeGreaterThan(0);
			expect(rows.length).toBeLessThanOrEqual(20);
			for (const row of rows as Json[]) {
				expect(row.last_free_day).toMatch(/^\d{4}-\d\d-\d\d$/);
				expect(row.days_left).toBeLessThanOrEqual(3);
			}
			expect(conversations[0].results[0].length / 4).toBeLessThan(4000);
			const [found] = recordsOf(conversations[1].results[0]);
			expect(found).toMatchObject({
				container_number: ready.containerNumber,
				pickup: 'Ready for pickup',
			});
			const everything = JSON.stringify(conversations.map((c) => c.results));
			for (const key of keys()) expect(everything).not.toContain(key);
			await t49.stack.client.deactivateWorkflow(workflowId);
		} finally {
			await model.close();
		}
	});

	it('runs as it is set up on a service with both APIs, as OpenAI is: "Where\'s …?" answered through Chat Completions', async () => {
		const ready = fixture('ready_for_pickup');
		const conversations = scripted([
			{
				question: `Where's ${ready.containerNumber}?`,
				calls: [{ tool: 'Find_Container', args: { number: ready.containerNumber } }],
			},
		]);
		const model = await modelServer(conversations, 'Scripted model (both APIs)', [
			'chat',
			'responses',
		]);
		try {
			const { workflow, path } = runnable(model.credential);
			const workflowId = await askEach(workflow, path, conversations, chatBody);
			expect(new Set(model.seen)).toEqual(new Set(['POST /v1/chat/completions 200']));
			const [found] = recordsOf(conversations[0].results[0]);
			expect(found).toMatchObject({
				container_number: ready.containerNumber,
				status: 'Available for pickup',
				bill_of_lading: ready.billOfLading,
			});
			await t49.stack.client.deactivateWorkflow(workflowId);
		} finally {
			await model.close();
		}
	});

	it('with "Use Responses API" on (n8n\'s default): answers through POST /v1/responses where the service has it, and fails where it has Chat Completions only (why the example turns it off)', async () => {
		const ready = fixture('ready_for_pickup');
		const question = `Where's ${ready.containerNumber}?`;
		const responsesOn = (workflow: WorkflowJson) => {
			modelNode(workflow).parameters.responsesApiEnabled = true;
		};
		// OpenAI itself (both APIs): the Responses API answers, the tool call and its result go through it
		const conversations = scripted([
			{ question, calls: [{ tool: 'Find_Container', args: { number: ready.containerNumber } }] },
		]);
		const both = await modelServer(conversations, 'Scripted model (both APIs, Responses)', [
			'chat',
			'responses',
		]);
		try {
			const { workflow, path } = runnable(both.credential, responsesOn);
			const workflowId = await askEach(workflow, path, conversations, chatBody);
			expect(new Set(both.seen)).toEqual(new Set(['POST /v1/responses 200']));
			expect(recordsOf(conversations[0].results[0])[0]).toMatchObject({
				container_number: ready.containerNumber,
				pickup: 'Ready for pickup',
			});
			await t49.stack.client.deactivateWorkflow(workflowId);
		} finally {
			await both.close();
		}
		// a Chat Completions-only service: 404 for /v1/responses, and the chat fails
		const unanswered = scripted([{ question, calls: [] }]);
		const chatOnly = await modelServer(
			unanswered,
			'Scripted model (Chat Completions only, Responses)',
			['chat'],
		);
		try {
			const { workflow, path } = runnable(chatOnly.credential, responsesOn);
			const created = await t49.stack.client.createWorkflow(workflow);
			await t49.stack.client.activateWorkflow(created.id);
			await t49.stack.client.waitForWebhook(path);
			const response = await fetch(t49.stack.webhookUrl(path), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(chatBody(question)),
			});
			const answer = await response.text();
			expect({ status: response.status, answered: answer.includes('Answered:') }).toEqual({
				status: 500,
				answered: false,
			});
			expect(chatOnly.seen.length).toBeGreaterThan(0);
			expect(new Set(chatOnly.seen)).toEqual(new Set(['POST /v1/responses 404']));
			await t49.stack.client.deactivateWorkflow(created.id);
		} finally {
			await chatOnly.close();
		}
	});

	it('with every tool on "Set Automatically": what the model reads of each tool (printed; docs/ai-agents.md quotes it)', async () => {
		const ready = fixture('ready_for_pickup');
		const conversations = scripted([
			{
				question: `Where's ${ready.containerNumber}?`,
				calls: [{ tool: 'Find_Container', args: { number: ready.containerNumber } }],
			},
		]);
		const model = await modelServer(conversations, 'Scripted model (Set Automatically)');
		try {
			const { workflow, path } = runnable(model.credential, (copy) => {
				for (const node of copy.nodes.filter((n) => n.type === TOOL_TYPE)) {
					node.parameters.descriptionType = 'auto';
					delete node.parameters.toolDescription;
				}
			});
			const workflowId = await askEach(workflow, path, conversations, chatBody);
			const read = conversations[0].tools.map((tool) => ({
				name: tool.name,
				description: tool.description,
				parameters: Object.fromEntries(
					Object.entries((tool.parameters?.properties ?? {}) as Json).map(([key, schema]) => [
						key,
						`${(schema as Json).type}: ${(schema as Json).description ?? ''}`,
					]),
				),
			}));
			process.stdout.write(
				`\nWhat the model reads of each tool of the example with "Set Automatically":\n${read
					.map(
						(tool) =>
							`- ${tool.name}: "${tool.description}"${Object.entries(tool.parameters)
								.map(([key, schema]) => `; ${key} (${schema})`)
								.join('')}`,
					)
					.join('\n')}\n`,
			);
			expect(Object.fromEntries(read.map((tool) => [tool.name, tool.description]))).toEqual(
				EXAMPLE_AUTOMATIC,
			);
			await t49.stack.client.deactivateWorkflow(workflowId);
		} finally {
			await model.close();
		}
	});
});
