/**
 * Shared setup for the e2e tests in real n8n 2.41.1 (see scripts/n8n/index.js for the harness).
 * `npm run test:e2e` builds first; here we only make sure n8n is installed and pack the package.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { startSandbox } from '../../sandbox';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import * as harness from '../../scripts/n8n';

export { harness };
export type { Execution, Stack, WorkflowJson } from '../../scripts/n8n';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * n8n 3.x's settings for this file's n8n (scripts/n8n/env.js settingsEnv, read from T49_N8N_SETTINGS when each n8n
 * starts): T49_N8N_SETTINGS_BY_FILE (scripts/test.js) names the files of a jest run that take other settings than
 * the run's (file name -> settings). Jest gives each test file a process.env of its own.
 */
const SETTINGS_BY_FILE: Record<string, string> = JSON.parse(
	process.env.T49_N8N_SETTINGS_BY_FILE || '{}',
);
const THIS_FILE = path.basename(expect.getState().testPath ?? '');
if (SETTINGS_BY_FILE[THIS_FILE]) process.env.T49_N8N_SETTINGS = SETTINGS_BY_FILE[THIS_FILE];

/**
 * The settings every n8n process of a stack started with, read back from the process (/proc/<pid>/environ): under
 * 3.x's settings (`3x`, `3x-vm`) each has them, and no WEBHOOK_URL. A run meant to be under them that is not fails
 * here instead of passing on the defaults. (n8n serves GET /rest/settings, which names the editor's engine, only with
 * the editor, which most stacks leave out.)
 */
function checkSettings(stack: harness.Stack, line: '1' | '2' | undefined) {
	const wanted = harness.settingsEnv(process.env.T49_N8N_SETTINGS, { port: 0 });
	if (Object.keys(wanted).length === 0 || (line ?? harness.paths.DEFAULT_LINE) === '1') return;
	for (const n8n of [stack.main, ...stack.workers, ...stack.webhooks]) {
		const env = Object.fromEntries(
			fs
				.readFileSync(`/proc/${n8n.proc.pid}/environ`, 'utf8')
				.split('\0')
				.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
		);
		const missing = Object.keys(wanted).filter(
			(key) =>
				!(key in env) ||
				(key !== 'N8N_WEBHOOK_URL' && env[key] !== wanted[key] && !key.startsWith('N8N_SSRF')),
		);
		if (missing.length > 0 || 'WEBHOOK_URL' in env)
			throw new Error(
				`n8n ${n8n.name} was to run with 3.x's settings (${process.env.T49_N8N_SETTINGS}) but lacks ${missing.join(', ') || 'nothing'}${'WEBHOOK_URL' in env ? ' and has WEBHOOK_URL' : ''}`,
			);
	}
}

export const NODE_TYPES = {
	action: 'n8n-nodes-terminal49.terminal49',
	trigger: 'n8n-nodes-terminal49.terminal49Trigger',
	pollingTrigger: 'n8n-nodes-terminal49.terminal49PollingTrigger',
	credential: 'terminal49Api',
};

let packed: string | undefined;

/**
 * The packed package the e2e tests install into n8n: `npm pack` of the checkout (jest's global setup,
 * test/e2e/global-setup.js, built dist/ from the sources first), or
 * E2E_PACKAGE_TGZ=<file>, an already packed package.
 */
export function packedPackage(): string {
	if (packed) return packed;
	harness.ensureN8n({ stdio: 'ignore' });
	if (process.env.E2E_PACKAGE_TGZ) return (packed = path.resolve(process.env.E2E_PACKAGE_TGZ));
	packed = harness.buildAndPack({ build: false });
	return packed;
}

