/**
 * Sections 1 and 2: Return All of N containers in real n8n, with the Terminal49 node and with n8n's HTTP
 * Request node (configurations a-d), against the sandbox with a compressed rate window.
 */
import type { Sandbox } from '../sandbox';
import type { Execution, Stack, WorkflowJson } from '../scripts/n8n';
import * as harness from '../scripts/n8n';
import { log, round, sampleRss, sleep } from './lib';

export interface ReturnAllSetup {
	sb: Sandbox;
	stack: Stack;
	/** Terminal49 credential set to the sandbox's limit and window (as a user sets their key's limit). */
	t49Credential: T49Credential;
	/** httpHeaderAuth credential with the same key, for the HTTP Request node. */
	headerCredential: { id: string; name: string };
	total: number;
	limit: number;
	windowMs: number;
	capMs: number;
}

export interface T49Credential {
	id: string;
	name: string;
	/** The key it holds: the second client of condition (d) uses the same one. */
	apiKey: string;
}

export interface ReturnAllRow {
	client: 'Terminal49 node' | 'HTTP Request node';
	condition: string;
	items: number;
	unique: number;
	requests: number;
	expectedRequests: number;
	rateLimited: number;
	otherErrors: number;
	wallMs: number;
	boundMs: number;
	ratio: number;
	status: string;
	peakRssMiB?: number;
	baselineRssMiB?: number;
	secondClientRequests?: number;
	note?: string;
}

const SECOND_CLIENT_MARK = 'bench_second_client';

