'use strict';
/**
 * One-shot n8n CLI runs on a user folder (no server): any command, and one workflow imported and executed.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const { freePort } = require('./proc');
const { n8nEnv, n8nCommand } = require('./env');

function runN8nCli(args, { userFolder, env = {}, timeoutMs = 120000 } = {}) {
	const [cmd, fullArgs] = n8nCommand(args);
	return new Promise((resolve) => {
		const child = spawn(cmd, fullArgs, {
			cwd: userFolder,
			env: { ...env },
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		const timer = setTimeout(() => {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}, timeoutMs);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			try {
				process.kill(-child.pid, 'SIGKILL'); // task runner children, if any
			} catch {
				/* gone */
			}
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/**
 * Run one workflow through the n8n CLI on a user folder (no server needed):
 * `n8n import:workflow --input=<file>` then `N8N_LOG_FORMAT=json n8n execute --id=<id> --rawOutput`.
 * Returns `{ ok, code, result, stdout, stderr }`; `result` is the parsed run data (IRun) or undefined.
 * Optional `credentials` (array of `{ id, name, type, data }`, data in clear) are imported first.
 */
async function runWorkflowOnce({
	userFolder,
	workflow,
	credentials,
	env = {},
	timeoutMs = 120000,
}) {
	const brokerPort = await freePort();
	const baseEnv = n8nEnv({ userFolder, port: await freePort(), brokerPort, extra: env });
	const wf = { active: false, settings: { executionOrder: 'v1' }, connections: {}, ...workflow };
	if (!wf.id)
		wf.id = `wf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 16);
	const dir = fs.mkdtempSync(path.join(userFolder, 'tmp', 'run-'));
	if (credentials && credentials.length) {
		const credFile = path.join(dir, 'credentials.json');
		fs.writeFileSync(credFile, JSON.stringify(credentials));
		const ci = await runN8nCli(['import:credentials', `--input=${credFile}`], {
			userFolder,
			env: baseEnv,
			timeoutMs,
		});
		if (ci.code !== 0)
			throw new Error(`n8n import:credentials failed:\n${ci.stdout}\n${ci.stderr}`);
	}
	const wfFile = path.join(dir, 'workflow.json');
	fs.writeFileSync(wfFile, JSON.stringify(wf));
	const imp = await runN8nCli(['import:workflow', `--input=${wfFile}`], {
		userFolder,
		env: baseEnv,
		timeoutMs,
	});
	if (imp.code !== 0) throw new Error(`n8n import:workflow failed:\n${imp.stdout}\n${imp.stderr}`);
	const run = await runN8nCli(['execute', `--id=${wf.id}`, '--rawOutput'], {
		userFolder,
		env: { ...baseEnv, N8N_LOG_FORMAT: 'json' },
		timeoutMs,
	});
	fs.rmSync(dir, { recursive: true, force: true });
	const result = parseExecuteOutput(run.stdout);
	// `n8n execute` on Node 24 sometimes dies with SIGSEGV while exiting, after it printed the result
	// and stored the execution: judge by the printed run status when there is one.
	const ok =
		result && typeof result.status === 'string' ? result.status === 'success' : run.code === 0;
	return {
		ok,
		code: run.code,
		signal: run.signal,
		id: wf.id,
		result,
		stdout: run.stdout,
		stderr: run.stderr,
	};
}

/** Find the JSON run data in `n8n execute --rawOutput` output (JSON log lines; the result's `message` is JSON). */
function parseExecuteOutput(stdout) {
	const lines = stdout.split('\n').filter(Boolean);
	for (let i = lines.length - 1; i >= 0; i--) {
		let entry;
		try {
			entry = JSON.parse(lines[i]);
		} catch {
			continue;
		}
		const msg = entry && typeof entry.message === 'string' ? entry.message.trim() : undefined;
		if (msg && (msg.startsWith('{') || msg.startsWith('['))) {
			try {
				return JSON.parse(msg);
			} catch {
				/* not the result */
			}
		} else if (entry && (entry.data || entry.resultData)) {
			return entry;
		}
	}
	return undefined;
}

module.exports = { runN8nCli, runWorkflowOnce, parseExecuteOutput };