/** A two-node workflow: `trigger` → NoOp named "Out". */
export function triggerToNoOp(
	name: string,
	trigger: Record<string, unknown>,
): harness.WorkflowJson {
	const triggerName = String(trigger.name);
	return {
		name,
		nodes: [
			{ position: [0, 0], ...trigger },
			{
				id: 'out',
				name: 'Out',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [triggerName]: { main: [[{ node: 'Out', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Until n8n has finished activating a Terminal49 Trigger: the workflow's static data, as saved in n8n's
 * database, holds the webhook id create() registered. Terminal49 has the webhook (and may deliver) a moment
 * before n8n saves that; a delivery in between finds no secret stored and is answered 503 "Webhook secret
 * refreshed: deliver again" (trigger/webhook.ts), so Terminal49 delivers it again. A test of the first answer
 * waits for this first.
 */
export async function waitForActivation(
	stack: harness.Stack,
	workflowId: string,
	webhookId: string,
	node = 'Terminal49 Trigger',
): Promise<void> {
	await harness.waitFor(
		`n8n to save the Terminal49 webhook ${webhookId} in the workflow`,
		async () => (await stack.client.nodeStaticData(workflowId, node)).webhookId === webhookId,
		{ timeoutMs: 30_000, intervalMs: 200 },
	);
}

// ---- Terminal49 stacks: sandbox (in-process) + real n8n with the packed package + credential -----------

export const CREDENTIAL_NAME = 'Terminal49 sandbox';

export interface T49Stack {
	sandbox: Sandbox;
	stack: harness.Stack;
	/** The Terminal49 credential created through the public API, `{ id, name }`. */
	credential: { id: string; name: string };
	/** Bind every Terminal49 node of a workflow to the credential (returns the same object). */
	bind<T extends harness.WorkflowJson>(workflow: T): T;
	stop(): Promise<void>;
}

/**
 * What the e2e stacks leave out unless a file asks for it (scripts/n8n/env.js leanEnv): the editor, which only the
 * browser, smoke and compatibility tests read, and the Code-node runner, which only the action-node file's 422 test
 * uses. The REST API, webhooks and executions are n8n's own.
 */
export const LEAN = { editor: false, codeNodes: false } as const;

/**
 * Start the sandbox in this process (so tests can use its live API: deliveries, fireEvent, faults),
 * real n8n (single or queue mode) with the packed package, and a `terminal49Api` credential
 * (`sandbox_paid` unless `apiKey` says otherwise) pointing at the sandbox.
 */
export async function startT49Stack(
	o: {
		mode?: 'single' | 'queue';
		sandbox?: Partial<SandboxOptions>;
		apiKey?: string;
		env?: Record<string, string>;
		/** The n8n line: '2' (2.41, default) or '1' (1.123). */
		line?: '1' | '2';
		/** Queue mode: `n8n webhook` and `n8n worker` processes (default 2 each). */
		webhooks?: number;
		workers?: number;
		webhookRouting?: 'round-robin' | 'signature';
		/** Serve n8n's editor (the browser tests); without it n8n starts on about a third less CPU (LEAN). */
		editor?: boolean;
		/** Run Code nodes (n8n's task runner beside each main and worker; LEAN leaves it out). */
		codeNodes?: boolean;
		/** Other packages to install beside this one (folders: the probe package, probe.ts PROBE_PACKAGE). */
		packageDirs?: string[];
	} = {},
): Promise<T49Stack> {
	const tgz = packedPackage();
	// the container serializer Terminal49 sends now (the LFD it selects), as npm start serves it; a test of the
	// older one sets deadlineShape: 'legacy' (or flips sandbox.options.deadlineShape)
	const sandbox = await startSandbox({ port: 0, deadlineShape: 'selected', ...(o.sandbox || {}) });
	let stack: harness.Stack | undefined;
	try {
		stack = await harness.startStack({
			tgz,
			packageDirs: o.packageDirs,
			mode: o.mode || 'single',
			env: o.env,
			line: o.line,
			webhooks: o.webhooks,
			workers: o.workers,
			webhookRouting: o.webhookRouting,
			editor: o.editor ?? LEAN.editor,
			codeNodes: o.codeNodes ?? LEAN.codeNodes,
		});
		checkSettings(stack, o.line);
		const created = await stack.client.createCredential({
			name: CREDENTIAL_NAME,
			type: NODE_TYPES.credential,
			data: { apiKey: o.apiKey || 'sandbox_paid', baseUrl: sandbox.baseUrl },
		});
		const credential = { id: created.id, name: created.name };
		const s = stack;
		return {
			sandbox,
			stack: s,
			credential,
			bind: (workflow) => bindCredential(workflow, credential),
			async stop() {
				await s.stop();
				await sandbox.close();
			},
		};
	} catch (error) {
		if (stack) await stack.stop();
		await sandbox.close();
		throw error;
	}
}

/**
 * The credential test as the editor's Test button runs it (`POST /rest/credentials/test`) for `apiKey` against
 * the stack's sandbox: `{status: 'OK' | 'Error', message}`.
 */
export async function testCredential(
	t49: T49Stack,
	apiKey: string,
): Promise<{ status: string; message: string }> {
	return await t49.stack.client.rest('POST', '/credentials/test', {
		credentials: {
			id: t49.credential.id,
			name: t49.credential.name,
			type: NODE_TYPES.credential,
			data: { apiKey, baseUrl: t49.sandbox.baseUrl },
		},
	});
}

/** Manual Trigger → one Terminal49 node per step, in a chain. */
export function chain(
	name: string,
	steps: Array<{ name: string; parameters: Record<string, unknown> }>,
) {
	const nodes: Array<Record<string, unknown>> = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: Record<string, unknown> = {};
	let previous = 'Start';
	steps.forEach((step, i) => {
		nodes.push({
			id: `n${i}`,
			name: step.name,
			type: NODE_TYPES.action,
			typeVersion: 1,
			position: [220 * (i + 1), 0],
			parameters: step.parameters,
		});
		connections[previous] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
		previous = step.name;
	});
	return { name, nodes, connections, settings: { executionOrder: 'v1' } } as harness.WorkflowJson;
}

/** Point every Terminal49 node (action and trigger) of `workflow` at `credential`. */
export function bindCredential<T extends harness.WorkflowJson>(
	workflow: T,
	credential: { id: string; name: string },
): T {
	for (const node of workflow.nodes) {
		if (typeof node.type === 'string' && node.type.startsWith('n8n-nodes-terminal49.')) {
			node.credentials = {
				...(node.credentials || {}),
				[NODE_TYPES.credential]: { id: credential.id, name: credential.name },
			};
		}
	}
	return workflow;
}

/**
 * Run a workflow once through the n8n CLI (no server) with the packed package and a Terminal49
 * credential for `baseUrl`; every Terminal49 node is bound to that credential. ~7 s per call.
 */
export async function runOnceWithCli(
	workflow: harness.WorkflowJson,
	o: { baseUrl: string; apiKey?: string; userFolder?: string; timeoutMs?: number },
): Promise<harness.CliRun> {
	const userFolder = o.userFolder || harness.createUserFolder();
	try {
		harness.installPackedPackage(userFolder, packedPackage());
		const credential = { id: 't49cli00000000001', name: CREDENTIAL_NAME };
		return await harness.runWorkflowOnce({
			userFolder,
			workflow: bindCredential(JSON.parse(JSON.stringify(workflow)), credential),
			credentials: [
				{
					...credential,
					type: NODE_TYPES.credential,
					data: { apiKey: o.apiKey || 'sandbox_paid', baseUrl: o.baseUrl },
				},
			],
			// `n8n execute` starts a Code-node runner too, unless told there is none
			env: harness.leanEnv({ codeNodes: LEAN.codeNodes }),
			timeoutMs: o.timeoutMs,
		});
	} finally {
		if (!o.userFolder) fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

/** An example workflow of examples/ as the file has it. */
export function exampleWorkflow(file: string): harness.WorkflowJson {
	return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8'));
}

/** Fails with n8n's error when an execution did not succeed. */
export function expectSucceeded(executions: harness.Execution[]): void {
	for (const e of executions)
		if (e.status !== 'success')
			throw new Error(
				`execution ${e.id} ended ${e.status}: ${JSON.stringify(harness.runError(e) ?? e).slice(0, 3000)}`,
			);
}
