#!/usr/bin/env node
'use strict';
/**
 * `npm test`: everything CI runs (.ci/run), in the order that gives the verdict soonest, with the time of each
 * stage in a table at the end.
 *
 *   1. the dev dependencies when missing (scripts/ensure-deps.js)
 *   2. in the background from the start: real n8n (both lines), Postgres, Redis and Chromium for the e2e tests
 *      (scripts/ensure-n8n.sh --all, scripts/ensure-chromium.sh; instant once installed, minutes on a new
 *      machine), so that they install while the stages below run. Their output goes to .cache/test-logs/.
 *   3. lint (its four checks two at a time: scripts/lint.mjs --parallel), build, n8n's scanner on the packed
 *      tarball (its source leg ran in lint)
 *   4. the unit suite (jest), and beside it (their output shown when they end)
 *   5. the unit suite again under the shifted clock (npm run test:unit:shifted: 2027-12-31 23:30 UTC seen from
 *      Auckland), less the tests of the tooling (test/dev, test/release, test/scan, test/docs: the edit loop's
 *      tsc --watch, npm publish, n8n's scanner, the docs' links), which read no calendar
 *   6. when the installs of step 2 are done by then (a machine that has them), the e2e files that mostly wait
 *      on n8n's one-minute schedules (WAITING_E2E: the polling trigger's in single and in queue mode, then the
 *      trigger's catch-up in single mode), two at a time: about three minutes each, mostly waiting, which costs
 *      the unit suites little CPU; then the lightest e2e files (LIGHT_E2E), still beside the unit runs
 *   7. the rest of the e2e suite (jest -c jest.e2e.config.js) once the installs are done, on the package built
 *      in step 3 (packed once, E2E_PACKAGE_TGZ); all of it when step 6 did not run
 *
 * Any stage that fails stops the run (the background installs too, and the n8n, Postgres and Redis processes
 * the e2e files started) with its exit code.
 *
 *   T49_TEST_STAGES=unit,shifted npm test    only those stages (names: lint, build, scan, unit, shifted, e2e)
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const LOGS = path.join(ROOT, '.cache', 'test-logs');
/**
 * Where the e2e harness records the process groups it starts (n8n, Postgres, Redis: scripts/n8n/proc.js
 * T49_PROCESS_DIR): a failed or stopped run kills those left, which a killed jest worker cannot.
 */
const PROCESSES = path.join(ROOT, '.cache', 'test-processes');
process.env.T49_PROCESS_DIR = PROCESSES;
const BIN = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const t0 = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const say = (message) => process.stdout.write(`[test ${seconds(Date.now() - t0)}] ${message}\n`);
const times = [];
/**
 * E2E files that spend most of their time waiting for n8n's poll schedule (every minute, the shortest n8n
 * allows): run beside the unit suites, side by side, when n8n is installed by then (step 6 above).
 */
const WAITING_E2E = [
	'test/e2e/terminal49-polling-trigger.e2e.test.ts',
	'test/e2e/terminal49-polling-trigger-queue.e2e.test.ts',
	// the trigger's catch-up in single mode (its schedule, every minute, and the sandbox's retries): in the slot
	// the single-mode polling file leaves, two minutes before the queue-mode one ends
	'test/e2e/terminal49-trigger-outage.e2e.test.ts',
];
/** The beside-unit run takes two files at a time, as the e2e stage does. */
const BESIDE_UNIT_WORKERS = 2;
/**
 * The lightest e2e files (one lean n8n each, 10 to 15 s, about half of it n8n's start): in the same jest run as
 * WAITING_E2E, after them (test/e2e/sequencer.js), so they take the slot the single-mode polling file leaves a
 * minute before the queue-mode one ends, instead of a slot of the e2e stage. Two at a time, as in that stage.
 */
