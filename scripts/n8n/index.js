'use strict';
/**
 * Harness for real n8n 2.41.1, shared by `npm start` (scripts/start.js) and the e2e tests (test/e2e).
 *
 *   const h = require('./scripts/n8n');
 *   h.ensureN8n();                              // installs Node 24 + n8n + redis into .cache (once)
 *   const tgz = h.buildAndPack();               // npm run build + npm pack → .cache/pack/*.tgz
 *   const stack = await h.startStack({ tgz, mode: 'queue', sandboxUrl });
 *   await stack.client.createCredential({...}); // public API with an API key
 *   ...
 *   await stack.stop();
 *
 * Everything listens on 127.0.0.1; every child runs in its own process group and is killed as a group.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync, spawn } = require('node:child_process');

const paths = require('./paths');
const { startProcess, freePort, portOpen, waitFor, sleep } = require('./proc');
const { N8nClient, N8nHttpError } = require('./client');
const { startPostgres } = require('./postgres');
const { startProxy } = require('./proxy');

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

const noop = () => {};

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

/** The install of n8n line `line` ('2': 2.41, '1': 1.123; default: T49_N8N_LINE or 2). */
function hostOf(line) {
	return paths.HOSTS[line || paths.DEFAULT_LINE];
}

// ---- install, build, pack ----------------------------------------------------------------------

/** Run scripts/ensure-n8n.sh (instant when the stamp matches). Progress goes to stderr. */
function ensureN8n({ skipRedis = false, stdio = 'inherit', line } = {}) {
	const res = spawnSync('bash', [paths.ENSURE_SCRIPT, ...(line ? ['--line', line] : [])], {
		stdio: ['ignore', stdio, stdio],
		env: { ...process.env, ...(skipRedis ? { ENSURE_N8N_SKIP_REDIS: '1' } : {}) },
		timeout: 30 * 60 * 1000,
	});
	if (res.status !== 0) throw new Error(`scripts/ensure-n8n.sh failed (exit ${res.status})`);
	return paths;
}

/** `npm run build` then `npm pack` of the repository; returns the .tgz path. */
function buildAndPack({
	build = true,
	outDir = path.join(paths.ROOT, '.cache', 'pack'),
	log = noop,
} = {}) {
	if (build) {
		log('building the package (npm run build)');
		const b = spawnSync('npm', ['run', 'build', '--silent'], {
			cwd: paths.ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: 300000,
		});
		if (b.status !== 0) throw new Error(`npm run build failed:\n${b.stdout}\n${b.stderr}`);
	}
	return packPackage({ outDir, log });
}

/** `npm pack` of the repository (as published: only the `files` of package.json). */
function packPackage({ outDir = path.join(paths.ROOT, '.cache', 'pack'), log = noop } = {}) {
	fs.mkdirSync(outDir, { recursive: true });
	for (const f of fs.readdirSync(outDir)) if (f.endsWith('.tgz')) fs.rmSync(path.join(outDir, f));
	const p = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], {
		cwd: paths.ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		timeout: 120000,
	});
	if (p.status !== 0) throw new Error(`npm pack failed:\n${p.stderr}`);
	const info = JSON.parse(p.stdout.toString())[0];
	const tgz = path.join(outDir, info.filename);
	log(
		`packed ${info.name}@${info.version} (${info.entryCount} files) → ${path.relative(paths.ROOT, tgz)}`,
	);
	return tgz;
}

// ---- user folder and package install -------------------------------------------------------------

/** A scratch N8N_USER_FOLDER (n8n keeps its SQLite DB, settings and nodes under `<dir>/.n8n`). */
function createUserFolder(dir) {
	const folder = dir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-t49-'));
	fs.mkdirSync(path.join(folder, 'tmp'), { recursive: true });
	fs.mkdirSync(path.join(folder, '.n8n'), { recursive: true });
	return folder;
}

