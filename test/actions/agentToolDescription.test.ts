/**
 * What n8n builds of the node as an AI agent's tool, computed with n8n's own functions (n8n-workflow 2.41, the
 * code real n8n runs: test/e2e/ai-agent.e2e.test.ts checks the same in n8n itself) (issue 32):
 *
 * - The tool's description with "Set Automatically" (`descriptionType: 'auto'`): n8n-workflow's
 *   getToolDescriptionForNode, which is makeDescription, "<the operation's action> in <the node's default
 *   name>". So each action an agent is likely to use says what it answers and which number it takes, and
 *   stays short enough for the name n8n gives a new tool node (the same action, plus " in Terminal49"; a tool
 *   name stops at 64 characters). Printed for each tool of the example, as docs/ai-agents.md quotes it.
 * - The parameters n8n's editor lets the model define ($fromAI): none is named `name` from node version 3
 *   (n8n 1.x shows no "Defined automatically by the model" button for a parameter of that name, nor for one
 *   named `description`, `toolName` or `toolDescription`: n8n issue 28261); workflows saved with versions 1
 *   and 2 keep Document > Upload's `name`, and it still uploads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers, nodeNameToToolName } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

const nodeType = new Terminal49();
const { properties } = nodeType.description;
const ROOT = path.resolve(__dirname, '..', '..');

/** What the model reads of a Terminal49 Tool node left on "Set Automatically". */
const automatic = (parameters: INode['parameters'], name = 'Terminal49 Tool'): string =>
	NodeHelpers.getToolDescriptionForNode(
		{
			id: 'tool',
			name,
			type: 'n8n-nodes-terminal49.terminal49Tool',
			typeVersion: 3,
			position: [0, 0],
			parameters: { ...parameters, descriptionType: 'auto' },
		},
		nodeType,
	);

/** The operations an agent is likely to use, and what n8n describes each by with "Set Automatically". */
const AGENT_OPERATIONS: Array<[string, string, string]> = [
	['container', 'find', 'Find containers and where they are by any number in Terminal49'],
	['container', 'get', 'Get where a container is by its number or ID in Terminal49'],
	['container', 'getJourney', 'Get why a container is late by container number in Terminal49'],
	['container', 'getMap', 'Get the route of a container by container number in Terminal49'],
	[
		'container',
		'getTransportEvents',
		'Get the history of a container by container number in Terminal49',
	],
	['trackingRequest', 'create', 'Start tracking a container or shipment by number in Terminal49'],
	['shipment', 'get', 'Get the containers of a shipment by bill of lading in Terminal49'],
];

describe('"Set Automatically": the description n8n gives each tool', () => {
	it.each(AGENT_OPERATIONS)(
		'%s > %s says what it answers and which number it takes',
		(resource, operation, expected) => {
			const description = automatic({ resource, operation });
			expect(description).toBe(expected);
			// what it answers, and the number it takes
			expect(description).toMatch(/where|why|route|history|tracking|containers of/);
			expect(description).toMatch(
				/by (any number|its number or ID|container number|number|bill of lading)/,
			);
		},
	);

	it('every action fits the name n8n gives a new tool node ("<action> in Terminal49"), uncut', () => {
		const actions = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options ?? []) as INodePropertyOptions[])
			.map((option) => String(option.action));
		expect(actions.length).toBeGreaterThan(80);
		const cut = actions
			.map((action) => `${action} in ${nodeType.description.defaults.name}`)
			.filter((name) => nodeNameToToolName(name) !== name.replace(/[^a-zA-Z0-9_-]+/g, '_'));
		expect(cut).toEqual([]);
		// the node of a workflow is named by its action alone: "Get many containers" stays
		expect(
			NodeHelpers.makeNodeName(
				{ resource: 'container', operation: 'getAll' },
				nodeType.description,
			),
		).toBe('Get many containers');
	});

	it('the example: what the model reads of each of its tools with "Set Automatically" (printed)', () => {
		const example = JSON.parse(
			fs.readFileSync(path.join(ROOT, 'examples', 'ai-container-assistant.json'), 'utf8'),
		) as { nodes: INode[] };
		const tools = example.nodes.filter(
			(node) => node.type === 'n8n-nodes-terminal49.terminal49Tool',
		);
		const read = tools.map((node) => {
			const { descriptionType, toolDescription, ...parameters } = node.parameters;
			// the example describes its tools by hand (Set Manually): here, as if left on Set Automatically
			expect({ descriptionType, manual: typeof toolDescription }).toEqual({
				descriptionType: 'manual',
				manual: 'string',
			});
			return [nodeNameToToolName(node), automatic(parameters, node.name)];
		});
		process.stdout.write(
			`\nWhat the model reads of each tool of examples/ai-container-assistant.json with "Set Automatically":\n${read
				.map(([name, description]) => `| ${name} | ${description} |`)
				.join('\n')}\n`,
		);
		expect(Object.fromEntries(read)).toEqual({
			Find_Container: 'Find containers and where they are by any number in Terminal49',
			Container_Journey: 'Get why a container is late by container number in Terminal49',
			Containers_at_Risk: 'Get many containers in Terminal49',
			Track_Container: 'Start tracking a container or shipment by number in Terminal49',
		});
	});
});

