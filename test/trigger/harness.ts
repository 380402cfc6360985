/**
 * Runs the Terminal49 Trigger the way n8n 2.41 does, with n8n-core's real HookContext and WebhookContext:
 *
 * - `lifecycle()` calls webhookMethods.default (checkExists / create / delete) on a HookContext over a
 *   Workflow whose static data is kept between calls, as n8n keeps it in the database.
 * - `startReceiver()` is a real `http` server standing in for n8n's webhook endpoint. Each request gets
 *   what n8n's middleware gives it: `req.readRawBody()` (reads the exact bytes into `req.rawBody`, as
 *   n8n/dist/middlewares/body-parser.js rawBodyReader does), `req.contentType`, no parsed body for
 *   application/vnd.api+json, and express's `res.status().json()` (a small shim over ServerResponse).
 *   Like live-webhooks.js it builds a fresh Workflow from the stored static data for every request, runs
 *   webhook() in a WebhookContext, saves the static data back if it changed (not when n8n itself answers a
 *   request that starts an execution: n8n 2.41 loses those writes), and then does what
 *   webhook-helpers.js does with the result: `noWebhookResponse` -> nothing more; no `workflowData` -> 200
 *   with `webhookResponse` (or "Webhook call received"); otherwise n8n records an execution and then
 *   answers 200 with `webhookResponse` (responseData '' in the description). The execution's first step is
 *   the trigger's execute() over the items webhook() returned, run here in n8n-core's real ExecuteContext
 *   (n8n's deduplication store in memory: test/helpers/processedData.ts), beside the answer as in n8n.
 *   `post()` and `idle()` wait for the executions started so far to end, so a test can read their items.
 */
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';

