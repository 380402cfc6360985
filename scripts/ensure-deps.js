#!/usr/bin/env node
'use strict';
/**
 * Installs the project's dev dependencies when they are missing (a fresh clone), so `npm test` and
 * `npm start` work on a new machine: `npm ci --ignore-scripts`. A plain `npm install` or `npm ci` works too
 * (docs/development.md, Setup); no dependency's install script is needed, so they are skipped here. Off on
 * the command line, never in .npmrc, so that `npm publish` still runs prepublishOnly (which refuses a publish
 * that does not come through `npm run release`).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const wanted = Object.keys({ ...(pkg.devDependencies || {}), ...(pkg.peerDependencies || {}) });
const missing = wanted.filter(
	(name) => !fs.existsSync(path.join(ROOT, 'node_modules', name, 'package.json')),
);

if (missing.length === 0) process.exit(0);
process.stderr.write(
	`[deps] installing the dev dependencies (npm ci --ignore-scripts; missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})\n`,
);
const run = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
	cwd: ROOT,
	stdio: 'inherit',
	timeout: 15 * 60 * 1000,
});
process.exit(run.status === 0 ? 0 : 1);