function manualWorkflow(name: string, node: Record<string, unknown>): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: 'manual',
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{ position: [220, 0], ...node },
		],
		connections: { Manual: { main: [[{ node: String(node.name), type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

function terminal49Workflow(credential: T49Credential): WorkflowJson {
	return manualWorkflow('bench: Terminal49 Return All', {
		id: 't49',
		name: 'Terminal49',
		type: 'n8n-nodes-terminal49.terminal49',
		typeVersion: 1,
		parameters: { resource: 'container', operation: 'getAll', returnAll: true },
		credentials: { terminal49Api: { id: credential.id, name: credential.name } },
	});
}

/** HTTP Request node configured as issue 7 describes (a)-(d). */
function httpWorkflow(setup: ReturnAllSetup, condition: 'a' | 'b' | 'c' | 'd'): WorkflowJson {
	const pagination: Record<string, unknown> = {
		paginationMode: 'responseContainsNextURL',
		nextURL: '={{ $response.body.links.next }}',
		paginationCompleteWhen: 'other',
		completeExpression: '={{ !$response.body.links || !$response.body.links.next }}',
	};
	const options: Record<string, unknown> = { pagination: { pagination } };
	if (condition !== 'a') options.response = { response: { responseFormat: 'json' } };
	if (condition === 'c' || condition === 'd')
		pagination.requestInterval = Math.ceil(setup.windowMs / setup.limit);
	const node: Record<string, unknown> = {
		id: 'http',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'GET',
			url: `${setup.sb.baseUrl}/containers`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'page[size]', value: '100' }] },
			options,
		},
		credentials: { httpHeaderAuth: setup.headerCredential },
	};
	if (condition !== 'a') Object.assign(node, { retryOnFail: true });
	return manualWorkflow(`bench: HTTP Request (${condition})`, node);
}

/** A second client on the same key at half the limit: one request every window / (limit / 2). */
function startSecondClient(setup: ReturnAllSetup, apiKey: string) {
	const interval = setup.windowMs / (setup.limit / 2);
	let sent = 0;
	let stopped = false;
	const url = `${setup.sb.baseUrl}/containers?page[size]=1&${SECOND_CLIENT_MARK}=1`;
	const loop = (async () => {
		const start = Date.now();
		while (!stopped) {
			sent++;
			void fetch(url, { headers: { Authorization: `Token ${apiKey}` } })
				.then((r) => r.arrayBuffer())
				.catch(() => undefined);
			const next = start + sent * interval;
			await sleep(Math.max(0, next - Date.now()));
		}
	})();
	return {
		async stop() {
			stopped = true;
			await loop;
			return sent;
		},
	};
}

function containersIn(items: Array<Record<string, unknown>> | undefined): {
	items: number;
	unique: number;
} {
	const ids: unknown[] = [];
	for (const json of items ?? []) {
		if (Array.isArray(json.data))
			for (const record of json.data as Array<Record<string, unknown>>) ids.push(record.id);
		else if (json.type === 'container') ids.push(json.id);
	}
	return { items: ids.length, unique: new Set(ids).size };
}

async function runOnce(
	setup: ReturnAllSetup,
	workflow: WorkflowJson,
	nodeName: string,
	/** The key of the client under test, shared by the second client; none = no second client. */
	secondClientKey: string | undefined,
): Promise<{
	execution?: Execution;
	wallMs: number;
	rss: { baselineMiB: number; peakMiB: number };
	secondClient?: number;
	error?: string;
	since: number;
}> {
	const { stack, sb } = setup;
	const wf = await stack.client.createWorkflow(workflow);
	// Let the sandbox's window empty before each run.
	await sleep(setup.windowMs + 500);
	sb.clearRequests();
	const second = secondClientKey ? startSecondClient(setup, secondClientKey) : undefined;
	if (second) await sleep(setup.windowMs);
	const since = Date.now();
	const rss = sampleRss(stack.main.proc.pid);
	let execution: Execution | undefined;
	let error: string | undefined;
	const started = Date.now();
	try {
		execution = await stack.client.runWorkflow(wf.id, { timeoutMs: setup.capMs });
	} catch (e) {
		error = e instanceof Error ? e.message.slice(0, 200) : String(e);
		if (!stack.main.proc.isRunning())
			error += ` (n8n exited; last log lines: ${stack.main.proc.tail().slice(-5).join(' | ').slice(0, 600)})`;
	}
	let wallMs = Date.now() - started;
	const run = execution?.data?.resultData?.runData?.[nodeName]?.[0];
	if (run && typeof run.executionTime === 'number') wallMs = run.executionTime;
	const secondClient = second ? await second.stop() : undefined;
	const memory = rss.stop();
	return { execution, wallMs, rss: memory, secondClient, error, since };
}

function requestStats(setup: ReturnAllSetup, since: number) {
	const mine = setup.sb.requests.filter(
		(r) => r.at >= since && r.path === '/v2/containers' && !(SECOND_CLIENT_MARK in r.query),
	);
	return {
		requests: mine.length,
		rateLimited: mine.filter((r) => r.status === 429).length,
		otherErrors: mine.filter((r) => r.status !== 429 && r.status >= 400).length,
	};
}

export async function runTerminal49(
	setup: ReturnAllSetup,
	condition: string,
	withSecondClient: boolean,
	credential: T49Credential = setup.t49Credential,
): Promise<ReturnAllRow> {
	log(`Terminal49 node, condition ${condition}`);
	const result = await runOnce(
		setup,
		terminal49Workflow(credential),
		'Terminal49',
		withSecondClient ? credential.apiKey : undefined,
	);
	const output = result.execution ? harness.nodeOutput(result.execution, 'Terminal49') : undefined;
	const counted = containersIn(output as Array<Record<string, unknown>> | undefined);
	return row(setup, 'Terminal49 node', condition, withSecondClient, result, counted);
}

export async function runHttp(
	setup: ReturnAllSetup,
	condition: 'a' | 'b' | 'c' | 'd',
): Promise<ReturnAllRow> {
	log(`HTTP Request node, condition ${condition}`);
	const result = await runOnce(
		setup,
		httpWorkflow(setup, condition),
		'HTTP Request',
		condition === 'd' ? setup.sb.keys.paid : undefined,
	);
	const output = result.execution
		? harness.nodeOutput(result.execution, 'HTTP Request')
		: undefined;
	const counted = containersIn(output as Array<Record<string, unknown>> | undefined);
	return row(setup, 'HTTP Request node', condition, condition === 'd', result, counted);
}

function row(
	setup: ReturnAllSetup,
	client: ReturnAllRow['client'],
	condition: string,
	withSecondClient: boolean,
	result: Awaited<ReturnType<typeof runOnce>>,
	counted: { items: number; unique: number },
): ReturnAllRow {
	const stats = requestStats(setup, result.since);
	const expectedRequests = Math.ceil(setup.total / 100);
	const rate = withSecondClient ? setup.limit / 2 : setup.limit;
	const boundMs = (expectedRequests * setup.windowMs) / rate;
	const status = result.execution
		? String(result.execution.status)
		: `no result (${result.error ?? 'unknown'})`;
	const nodeError = result.execution ? harness.runError(result.execution)?.message : undefined;
	return {
		client,
		condition,
		...counted,
		...stats,
		expectedRequests,
		wallMs: Math.round(result.wallMs),
		boundMs: Math.round(boundMs),
		ratio: round(result.wallMs / boundMs),
		status: nodeError ? `${status}: ${String(nodeError).slice(0, 120)}` : status,
		peakRssMiB: result.rss.peakMiB,
		baselineRssMiB: result.rss.baselineMiB,
		secondClientRequests: result.secondClient,
	};
}
