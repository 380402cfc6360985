/**
 * Every `={{ … }}` the package ships, evaluated by n8n-workflow 2.41's own Expression under the legacy engine and
 * under QuickJS (`N8N_EXPRESSION_ENGINE=quickjs`; the editor's engine with `N8N_EXPRESSION_ENGINE_FRONTEND=quickjs`,
 * 3.5's default): the same result in each, and the one meant. The expressions are collected from the nodes'
 * descriptions and the credential as n8n loads them: one added later fails the first test until it has a case here.
 * They are evaluated in a process of their own (test/helpers/evaluateExpressions.js), as n8n starts QuickJS. The
 * `vm` engine needs isolated-vm, which is built only in the e2e tests' n8n: there, `vm` is 2.41's own backend
 * default, so every e2e file on the defaults evaluates the backend's expressions with it.
 *
 * Where each is evaluated: the action node's and the triggers' subtitles by the editor (its frontend engine); the
 * trigger's webhook `responseMode`/`responseData` by n8n's backend on each delivery; the credential test's
 * `baseURL` by the backend when the Test button is pressed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import type { IDataObject, INodeProperties, INodeParameters } from 'n8n-workflow';

import { Terminal49Api } from '../../credentials/Terminal49Api.credentials';
import { INVOICE_FIELDS } from '../../nodes/Terminal49/parameters/invoiceFields';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { Terminal49Trigger } from '../../nodes/Terminal49/Terminal49Trigger.node';

/** Every string starting `={{` in a value, with where it is. */
function expressionsIn(value: unknown, where: string, found: Array<[string, string]> = []) {
	if (typeof value === 'string' && value.startsWith('={{')) found.push([where, value]);
	else if (Array.isArray(value)) value.forEach((v, i) => expressionsIn(v, `${where}[${i}]`, found));
	else if (value && typeof value === 'object')
		for (const [key, v] of Object.entries(value)) expressionsIn(v, `${where}.${key}`, found);
	return found;
}

const action = new Terminal49();
const trigger = new Terminal49Trigger();
const polling = new Terminal49PollingTrigger();
const credential = new Terminal49Api();

interface Case {
	expression: string;
	parameters?: INodeParameters;
	properties?: INodeProperties[];
	additionalKeys?: IDataObject;
	inputData?: Array<{ json: IDataObject }>;
}

/**
 * Each case's value under legacy and under QuickJS, from n8n-workflow's own Expression in a process of its own
 * (test/helpers/evaluateExpressions.js: its QuickJS start needs a dynamic import() jest cannot run).
 */
function underEachEngine(cases: Case[]): { legacy: unknown[]; quickjs: unknown[] } {
	const run = spawnSync(
		process.execPath,
		[join(__dirname, '..', 'helpers', 'evaluateExpressions.js')],
		{
			input: JSON.stringify(cases),
			encoding: 'utf8',
			timeout: 60_000,
			maxBuffer: 16 * 1024 * 1024,
		},
	);
	if (run.status !== 0) throw new Error(`evaluateExpressions.js failed: ${run.stderr}`);
	const out = JSON.parse(run.stdout) as {
		engines: { legacy: unknown[]; quickjs: unknown[] };
		active: string;
	};
	expect(out.active).toBe('quickjs');
	return out.engines;
}

test('the expressions the package ships: the subtitles, the webhook answer, the credential test URL, and no other', () => {
	const found = [
		...expressionsIn(action.description, 'action'),
		...expressionsIn(trigger.description, 'trigger'),
		...expressionsIn(polling.description, 'polling'),
		...expressionsIn(credential.properties, 'credential.properties'),
		...expressionsIn(credential.test, 'credential.test'),
	].map(([where]) => where);
	// Invoice > Check D&D Invoice: each field's default reads the input column of its name (below)
	const invoiceDefaults = action.description.properties.flatMap((property, i) =>
		INVOICE_FIELDS.some((field) => field.name === property.name)
			? [`action.properties[${i}].default`]
			: [],
	);
	expect(invoiceDefaults).toHaveLength(INVOICE_FIELDS.length);
	expect(found.filter((where) => !invoiceDefaults.includes(where))).toEqual([
		'action.subtitle',
		'trigger.subtitle',
		'trigger.webhooks[0].responseMode',
		'trigger.webhooks[0].responseData',
		'polling.subtitle',
		'credential.test.request.baseURL',
	]);
	expect(found.filter((where) => invoiceDefaults.includes(where))).toEqual(invoiceDefaults);
});

