'use strict';
/**
 * The long-running children of a stack, one at a time: Redis, an n8n process (main, webhook or worker) and
 * the Terminal49 sandbox CLI, each started and awaited until it is ready.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const paths = require('./paths');
const { startProcess, freePort, portOpen, waitFor } = require('./proc');
const { N8nClient } = require('./client');
const { n8nEnv, n8nCommand } = require('./env');

const noop = () => {};

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
	// whether it serves n8n's editor (only a main does; env.js leanEnv): without it, readiness is read on another route
	const editor = role === 'main' && env.N8N_DISABLE_UI !== 'true';
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
				editor,
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
		/** Whether it serves n8n's editor (and `/rest/settings`, `/types/*.json` with it). */
		editor,
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

module.exports = { startRedis, startN8nProcess, startSandboxProcess };
