#!/usr/bin/env node
// `npm run lint` (then `tsc` over everything, in package.json):
//   1. `n8n-node lint`: n8n's own node-cli lint, with the root eslint.config.mjs exactly n8n's default
//      (`npx n8n-node cloud-support` needs that) and `n8n.strict` in package.json. ESLint looks up the config
//      from each file's folder (ESLINT_FLAGS=unstable_config_lookup_from_file), so the dev-only folders (test/,
//      sandbox/, bench/, scripts/) are governed by their own eslint.config.mjs; the nodes and the credential
//      get the community-node rules.
//   2. the scanner's source leg (scripts/scan.mjs --source): n8n's scanner config with inline eslint-disable
//      comments ignored, plus the rules n8n's repository has beyond the published plugin.
//   3. the folder map of docs/development.md (scripts/import-map.mjs): every import follows it.
//   4. prettier --check (n8n-nodes-starter's settings).
// `node scripts/lint.mjs --fix` runs n8n-node lint --fix and prettier --write instead of 1 and 4.
// `node scripts/lint.mjs --parallel` (npm test) runs the three and `tsc --noEmit` two at a time, each one's
// output shown when it is done: about half the time on two cores.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fix = process.argv.includes('--fix');
const parallel = process.argv.includes('--parallel') && !fix;
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const steps = [
	[
		'n8n-node lint',
		bin('n8n-node'),
		['lint', ...(fix ? ['--fix'] : [])],
		{ ESLINT_FLAGS: 'unstable_config_lookup_from_file' },
	],
	[
		"n8n's scanner, source leg",
		process.execPath,
		[path.join(ROOT, 'scripts', 'scan.mjs'), '--source'],
	],
	['the import map', process.execPath, [path.join(ROOT, 'scripts', 'import-map.mjs')]],
	[
		fix ? 'prettier --write' : 'prettier --check',
		bin('prettier'),
		[fix ? '--write' : '--check', '--log-level', 'warn', '.'],
	],
];

function report(label, ok, t) {
	console.log(
		`lint: ${label} ${ok ? 'passed' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
	);
	return ok;
}

function step(label, command, args, env = {}) {
	const t = Date.now();
	const run = spawnSync(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	});
	return report(label, run.status === 0, t);
}

/** The same step with its output held until it is done (for running side by side). */
function held(label, command, args, env = {}) {
	const t = Date.now();
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
		});
		const out = [];
		child.stdout.on('data', (d) => out.push(d));
		child.stderr.on('data', (d) => out.push(d));
		child.on('close', (code) => {
			process.stdout.write(Buffer.concat(out));
			resolve(report(label, code === 0, t));
		});
	});
}

async function twoAtATime(all) {
	const results = [];
	let next = 0;
	const worker = async () => {
		while (next < all.length) {
			const i = next++;
			results[i] = await held(...all[i]);
		}
	};
	await Promise.all([worker(), worker()]);
	return results;
}

const results = parallel
	? await twoAtATime([
			steps[0],
			['tsc --noEmit', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
			steps[1],
			steps[2],
			steps[3],
		])
	: steps.map((s) => step(...s));
process.exit(results.every(Boolean) ? 0 : 1);
