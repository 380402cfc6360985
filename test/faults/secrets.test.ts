/**
 * Secrets never leak: every operation of the action node runs with a recognisable API key (registered in
 * the sandbox as an extra paid key) and a recognisable webhook secret, on its success path and on every
 * error path (bad input, 401, 403, 404, 422, 429, 5xx, dropped connection, truncated JSON, timeout), and
 * neither string may appear in any output item, error message, error description, serialised error or
 * line logged through n8n's logger.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { TERMINALS, VESSELS } from '../../sandbox/reference-data';
import { resources } from '../../nodes/Terminal49/actions/resources';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { captureLogs, makeNode } from '../helpers/runNode';
import { freshPacer, recordUnhandledRejections, runCapped } from './helpers';

jest.setTimeout(60_000);

const API_KEY = 't49_SECRET_KEY_123';
/** Same secret, on a plan without add-ons (403 paths). */
const BASIC_KEY = `${API_KEY}_basic`;
const WEBHOOK_SECRET = 'whsec_SECRET_WEBHOOK_456';
const SECRETS = [API_KEY, WEBHOOK_SECRET];

const rejections = recordUnhandledRejections();
const logs = captureLogs();
let sb: Sandbox;
const nodeType = new Terminal49();

beforeAll(async () => {
	sb = await startSandbox({
		containers: 30,
		rateWindowMs: 1000,
		carrierDelayMs: 20,
		webhookRetryScale: 0,
		extraKeys: { [API_KEY]: 'paid', [BASIC_KEY]: 'basic' },
	});
});
afterAll(async () => {
	await sb.close();
	rejections.assertNone();
});
beforeEach(() => {
	sb.clearFaults();
	freshPacer();
});

/** Values for parameters that name a record, so that most operations reach the service. */
function overrides(): Record<string, unknown> {
	const fixture = sb.fixtures.find((f) => f.key === 'on_ship')!;
	const first = <T extends { id: string }>(records: readonly T[]) => records[0]?.id ?? 'none';
	const store = sb.store;
	const option = store.customFieldOptions.all()[0] as unknown as
		| { id: string; definitionId?: string; definition_id?: string }
		| undefined;
	const locator = (mode: string, value: string) => ({ __rl: true, mode, value });
	return {
		containerId: locator('id', fixture.containerId),
		shipmentId: locator('id', fixture.shipmentId),
		trackingRequestId: locator('id', fixture.trackingRequestId),
		webhookId: first(store.webhooks.all()),
		notificationId: first(store.notifications.all()),
		partyId: first(store.parties.all()),
		definitionId:
			option?.definitionId ?? option?.definition_id ?? first(store.customFieldDefinitions.all()),
		optionId: option?.id ?? 'none',
		customFieldId: first(store.customFields.all()),
		documentId: first(store.documents.all()),
		emailSubmissionId: first(store.emailSubmissions.all()),
		schemaId: 'bill_of_lading-v1',
		terminalId: TERMINALS[0].id,
		vessel: locator('imo', VESSELS[0].imo),
		port: locator('locode', 'USLAX'),
		metroArea: locator('locode', 'USCHI'),
		shippingLine: locator('scac', 'MSCU'),
		scac: locator('list', 'MSCU'),
		url: 'http://127.0.0.1:9/terminal49',
		events: ['container.transport.vessel_arrived'],
		event: 'container.transport.vessel_arrived',
		secret: WEBHOOK_SECRET,
		query: 'MSCU',
		requestNumber: 'MEDUT4949001',
		number: fixture.containerNumber,
		publishableKey: 'pk_sandbox_paid',
		apiSlug: 'po_number',
		companyName: 'Secret Test Co',
		refNumbers: 'REF-1',
		refNumber: 'REF-1',
		displayName: 'Test Field',
		label: 'Test',
		value: 'test',
		name: 'invoice.pdf',
		updateFields: { ref_numbers: 'REF-2', name: 'Renamed' },
		returnAll: false,
		limit: 3,
	};
}

/** Full parameters of an operation: n8n's defaults for what is shown, then the overrides that apply. */
function parametersFor(resource: string, operation: string): INodeParameters {
	const base: INodeParameters = { resource, operation };
	const node = makeNode(nodeType, base);
	const withDefaults =
		NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			base,
			true,
			false,
			node,
			nodeType.description,
		) ?? base;
	const values = overrides();
	const result: INodeParameters = { ...withDefaults };
	for (const [name, value] of Object.entries(values)) {
		if (name in result) result[name] = value as INodeParameters[string];
	}
	return result;
}

const OPERATIONS = Object.entries(resources).flatMap(([resource, module]) =>
	Object.keys(module.operations).map((operation) => ({ resource, operation })),
);

function safeStringify(value: unknown): string {
	const seen = new WeakSet();
	try {
		return JSON.stringify(value, (_key, v: unknown) => {
			if (typeof v === 'object' && v !== null) {
				if (seen.has(v)) return '[circular]';
				seen.add(v);
			}
			return typeof v === 'bigint' ? String(v) : v;
		});
	} catch {
		return String(value);
	}
}

interface Outcome {
	label: string;
	ok: boolean;
	texts: string[];
}

async function attempt(
	label: string,
	parameters: INodeParameters,
	apiKey = API_KEY,
	items?: IDataObject[],
): Promise<Outcome> {
	try {
		const out = await runCapped({
			nodeType,
			parameters,
			credentials: { apiKey, baseUrl: sb.baseUrl },
			items,
			timeoutCapMs: 800,
		});
		return { label, ok: true, texts: [safeStringify(out)] };
	} catch (error) {
		const e = error as Error & { description?: unknown };
		return {
			label,
			ok: false,
			texts: [e.message, String(e.description ?? ''), safeStringify(e), String(e.stack ?? '')],
		};
	}
}