import { ExecuteContext, HookContext, TriggerContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { CatchUpControl } from '../../nodes/Terminal49/trigger/catchUp';
import { catchUp } from '../../nodes/Terminal49/trigger/catchUp';
import { resetAccountCache } from '../../nodes/Terminal49/client/accountCache';
import { resetSerializerMemory } from '../../nodes/Terminal49/client/lfdSelection';
import { processedData } from '../helpers/processedData';
import type { TestCredentials } from '../helpers/runNode';
import { makeAdditionalData } from '../helpers/runNode';

// By its file's full name: tsx (the benchmarks load this harness: bench/catchUp.ts) resolves
// `Terminal49Trigger.node` to the codex JSON beside it.
const { Terminal49Trigger } = require(
	path.join(__dirname, '..', '..', 'nodes', 'Terminal49', 'Terminal49Trigger.node.ts'),
) as typeof import('../../nodes/Terminal49/Terminal49Trigger.node');

export const trigger = new Terminal49Trigger();
export const WEBHOOK_ID = 'b7d1f3c2-6a55-4e0e-9d0e-trigger00001';
export const NODE_NAME = 'Terminal49 Trigger';

export function makeTriggerNode(parameters: INodeParameters, typeVersion = 1): INode {
	return {
		id: 'trigger-node-1',
		name: NODE_NAME,
		type: 'n8n-nodes-terminal49.terminal49Trigger',
		typeVersion,
		position: [0, 0],
		webhookId: WEBHOOK_ID,
		parameters,
		credentials: { terminal49Api: { id: 'cred-1', name: 'Terminal49 test' } },
	};
}

/** Static data as n8n stores it (JSON), shared by every context of one "workflow". */
export class TriggerWorkflow {
	staticData: IDataObject = {};
	/** The node's version as a saved workflow holds it (1: the items of the first version). */
	typeVersion = 1;
	constructor(
		public parameters: INodeParameters,
		public credentials: TestCredentials,
		public webhookBaseUrl = 'http://127.0.0.1:5678/webhook',
		public workflowId = 'wf-trigger',
		/** n8n's Test URL base ("Listen for test event"): the receiver's when one is started. */
		public webhookTestBaseUrl = 'http://127.0.0.1/webhook-test',
	) {}

	get node(): INode {
		return makeTriggerNode(this.parameters, this.typeVersion);
	}

	/** The node's static data as stored (`node:<name>`). */
	get stored(): IDataObject {
		return (this.staticData[`node:${NODE_NAME}`] ?? {}) as IDataObject;
	}

	build(): { workflow: Workflow; node: INode } {
		const node = this.node;
		const workflow = new Workflow({
			id: this.workflowId,
			name: 'trigger test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: {
				getByName: () => trigger,
				getByNameAndVersion: () => trigger,
				getKnownTypes: () => ({}),
			} as never,
			// a copy, as n8n loads it from the database for every activation and request
			staticData: JSON.parse(JSON.stringify(this.staticData)),
		});
		return { workflow, node };
	}

	/** Saves the workflow's static data back when it changed, as WorkflowStaticDataService does. */
	save(workflow: Workflow) {
		if ((workflow.staticData as IDataObject).__dataChanged === true) {
			const copy = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			delete copy.__dataChanged;
			this.staticData = copy;
		}
	}

	additionalData(
		extra: Partial<IWorkflowExecuteAdditionalData> = {},
	): IWorkflowExecuteAdditionalData {
		return {
			...makeAdditionalData(this.credentials),
			webhookBaseUrl: this.webhookBaseUrl,
			webhookTestBaseUrl: this.webhookTestBaseUrl,
			...extra,
		} as IWorkflowExecuteAdditionalData;
	}

	webhookData(
		workflow: Workflow,
		node: INode,
		additionalData: IWorkflowExecuteAdditionalData,
	): IWebhookData {
		return {
			httpMethod: 'POST',
			node: node.name,
			path: `${WEBHOOK_ID}/webhook`,
			webhookDescription: trigger.description.webhooks![0],
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: WEBHOOK_ID,
		};
	}

	/**
	 * Runs one lifecycle method in a real HookContext and saves static data afterwards. `saveDelayMs`: n8n
	 * stores the static data of a test listen only after create() returned (test-webhooks.js needsWebhook);
	 * this stretches that moment, during which requests see the static data as it was before.
	 */
	async lifecycle(
		method: 'checkExists' | 'create' | 'delete',
		activation: WorkflowActivateMode = 'activate',
		o: { isTest?: boolean; saveDelayMs?: number; keepAccountCache?: boolean } = {},
	) {
		// What an earlier call read of the account (GET /me) is kept only when asked, as runNode does.
		if (!o.keepAccountCache) {
			resetAccountCache();
			resetSerializerMemory();
		}
		const { workflow, node } = this.build();
		const additionalData = this.additionalData();
		const webhookData = {
			...this.webhookData(workflow, node, additionalData),
			...(o.isTest ? { isTest: true } : {}),
		};
		// "Listen for test event": n8n runs the same methods in mode manual with the Test URL
		const context = new HookContext(
			workflow,
			node,
			additionalData,
			o.isTest ? 'manual' : 'trigger',
			activation,
			webhookData,
		);
		try {
			return await trigger.webhookMethods.default[method].call(context);
		} finally {
			if (o.saveDelayMs) await new Promise((resolve) => setTimeout(resolve, o.saveDelayMs));
			this.save(workflow);
		}
	}

	/**
	 * The execution a delivery started: the trigger's execute() over the items webhook() returned, in a real
	 * ExecuteContext over a Workflow with the stored static data (n8n loads it again for every execution).
	 */
	async execute(
		items: INodeExecutionData[],
		mode: 'webhook' | 'manual' | 'trigger' = 'webhook',
	): Promise<INodeExecutionData[]> {
		processedData();
		const { workflow, node } = this.build();
		const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
		const context = new ExecuteContext(
			workflow,
			node,
			this.additionalData(),
			mode,
			runExecutionData,
			0,
			items,
			{ main: [items] },
			{ node, data: { main: [items] }, source: null },
			[],
		);
		const output = await trigger.execute.call(context);
		return (output as INodeExecutionData[][])[0];
	}

	/**
	 * An activation of the trigger's catch-up (trigger/catchUp.ts) in n8n-core's real TriggerContext, as n8n
	 * 2.41 runs the trigger's cron on its main instance: one Workflow built from the stored static data for
	 * the whole activation (its static data lives in memory from tick to tick), `run()` for each tick. Its emit
	 * does what n8n's does: saves the static data as it is at that moment (trigger-execution-context.factory.js),
	 * then runs the execution (execute() over the emitted items, mode trigger) and resolves the done promise
	 * once it ended. Nothing else is saved: n8n saves a trigger's static data only when it emits. A restart of
	 * n8n is a new activation.
	 */
	activateCatchUp(control: CatchUpControl) {
		const { workflow, node } = this.build();
		let onExecution: ((output: INodeExecutionData[]) => void) | undefined;
		let executions: INodeExecutionData[][] = [];
		/** Emits n8n fails before any node runs (a queue-mode worker shutting down, its database gone). */
		const failing = new Set<number>();
		let emits = 0;
		const run = (status: 'success' | 'error', ran: boolean, error?: Error) =>
			({
				finished: status === 'success',
				status,
				mode: 'trigger',
				startedAt: new Date(),
				data: {
					resultData: {
						runData: {},
						...(ran ? { lastNodeExecuted: node.name } : {}),
						...(error ? { error } : {}),
					},
				},
			}) as unknown as IRun;
		const emit = (
			data: INodeExecutionData[][],
			_response?: unknown,
			done?: { resolve(run: IRun): void; reject(error: Error): void },
		) => {
			this.save(workflow);
			if (failing.has(++emits)) {
				done?.resolve(run('error', false, new Error('Driver not Connected')));
				return;
			}
			void this.execute(data[0], 'trigger').then(
				(output) => {
					executions.push(output);
					onExecution?.(output);
					done?.resolve(run('success', true));
				},
				(error: Error) => done?.resolve(run('error', true, error)),
			);
		};
		const context = new TriggerContext(
			workflow,
			node,
			this.additionalData(),
			'trigger',
			'activate',
			emit,
		);
		return {
			run: async (after?: (output: INodeExecutionData[]) => void) => {
				onExecution = after;
				executions = [];
				const report = await catchUp.call(context, control);
				return { report, executions };
			},
			/** The `n`th emit of this activation (from 1) fails before any node runs. */
			failBeforeRunning(n: number) {
				failing.add(n);
			},
		};
	}

	/** The production URL n8n gives the node. */
	url(): string {
		return `${this.webhookBaseUrl}/${WEBHOOK_ID}/webhook`;
	}

	/** The Test URL n8n gives the node ("Listen for test event"). */
	testUrl(): string {
		return `${this.webhookTestBaseUrl}/${WEBHOOK_ID}/webhook`;
	}
}

