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
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const RUN_DIR = path.join(ROOT, '.n8n-run');
const STATE_FILE = path.join(RUN_DIR, 'demo-state.json');
const EXAMPLES_DIR = path.join(ROOT, 'examples');
const OWNER = {
	email: 'demo@example.com',
	password: 'Terminal49-demo',
	firstName: 'Demo',
	lastName: 'User',
};
const CREDENTIAL_NAME = 'Terminal49 account';
const CREDENTIAL_TYPE = 'terminal49Api';

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

function readState() {
	try {
		return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
	} catch {
		return {};
	}
}

function writeState(state) {
	fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

/** Point every Terminal49 credential reference of a workflow at our credential. */
function bindCredential(workflow, credential) {
	for (const node of workflow.nodes || []) {
		if (node.credentials && node.credentials[CREDENTIAL_TYPE]) {
			node.credentials[CREDENTIAL_TYPE] = { id: credential.id, name: credential.name };
		} else if (typeof node.type === 'string' && node.type.startsWith('n8n-nodes-terminal49.')) {
			node.credentials = {
				...(node.credentials || {}),
				[CREDENTIAL_TYPE]: { id: credential.id, name: credential.name },
			};
		}
	}
	return workflow;
}

async function upsertCredential(client, state, data) {
	const key = data.baseUrl;
	if (state.credentialId) {
		try {
			await client.api('PATCH', `/credentials/${state.credentialId}`, {
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data,
			});
			return { id: state.credentialId, name: CREDENTIAL_NAME, key };
		} catch (error) {
			if (error.status !== 404) throw error;
		}
	}
	const created = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		data,
	});
	state.credentialId = created.id;
	return { id: created.id, name: CREDENTIAL_NAME, key };
}

async function importExamples(client, state, credential) {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	const files = fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort();
	state.workflows = state.workflows || {};
	const imported = [];
	for (const file of files) {
		const text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
		const hash = crypto
			.createHash('sha256')
			.update(text)
			.update(credential.id)
			.digest('hex')
			.slice(0, 16);
		const previous = state.workflows[file];
		if (previous && previous.hash === hash) {
			try {
				const wf = await client.getWorkflow(previous.id);
				imported.push({ file, id: wf.id, name: wf.name, kept: true });
				continue;
			} catch (error) {
				if (error.status !== 404) throw error;
			}
		}
		if (previous) {
			await client.deleteWorkflow(previous.id).catch(() => undefined);
		}
		let workflow;
		try {
			workflow = bindCredential(JSON.parse(text), credential);
		} catch (error) {
			say(`  skipped ${file}: ${error.message}`);
			continue;
		}
		try {
			const wf = await client.createWorkflow(workflow);
			state.workflows[file] = { id: wf.id, hash };
			imported.push({ file, id: wf.id, name: wf.name, kept: false });
		} catch (error) {
			say(`  could not import ${file}: ${error.message}`);
		}
	}
	return imported;
}