const LIGHT_E2E = [
	'test/e2e/terminal49-trigger-sample.e2e.test.ts',
	'test/e2e/action-node.e2e.test.ts',
	'test/e2e/ai-agent.e2e.test.ts',
	// n8n's SSRF protection refusing the sandbox (one lean n8n, about 12 s)
	'test/e2e/ssrf.e2e.test.ts',
];
const BESIDE_UNIT_E2E = [...WAITING_E2E, ...LIGHT_E2E];
/**
 * n8n 3.x's settings on 2.41 (scripts/n8n/env.js settingsEnv: the expression engines, SSRF protection on with 3.0's
 * block list and the sandbox allowed, manual executions on the workers in queue mode, N8N_WEBHOOK_URL alone), in
 * slots the suite already has, so they cost no wall time:
 * - every file beside the unit runs under `3x` (QuickJS, backend and editor): both polling files (polls, single and
 *   queue mode; manual runs on a worker), the trigger's catch-up, "Listen for test event" with its sample, every
 *   resource of the action node, the AI agent with the node as its tool, and the SSRF refusal
 * - in the e2e stage (T49_N8N_SETTINGS_BY_FILE): the examples and the invoice check's under `3x` (their expressions in QuickJS), the
 *   trigger's activation and deliveries and the credential test under `3x-vm` (the backend's vm isolate)
 * The rest of the e2e stage keeps n8n 2.41's defaults (whose backend engine is `vm` too), and compat.e2e.test.ts
 * runs 1.123 on its own. docs/development.md ("n8n 3.x settings on 2.41") says why these files.
 */
const SETTINGS_BESIDE_UNIT = '3x';
const SETTINGS_BY_FILE = {
	'examples.e2e.test.ts': '3x',
	// the invoice check's example (its Merge, Summarize and Digest expressions) in QuickJS
	'invoices.e2e.test.ts': '3x',
	'terminal49-trigger.e2e.test.ts': '3x-vm',
	'account-party-roles.e2e.test.ts': '3x-vm',
};
const only = process.env.T49_TEST_STAGES ? new Set(process.env.T49_TEST_STAGES.split(',')) : null;
const wanted = (stage) => !only || only.has(stage);

/**
 * Runs a command; resolves with its exit code. Its output is shown as it comes, or, with `logName`, written to
 * .cache/test-logs/<logName> and shown whole once it ends (for a stage that runs beside another).
 */
function run(command, args, env = {}, logName) {
	return new Promise((resolve) => {
		const log = logName ? path.join(LOGS, logName) : null;
		let out = null;
		if (log) {
			fs.mkdirSync(LOGS, { recursive: true });
			out = fs.openSync(log, 'w');
		}
		const child = spawn(command, args, {
			cwd: ROOT,
			stdio: ['ignore', out ?? 'inherit', out ?? 'inherit'],
			env: { ...process.env, ...env },
			detached: true,
		});
		running.add(child);
		if (out !== null) fs.closeSync(out);
		child.on('exit', (code, signal) => {
			running.delete(child);
			if (log) process.stdout.write(fs.readFileSync(log, 'utf8'));
			resolve(code ?? (signal ? 1 : 0));
		});
	});
}

let installs;
/** The stages running now, each in its own process group: a failed stage stops the others. */
const running = new Set();
/** SIGKILL to the groups the e2e harness recorded and did not stop (their jest worker was stopped first). */
function killHarnessGroups() {
	let pids = [];
	try {
		pids = fs.readdirSync(PROCESSES);
	} catch {
		return;
	}
	for (const pid of pids) {
		try {
			process.kill(-Number(pid), 'SIGKILL');
		} catch {
			/* already gone */
		}
	}
	fs.rmSync(PROCESSES, { recursive: true, force: true });
}

/**
 * Stops what this run started: the stages still running and the background installs (each its own process
 * group), then the n8n, Postgres and Redis groups the e2e harness recorded.
 */
function stopEverything() {
	for (const child of [
		...running,
		...(installs?.child.exitCode === null ? [installs.child] : []),
	]) {
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			/* already gone */
		}
	}
	killHarnessGroups();
}

function fail(stage, code) {
	say(`${stage} FAILED (exit ${code})`);
	table();
	stopEverything();
	process.exit(code || 1);
}

/** `label`: the name in the table when it is not the stage's (a stage run in two parts). */
async function stage(name, command, args, env, logName, label = name) {
	if (!wanted(name)) return;
	say(
		`${label}: ${[command, ...args].map((a) => (a === process.execPath ? 'node' : path.relative(ROOT, a) || a)).join(' ')}${logName ? ` (beside the others; its output when it ends, and in .cache/test-logs/${logName})` : ''}`,
	);
	const t = Date.now();
	const code = await run(command, args, env, logName);
	if (logName) say(`${label}: done`);
	times.push([label, Date.now() - t]);
	if (code !== 0) fail(label, code);
}

