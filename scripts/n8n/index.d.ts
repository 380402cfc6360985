/** Types of the real-n8n harness (scripts/n8n/index.js). */
import type { ChildProcess } from 'node:child_process';

export interface N8nHost {
	line: '1' | '2';
	source: string;
	cache: string;
	nodeDir: string;
	node: string;
	n8nBin: string;
	version: string;
}

export interface Paths {
	ROOT: string;
	HOSTS: Record<'1' | '2', N8nHost>;
	DEFAULT_LINE: '1' | '2';
	CACHE: string;
	NODE24_DIR: string;
	NODE24: string;
	N8N_BIN: string;
	REDIS_DIR: string;
	REDIS_SERVER: string;
	REDIS_LIB: string;
	ENSURE_SCRIPT: string;
	PACKAGE_NAME: string;
}
export const paths: Paths;

export interface ManagedProcess {
	name: string;
	child: ChildProcess;
	pid: number;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	tail(): string[];
	isRunning(): boolean;
	/** SIGKILL to the whole process group. */
	kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface N8nProcess {
	role: 'main' | 'worker' | 'webhook';
	/** e.g. 'main', 'webhook-1', 'worker-2' (its log: logs/n8n-<name>.log) */
	name: string;
	port: number;
	proc: ManagedProcess;
	baseUrl: string;
	/** Whether it serves n8n's editor (a main without N8N_DISABLE_UI), and `/rest/settings` with it. */
	editor: boolean;
	stop(graceMs?: number): Promise<unknown>;
}

export interface RedisProcess {
	port: number;
	proc: ManagedProcess;
	stop(): Promise<unknown>;
}

export interface PostgresProcess {
	port: number;
	dir: string;
	proc: ManagedProcess;
	/** DB_* variables for n8n */
	env: Record<string, string>;
	psql(sql: string): string[][];
	stop(): Promise<unknown>;
	kill(): Promise<unknown>;
}

export interface ProxyServer {
	port: number;
	url: string;
	/** requests forwarded per backend */
	counts: number[];
	/** true: every request is answered 502 Bad Gateway (n8n's public address in an outage) */
	down: boolean;
	/** requests answered 502 while down */
	readonly refused: number;
	/** true: every request is forwarded and run, but its caller is answered 502 (the answer lost on the way back) */
	loseAnswers: boolean;
	/** requests forwarded whose answer was lost */
	readonly lost: number;
	stop(): Promise<void>;
}

export interface SandboxProcess {
	/** API base, e.g. http://127.0.0.1:4949/v2 */
	url: string;
	/** e.g. http://127.0.0.1:4949 (control API under /_sandbox) */
	origin: string;
	port: number;
	proc: ManagedProcess;
	stop(): Promise<unknown>;
}

/** A workflow as exported by n8n / accepted by the public API. */
export interface WorkflowJson {
	id?: string;
	name?: string;
	nodes: Array<Record<string, any>>;
	connections?: Record<string, any>;
	settings?: Record<string, any>;
	staticData?: Record<string, any> | null;
	[key: string]: any;
}

/** An execution from `GET /api/v1/executions?includeData=true`. */
export interface Execution {
	id: number | string;
	finished: boolean;
	mode: string;
	status: 'success' | 'error' | 'crashed' | 'canceled' | 'new' | 'running' | 'waiting' | string;
	workflowId: string;
	startedAt: string;
	stoppedAt: string | null;
	data?: { resultData: { runData: Record<string, any[]>; error?: any; lastNodeExecuted?: string } };
	[key: string]: any;
}

export class N8nHttpError extends Error {
	status: number;
	body: unknown;
}

export class N8nClient {
	constructor(baseUrl: string, opts?: { apiKey?: string; cookie?: string });
	baseUrl: string;
	apiKey?: string;
	cookie?: string;
	request(
		method: string,
		path: string,
		opts?: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; raw?: boolean },
	): Promise<any>;
	/** Internal REST API with the login cookie; returns `data`. */
	rest(method: string, path: string, body?: unknown): Promise<any>;
	/** Public API `/api/v1` with the API key. */
	api(method: string, path: string, body?: unknown): Promise<any>;
	waitReady(opts?: {
		timeoutMs?: number;
		isAlive?: () => boolean;
		editor?: boolean;
	}): Promise<void>;
	/** n8n's version (GET /rest/settings), known after waitReady() or n8nVersion(). */
	version?: string;
	n8nVersion(): Promise<string | undefined>;
	setupOwner(o: {
		email: string;
		password: string;
		firstName?: string;
		lastName?: string;
	}): Promise<any>;
	login(email: string, password: string): Promise<any>;
	createApiKey(label?: string, scopes?: string[]): Promise<string>;
	setup(o: {
		email: string;
		password: string;
		firstName?: string;
		lastName?: string;
		apiKeyLabel?: string;
	}): Promise<this>;
	createCredential(c: {
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ id: string; name: string; type: string }>;
	createWorkflow(wf: WorkflowJson): Promise<WorkflowJson & { id: string }>;
	getWorkflow(id: string): Promise<WorkflowJson & { id: string; active: boolean }>;
	nodeStaticData(workflowId: string, node: string): Promise<Record<string, any>>;
	deleteWorkflow(id: string): Promise<any>;
	activateWorkflow(id: string): Promise<WorkflowJson & { id: string; active: boolean }>;
	/** n8n 2.41's publication status once settled ('published', 'partial' or 'failed'); null on 1.x (no such status). */
	publicationSettled(
		workflowId: string,
		o?: { timeoutMs?: number },
	): Promise<{
		status: string;
		triggers: Array<{ status: string; errorMessage: string | null }>;
	} | null>;
	deactivateWorkflow(id: string): Promise<WorkflowJson & { id: string; active: boolean }>;
	listExecutions(o?: {
		workflowId?: string;
		includeData?: boolean;
		status?: string;
		limit?: number;
		maxPages?: number;
	}): Promise<Execution[]>;
	getExecution(id: string | number, includeData?: boolean): Promise<Execution>;
	waitForExecutions(o: {
		workflowId: string;
		count: number;
		timeoutMs?: number;
		settleMs?: number;
		includeData?: boolean;
	}): Promise<Execution[]>;
	/** Run a saved workflow like the editor's "Execute workflow" (manual mode, ~1 s) and return the finished execution. */
	runWorkflow(id: string, opts?: { triggerName?: string; timeoutMs?: number }): Promise<Execution>;
	nodeTypeNames(): Promise<string[]>;
	credentialTypeNames(): Promise<string[]>;
	webhookUrl(path: string): string;
	preflight(path: string, method: string): Promise<{ status: number; allowed: string[] }>;
	waitForWebhook(path: string, opts?: { method?: string; timeoutMs?: number }): Promise<void>;
	waitForWebhookGone(path: string, opts?: { method?: string; timeoutMs?: number }): Promise<void>;
}

export interface Stack {
	mode: 'single' | 'queue';
	/** The n8n version that runs (GET /rest/settings; without the editor, the version installed for its line). */
	version?: string;
	port: number;
	baseUrl: string;
	userFolder: string;
	logDir: string;
	owner: { email: string; password: string; firstName: string; lastName: string };
	redis: RedisProcess | null;
	/** queue mode: n8n's database */
	postgres: PostgresProcess | null;
	/** queue mode: the round-robin proxy in front of the webhook processes */
	proxy: ProxyServer | null;
	main: N8nProcess;
	/** the first worker (queue mode) */
	worker: N8nProcess | null;
	workers: N8nProcess[];
	webhooks: N8nProcess[];
	client: N8nClient;
	/** Production webhook URL (queue mode: through the proxy). */
	webhookUrl(path: string): string;
	/** Queue mode: the production URL on webhook process `i` directly. */
	webhookUrlOf(i: number, path: string): string;
	/** Queue mode: SQL in n8n's Postgres database (rows of strings). */
	sql(query: string): string[][];
	stop(): Promise<void>;
	/** `{ kill: true }`: SIGKILL (a crash) instead of a clean shutdown. */
	restart(o?: { kill?: boolean }): Promise<void>;
	/** `env`: more environment for this process from now on (its later restarts keep it). */
	restartProcess(
		role: 'webhook' | 'worker',
		i: number,
		o?: { kill?: boolean; start?: boolean; env?: Record<string, string> },
	): Promise<void>;
	startProcessAgain(role: 'webhook' | 'worker', i: number): Promise<void>;
	restartRedis(o?: { kill?: boolean; downMs?: number }): Promise<void>;
	/** 'main', 'webhook-1', 'worker-2', ... */
	logs(role?: string): string;
}

export interface StartStackOptions {
	/** The n8n line to run: '2' (2.41, default) or '1' (1.123); T49_N8N_LINE sets the default. */
	line?: '1' | '2';
	tgz?: string;
	packageDirs?: string[];
	mode?: 'single' | 'queue';
	port?: number;
	/** queue mode: the proxy's port */
	webhookPort?: number;
	/** queue mode: `n8n webhook` processes (default 2) */
	webhooks?: number;
	/** queue mode: `n8n worker` processes (default 2) */
	workers?: number;
	/** queue mode: how the proxy spreads webhooks ('signature': by a hash of X-T49-Webhook-Signature) */
	webhookRouting?: 'round-robin' | 'signature';
	/** queue mode: keep the Postgres data here (default: a temp folder under the machine cache) */
	postgresDir?: string;
	userFolder?: string;
	owner?: { email?: string; password?: string; firstName?: string; lastName?: string };
	/** false: no editor (N8N_DISABLE_UI), so no rewrite of its files at each start; REST and webhooks the same */
	editor?: boolean;
	/** false: no Code-node runner process beside each main and worker (a Code node would wait for one) */
	codeNodes?: boolean;
	env?: Record<string, string>;
	keepUserFolder?: boolean;
	log?: (msg: string) => void;
	echo?: (line: string) => void;
}

export function ensureN8n(o?: {
	skipRedis?: boolean;
	stdio?: 'inherit' | 'ignore' | 'pipe';
	/** Install this n8n line only ('1': 1.123), instead of 2.41 + Redis. */
	line?: '1' | '2';
}): Paths;
export function buildAndPack(o?: {
	build?: boolean;
	outDir?: string;
	log?: (m: string) => void;
}): string;
export function packPackage(o?: { outDir?: string; log?: (m: string) => void }): string;
export function createUserFolder(dir?: string): string;
export function installPackedPackage(userFolder: string, tgz: string): string;
export function installPackageDir(userFolder: string, dir: string): string;
export function n8nEnv(o: {
	userFolder: string;
	port?: number;
	brokerPort?: number;
	redisPort?: number;
	queue?: boolean;
	logLevel?: string;
	extra?: Record<string, string>;
	line?: '1' | '2';
	/** n8n 3.x's settings on 2.41 (default: T49_N8N_SETTINGS): '2x' (n8n's defaults), '3x' or '3x-vm'. */
	settings?: string;
}): NodeJS.ProcessEnv;
/** The environment of 3.x's settings on 2.41 (`settings`: '2x' gives none), for an n8n on `port`. */
export function settingsEnv(
	settings: string | undefined,
	o: { port: number },
): Record<string, string>;
/** n8n 3.0's default SSRF block list, written for 2.41's N8N_SSRF_BLOCKED_IP_RANGES. */
export const SSRF_BLOCKED_IP_RANGES_3_0: string;
/** The environment that leaves out the editor (`editor: false`) and the Code-node runner (`codeNodes: false`). */
export function leanEnv(o?: { editor?: boolean; codeNodes?: boolean }): Record<string, string>;
export function startRedis(o?: {
	port?: number;
	dir?: string;
	log?: (m: string) => void;
	logFile?: string;
}): Promise<RedisProcess>;
export function startPostgres(o: {
	dir: string;
	port?: number;
	log?: (m: string) => void;
	logFile?: string;
}): Promise<PostgresProcess>;
export function startProxy(o: {
	backends: string[];
	port?: number;
	host?: string;
	hashHeader?: string;
}): Promise<ProxyServer>;
export function startN8nProcess(o: {
	role?: 'main' | 'worker' | 'webhook';
	name?: string;
	userFolder: string;
	port: number;
	brokerPort?: number;
	redisPort?: number;
	queue?: boolean;
	logFile?: string;
	echo?: (line: string) => void;
	extraEnv?: Record<string, string>;
	readyTimeoutMs?: number;
	log?: (m: string) => void;
}): Promise<N8nProcess>;
export function startSandboxProcess(o?: {
	port?: number;
	args?: string[];
	log?: (m: string) => void;
	logFile?: string;
	echo?: (line: string) => void;
}): Promise<SandboxProcess>;
export function startStack(o?: StartStackOptions): Promise<Stack>;
export function runN8nCli(
	args: string[],
	o?: { userFolder?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
export interface CliRun {
	ok: boolean;
	code: number | null;
	signal: NodeJS.Signals | null;
	id: string;
	/** Run data (IRun) parsed from `n8n execute --rawOutput`. */
	result: any;
	stdout: string;
	stderr: string;
}
export function runWorkflowOnce(o: {
	userFolder: string;
	workflow: WorkflowJson;
	credentials?: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>;
	env?: Record<string, string>;
	timeoutMs?: number;
}): Promise<CliRun>;
export function parseExecuteOutput(stdout: string): any;
/** json of the items `nodeName` output in an execution (public API) or CLI result. */
export function nodeOutput(
	runData: any,
	nodeName: string,
	o?: { runIndex?: number; output?: number },
): any[] | undefined;
export function runError(runData: any): any;
export function freePort(): Promise<number>;
export function waitFor<T>(
	what: string,
	check: () => T | Promise<T>,
	o?: { timeoutMs?: number; intervalMs?: number; isAlive?: () => boolean },
): Promise<T>;
export function sleep(ms: number): Promise<void>;