function expectNoSecret(outcomes: Outcome[]) {
	const leaks: string[] = [];
	for (const outcome of outcomes) {
		for (const text of outcome.texts) {
			for (const secret of SECRETS)
				if (text.includes(secret)) leaks.push(`${outcome.label}: ${text.slice(0, 300)}`);
		}
	}
	for (const line of logs)
		for (const secret of SECRETS)
			if (line.includes(secret)) leaks.push(`log: ${line.slice(0, 300)}`);
	expect(leaks).toEqual([]);
}

test(`every operation (${OPERATIONS.length}) on its normal path`, async () => {
	// A webhook first, so the webhook operations have one to work on.
	await attempt('webhook create', parametersFor('webhook', 'create'));
	const outcomes: Outcome[] = [];
	for (const { resource, operation } of OPERATIONS) {
		outcomes.push(await attempt(`${resource}.${operation}`, parametersFor(resource, operation)));
	}
	expectNoSecret(outcomes);
	// Not vacuous: most operations really ran against the sandbox with the secret key.
	const succeeded = outcomes.filter((o) => o.ok).length;
	if (process.env.DEBUG_SECRETS)
		console.log(
			outcomes
				.filter((o) => !o.ok)
				.map((o) => `${o.label}: ${o.texts[0]}`)
				.join('\n'),
		);
	expect(succeeded).toBeGreaterThan(OPERATIONS.length * 0.6);
	expect(sb.requests.filter((r) => r.key === API_KEY).length).toBeGreaterThan(
		OPERATIONS.length * 0.6,
	);
});

test('every operation with blank IDs, numbers and URLs (validation errors)', async () => {
	const outcomes: Outcome[] = [];
	for (const { resource, operation } of OPERATIONS) {
		const parameters = parametersFor(resource, operation);
		for (const name of [
			'containerId',
			'shipmentId',
			'trackingRequestId',
			'webhookId',
			'requestNumber',
			'url',
			'query',
		]) {
			if (name in parameters)
				parameters[name] =
					typeof parameters[name] === 'object' ? { __rl: true, mode: 'id', value: ' ' } : ' ';
		}
		outcomes.push(
			await attempt(`${resource}.${operation} (bad input)`, { ...parameters }, API_KEY),
		);
	}
	expectNoSecret(outcomes);
});

const FAULTS: Array<[string, () => void]> = [
	['5xx', () => sb.injectFault({ kind: '503', count: 1000 })],
	['reset', () => sb.injectFault({ kind: 'reset', count: 1000 })],
	['truncated', () => sb.injectFault({ kind: 'truncated', count: 1000 })],
	['timeout', () => sb.injectFault({ kind: 'slow', count: 1000, delayMs: 1500 })],
];
const FAULT_OPS = [
	['container', 'get'],
	['container', 'getAll'],
	['container', 'refresh'],
	['webhook', 'sendTestDelivery'],
];

test.each(FAULTS)(
	'Container Get, Get Many, Refresh and Webhook Send Test Delivery under %s',
	async (label, arm) => {
		arm();
		const before = logs.length;
		const outcomes = await Promise.all(
			FAULT_OPS.map(([resource, operation]) =>
				attempt(`${resource}.${operation} ${label}`, parametersFor(resource, operation)),
			),
		);
		expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, false]);
		expect(logs.length).toBeGreaterThan(before); // the retries were logged, and are checked too
		expectNoSecret(outcomes);
	},
);

test('Webhook Send Test Delivery (a POST) under a 429 storm', async () => {
	sb.injectFault({ kind: '429', count: 1000 });
	const outcomes: Outcome[] = [];
	for (const [resource, operation] of [FAULT_OPS[3]]) {
		freshPacer();
		outcomes.push(
			await attempt(`${resource}.${operation} 429`, parametersFor(resource, operation)),
		);
	}
	expect(outcomes.map((o) => o.texts[0])).toEqual([
		'Terminal49 rate limit still exceeded after retries (429): 100 requests per minute',
	]);
	expectNoSecret(outcomes);
});

test('service errors: 401 (unknown key), 403 (no add-on), 404, 422', async () => {
	const unknownKey = `${API_KEY}_revoked`;
	const outcomes = [
		await attempt('401', parametersFor('container', 'get'), unknownKey),
		await attempt(
			'401 Return All',
			{ ...parametersFor('container', 'getAll'), returnAll: true },
			unknownKey,
		),
		await attempt('403 map', parametersFor('container', 'getMap'), BASIC_KEY),
		await attempt('403 refresh', parametersFor('container', 'refresh'), BASIC_KEY),
		await attempt('404', {
			...parametersFor('container', 'get'),
			containerId: { __rl: true, mode: 'id', value: 'nope' },
		}),
		await attempt('422', { ...parametersFor('webhook', 'create'), url: 'ftp://x' }),
	];
	expect(outcomes.map((o) => o.ok)).toEqual([false, false, false, false, false, false]);
	expect(outcomes[0].texts[0]).toBe('Terminal49 could not verify the API key (401)');
	expect(outcomes[2].texts[0]).toContain('Routing Data');
	expectNoSecret(outcomes);
});

test('the webhook secret given to Send Test Delivery signs the delivery but is not echoed', async () => {
	const outcome = await attempt('sendTestDelivery', parametersFor('webhook', 'sendTestDelivery'));
	expectNoSecret([outcome]);
	const sent = sb.requests.filter((r) => r.path === '/v2/webhooks/trigger').pop();
	expect((sent?.body as IDataObject | undefined)?.secret).toBe(WEBHOOK_SECRET);
});
