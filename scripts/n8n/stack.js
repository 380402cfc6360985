'use strict';
/**
 * A whole n8n stack on one user folder, started, restarted and stopped as one: single mode (one `n8n start`)
 * or queue mode (Postgres, Redis, main, webhook processes behind a proxy, workers), with an owner and API key.
 */
const fs = require('node:fs');
const path = require('node:path');

const paths = require('./paths');
const { freePort, sleep } = require('./proc');
const { N8nClient } = require('./client');
const { startPostgres } = require('./postgres');
const { startProxy } = require('./proxy');
const { createUserFolder, installPackedPackage, installPackageDir } = require('./user-folder');
const { startRedis, startN8nProcess } = require('./processes');
const { leanEnv } = require('./env');

const noop = () => {};

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
 * @param {boolean} [o.editor]     false: n8n serves no editor (N8N_DISABLE_UI): REST, webhooks and the public API
 *                                  only, and no rewrite of the editor's files at each start (env.js leanEnv)
 * @param {boolean} [o.codeNodes]  false: no Code-node runner process (env.js leanEnv)
 * @param {Record<string,string>} [o.env]  extra environment for every n8n process
 * @param {boolean} [o.keepUserFolder]     do not delete the temp folder on stop (T49_KEEP_USER_FOLDERS=1: every stack)
 */
async function startStack(o = {}) {
	const run = await prepareRun(o);
	const stack = newStack(run);
	try {
		if (run.queue) await startServices(run);
		await startProcesses(run);
		await setUpOwner(run);
		return stack;
	} catch (error) {
		await stack.stop();
		throw error;
	}
}

/**
 * One stack's run: its options, user folder (package installed), ports, owner and Postgres folder; what it
 * started (`stoppers`, undone in reverse) and the queue-mode environment every n8n process shares.
 */
async function prepareRun(o) {
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
	return {
		o,
		log,
		mode,
		queue,
		userFolder,
		createdFolder,
		port,
		logDir,
		owner,
		webhookCount,
		workerCount,
		webhookPorts,
		postgresDir,
		createdPostgresDir,
		/** The environment every n8n process of the stack gets (leanEnv, then the caller's `env`). */
		env: { ...leanEnv(o), ...(o.env || {}) },
		stoppers: [],
		queueEnv: {},
		/** Queue mode: the environment one process was last restarted with (`worker-1`: {...}), kept for it. */
		processEnv: {},
		stack: null,
	};
}

/** The stack object callers get (index.d.ts `Stack`); its processes are filled in as they start. */
function newStack(run) {
	const { mode, port, userFolder, logDir, owner, webhookPorts } = run;
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
			await stopStack(run);
		},
		/**
		 * Restart the n8n processes on the same folder (static data, credentials and workflows kept).
		 * `{ kill: true }`: SIGKILL instead of a clean shutdown, as a crash or an OOM kill would.
		 */
		async restart(opts) {
			await restartStack(run, opts);
		},
		/**
		 * Queue mode: stop (or SIGKILL with `{ kill: true }`) one `webhook` or `worker` process and, unless
		 * `{ start: false }`, start it again on the same port. Returns when it is ready again. `{ env }`: more
		 * environment for this process from now on (its later restarts keep it).
		 */
		async restartProcess(role, i, opts) {
			await restartProcess(run, role, i, opts);
		},
		/** Queue mode: start the `worker` or `webhook` process `i` again after restartProcess({ start: false }). */
		async startProcessAgain(role, i) {
			await startProcessAgain(run, role, i);
		},
		/** Queue mode: restart Redis on its port (`{ kill: true }`: SIGKILL). Its queue survives in its append-only file (startRedis). */
		async restartRedis(opts) {
			await restartRedis(run, opts);
		},
		logs(role = 'main') {
			const p = path.join(logDir, `n8n-${role}.log`);
			return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
		},
	};
	run.stack = stack;
	return stack;
}

// ---- starting ------------------------------------------------------------------------------------

/** Queue mode's services before any n8n process (Postgres, Redis, the webhook proxy), then their env. */
async function startServices(run) {
	const { stack, stoppers, o, log, userFolder, logDir, webhookPorts } = run;
	stack.postgres = await startPostgres({
		dir: run.postgresDir,
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
		mainBackend: `http://127.0.0.1:${run.port}`,
	});
	stoppers.push(() => stack.proxy.stop());
	log(`webhook proxy on ${stack.proxy.url} → ${webhookPorts.map((p) => `:${p}`).join(', ')}`);
	run.queueEnv = {
		...stack.postgres.env,
		N8N_ENCRYPTION_KEY: encryptionKey(userFolder),
		WEBHOOK_URL: `${stack.proxy.url}/`,
	};
}

function roleEnv(run, extra) {
	return { ...run.queueEnv, ...run.env, ...extra };
}