test("the invoice check's field defaults (`={{ $json.<column> }}`): the column's value, the same under each engine", () => {
	// a row as a Data Table or a sheet gives it: text, numbers, a null cell; one column missing
	const row: IDataObject = Object.fromEntries(
		INVOICE_FIELDS.map((field, i) => [
			field.column,
			field.kind === 'number' || field.kind === 'money'
				? i * 10.5
				: i % 5 === 0
					? null
					: `value ${i}`,
		]),
	);
	delete row.kept_as_of;
	const { legacy, quickjs } = underEachEngine(
		INVOICE_FIELDS.map((field) => ({
			expression: String(action.description.properties.find((p) => p.name === field.name)!.default),
			inputData: [{ json: row }],
		})),
	);
	expect(quickjs).toEqual(legacy);
	// each reads its own column; a null cell and a missing column are empty ("not on the invoice")
	expect(legacy).toEqual(
		INVOICE_FIELDS.map(
			(field) => row[field.column] ?? (legacy[INVOICE_FIELDS.indexOf(field)] as unknown),
		),
	);
	for (const [i, field] of INVOICE_FIELDS.entries())
		if (row[field.column] === null || row[field.column] === undefined)
			expect([field.column, legacy[i]]).toEqual([field.column, expect.not.stringMatching(/\S/)]);
});

/** The node type's parameters a case's expression reads, as n8n resolves `$parameter` through them. */
const propertiesNamed = (properties: INodeProperties[], names: string[]) =>
	JSON.parse(JSON.stringify(properties.filter((p) => names.includes(p.name)))) as INodeProperties[];

test("the action node's subtitle, for every resource and operation: the same words under each engine", () => {
	const pairs: Array<[string, string]> = [];
	for (const property of action.description.properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[])
			for (const option of property.options as Array<{ value: string }>)
				pairs.push([resource, option.value]);
	}
	expect(pairs.length).toBeGreaterThanOrEqual(81);
	const properties = propertiesNamed(action.description.properties, ['resource', 'operation']);
	const { legacy, quickjs } = underEachEngine(
		[...pairs, ['widget', 'unknownOperation']].map(([resource, operation]) => ({
			expression: action.description.subtitle!,
			parameters: { resource, operation },
			properties,
		})),
	);
	expect(quickjs).toEqual(legacy);
	expect(legacy).toContain('Get Many: Container');
	expect(legacy).toHaveLength(pairs.length + 1);
	expect(legacy.slice(0, -1).every((s) => typeof s === 'string' && /^[^:]+: [^:]+$/.test(s))).toBe(
		true,
	);
});

test("the triggers' subtitle: none, one, two or many events, and one the map lacks", () => {
	const events = [
		[],
		['container.updated'],
		['container.updated', 'container.transport.vessel_arrived'],
		['container.updated', 'container.created', 'shipment.estimated.arrival'],
	];
	for (const node of [trigger, polling]) {
		const properties = propertiesNamed(node.description.properties, ['events']);
		const { legacy, quickjs } = underEachEngine(
			events.map((chosen) => ({
				expression: node.description.subtitle!,
				parameters: { events: chosen },
				properties,
			})),
		);
		expect(quickjs).toEqual(legacy);
		expect(legacy).toEqual([
			'',
			'Container Updated',
			'Container Updated, Vessel Arrived',
			'3 events',
		]);
	}
});

test("the trigger's webhook answer (responseMode, responseData) for each Answer Terminal49 option", () => {
	const webhook = trigger.description.webhooks![0];
	const properties = propertiesNamed(trigger.description.properties, ['options']);
	const answers = [{}, { answer: 'finished' }];
	const { legacy, quickjs } = underEachEngine(
		answers.flatMap((options) =>
			[webhook.responseMode, webhook.responseData].map((expression) => ({
				expression: expression as string,
				parameters: { options },
				properties,
			})),
		),
	);
	expect(quickjs).toEqual(legacy);
	expect(legacy).toEqual(['onReceived', '', 'lastNode', 'noData']);
});

test("the credential test's Base URL: trimmed, without trailing slashes, the same under each engine", () => {
	const baseURL = credential.test.request.baseURL as string;
	const urls = [
		'https://api.terminal49.com/v2',
		'  http://127.0.0.1:4949/v2//  ',
		'https://proxy.example.com/t49/v2/',
		'',
	];
	const { legacy, quickjs } = underEachEngine(
		urls.map((baseUrl) => ({ expression: baseURL, additionalKeys: { $credentials: { baseUrl } } })),
	);
	expect(quickjs).toEqual(legacy);
	expect(legacy).toEqual([
		'https://api.terminal49.com/v2',
		'http://127.0.0.1:4949/v2',
		'https://proxy.example.com/t49/v2',
		'',
	]);
});
