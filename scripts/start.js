#!/usr/bin/env node
'use strict';
/**
 * `npm start`: real n8n 2.41 on http://127.0.0.1:5678 with this package installed the way users get it,
 * the Terminal49 sandbox (or the real service when T49_API_KEY is set), an owner account, a Terminal49
 * credential and the example workflows. Ctrl-C stops everything.
 *
 *   npm start                      sandbox on http://127.0.0.1:4949/v2 (key sandbox_paid), serving Terminal49's
 *                                  newer container serializer: the POD last free day it selected
 *                                  (import_deadlines.pod.unified), pickup_lfd the sentinel 2099-12-31
 *   npm start -- --legacy-deadlines
 *                                  the same with the older serializer (flat import_deadlines keys, pickup_lfd
 *                                  coalesced), as accounts without the selected deadline get it
 *   T49_API_KEY=... npm start      the real Terminal49 API (T49_BASE_URL to override the base URL)
 *   npm start -- --fresh           forget the demo's n8n data (.n8n-run/) first
 *   npm start -- --queue           queue mode as n8n runs it at scale: Postgres + Redis + n8n main (editor, no
 *                                  production webhooks) + 2 `n8n webhook` behind a round-robin proxy + 2 `n8n worker`
 *   npm start -- --queue --route-by-signature
 *                                  the same, the proxy sending every copy of a notification to one webhook process
 *                                  (a hash of X-T49-Webhook-Signature, as nginx's `hash ... consistent`): exactly once
 *   npm run dev                    (= npm start -- --dev) the same, and every change to nodes/ or
 *                                  credentials/ is rebuilt and reloaded by the running n8n (scripts/dev-loop.js)
 *
 * Environment: N8N_DEMO_PORT (default 5678), N8N_DEMO_WEBHOOK_PORT (queue mode's proxy, default 5690),
 * SANDBOX_PORT (default 4949).
 * The demo's n8n data lives in .n8n-run/ (git-ignored) and survives restarts; in queue mode its Postgres
 * data lives in ~/.cache/n8n-nodes-terminal49/pg-demo/<checkout>/ (--fresh resets both).
 */
// The steps of `npm start` in order; the command line, the demo's credential and examples and the banner are
// in scripts/start/.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const { printHelp, readOptions } = require('./start/options');
const { readState, seedDemo } = require('./start/demo-data');
const { printBanner } = require('./start/banner');

const ROOT = path.resolve(__dirname, '..');
const RUN_DIR = path.join(ROOT, '.n8n-run');
const OWNER = {
	email: 'demo@example.com',
	password: 'Terminal49-demo',
	firstName: 'Demo',
	lastName: 'User',
};

const args = new Set(process.argv.slice(2));
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const say = (msg) => process.stdout.write(`[start ${elapsed()}] ${msg}\n`);

function ensureProjectDeps() {
	const r = spawnSync(process.execPath, [path.join(__dirname, 'ensure-deps.js')], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	if (r.status !== 0)
		throw new Error('installing the project dependencies failed (npm ci --ignore-scripts)');
}

async function main() {
	if (args.has('--help') || args.has('-h')) {
		printHelp(__filename);
		return;
	}
	const options = readOptions(args);

	ensureProjectDeps();
	const h = require('./n8n');
	const tgz = await installAndPack(h, options);
	const pgDir = prepareRunDir(h, options);
	const state = readState(RUN_DIR);
	const stops = stopOnSignals();

	try {
		const { sandbox, credentialData } = await startTerminal49(h, options, stops);
		const stack = await startN8n(h, options, { tgz, pgDir }, stops);
		await reportNodeTypes(stack);
		const { credential, imported } = await seedDemo(stack.client, state, credentialData, {
			runDir: RUN_DIR,
			say,
		});
		await printBanner({
			options,
			owner: OWNER,
			credentialData,
			sandbox,
			stack,
			credential,
			imported,
		});
		say(`ready`);
		await watchChildren(stack, sandbox, stops);
	} catch (error) {
		say(`failed: ${error.message}`);
		await stops.stopAll(1);
	}
}

/** n8n installed (first run: minutes), the demo port free, and this package built and packed. */
async function installAndPack(h, { queue, port }) {
	say(
		'checking the n8n install (first run: Node 24 + n8n 2.41.1 into ~/.cache/n8n-nodes-terminal49, about 5-9 minutes)',
	);
	h.ensureN8n({ skipRedis: !queue });

	if (!(await portFree(port)))
		throw new Error(`port ${port} is in use (another n8n?). Stop it or set N8N_DEMO_PORT.`);

	say('building and packing n8n-nodes-terminal49');
	return h.buildAndPack({ log: (m) => say(`  ${m}`) });
}

/** The demo's n8n folder (.n8n-run/) and its queue-mode Postgres folder, both emptied first by --fresh. */
function prepareRunDir(h, { fresh }) {
	const pgDir = path.join(
		h.paths.MACHINE_CACHE,
		'pg-demo',
		crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
	);
	if (fresh) {
		fs.rmSync(RUN_DIR, { recursive: true, force: true });
		fs.rmSync(pgDir, { recursive: true, force: true });
	}
	fs.mkdirSync(RUN_DIR, { recursive: true });
	// n8n's own caches land here: keep `n8n-node lint` (ESLint over the checkout) out of them
	fs.writeFileSync(
		path.join(RUN_DIR, 'eslint.config.mjs'),
		"export default [{ ignores: ['**/*'] }];\n",
	);
	return pgDir;
}

/** What was started, stopped last first on Ctrl-C, SIGTERM, SIGHUP or a failure; then the process exits. */
function stopOnSignals() {
	const stoppers = [];
	let stopping = false;
	const stopAll = async (code) => {
		if (stopping) return;
		stopping = true;
		say(
			'stopping n8n (and in queue mode its workers, webhook processes, proxy, redis, postgres) and sandbox',
		);
		for (const stop of stoppers.reverse()) {
			try {
				await stop();
			} catch {
				/* keep going */
			}
		}
		say('stopped');
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));
	process.on('SIGHUP', () => void stopAll(0));
	return { push: (stop) => stoppers.push(stop), stopAll, isStopping: () => stopping };
}