/** n8n 1.x's editor: no $fromAI button for a top-level parameter of these names (n8n 2.41 still has the last three). */
const NO_MODEL_BUTTON = ['name', 'toolName', 'description', 'toolDescription'];

/** The node's parameters of a version, as n8n's editor fills them for a resource and operation. */
const parametersOf = (typeVersion: number, resource: string, operation: string) =>
	NodeHelpers.getNodeParameters(
		properties,
		{ resource, operation },
		true,
		false,
		{ typeVersion },
		nodeType.description,
	)!;

describe('parameters the model can define ($fromAI): none named `name` from node version 3', () => {
	it('no parameter of version 3 has a name n8n gives no "Defined automatically by the model" button', () => {
		const operations = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.displayOptions?.show?.resource ?? []).flatMap((resource) =>
					((p.options ?? []) as INodePropertyOptions[]).map((o) => [
						String(resource),
						String(o.value),
					]),
				),
			);
		expect(operations.length).toBeGreaterThan(80);
		const blocked = operations.flatMap(([resource, operation]) =>
			Object.keys(parametersOf(3, resource, operation))
				.filter((name) => NO_MODEL_BUTTON.includes(name))
				.map((name) => `${resource} > ${operation}: ${name}`),
		);
		expect(blocked).toEqual([]);
		// version 2 had one: Document > Upload's Name, kept there for the workflows saved with it
		expect(parametersOf(2, 'document', 'upload')).toHaveProperty('name');
		expect(parametersOf(3, 'document', 'upload')).toHaveProperty('documentName');
		expect(parametersOf(3, 'document', 'upload')).not.toHaveProperty('name');
		const labels = (version: number) =>
			properties
				.filter(
					(p: INodeProperties) =>
						p.displayOptions?.show?.operation?.includes('upload') &&
						p.displayOptions?.show?.resource?.includes('document') &&
						NodeHelpers.displayParameter(
							{ resource: 'document', operation: 'upload' },
							p,
							{ typeVersion: version },
							nodeType.description,
						),
				)
				.map((p) => p.displayName);
		// the same label in the editor either way
		expect(labels(2)[0]).toBe('Name');
		expect(labels(3)[0]).toBe('Name');
	});

	describe('Document > Upload, saved with either version, uploads with its name', () => {
		let sb: Sandbox;
		const document = runnerFor(() => sb, 'document');
		const png = (version: number) =>
			`data:image/png;base64,${Buffer.from(`issue 32 seal photo, version ${version}`).toString('base64')}`;
		beforeAll(async () => {
			sb = await startSandbox({ carrierDelayMs: 50, webhookRetryScale: 0 });
		});
		afterAll(async () => {
			await sb.close();
		});
		beforeEach(() => {
			sb.clearRequests();
			resetRateLimiter();
		});

		it.each([
			[2, 'name', 'Seal photo (version 2)'],
			[3, 'documentName', 'Seal photo (version 3)'],
		])('version %s: "%s"', async (typeVersion, parameter, name) => {
			const out = await document.run(
				{
					operation: 'upload',
					[parameter]: name,
					attachedDocument: png(typeVersion),
					output: 'all',
				},
				{ typeVersion },
			);
			expect(requestLog(sb).filter((r) => r[0] === 'POST')).toEqual([
				[
					'POST',
					'/v2/documents',
					{},
					{
						data: {
							type: 'document',
							attributes: { name, attached_document: png(typeVersion) },
						},
					},
					201,
				],
			]);
			expect(out).toEqual([expect.objectContaining({ type: 'document', name })]);
		});
	});
});