/** Queue mode: the `webhook` or `worker` process `i` (webhook `i` always on its own port). */
async function startRole(run, role, i) {
	const name = `${role}-${i + 1}`;
	const env = roleEnv(run, run.processEnv[name] || {});
	return await startN8nProcess({
		role,
		userFolder: run.userFolder,
		port: role === 'webhook' ? run.webhookPorts[i] : await freePort(),
		brokerPort: await freePort(),
		redisPort: run.stack.redis.port,
		queue: run.queue,
		logFile: path.join(run.logDir, `n8n-${name}.log`),
		echo: run.o.echo,
		extraEnv: env,
		log: run.log,
		line: run.o.line,
		name,
	});
}

/** The n8n processes: main first, then (queue mode) the webhook processes and workers side by side. */
async function startProcesses(run) {
	const { stack, stoppers, o, queue } = run;
	const mainBroker = await freePort();
	stack.main = await startN8nProcess({
		role: 'main',
		userFolder: run.userFolder,
		port: run.port,
		brokerPort: mainBroker,
		redisPort: stack.redis && stack.redis.port,
		queue,
		logFile: path.join(run.logDir, 'n8n-main.log'),
		echo: o.echo,
		extraEnv: queue ? roleEnv(run, { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' }) : run.env,
		log: run.log,
		line: o.line,
	});
	stoppers.push(() => stack.main.stop());
	if (queue) {
		// after main: it ran the database migrations; the others start side by side
		const started = await Promise.all([
			...run.webhookPorts.map((_, i) => startRole(run, 'webhook', i)),
			...Array.from({ length: run.workerCount }, (_, i) => startRole(run, 'worker', i)),
		]);
		stack.webhooks = started.slice(0, run.webhookCount);
		stack.workers = started.slice(run.webhookCount);
		stack.worker = stack.workers[0] || null;
		stoppers.push(() => Promise.all(stack.webhooks.map((p) => p.stop())));
		stoppers.push(() => Promise.all(stack.workers.map((p) => p.stop())));
	}
}

/** The owner account, its login and an API key on the stack's client; then n8n's version. */
async function setUpOwner(run) {
	const { stack } = run;
	stack.client = new N8nClient(stack.baseUrl);
	await stack.client.setup({ ...run.owner });
	// without the editor n8n serves no /rest/settings: the version is the one installed for the line
	stack.version = stack.main.editor
		? await stack.client.n8nVersion()
		: paths.HOSTS[run.o.line || paths.DEFAULT_LINE].version;
	run.log(`n8n ${stack.version || ''} owner ${run.owner.email} ready, API key created`);
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

// ---- stopping and restarting ---------------------------------------------------------------------

/** Undo what the run started, last first, then delete the folders it created. */
async function stopStack(run) {
	for (const s of run.stoppers.splice(0).reverse()) {
		try {
			await s();
		} catch {
			/* keep stopping the rest */
		}
	}
	// T49_KEEP_USER_FOLDERS=1 keeps every stack's folder (its n8n, Postgres and Redis logs under logs/) to read
	// after a failed e2e test
	const keep = run.o.keepUserFolder || process.env.T49_KEEP_USER_FOLDERS === '1';
	if (run.createdFolder && keep)
		process.stderr.write(`[n8n stack] kept ${run.userFolder} (logs in ${run.logDir})\n`);
	if (run.createdFolder && !keep) fs.rmSync(run.userFolder, { recursive: true, force: true });
	if (run.createdPostgresDir) fs.rmSync(run.postgresDir, { recursive: true, force: true });
}

async function restartStack(run, { kill = false } = {}) {
	const { stack } = run;
	const all = [...stack.workers, ...stack.webhooks, stack.main].filter(Boolean);
	if (kill) {
		await Promise.all(all.map((p) => p.proc.kill()));
	} else {
		for (const p of all) await p.stop();
	}
	await startProcesses(run);
	await stack.client.login(run.owner.email, run.owner.password);
}

async function restartProcess(run, role, i, { kill = false, start = true, env } = {}) {
	const { stack } = run;
	const list = role === 'worker' ? stack.workers : stack.webhooks;
	if (!list[i]) throw new Error(`no ${role} ${i}`);
	if (env) {
		const name = `${role}-${i + 1}`;
		run.processEnv[name] = { ...run.processEnv[name], ...env };
	}
	if (kill) await list[i].proc.kill();
	else await list[i].stop();
	if (start) list[i] = await startRole(run, role, i);
	if (role === 'worker') stack.worker = stack.workers[0];
}

async function startProcessAgain(run, role, i) {
	const { stack } = run;
	const list = role === 'worker' ? stack.workers : stack.webhooks;
	list[i] = await startRole(run, role, i);
	if (role === 'worker') stack.worker = stack.workers[0];
}

async function restartRedis(run, { kill = false, downMs = 0 } = {}) {
	const { stack } = run;
	const redisPort = stack.redis.port;
	if (kill) await stack.redis.proc.kill();
	else await stack.redis.stop();
	if (downMs) await sleep(downMs);
	stack.redis = await startRedis({
		port: redisPort,
		dir: path.join(run.userFolder, 'redis'),
		logFile: path.join(run.logDir, 'redis.log'),
		log: run.log,
	});
}

module.exports = { startStack };