function table() {
	if (!times.length) return;
	const width = Math.max(...times.map(([name]) => name.length));
	process.stdout.write(
		'\nnpm test, time per stage (wall clock; the installs ran beside the others):\n',
	);
	for (const [name, ms] of times)
		process.stdout.write(`  ${name.padEnd(width)}  ${seconds(ms).padStart(7)}\n`);
	process.stdout.write(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - t0).padStart(7)}\n`);
}

/** The e2e prerequisites in the background, in their own process group, output to a log file. */
function startInstalls() {
	fs.mkdirSync(LOGS, { recursive: true });
	const log = path.join(LOGS, 'installs.log');
	const out = fs.openSync(log, 'w');
	const t = Date.now();
	const child = spawn(
		'bash',
		['-c', 'bash scripts/ensure-n8n.sh --all && bash scripts/ensure-chromium.sh'],
		{ cwd: ROOT, stdio: ['ignore', out, out], detached: true },
	);
	fs.closeSync(out);
	const done = new Promise((resolve) =>
		child.on('exit', (code) => {
			times.push(['installs (background)', Date.now() - t]);
			resolve(code ?? 1);
		}),
	);
	say(
		`installs: n8n ${hostVersions()}, Postgres, Redis and Chromium in the background (${path.relative(ROOT, log)})`,
	);
	return { child, done, log };
}

function hostVersions() {
	const version = (folder) =>
		JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')).dependencies.n8n;
	return `${version('n8n-host')} and ${version('n8n-host-1')}`;
}

// Ctrl-C or a CI's stop: the stages run in their own process groups, so stop them too
for (const signal of ['SIGINT', 'SIGTERM'])
	process.on(signal, () => {
		stopEverything();
		process.exit(130);
	});

async function main() {
	// pids a killed earlier run left: their groups are gone or are no longer ours
	fs.rmSync(PROCESSES, { recursive: true, force: true });
	const deps = spawnSync(process.execPath, [path.join(__dirname, 'ensure-deps.js')], {
		cwd: ROOT,
		stdio: 'inherit',
	});
	times.push(['dependencies', Date.now() - t0]);
	if (deps.status !== 0) fail('dependencies', deps.status);

	if (wanted('e2e')) installs = startInstalls();

	await stage('lint', process.execPath, [path.join(__dirname, 'lint.mjs'), '--parallel']);
	await stage('build', 'npm', ['run', 'build', '--silent']);
	await stage('scan', process.execPath, [path.join(__dirname, 'scan.mjs'), '--dist']);

	// the package built above, packed once: the e2e global setup then neither builds nor packs it again
	const env = {};
	if (wanted('e2e') && wanted('build') && !process.env.E2E_PACKAGE_TGZ)
		env.E2E_PACKAGE_TGZ = require('./n8n').packPackage({
			outDir: path.join(ROOT, '.cache', 'e2e-pack'),
		});
	// the e2e files that wait on n8n's schedule, then the lightest, start beside the unit runs if n8n is installed
	// by now (and the package packed: two global setups must not build one dist/ at once)
	const E2E = ['-c', 'jest.e2e.config.js'];
	const besideUnit =
		installs?.child.exitCode === 0 && Boolean(env.E2E_PACKAGE_TGZ || process.env.E2E_PACKAGE_TGZ);
	const beside =
		besideUnit &&
		stage(
			'e2e',
			BIN('jest'),
			[...E2E, `--maxWorkers=${BESIDE_UNIT_WORKERS}`, ...BESIDE_UNIT_E2E],
			{ ...env, T49_PORT_BANDS_FROM: '4', T49_N8N_SETTINGS: SETTINGS_BESIDE_UNIT },
			'e2e-beside.log',
			`e2e (beside the unit runs; settings ${SETTINGS_BESIDE_UNIT})`,
		);

	// the two unit runs side by side: each waits on its sandboxes and rate windows about half its time
	await Promise.all([
		stage('unit', BIN('jest'), []),
		stage('shifted', 'npm', ['run', 'test:unit:shifted', '--silent'], {}, 'shifted.log'),
	]);

	if (installs) {
		if (installs.child.exitCode === null)
			say('e2e: waiting for the installs (n8n, Postgres, Redis, Chromium)');
		const code = await installs.done;
		if (code !== 0) {
			process.stdout.write(fs.readFileSync(installs.log, 'utf8'));
			fail('installs (background)', code);
		}
	}
	const rest = besideUnit ? ['--testPathIgnorePatterns', ...BESIDE_UNIT_E2E] : [];
	await stage(
		'e2e',
		BIN('jest'),
		[...E2E, ...rest],
		{
			...env,
			T49_N8N_SETTINGS_BY_FILE: JSON.stringify(SETTINGS_BY_FILE),
		},
		undefined,
		`e2e (${Object.keys(SETTINGS_BY_FILE).length} files with 3.x's settings)`,
	);
	await beside;
	table();
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