export interface Execution {
	items: INodeExecutionData[];
	at: number;
}

export interface Answer {
	status: number;
	body: unknown;
}

export interface Receiver {
	url: string;
	executions: Execution[];
	/** Results webhook() returned, in order. */
	results: IWebhookResponseData[];
	/** What was answered to each request (status and JSON body), in order. */
	answers: Answer[];
	/** Errors webhook() threw (n8n would record a failed execution for each), and errors of execute(). */
	errors: unknown[];
	/** Posts a delivery; resolves with the answer once the executions started so far have ended. */
	post(body: string | Buffer, headers?: Record<string, string>): Promise<Answer>;
	/** Waits for the executions started so far to end. */
	idle(): Promise<void>;
	close(): Promise<void>;
}

export interface ReceiverOptions {
	/** n8n fills req.rawBody before webhook() for typeVersion 1 nodes; false tests the readRawBody() path. */
	prefillRawBody?: boolean;
	/** n8n's own payload limit (N8N_PAYLOAD_SIZE_MAX, 16 MB by default). */
	payloadLimitBytes?: number;
	/** Hold the answer to the first request this long (a lost or late 200: the sender retries). */
	delayFirstAnswerMs?: number;
	/** n8n's execution mode for the request: 'webhook' (active workflow) or 'manual' ("Listen for test event"). */
	mode?: 'webhook' | 'manual';
	/** The first execution n8n tries to record fails (a database error): n8n answers 500, nothing runs. */
	failRecordingOnce?: boolean;
}

type ExpressishResponse = http.ServerResponse & {
	status(code: number): ExpressishResponse;
	json(body: unknown): ExpressishResponse;
	send(body: unknown): ExpressishResponse;
};

function expressish(res: http.ServerResponse, answers: Answer[]): ExpressishResponse {
	const r = res as ExpressishResponse;
	r.status = (code: number) => {
		r.statusCode = code;
		return r;
	};
	r.json = (body: unknown) => {
		answers.push({ status: r.statusCode, body });
		r.setHeader('content-type', 'application/json; charset=utf-8');
		r.end(JSON.stringify(body));
		return r;
	};
	r.send = (body: unknown) => {
		r.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
		return r;
	};
	return r;
}

