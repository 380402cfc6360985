'use strict';
/**
 * What a stack runs, put on disk: real n8n (and Redis) installed by scripts/ensure-n8n.sh, and this package
 * built and packed as it is published.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const paths = require('./paths');

const noop = () => {};

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

module.exports = { ensureN8n, buildAndPack, packPackage };