/**
 * Install the packed package the way n8n's community-package install leaves it:
 * `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-terminal49` (no node_modules inside it, so
 * n8n-workflow resolves to n8n's own copy through the NODE_PATH n8n sets).
 */
function installPackedPackage(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const dest = path.join(nodesDir, 'node_modules', paths.PACKAGE_NAME);
	fs.rmSync(dest, { recursive: true, force: true });
	fs.mkdirSync(dest, { recursive: true });
	const t = spawnSync('tar', ['-xzf', tgz, '-C', dest, '--strip-components=1'], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (t.status !== 0) throw new Error(`tar -xzf ${tgz} failed: ${t.stderr}`);
	const pkg = JSON.parse(fs.readFileSync(path.join(dest, 'package.json'), 'utf8'));
	const nodesPkg = path.join(nodesDir, 'package.json');
	fs.writeFileSync(
		nodesPkg,
		JSON.stringify(
			{ name: 'installed-nodes', private: true, dependencies: { [pkg.name]: pkg.version } },
			null,
			2,
		),
	);
	return dest;
}

/**
 * Copy an unpacked package folder (e.g. a test fixture) into `<userFolder>/.n8n/nodes/node_modules/<name>`.
 */
function installPackageDir(userFolder, dir) {
	const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	const dest = path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name);
	fs.rmSync(dest, { recursive: true, force: true });
	fs.cpSync(dir, dest, { recursive: true });
	return dest;
}

// ---- environment and processes -----------------------------------------------------------------

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
}) {
	const host = hostOf(line);
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
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		NODE_ENV: 'production',
		// the npm config of this machine points nodedir at Node 20 headers; never let n8n's npm use it
		npm_config_nodedir: host.nodeDir,
		...extra,
	};
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

function n8nCommand(args, line) {
	const host = hostOf(line);
	return [host.node, [host.n8nBin, ...args]];
}

/**
 * redis-server from .cache/redis on 127.0.0.1:port, with an append-only file in `dir` as a queue-mode Redis
 * needs: Bull keeps n8n's queued jobs only in Redis, so a Redis without persistence that restarts drops the
 * jobs no worker had taken yet (their executions stay "new" for good, though their deliveries were answered).
 */
async function startRedis({ port, dir, log = noop, logFile } = {}) {
	if (!fs.existsSync(paths.REDIS_SERVER))
		throw new Error(`redis-server missing: run scripts/ensure-n8n.sh`);
	const redisPort = port || (await freePort());
	const workDir = dir || fs.mkdtempSync(path.join(os.tmpdir(), 'redis-t49-'));
	fs.mkdirSync(workDir, { recursive: true });
	const proc = startProcess(
		'redis',
		paths.REDIS_SERVER,
		[
			'--bind',
			'127.0.0.1',
			'--port',
			String(redisPort),
			'--save',
			'',
			'--appendonly',
			'yes',
			'--dir',
			workDir,
			'--protected-mode',
			'yes',
		],
		{ env: { ...process.env, LD_LIBRARY_PATH: paths.REDIS_LIB }, logFile },
	);
	await waitFor(`redis on port ${redisPort}`, () => portOpen(redisPort), {
		timeoutMs: 15000,
		isAlive: proc.isRunning,
	});
	log(`redis ready on 127.0.0.1:${redisPort}`);
	return { port: redisPort, proc, stop: () => proc.stop(5000) };
}

/**
 * Start `n8n start` (main) or `n8n worker` on an existing user folder.
 * Resolves once `/healthz/readiness` answers 200 (main) or the worker logs that it is ready.
 */
