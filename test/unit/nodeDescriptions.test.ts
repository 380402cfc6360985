/**
 * What the node descriptions put on the editor's screen, evaluated as n8n evaluates them (n8n-workflow's
 * expression engine for subtitles): subtitles in words, the trigger's events named for n8n's node panel,
 * records by number first, locator mode labels short enough for n8n's mode box, Docs links that land.
 * The editor itself shows them in test/e2e/editor.e2e.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode, INodeProperties, INodeType } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { Terminal49Trigger } from '../../nodes/Terminal49/Terminal49Trigger.node';
import { WEBHOOK_EVENTS, webhookEventOptions } from '../../nodes/Terminal49/domain/events';
import { makeNode, makeWorkflow } from '../helpers/runNode';

const ROOT = join(__dirname, '..', '..');
const action = new Terminal49();
const trigger = new Terminal49Trigger();
const polling = new Terminal49PollingTrigger();

/** The subtitle the canvas shows for a node of `nodeType` with `parameters`. */
function subtitle(nodeType: INodeType, parameters: INode['parameters']): unknown {
	const node = makeNode(nodeType, parameters);
	return makeWorkflow(node, nodeType).expression.getSimpleParameterValue(
		node,
		nodeType.description.subtitle!,
		'internal',
		{},
	);
}

/** Every resource locator of a description, nested ones (in collections) included. */
function locators(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		...(property.type === 'resourceLocator' ? [property] : []),
		...locators(((property.options ?? []) as INodeProperties[]).filter((o) => 'type' in o)),
	]);
}

describe('subtitles in words', () => {
	test('the action node: "Get Many: Container", the names the node panel shows, for every operation', () => {
		expect(subtitle(action, { resource: 'container', operation: 'getAll' })).toBe(
			'Get Many: Container',
		);
		expect(subtitle(action, { resource: 'trackingRequest', operation: 'create' })).toBe(
			'Create: Tracking Request',
		);
		expect(subtitle(action, { resource: 'partyRole', operation: 'create' })).toBe(
			'Assign: Party Role',
		);
		const resources = action.description.properties.find((p) => p.name === 'resource')!;
		let checked = 0;
		for (const resource of resources.options as Array<{ name: string; value: string }>) {
			for (const operation of action.description.properties.filter(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			)) {
				for (const option of operation.options as Array<{ name: string; value: string }>) {
					expect(subtitle(action, { resource: resource.value, operation: option.value })).toBe(
						`${option.name}: ${resource.name}`,
					);
					checked++;
				}
			}
		}
		expect(checked).toBe(82);
	});

	test('both triggers: the chosen events by name, or how many', () => {
		for (const node of [trigger, polling]) {
			expect(subtitle(node, { events: ['container.updated'] })).toBe('Container Updated');
			expect(
				subtitle(node, {
					events: ['container.transport.available', 'container.transport.full_out'],
				}),
			).toBe('Available for Pickup, Full Out at Destination');
			expect(
				subtitle(node, {
					events: ['container.created', 'container.updated', 'document.extracted'],
				}),
			).toBe('3 events');
			expect(subtitle(node, { events: [] })).toBe('');
		}
	});
});

test("n8n's node panel lists the trigger's events by their name, not 'On container container created'", () => {
	// n8n 2.41 (node creator) shows an event option's `action`, else "On " + the lower-cased option name
	const actions = webhookEventOptions().map((option) => option.action);
	expect(actions).toHaveLength(43);
	expect(new Set(actions).size).toBe(43);
	expect(actions).toEqual(expect.arrayContaining(['Container Created', 'Document Extracted']));
	expect(actions).toContain('Feeder Arrived');
	for (const name of actions) expect(name).toMatch(/^[A-Z][A-Za-z ]+$/);
	// the same names in both triggers' Events
	const eventsOf = (node: INodeType) =>
		node.description.properties.find((p) => p.name === 'events')!.options as Array<{
			name: string;
			value: string;
			action: string;
		}>;
	for (const option of [...eventsOf(trigger), ...eventsOf(polling)]) {
		const event = WEBHOOK_EVENTS.find((e) => e.value === option.value)!;
		expect(option.action).toBe(event.action ?? event.name);
		// the Events field names each event as the node panel does ("Container Created", not "Container: ...")
		expect(option.name).toBe(option.action);
	}
	expect(eventsOf(trigger).map((option) => option.value)).toEqual(
		WEBHOOK_EVENTS.map((event) => event.value),
	);
});

test('the trigger is findable and named "Terminal49 Trigger" where n8n\'s panel drops " Trigger"', () => {
	// n8n lists the trigger and the action node as one entry named "Terminal49", with the trigger's description
	expect(trigger.description.description).toMatch(/^Terminal49 Trigger: /);
	expect(polling.description.description).toMatch(/^Terminal49 Polling Trigger: /);
	const codex = (file: string) =>
		JSON.parse(readFileSync(join(ROOT, 'nodes', 'Terminal49', file), 'utf8'));
	expect(codex('Terminal49.node.json').alias).toContain('Terminal49 Trigger');
	expect(codex('Terminal49PollingTrigger.node.json').alias).toContain('Terminal49 Polling Trigger');
});

test('records people know by number: Get (and every container, shipment, tracking request locator) starts at Number', () => {
	const byName = new Map<string, INodeProperties[]>();
	for (const locator of locators(action.description.properties)) {
		byName.set(locator.name, [...(byName.get(locator.name) ?? []), locator]);
	}
	for (const name of ['containerId', 'shipmentId', 'trackingRequestId']) {
		const found = byName.get(name) ?? [];
		expect([name, found.length > 0]).toEqual([name, true]);
		for (const locator of found) {
			expect(locator.default).toEqual({ mode: 'number', value: '' });
			expect(locator.modes![0]).toMatchObject({ name: 'number', displayName: 'Number' });
		}
	}
});

test("every locator mode label fits n8n's mode box (92 px, 49 px of text: 'By Number' was cut to 'By Numb')", () => {
	const labels = new Set(
		[action, trigger, polling].flatMap((node) =>
			locators(node.description.properties).flatMap((l) => l.modes!.map((m) => m.displayName)),
		),
	);
	// measured in n8n 2.41's editor (12 px Inter): these fit, "By Number", "From List", "By SCAC",
	// "By UN/LOCODE" and "By FIRMS Code" do not; the browser test measures every label in the real input
	const FIT = ['Number', 'By ID', 'From list', 'SCAC', 'Locode', 'By IMO', 'API Slug', 'FIRMS'];
	expect([...labels].sort()).toEqual([...FIT].sort());
});

test("the Docs link of each node lands on its page (documentationUrl: n8n adds no tracking text after a '#')", () => {
	const base = 'https://github.com/terminal49/n8n-nodes-terminal49/blob/main/docs/';
	const pages: Array<[INodeType, string, string]> = [
		[action, 'operations.md', 'Terminal49.node.json'],
		[trigger, 'trigger.md', 'Terminal49Trigger.node.json'],
		[polling, 'polling.md', 'Terminal49PollingTrigger.node.json'],
	];
	for (const [node, page, codexFile] of pages) {
		expect(node.description.documentationUrl).toBe(base + page);
		const codex = JSON.parse(readFileSync(join(ROOT, 'nodes', 'Terminal49', codexFile), 'utf8'));
		// the codex link gets n8n's "?utm_..." appended where documentationUrl is absent: no '#' before it
		expect(codex.resources.primaryDocumentation[0].url).toBe(base + page);
		expect(readFileSync(join(ROOT, 'docs', page), 'utf8').length).toBeGreaterThan(0);
	}
});