/** The real Terminal49 API when T49_API_KEY is set, else the sandbox; the credential's data for either. */
async function startTerminal49(h, { realKey, legacyDeadlines }, stops) {
	let sandbox = null;
	let credentialData;
	if (realKey) {
		const baseUrl = (process.env.T49_BASE_URL || 'https://api.terminal49.com/v2').replace(
			/\/$/,
			'',
		);
		credentialData = { apiKey: realKey, baseUrl };
		say(`using the real Terminal49 API at ${baseUrl} (T49_API_KEY is set; no sandbox)`);
	} else {
		const wanted = Number(process.env.SANDBOX_PORT || 4949);
		const sbPort = (await portFree(wanted)) ? wanted : 0;
		say('starting the Terminal49 sandbox');
		sandbox = await h.startSandboxProcess({
			port: sbPort,
			args: ['--deadline-shape', legacyDeadlines ? 'legacy' : 'selected'],
			logFile: path.join(RUN_DIR, 'sandbox.log'),
			log: (m) => say(`  ${m}`),
		});
		stops.push(() => sandbox.stop());
		credentialData = { apiKey: 'sandbox_paid', baseUrl: sandbox.url };
	}
	return { sandbox, credentialData };
}

/** n8n on the demo folder with the package installed (single or queue mode), and with --dev the edit loop. */
async function startN8n(h, { queue, port, bySignature, dev }, { tgz, pgDir }, stops) {
	say(
		`starting n8n${queue ? ' (queue mode: postgres + redis + main + 2 webhook processes + 2 workers)' : ''} on http://127.0.0.1:${port} (about ${queue ? 40 : 15} s)`,
	);
	const webhookPort = Number(process.env.N8N_DEMO_WEBHOOK_PORT || 5690);
	if (queue && !(await portFree(webhookPort)))
		throw new Error(`port ${webhookPort} is in use. Stop it or set N8N_DEMO_WEBHOOK_PORT.`);
	if (queue) fs.mkdirSync(pgDir, { recursive: true });
	const stack = await h.startStack({
		mode: queue ? 'queue' : 'single',
		port,
		...(queue
			? {
					webhookPort,
					postgresDir: pgDir,
					webhookRouting: bySignature ? 'signature' : 'round-robin',
				}
			: {}),
		tgz,
		userFolder: RUN_DIR,
		owner: OWNER,
		env: dev ? { N8N_DEV_RELOAD: 'true' } : undefined,
		log: (m) => say(`  ${m}`),
	});
	stops.push(() => stack.stop());
	if (dev) {
		const installed = path.join(RUN_DIR, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-terminal49');
		const loop = await require('./dev-loop').startDevLoop({ installed, say });
		stops.push(() => loop.stop());
	}
	return stack;
}

async function reportNodeTypes(stack) {
	const types = await stack.client.nodeTypeNames();
	const ours = types.filter((t) => t.startsWith('n8n-nodes-terminal49.'));
	say(
		`  node types loaded from the package: ${ours.length ? ours.join(', ') : 'NONE (check .n8n-run/logs/n8n-main.log)'}`,
	);
}

/** Stay up; if a child dies, stop the rest. */
async function watchChildren(stack, sandbox, stops) {
	const watched = [
		stack.main.proc,
		...stack.workers.map((w) => w.proc),
		...stack.webhooks.map((w) => w.proc),
		stack.redis && stack.redis.proc,
		stack.postgres && stack.postgres.proc,
		sandbox && sandbox.proc,
	].filter(Boolean);
	await Promise.race(watched.map((p) => p.exited.then(() => p.name))).then((name) => {
		if (!stops.isStopping()) {
			say(`${name} exited unexpectedly; see .n8n-run/logs/`);
			return stops.stopAll(1);
		}
	});
}

function portFree(port) {
	const net = require('node:net');
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

main().catch((error) => {
	process.stderr.write(`npm start failed: ${error.stack || error.message}\n`);
	process.exit(1);
});
