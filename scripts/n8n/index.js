'use strict';
/**
 * Harness for real n8n 2.41.1, shared by `npm start` (scripts/start.js) and the e2e tests (test/e2e).
 *
 *   const h = require('./scripts/n8n');
 *   h.ensureN8n();                              // installs Node 24 + n8n + redis into .cache (once)
 *   const tgz = h.buildAndPack();               // npm run build + npm pack → .cache/pack/*.tgz
 *   const stack = await h.startStack({ tgz, mode: 'queue', sandboxUrl });
 *   await stack.client.createCredential({...}); // public API with an API key
 *   ...
 *   await stack.stop();
 *
 * Everything listens on 127.0.0.1; every child runs in its own process group and is killed as a group.
 */
// The public entry: each idea lives in its own file; this one gathers them under the names callers use.
const paths = require('./paths');
const { freePort, waitFor, sleep } = require('./proc');
const { N8nClient, N8nHttpError } = require('./client');
const { startPostgres } = require('./postgres');
const { startProxy } = require('./proxy');
const { ensureN8n, buildAndPack, packPackage } = require('./install');
const { createUserFolder, installPackedPackage, installPackageDir } = require('./user-folder');
const { n8nEnv, leanEnv, settingsEnv, SSRF_BLOCKED_IP_RANGES_3_0 } = require('./env');
const { startRedis, startN8nProcess, startSandboxProcess } = require('./processes');
const { startStack } = require('./stack');
const { runN8nCli, runWorkflowOnce, parseExecuteOutput } = require('./cli');
const { nodeOutput, runError } = require('./run-data');

module.exports = {
	paths,
	ensureN8n,
	buildAndPack,
	packPackage,
	createUserFolder,
	installPackedPackage,
	installPackageDir,
	n8nEnv,
	leanEnv,
	settingsEnv,
	SSRF_BLOCKED_IP_RANGES_3_0,
	startRedis,
	startPostgres,
	startProxy,
	startN8nProcess,
	startSandboxProcess,
	startStack,
	runN8nCli,
	runWorkflowOnce,
	parseExecuteOutput,
	nodeOutput,
	runError,
	freePort,
	waitFor,
	sleep,
	N8nClient,
	N8nHttpError,
};