function readAll(req: http.IncomingMessage, limit: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let failed = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit && !failed) {
				failed = true;
				reject(Object.assign(new Error('request entity too large'), { type: 'entity.too.large' }));
			}
			if (!failed) chunks.push(chunk);
		});
		req.on('end', () => !failed && resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export async function startReceiver(
	wf: TriggerWorkflow,
	options: ReceiverOptions = {},
): Promise<Receiver> {
	const executions: Execution[] = [];
	const results: IWebhookResponseData[] = [];
	const errors: unknown[] = [];
	const answers: Answer[] = [];
	const limit = options.payloadLimitBytes ?? 16 * 1024 * 1024;

	let requestCount = 0;
	let recordingFailed = false;
	const running = new Set<Promise<void>>();
	const idle = async () => {
		while (running.size > 0) await Promise.all([...running]);
	};
	const server = http.createServer(async (request, response) => {
		const delay = requestCount++ === 0 ? (options.delayFirstAnswerMs ?? 0) : 0;
		if (delay > 0) {
			const end = response.end.bind(response);
			response.end = ((...args: unknown[]) => {
				setTimeout(() => end(...(args as [])), delay);
				return response;
			}) as typeof response.end;
		}
		const req = request as http.IncomingMessage & {
			rawBody?: Buffer;
			readRawBody(): Promise<void>;
			contentType?: string;
			body?: unknown;
			params: object;
			query: object;
		};
		const res = expressish(response, answers);
		req.contentType =
			String(req.headers['content-type'] ?? '')
				.split(';')[0]
				.trim() || undefined;
		req.params = {};
		req.query = {};
		req.readRawBody = async () => {
			if (!req.rawBody) req.rawBody = await readAll(req, limit);
		};
		if (options.prefillRawBody) await req.readRawBody();
		if (req.contentType === 'application/json' && req.rawBody?.length)
			req.body = JSON.parse(req.rawBody.toString('utf8'));

		const { workflow, node } = wf.build();
		const additionalData = wf.additionalData({
			httpRequest: req as never,
			httpResponse: res as never,
		});
		const context = new WebhookContext(
			workflow,
			node,
			additionalData,
			options.mode ?? 'webhook',
			wf.webhookData(workflow, node, additionalData),
			[],
			null,
		);
		let result: IWebhookResponseData;
		try {
			result = await trigger.webhook.call(context);
		} catch (error) {
			errors.push(error);
			if (!res.headersSent) res.status(500).json({ message: 'Error in workflow' });
			return;
		}
		// n8n 2.41 keeps webhook()'s static data writes only when the node answered itself
		// (test/e2e/n8n-webhook-facts.e2e.test.ts): mirror that trap here.
		if (result.noWebhookResponse === true || result.workflowData === undefined) wf.save(workflow);
		results.push(result);
		if (result.noWebhookResponse && !res.headersSent && result.workflowData === undefined) {
			res.status(200).end();
			return;
		}
		if (result.workflowData === undefined) {
			if (!res.headersSent)
				res.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
			return;
		}
		if (options.failRecordingOnce && !recordingFailed) {
			recordingFailed = true;
			if (!res.headersSent)
				res.status(500).json({ code: 0, message: 'SQLITE_BUSY: database is locked' });
			return;
		}
		// recorded: n8n answers, and the execution runs beside the answer
		if (!res.headersSent)
			res.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		const input = result.workflowData[0];
		const run = (async () => {
			let items: INodeExecutionData[];
			try {
				items = await wf.execute(input, options.mode ?? 'webhook');
			} catch (error) {
				// a failed execution (n8n records it as such)
				errors.push(error);
				items = [];
			}
			executions.push({ items, at: Date.now() });
		})();
		running.add(run);
		void run.finally(() => running.delete(run));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	// n8n's WEBHOOK_URL: the URL the node registers is this receiver (the Test URL too)
	wf.webhookBaseUrl = `http://127.0.0.1:${port}/webhook`;
	wf.webhookTestBaseUrl = `http://127.0.0.1:${port}/webhook-test`;
	const url = wf.url();

	return {
		url,
		executions,
		results,
		answers,
		errors,
		idle,
		async post(body, headers = {}) {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/vnd.api+json', ...headers },
				body,
			});
			const text = await res.text();
			await idle();
			let parsed: unknown = text;
			try {
				parsed = text ? JSON.parse(text) : undefined;
			} catch {
				// keep the text
			}
			return { status: res.status, body: parsed };
		},
		close: async () => {
			await idle();
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			});
		},
	};
}
