'use strict';
/**
 * Child processes in their own process groups, stopped as a group (n8n starts task-runner children),
 * with a last-resort synchronous kill on exit so nothing outlives the harness.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');

/** @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();
let exitHookInstalled = false;

function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const child of live) killGroup(child, 'SIGKILL');
	});
}

function killGroup(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

/**
 * `T49_PROCESS_DIR` (set by `npm test`, scripts/test.js): a folder where each live group's pid is a file, so
 * that a stopped run can stop them. A jest worker killed by a signal runs no exit hook (nor can a test's code
 * catch the signal: jest gives it a process object of its own), and these groups are detached.
 */
function recordGroup(pid) {
	const dir = process.env.T49_PROCESS_DIR;
	if (!dir || !pid) return () => {};
	const file = `${dir}/${pid}`;
	try {
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(file, '');
	} catch {
		return () => {};
	}
	return () => fs.rmSync(file, { force: true });
}

/**
 * Spawn a command in its own process group. Output goes to `logFile` (appended) and, when `echo`
 * is a function, each line is passed to it as well.
 */
function startProcess(name, command, args, { env, cwd, logFile, echo } = {}) {
	installExitHook();
	const child = spawn(command, args, {
		cwd,
		env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const out = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
	const tail = [];
	const onData = (chunk) => {
		if (out) out.write(chunk);
		const text = chunk.toString();
		for (const line of text.split('\n')) {
			if (!line) continue;
			tail.push(line);
			if (tail.length > 200) tail.shift();
			if (typeof echo === 'function') echo(line);
		}
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	live.add(child);
	const forget = recordGroup(child.pid);
	const exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			live.delete(child);
			forget();
			resolve({ code, signal });
		});
		child.on('error', (error) => {
			live.delete(child);
			forget();
			onData(Buffer.from(`[${name}] spawn error: ${error.message}\n`));
			resolve({ code: -1, signal: null });
		});
	});
	exited.then(() => out && out.end());
	return {
		name,
		child,
		pid: child.pid,
		exited,
		tail: () => tail.slice(),
		isRunning: () => child.exitCode === null && child.signalCode === null && live.has(child),
		/** SIGKILL to the whole group at once (a crash: nothing is shut down cleanly). */
		async kill() {
			if (!live.has(child)) return exited;
			killGroup(child, 'SIGKILL');
			return await exited;
		},
		/** SIGTERM to the group, then SIGKILL after `graceMs`. */
		async stop(graceMs = 10000) {
			if (!live.has(child)) return exited;
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
			const result = await exited;
			clearTimeout(timer);
			// the leader is gone; make sure no member of its group is left behind
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* no such group: good */
			}
			return result;
		},
	};
}

/**
 * A TCP port free on 127.0.0.1 for a server this process starts next (n8n, its task broker, Redis, Postgres).
 *
 * Not one the system picks (port 0): those come from the ephemeral range (ip_local_port_range, 32768 to 60999
 * here), which every outgoing connection also draws its local port from, so between this check and n8n's bind
 * another connection could take it ("n8n Task Broker's port … is already in use"). These come from below that
 * range, from a band of 1,500 ports of this process's own (by JEST_WORKER_ID, so two e2e files side by side
 * never hand out the same port), each port once per process, and only when a bind to it succeeds now. A second
 * jest run beside the first (npm test's e2e files beside the unit suites) takes the bands after the first's with
 * T49_PORT_BANDS_FROM=4.
 */
const PORT_BAND = 1500;
const PORT_BASE =
	20000 +
	(((Number(process.env.T49_PORT_BANDS_FROM) || 0) + (Number(process.env.JEST_WORKER_ID) || 0)) %
		8) *
		PORT_BAND;
let nextPortOffset = process.pid % PORT_BAND;

function bindable(port) {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

async function freePort() {
	for (let tries = 0; tries < PORT_BAND; tries++) {
		const port = PORT_BASE + nextPortOffset;
		nextPortOffset = (nextPortOffset + 1) % PORT_BAND;
		if (await bindable(port)) return port;
	}
	throw new Error(`no free port in ${PORT_BASE}-${PORT_BASE + PORT_BAND - 1} on 127.0.0.1`);
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
function portOpen(port, timeoutMs = 500) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		const done = (ok) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(timeoutMs, () => done(false));
		socket.once('connect', () => done(true));
		socket.once('error', () => done(false));
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Poll `check` until it returns a truthy value or `timeoutMs` passes. */
async function waitFor(what, check, { timeoutMs = 60000, intervalMs = 250, isAlive } = {}) {
	const deadline = Date.now() + timeoutMs;
	let lastError;
	while (Date.now() < deadline) {
		if (isAlive && !isAlive()) throw new Error(`${what}: process exited while waiting`);
		try {
			const value = await check();
			if (value) return value;
		} catch (error) {
			lastError = error;
		}
		await sleep(intervalMs);
	}
	throw new Error(
		`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${lastError.message}` : ''}`,
	);
}

module.exports = { startProcess, freePort, portOpen, waitFor, sleep, liveProcesses: live };