async function main() {
	if (args.has('--help') || args.has('-h')) {
		process.stdout.write(
			fs
				.readFileSync(__filename, 'utf8')
				.split('\n')
				.slice(3)
				.join('\n')
				.split('\n */')[0]
				.split('\n')
				.map((l) => l.replace(/^ \*\/?\s?/, ''))
				.join('\n') + '\n',
		);
		return;
	}
	const known = ['--fresh', '--queue', '--route-by-signature', '--dev', '--legacy-deadlines'];
	const unknown = [...args].filter((a) => !known.includes(a));
	if (unknown.length)
		throw new Error(
			`unknown option ${unknown.join(' ')}; the options are ${known.join(', ')} (npm start -- --help)`,
		);
	const realKey = (process.env.T49_API_KEY || '').trim();
	const port = Number(process.env.N8N_DEMO_PORT || 5678);
	const queue = args.has('--queue');
	const bySignature = args.has('--route-by-signature');
	if (bySignature && !queue)
		throw new Error(
			'--route-by-signature goes with --queue (npm start -- --queue --route-by-signature)',
		);
	const dev = args.has('--dev');
	// The sandbox CLI serves the selected-deadline serializer unless told otherwise (docs/sandbox.md).
	const legacyDeadlines = args.has('--legacy-deadlines');
	if (legacyDeadlines && (process.env.T49_API_KEY || '').trim())
		throw new Error('--legacy-deadlines is a sandbox option; with T49_API_KEY there is no sandbox');

	ensureProjectDeps();
	const h = require('./n8n');
	say(
		'checking the n8n install (first run: Node 24 + n8n 2.41.1 into ~/.cache/n8n-nodes-terminal49, about 5-9 minutes)',
	);
	h.ensureN8n({ skipRedis: !queue });

	if (!(await portFree(port)))
		throw new Error(`port ${port} is in use (another n8n?). Stop it or set N8N_DEMO_PORT.`);

	say('building and packing n8n-nodes-terminal49');
	const tgz = h.buildAndPack({ log: (m) => say(`  ${m}`) });

	const pgDir = path.join(
		h.paths.MACHINE_CACHE,
		'pg-demo',
		crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
	);
	if (args.has('--fresh')) {
		fs.rmSync(RUN_DIR, { recursive: true, force: true });
		fs.rmSync(pgDir, { recursive: true, force: true });
	}
	fs.mkdirSync(RUN_DIR, { recursive: true });
	// n8n's own caches land here: keep `n8n-node lint` (ESLint over the checkout) out of them
	fs.writeFileSync(
		path.join(RUN_DIR, 'eslint.config.mjs'),
		"export default [{ ignores: ['**/*'] }];\n",
	);
	const state = readState();

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

	try {
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
			stoppers.push(() => sandbox.stop());
			credentialData = { apiKey: 'sandbox_paid', baseUrl: sandbox.url };
		}

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
		stoppers.push(() => stack.stop());
		if (dev) {
			const installed = path.join(RUN_DIR, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-terminal49');
			const loop = await require('./dev-loop').startDevLoop({ installed, say });
			stoppers.push(() => loop.stop());
		}

		const types = await stack.client.nodeTypeNames();
		const ours = types.filter((t) => t.startsWith('n8n-nodes-terminal49.'));
		say(
			`  node types loaded from the package: ${ours.length ? ours.join(', ') : 'NONE (check .n8n-run/logs/n8n-main.log)'}`,
		);

		let credential = { id: '', name: CREDENTIAL_NAME };
		let imported = [];
		if ((await stack.client.credentialTypeNames()).includes(CREDENTIAL_TYPE)) {
			credential = await upsertCredential(stack.client, state, credentialData);
			say(`  credential "${credential.name}" → ${credentialData.baseUrl}`);
			imported = await importExamples(stack.client, state, credential);
			writeState(state);
		} else {
			say(
				`  WARNING: credential type ${CREDENTIAL_TYPE} not loaded; no credential or examples created`,
			);
		}

		const lines = [
			'',
			'================================================================================',
			` n8n is running:   http://127.0.0.1:${port}${queue ? '  (main: editor, REST, activation, test webhooks)' : ''}`,
			` log in:           ${OWNER.email}  /  ${OWNER.password}`,
			` Terminal49:       ${realKey ? `real API (${credentialData.baseUrl})` : `sandbox ${credentialData.baseUrl} (key sandbox_paid)`}`,
		];
		if (sandbox)
			lines.push(
				legacyDeadlines
					? ' last free days:   older container serializer (flat import_deadlines keys; without --legacy-deadlines: the selected one)'
					: ' last free days:   selected-deadline serializer (import_deadlines.pod.unified; npm start -- --legacy-deadlines for the older one)',
			);
		if (queue) {
			lines.push(
				' queue mode, what runs where:',
				`   postgres          127.0.0.1:${stack.postgres.port}  (pid ${stack.postgres.proc.pid}, data ${stack.postgres.dir})`,
				`   redis             127.0.0.1:${stack.redis.port}  (pid ${stack.redis.proc.pid})`,
				`   main              127.0.0.1:${port}  (pid ${stack.main.proc.pid}; N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true)`,
				`   webhook proxy     ${stack.proxy.url}  (${bySignature ? 'by a hash of X-T49-Webhook-Signature' : 'round-robin'}; production webhook URLs point here)`,
				...stack.webhooks.map(
					(w) => `   ${w.name.padEnd(17)} 127.0.0.1:${w.port}  (pid ${w.proc.pid})`,
				),
				...stack.workers.map((w) => `   ${w.name.padEnd(17)} (pid ${w.proc.pid})`),
			);
		}
		if (credential.id)
			lines.push(` credential:       "${credential.name}" (type Terminal49 API), already in n8n`);
		if (imported.length) {
			lines.push(' example workflows:');
			for (const w of imported)
				lines.push(`   - ${w.name}  (http://127.0.0.1:${port}/workflow/${w.id})`);
		} else {
			lines.push(' example workflows: none yet (examples/*.json)');
		}
		lines.push(
			'',
			' What to try:',
			'   1. Open a workflow, click "Execute workflow" and look at each node\'s output.',
			'   2. Add a node, search "Terminal49": track a container, list shipments, get containers.',
		);
		if (sandbox) {
			lines.push(
				'   3. Activate a workflow with the Terminal49 Trigger, then make the sandbox send events:',
				`        curl -s ${sandbox.origin}/_sandbox/fixtures            # demo containers`,
				`        curl -s -X POST ${sandbox.origin}/_sandbox/containers/MSCU4949012/advance`,
				'      and watch the executions list.',
				`   Sandbox control API: ${sandbox.origin}/_sandbox  (keys: sandbox_paid, sandbox_free, sandbox_basic, sandbox_lite, sandbox_paid_legacy, sandbox_paid_selected)`,
			);
			// The documented fixture containers, one case each (docs/sandbox.md "Fixture containers").
			const fixtures = await fetch(`${sandbox.origin}/_sandbox/fixtures`)
				.then((r) => r.json())
				.catch(() => []);
			if (fixtures.length) {
				lines.push(' Sandbox demo containers (fixtures):');
				for (const f of fixtures)
					lines.push(`   ${f.containerNumber}  ${f.key.padEnd(20)} ${f.description}`);
			}
		}
		if (dev) {
			lines.push(
				'',
				' Dev loop: edit nodes/ or credentials/; tsc rebuilds, the change is copied into this n8n, which',
				' reloads the nodes and updates the open editor (no restart; reopen a node panel to see it).',
			);
		}
		lines.push(
			` Logs: .n8n-run/logs/   Data: .n8n-run/ (npm start -- --fresh to reset)`,
			' Press Ctrl-C to stop everything.',
			'================================================================================',
			'',
		);
		process.stdout.write(lines.join('\n'));
		say(`ready`);

		// stay up; if a child dies, stop the rest
		const watched = [
			stack.main.proc,
			...stack.workers.map((w) => w.proc),
			...stack.webhooks.map((w) => w.proc),
			stack.redis && stack.redis.proc,
			stack.postgres && stack.postgres.proc,
			sandbox && sandbox.proc,
		].filter(Boolean);
		await Promise.race(watched.map((p) => p.exited.then(() => p.name))).then((name) => {
			if (!stopping) {
				say(`${name} exited unexpectedly; see .n8n-run/logs/`);
				return stopAll(1);
			}
		});
	} catch (error) {
		say(`failed: ${error.message}`);
		await stopAll(1);
	}
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
