#!/usr/bin/env node
// `npm run lint` (then `tsc` over everything, in package.json):
//   1. `n8n-node lint`: n8n's own node-cli lint, with the root eslint.config.mjs exactly n8n's default
//      (`npx n8n-node cloud-support` needs that) and `n8n.strict` in package.json. ESLint looks up the config
//      from each file's folder (ESLINT_FLAGS=unstable_config_lookup_from_file), so the dev-only folders (test/,
//      sandbox/, bench/, scripts/) are governed by their own eslint.config.mjs; the nodes and the credential
//      get the community-node rules.
//   2. the scanner's source leg (scripts/scan.mjs --source): n8n's scanner config with inline eslint-disable
//      comments ignored, plus the rules n8n's repository has beyond the published plugin.
//   3. prettier --check (n8n-nodes-starter's settings).
// `node scripts/lint.mjs --fix` runs n8n-node lint --fix and prettier --write instead of 1 and 3.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fix = process.argv.includes('--fix');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function step(label, command, args, env = {}) {
	const t = Date.now();
	const run = spawnSync(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	});
	const ok = run.status === 0;
	console.log(
		`lint: ${label} ${ok ? 'passed' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
	);
	return ok;
}

const results = [
	step('n8n-node lint', bin('n8n-node'), ['lint', ...(fix ? ['--fix'] : [])], {
		ESLINT_FLAGS: 'unstable_config_lookup_from_file',
	}),
	step("n8n's scanner, source leg", process.execPath, [
		path.join(ROOT, 'scripts', 'scan.mjs'),
		'--source',
	]),
	step(fix ? 'prettier --write' : 'prettier --check', bin('prettier'), [
		fix ? '--write' : '--check',
		'--log-level',
		'warn',
		'.',
	]),
];
process.exit(results.every(Boolean) ? 0 : 1);
