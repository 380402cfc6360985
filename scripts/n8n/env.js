'use strict';
/**
 * How to run an n8n command of one n8n line: its Node and n8n binary, and the environment every n8n process
 * (server, worker, webhook, CLI) gets.
 */
const path = require('node:path');

const paths = require('./paths');

const DISABLED_MODULES = [
	'mcp-registry',
	'insights',
	'chat-hub',
	'instance-ai',
	'agents',
	'agent-evals',
	'workflow-builder',
	'mcp',
	'promotions',
	'quick-connect',
	'instance-registry',
	'breaking-changes',
	'favorites',
].join(',');

/** The modules n8n 1.x knows: it exits on any other name in N8N_DISABLED_MODULES ("Unknown module"). */
const MODULES_1X = [
	'insights',
	'external-secrets',
	'community-packages',
	'data-table',
	'mcp',
	'chat-hub',
	'provisioning',
	'breaking-changes',
];

/**
 * n8n 3.0's default SSRF block list, on 2.41: 2.41's built-in list (`default`) and what 3.0 adds to it, the shared
 * address space and the IPv6 transition ranges (n8n 2.41.1's own v3 breaking-change rule,
 * `modules/breaking-changes/rules/v3/ssrf-default-blocked-ranges.rule.js`; docs.n8n.io, 3.0 breaking changes).
 */
const SSRF_BLOCKED_IP_RANGES_3_0 = 'default,::/128,100.64.0.0/10,2002::/16,64:ff9b::/96';

/**
 * The settings n8n 3.x runs with that 2.41 can switch on already (T49_N8N_SETTINGS, line 2 only):
 * - `3x`: expressions in the QuickJS isolate, backend and editor (3.5's editor default); `3x-vm`: the backend's
 *   `vm` isolate (2.41's and 3.x's backend default) with the editor's QuickJS
 * - SSRF protection on, with 3.0's block list and the documented allowance for a Base URL on loopback (the
 *   sandbox): N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 (SSRF protection stays opt-in in 3.x: see docs/install.md)
 * - queue mode: manual executions on the workers (3.0 removes OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS and always
 *   does this)
 * - the webhook base URL only under its new name, N8N_WEBHOOK_URL (WEBHOOK_URL is deprecated in 2.41)
 * Unset (or `2x`): n8n's own defaults. A file that tests a setting itself passes it in `extra`, which wins.
 */
function settingsEnv(settings, { port }) {
	if (!settings || settings === '2x') return {};
	if (settings !== '3x' && settings !== '3x-vm')
		throw new Error(`T49_N8N_SETTINGS must be 2x, 3x or 3x-vm, not "${settings}"`);
	return {
		N8N_EXPRESSION_ENGINE: settings === '3x-vm' ? 'vm' : 'quickjs',
		N8N_EXPRESSION_ENGINE_FRONTEND: 'quickjs',
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_BLOCKED_IP_RANGES: SSRF_BLOCKED_IP_RANGES_3_0,
		N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
	};
}

/** The install of n8n line `line` ('2': 2.41, '1': 1.123; default: T49_N8N_LINE or 2). */
function hostOf(line) {
	return paths.HOSTS[line || paths.DEFAULT_LINE];
}

/** Environment for any n8n command (server, worker, CLI) on `userFolder`. */
function n8nEnv({
	userFolder,
	port = 5678,
	brokerPort,
	redisPort,
	queue = false,
	logLevel = 'info',
	extra = {},
	line,
	settings = process.env.T49_N8N_SETTINGS,
}) {
	const host = hostOf(line);
	// 1.123 has none of 3.x's settings (nor N8N_WEBHOOK_URL): it runs with its own
	const newer = host.line === '1' ? {} : settingsEnv(settings, { port });
	const env = {
		...process.env,
		PATH: `${path.join(host.nodeDir, 'bin')}:${process.env.PATH}`,
		N8N_USER_FOLDER: userFolder,
		TMPDIR: path.join(userFolder, 'tmp'),
		HOME: userFolder,
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_DISABLED_MODULES:
			host.line === '1'
				? DISABLED_MODULES.split(',')
						.filter((name) => MODULES_1X.includes(name))
						.join(',')
				: DISABLED_MODULES,
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_LEVEL: logLevel,
		N8N_LOG_OUTPUT: 'console',
		DB_SQLITE_POOL_SIZE: '2',
		// n8n pings its database every 2 s and answers every request 503 "Database is not ready!" while a ping has
		// taken longer than DB_PING_TIMEOUT_MS (5 s by default); after 3 such pings it tears the connection down and
		// builds it again. Every process of a stack shares this machine's cores with the rest of a test run, and
		// under that load a ping took that long (22 of 40 deliveries of the queue e2e routing test got that 503 on
		// Postgres). 30 s, as a deployment on a loaded host would set it.
		DB_PING_TIMEOUT_MS: '30000',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		NODE_ENV: 'production',
		// the npm config of this machine points nodedir at Node 20 headers; never let n8n's npm use it
		npm_config_nodedir: host.nodeDir,
		...newer,
		...extra,
	};
	// under 3.x's settings, a webhook address a stack gives (its proxy, an outage gate) goes by the new name alone
	if (newer.N8N_WEBHOOK_URL) {
		env.N8N_WEBHOOK_URL = extra.N8N_WEBHOOK_URL ?? extra.WEBHOOK_URL ?? newer.N8N_WEBHOOK_URL;
		delete env.WEBHOOK_URL;
	}
	if (brokerPort) env.N8N_RUNNERS_BROKER_PORT = String(brokerPort);
	if (queue) {
		env.EXECUTIONS_MODE = 'queue';
		env.QUEUE_BULL_REDIS_HOST = '127.0.0.1';
		env.QUEUE_BULL_REDIS_PORT = String(redisPort);
		env.QUEUE_HEALTH_CHECK_ACTIVE = 'false';
	}
	// keep the harness's own test variables from leaking into n8n
	delete env.NODE_OPTIONS;
	delete env.JEST_WORKER_ID;
	// For profiling n8n itself (e.g. --cpu-prof or a --require preload): never inherited by accident.
	if (process.env.T49_N8N_NODE_OPTIONS) env.NODE_OPTIONS = process.env.T49_N8N_NODE_OPTIONS;
	return env;
}

/**
 * What an n8n process can leave out when nothing it runs needs it (the e2e tests, which drive n8n through its
 * REST API and run no Code node), for about a third less CPU per n8n start (docs/development.md has the figures):
 * - `editor: false`: N8N_DISABLE_UI. n8n then neither serves the editor nor rewrites its files (tens of MB) into
 *   the user folder at every `n8n start`; its REST API, webhooks and public API are the same.
 * - `codeNodes: false`: the task runners in external mode with no runner started. n8n then launches no runner
 *   process next to each main and worker; a Code node would wait for a runner that never comes.
 */
function leanEnv(o = {}) {
	return {
		...(o.editor === false ? { N8N_DISABLE_UI: 'true' } : {}),
		...(o.codeNodes === false
			? { N8N_RUNNERS_MODE: 'external', N8N_RUNNERS_AUTH_TOKEN: 'no-runner-is-started' }
			: {}),
	};
}

function n8nCommand(args, line) {
	const host = hostOf(line);
	return [host.node, [host.n8nBin, ...args]];
}

module.exports = { hostOf, n8nEnv, leanEnv, n8nCommand, settingsEnv, SSRF_BLOCKED_IP_RANGES_3_0 };