async function startN8nProcess({
	role = 'main',
	userFolder,
	port,
	brokerPort,
	redisPort,
	queue = false,
	logFile,
	echo,
	extraEnv = {},
	readyTimeoutMs = 120000,
	log = noop,
	line,
	name,
}) {
	const env = n8nEnv({ userFolder, port, brokerPort, redisPort, queue, extra: extraEnv, line });
	if (role === 'worker') {
		// the worker's own server on its port: /healthz/readiness answers 200 once it is connected to the
		// database and Redis and fully started (its log line for that is info-level, absent at N8N_LOG_LEVEL=warn)
		env.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
		env.QUEUE_HEALTH_CHECK_PORT = String(port);
		env.N8N_WORKER_SERVER_ADDRESS = '127.0.0.1';
	}
	const [cmd, args] = n8nCommand(
		role === 'worker'
			? ['worker', '--concurrency=5']
			: role === 'webhook'
				? ['webhook']
				: ['start'],
		line,
	);
	const label = `n8n ${name || role}`;
	const proc = startProcess(label, cmd, args, { env, cwd: userFolder, logFile, echo });
	const baseUrl = `http://127.0.0.1:${port}`;
	try {
		if (role === 'webhook' || role === 'worker') {
			await waitFor(
				`${label} ready`,
				async () => {
					const res = await fetch(`${baseUrl}/healthz/readiness`, {
						signal: AbortSignal.timeout(2000),
					});
					return res.status === 200;
				},
				{ timeoutMs: readyTimeoutMs, intervalMs: 300, isAlive: proc.isRunning },
			);
		} else {
			await new N8nClient(baseUrl).waitReady({
				timeoutMs: readyTimeoutMs,
				isAlive: proc.isRunning,
			});
		}
	} catch (error) {
		await proc.stop(3000);
		error.message += `\n--- last lines of ${label} ---\n${proc.tail().slice(-40).join('\n')}`;
		throw error;
	}
	log(`${label} ready${role !== 'worker' ? ` on ${baseUrl}` : ''} (pid ${proc.pid})`);
	return {
		role,
		name: name || role,
		port,
		proc,
		baseUrl,
		stop: (graceMs = 15000) => proc.stop(graceMs),
	};
}

/**
 * Start the Terminal49 sandbox CLI (`tsx sandbox/cli.ts`) in a child process; for tests that need
 * its in-process API (deliveries, fireEvent, faults) import `startSandbox` from sandbox/index.ts instead.
 * Resolves with `{ url, origin, port, stop }` where `url` is the API base (…/v2).
 */
