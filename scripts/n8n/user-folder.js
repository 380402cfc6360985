'use strict';
/**
 * An n8n user folder (N8N_USER_FOLDER) and the packages installed in it as n8n's community-package install
 * leaves them.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const paths = require('./paths');

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

module.exports = { createUserFolder, installPackedPackage, installPackageDir };