async function startSandboxProcess({ port, args = ['--quiet'], log = noop, logFile, echo } = {}) {
	const sandboxPort = port === undefined ? await freePort() : port;
	const tsx = path.join(paths.ROOT, 'node_modules', '.bin', 'tsx');
	const proc = startProcess(
		'sandbox',
		tsx,
		[path.join(paths.ROOT, 'sandbox', 'cli.ts'), '--port', String(sandboxPort), ...args],
		{
			cwd: paths.ROOT,
			env: { ...process.env },
			logFile,
			echo,
		},
	);
	let line;
	try {
		line = await waitFor(
			`sandbox on port ${sandboxPort}`,
			() => proc.tail().find((l) => /listening on https?:\/\//.test(l)),
			{ timeoutMs: 30000, intervalMs: 100, isAlive: proc.isRunning },
		);
	} catch (error) {
		await proc.stop(2000);
		error.message += `\n${proc.tail().slice(-20).join('\n')}`;
		throw error;
	}
	const url = line.match(/(https?:\/\/\S+)/)[1];
	const origin = new URL(url).origin;
	log(`sandbox ready at ${url}`);
	return { url, origin, port: Number(new URL(url).port), proc, stop: () => proc.stop(5000) };
}

/**
 * Start a full stack on a scratch user folder with the packed package installed, owner account, login,
 * API key.
 *
 * - `single`: one `n8n start` on SQLite (everything in one process).
 * - `queue`: queue mode as n8n runs it at scale: PostgreSQL (scripts/n8n/postgres.js) and Redis, one main
 *   (`n8n start` with N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true: editor, REST, activation, test webhooks),
 *   `webhooks` × `n8n webhook` (production webhooks) behind a round-robin proxy (scripts/n8n/proxy.js;
 *   WEBHOOK_URL points at it), and `workers` × `n8n worker`. One N8N_ENCRYPTION_KEY, one database, one Redis,
 *   one user folder (so the package is installed for every process).
 *
 * @param {object} o
 * @param {string} [o.tgz]          packed package (from buildAndPack/packPackage); omit to run n8n without it
 * @param {string[]} [o.packageDirs] more unpacked packages to install (e.g. test/e2e/fixtures/n8n-nodes-probe)
 * @param {'single'|'queue'} [o.mode]
 * @param {number} [o.port]         main port (default: a free port)
 * @param {number} [o.webhookPort]  queue: the proxy's port (default: a free port)
 * @param {number} [o.webhooks]     queue: number of `n8n webhook` processes (default 2)
 * @param {number} [o.workers]      queue: number of `n8n worker` processes (default 2)
 * @param {'round-robin'|'signature'} [o.webhookRouting]  queue: how the proxy spreads webhooks (default
 *                                  round-robin; 'signature': by a hash of X-T49-Webhook-Signature)
 * @param {string} [o.postgresDir]  queue: keep Postgres data here (default: a folder under the machine cache,
 *                                  deleted on stop)
 * @param {string} [o.userFolder]   reuse a folder (e.g. to test restarts); default: new temp folder
 * @param {{email:string,password:string,firstName?:string,lastName?:string}} [o.owner]
 * @param {Record<string,string>} [o.env]  extra environment for every n8n process
 * @param {boolean} [o.keepUserFolder]     do not delete the temp folder on stop
 */
async function startStack(o = {}) {
	const log = o.log || noop;
	const mode = o.mode || 'single';
	const queue = mode === 'queue';
	const userFolder = createUserFolder(o.userFolder);
	const createdFolder = !o.userFolder;
	const port = o.port || (await freePort());
	const logDir = path.join(userFolder, 'logs');
	fs.mkdirSync(logDir, { recursive: true });
	if (o.tgz) installPackedPackage(userFolder, o.tgz);
	for (const dir of o.packageDirs || []) installPackageDir(userFolder, dir);

	const owner = {
		email: 'owner@example.com',
		password: 'Harness-Passw0rd',
		firstName: 'Harness',
		lastName: 'Owner',
		...(o.owner || {}),
	};
	const webhookCount = queue ? (o.webhooks ?? 2) : 0;
	const workerCount = queue ? (o.workers ?? 2) : 0;
	const webhookPorts = [];
	for (let i = 0; i < webhookCount; i++) webhookPorts.push(await freePort());
	let postgresDir = o.postgresDir;
	const createdPostgresDir = queue && !postgresDir;
	if (createdPostgresDir) {
		const runs = path.join(paths.MACHINE_CACHE, 'pg-run');
		fs.mkdirSync(runs, { recursive: true });
		postgresDir = fs.mkdtempSync(path.join(runs, 'stack-'));
	}

	const stoppers = [];
	const stack = {
		mode,
		port,
		baseUrl: `http://127.0.0.1:${port}`,
		userFolder,
		logDir,
		owner,
		redis: null,
		postgres: null,
		proxy: null,
		main: null,
		worker: null,
		workers: [],
		webhooks: [],
		client: null,
		/** The production URL of a webhook path (queue mode: through the proxy, to either webhook process). */
		webhookUrl: (p) =>
			`${stack.proxy ? stack.proxy.url : `http://127.0.0.1:${port}`}/webhook/${String(p).replace(/^\//, '')}`,
		/** Queue mode: the production URL on webhook process `i` itself (past the proxy). */
		webhookUrlOf: (i, p) =>
			`http://127.0.0.1:${webhookPorts[i]}/webhook/${String(p).replace(/^\//, '')}`,
		/** Queue mode: run SQL in n8n's Postgres database; rows of strings. */
		sql: (query) => {
			if (!stack.postgres) throw new Error('stack.sql: no Postgres (single mode runs on SQLite)');
			return stack.postgres.psql(query);
		},
		/** Stop workers first, then main, then Redis; delete the temp user folder. */
		async stop() {
			for (const s of stoppers.splice(0).reverse()) {
				try {
					await s();
				} catch {
					/* keep stopping the rest */
				}
			}
			if (createdFolder && !o.keepUserFolder)
				fs.rmSync(userFolder, { recursive: true, force: true });
			if (createdPostgresDir) fs.rmSync(postgresDir, { recursive: true, force: true });
		},
		/**
		 * Restart the n8n processes on the same folder (static data, credentials and workflows kept).
		 * `{ kill: true }`: SIGKILL instead of a clean shutdown, as a crash or an OOM kill would.
		 */
		async restart({ kill = false } = {}) {
			const all = [...stack.workers, ...stack.webhooks, stack.main].filter(Boolean);
			if (kill) {
				await Promise.all(all.map((p) => p.proc.kill()));
			} else {
				for (const p of all) await p.stop();
			}
			await startProcesses();
			await stack.client.login(owner.email, owner.password);
		},
		/**
		 * Queue mode: stop (or SIGKILL with `{ kill: true }`) one `webhook` or `worker` process and, unless
		 * `{ start: false }`, start it again on the same port. Returns when it is ready again.
		 */
		async restartProcess(role, i, { kill = false, start = true } = {}) {
			const list = role === 'worker' ? stack.workers : stack.webhooks;
			if (!list[i]) throw new Error(`no ${role} ${i}`);
			if (kill) await list[i].proc.kill();
			else await list[i].stop();
			if (start) list[i] = await startRole(role, i);
			if (role === 'worker') stack.worker = stack.workers[0];
		},
		/** Queue mode: start the `worker` or `webhook` process `i` again after restartProcess({ start: false }). */
		async startProcessAgain(role, i) {
			const list = role === 'worker' ? stack.workers : stack.webhooks;
			list[i] = await startRole(role, i);
			if (role === 'worker') stack.worker = stack.workers[0];
		},
		/** Queue mode: restart Redis on its port (`{ kill: true }`: SIGKILL). Its queue is in memory only. */
		async restartRedis({ kill = false, downMs = 0 } = {}) {
			const redisPort = stack.redis.port;
			if (kill) await stack.redis.proc.kill();
			else await stack.redis.stop();
			if (downMs) await sleep(downMs);
			stack.redis = await startRedis({
				port: redisPort,
				dir: path.join(userFolder, 'redis'),
				logFile: path.join(logDir, 'redis.log'),
				log,
			});
		},
		logs(role = 'main') {
			const p = path.join(logDir, `n8n-${role}.log`);
			return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
		},
	};

	let queueEnv = {};
	function roleEnv(extra) {
		return { ...queueEnv, ...(o.env || {}), ...extra };
	}

	async function startRole(role, i) {
		const name = `${role}-${i + 1}`;
		return await startN8nProcess({
			role,
			userFolder,
			port: role === 'webhook' ? webhookPorts[i] : await freePort(),
			brokerPort: await freePort(),
			redisPort: stack.redis.port,
			queue,
			logFile: path.join(logDir, `n8n-${name}.log`),
			echo: o.echo,
			extraEnv: roleEnv({}),
			log,
			line: o.line,
			name,
		});
	}

	async function startProcesses() {
		const mainBroker = await freePort();
		stack.main = await startN8nProcess({
			role: 'main',
			userFolder,
			port,
			brokerPort: mainBroker,
			redisPort: stack.redis && stack.redis.port,
			queue,
			logFile: path.join(logDir, 'n8n-main.log'),
			echo: o.echo,
			extraEnv: queue ? roleEnv({ N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' }) : o.env,
			log,
			line: o.line,
		});
		stoppers.push(() => stack.main.stop());
		if (queue) {
			// after main: it ran the database migrations; the others start side by side
			const started = await Promise.all([
				...webhookPorts.map((_, i) => startRole('webhook', i)),
				...Array.from({ length: workerCount }, (_, i) => startRole('worker', i)),
			]);
			stack.webhooks = started.slice(0, webhookCount);
			stack.workers = started.slice(webhookCount);
			stack.worker = stack.workers[0] || null;
			stoppers.push(() => Promise.all(stack.webhooks.map((p) => p.stop())));
			stoppers.push(() => Promise.all(stack.workers.map((p) => p.stop())));
		}
	}

	try {
		if (queue) {
			stack.postgres = await startPostgres({
				dir: postgresDir,
				logFile: path.join(logDir, 'postgres.log'),
				log,
			});
			stoppers.push(() => stack.postgres.stop());
			stack.redis = await startRedis({
				dir: path.join(userFolder, 'redis'),
				logFile: path.join(logDir, 'redis.log'),
				log,
			});
			stoppers.push(() => stack.redis.stop());
			stack.proxy = await startProxy({
				port: o.webhookPort || 0,
				backends: webhookPorts.map((p) => `http://127.0.0.1:${p}`),
				hashHeader: o.webhookRouting === 'signature' ? 'x-t49-webhook-signature' : undefined,
			});
			stoppers.push(() => stack.proxy.stop());
			log(`webhook proxy on ${stack.proxy.url} → ${webhookPorts.map((p) => `:${p}`).join(', ')}`);
			queueEnv = {
				...stack.postgres.env,
				N8N_ENCRYPTION_KEY: encryptionKey(userFolder),
				WEBHOOK_URL: `${stack.proxy.url}/`,
			};
		}
		await startProcesses();
		stack.client = new N8nClient(stack.baseUrl);
		await stack.client.setup({ ...owner });
		stack.version = await stack.client.n8nVersion();
		log(`n8n ${stack.version || ''} owner ${owner.email} ready, API key created`);
		return stack;
	} catch (error) {
		await stack.stop();
		throw error;
	}
}

/**
 * One N8N_ENCRYPTION_KEY per user folder (every process of a stack uses it): the one n8n already wrote to
 * `.n8n/config` when the folder ran before (e.g. `npm start` in single mode), else a new one kept in the folder.
 */
function encryptionKey(userFolder) {
	try {
		const config = JSON.parse(fs.readFileSync(path.join(userFolder, '.n8n', 'config'), 'utf8'));
		if (config.encryptionKey) return config.encryptionKey;
	} catch {
		/* no config yet */
	}
	const file = path.join(userFolder, 'encryption-key');
	if (!fs.existsSync(file))
		fs.writeFileSync(file, require('node:crypto').randomBytes(24).toString('hex'));
	return fs.readFileSync(file, 'utf8').trim();
}

// ---- one-shot CLI execution ----------------------------------------------------------------------

function runN8nCli(args, { userFolder, env = {}, timeoutMs = 120000 } = {}) {
	const [cmd, fullArgs] = n8nCommand(args);
	return new Promise((resolve) => {
		const child = spawn(cmd, fullArgs, {
			cwd: userFolder,
			env: { ...env },
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		const timer = setTimeout(() => {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}, timeoutMs);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			try {
				process.kill(-child.pid, 'SIGKILL'); // task runner children, if any
			} catch {
				/* gone */
			}
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/**
 * Run one workflow through the n8n CLI on a user folder (no server needed):
 * `n8n import:workflow --input=<file>` then `N8N_LOG_FORMAT=json n8n execute --id=<id> --rawOutput`.
 * Returns `{ ok, code, result, stdout, stderr }`; `result` is the parsed run data (IRun) or undefined.
 * Optional `credentials` (array of `{ id, name, type, data }`, data in clear) are imported first.
 */
async function runWorkflowOnce({
	userFolder,
	workflow,
	credentials,
	env = {},
	timeoutMs = 120000,
}) {
	const brokerPort = await freePort();
	const baseEnv = n8nEnv({ userFolder, port: await freePort(), brokerPort, extra: env });
	const wf = { active: false, settings: { executionOrder: 'v1' }, connections: {}, ...workflow };
	if (!wf.id)
		wf.id = `wf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 16);
	const dir = fs.mkdtempSync(path.join(userFolder, 'tmp', 'run-'));
	if (credentials && credentials.length) {
		const credFile = path.join(dir, 'credentials.json');
		fs.writeFileSync(credFile, JSON.stringify(credentials));
		const ci = await runN8nCli(['import:credentials', `--input=${credFile}`], {
			userFolder,
			env: baseEnv,
			timeoutMs,
		});
		if (ci.code !== 0)
			throw new Error(`n8n import:credentials failed:\n${ci.stdout}\n${ci.stderr}`);
	}
	const wfFile = path.join(dir, 'workflow.json');
	fs.writeFileSync(wfFile, JSON.stringify(wf));
	const imp = await runN8nCli(['import:workflow', `--input=${wfFile}`], {
		userFolder,
		env: baseEnv,
		timeoutMs,
	});
	if (imp.code !== 0) throw new Error(`n8n import:workflow failed:\n${imp.stdout}\n${imp.stderr}`);
	const run = await runN8nCli(['execute', `--id=${wf.id}`, '--rawOutput'], {
		userFolder,
		env: { ...baseEnv, N8N_LOG_FORMAT: 'json' },
		timeoutMs,
	});
	fs.rmSync(dir, { recursive: true, force: true });
	const result = parseExecuteOutput(run.stdout);
	// `n8n execute` on Node 24 sometimes dies with SIGSEGV while exiting, after it printed the result
	// and stored the execution: judge by the printed run status when there is one.
	const ok =
		result && typeof result.status === 'string' ? result.status === 'success' : run.code === 0;
	return {
		ok,
		code: run.code,
		signal: run.signal,
		id: wf.id,
		result,
		stdout: run.stdout,
		stderr: run.stderr,
	};
}

/** Find the JSON run data in `n8n execute --rawOutput` output (JSON log lines; the result's `message` is JSON). */
function parseExecuteOutput(stdout) {
	const lines = stdout.split('\n').filter(Boolean);
	for (let i = lines.length - 1; i >= 0; i--) {
		let entry;
		try {
			entry = JSON.parse(lines[i]);
		} catch {
			continue;
		}
		const msg = entry && typeof entry.message === 'string' ? entry.message.trim() : undefined;
		if (msg && (msg.startsWith('{') || msg.startsWith('['))) {
			try {
				return JSON.parse(msg);
			} catch {
				/* not the result */
			}
		} else if (entry && (entry.data || entry.resultData)) {
			return entry;
		}
	}
	return undefined;
}

/** Output items (json) of `nodeName` in an execution's run data (public API `data` or CLI result). */
function nodeOutput(runData, nodeName, { runIndex = 0, output = 0 } = {}) {
	const data = runData && (runData.data || runData);
	const rd = data && data.resultData && data.resultData.runData;
	const runs = rd && rd[nodeName];
	if (!runs || !runs[runIndex]) return undefined;
	const main = runs[runIndex].data && runs[runIndex].data.main;
	return ((main && main[output]) || []).map((item) => item.json);
}

/** The error of a failed run (CLI result or execution), if any. */
function runError(runData) {
	const data = runData && (runData.data || runData);
	return data && data.resultData && data.resultData.error;
}

module.exports = {
	paths,
	ensureN8n,
	buildAndPack,
	packPackage,
	createUserFolder,
	installPackedPackage,
	installPackageDir,
	n8nEnv,
	startRedis,
	startPostgres,
	startProxy,
	startN8nProcess,
	startSandboxProcess,
	startStack,
	runN8nCli,
	runWorkflowOnce,
	parseExecuteOutput,
	nodeOutput,
	runError,
	freePort,
	waitFor,
	sleep,
	N8nClient,
	N8nHttpError,
};
