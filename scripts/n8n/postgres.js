'use strict';
/**
 * PostgreSQL 15 for queue mode, from the Debian packages scripts/ensure-n8n.sh extracts into
 * <cache>/postgres (no system service). Each stack gets its own data folder (initdb takes ~1 s).
 *
 * The server refuses to run as root. When the harness runs as root (CI containers), the server runs in a
 * user namespace as an unprivileged user (`unshare --user --map-user=<postgres uid>`): inside it the server
 * is that user (so it starts); outside, its files stay root's, so it can live under root's 0700 home
 * (~/.cache/n8n-nodes-terminal49/), which the `postgres` account of `runuser -u postgres` cannot enter.
 * Not root: it runs as the current user.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const paths = require('./paths');
const { startProcess, freePort, portOpen, waitFor } = require('./proc');

const BIN = path.join(paths.POSTGRES_DIR, 'usr', 'lib', 'postgresql', '15', 'bin');
const LIB = path.join(paths.POSTGRES_DIR, 'usr', 'lib', 'x86_64-linux-gnu');
const DATABASE = 'n8n';
const USER = 'postgres';
const PASSWORD = 'postgres';

const noop = () => {};

/** The command prefix that runs `cmd` as an unprivileged user (see above). */
function unprivileged(cmd, args) {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return [cmd, args];
	const pw = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' });
	const uid = (pw.stdout || '').split(':')[2] || '65534';
	const gid = (pw.stdout || '').split(':')[3] || '65534';
	return ['unshare', ['--user', `--map-user=${uid}`, `--map-group=${gid}`, cmd, ...args]];
}

function pgEnv() {
	return { ...process.env, LD_LIBRARY_PATH: LIB, PGPASSWORD: PASSWORD, LC_ALL: 'C.UTF-8' };
}

/** Run SQL with psql; returns the rows as arrays of strings (tab-separated, unaligned). */
function psql(port, sql, { database = DATABASE } = {}) {
	const r = spawnSync(
		path.join(BIN, 'psql'),
		[
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
			'-U',
			USER,
			'-d',
			database,
			'-X',
			'-At',
			'-F',
			'\t',
			'-v',
			'ON_ERROR_STOP=1',
			'-c',
			sql,
		],
		{ env: pgEnv(), encoding: 'utf8', timeout: 30000 },
	);
	if (r.status !== 0) throw new Error(`psql failed (${sql.slice(0, 200)}): ${r.stderr}`);
	return r.stdout
		.split('\n')
		.filter((l) => l !== '')
		.map((l) => l.split('\t'));
}

/**
 * Start PostgreSQL on 127.0.0.1 with its data in `dir` (created with initdb when empty), and a database
 * `n8n`. Resolves with `{ port, dir, proc, env, psql(sql), stop(), kill() }`; `env` is what n8n needs.
 */
async function startPostgres({ dir, port, log = noop, logFile } = {}) {
	if (!fs.existsSync(path.join(BIN, 'postgres')))
		throw new Error(`postgres missing in ${paths.POSTGRES_DIR}: run scripts/ensure-n8n.sh`);
	const pgPort = port || (await freePort());
	const data = path.join(dir, 'data');
	const sock = path.join(dir, 'run');
	fs.mkdirSync(sock, { recursive: true });
	if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
		fs.rmSync(data, { recursive: true, force: true });
		const pwFile = path.join(dir, 'pwfile');
		fs.writeFileSync(pwFile, `${PASSWORD}\n`);
		const [cmd, args] = unprivileged(path.join(BIN, 'initdb'), [
			'-D',
			data,
			'-U',
			USER,
			`--pwfile=${pwFile}`,
			'--auth=md5',
			'-E',
			'UTF8',
			'--locale=C.UTF-8',
		]);
		const r = spawnSync(cmd, args, { env: pgEnv(), encoding: 'utf8', timeout: 60000 });
		fs.rmSync(pwFile, { force: true });
		if (r.status !== 0) throw new Error(`initdb failed: ${r.stdout}\n${r.stderr}`);
		log(`postgres data folder created (${path.relative(paths.ROOT, data) || data})`);
	}
	const [cmd, args] = unprivileged(path.join(BIN, 'postgres'), [
		'-D',
		data,
		'-p',
		String(pgPort),
		'-k',
		sock,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'max_connections=200',
		// a dev/test database: durability of the machine's crash is not what is tested
		'-c',
		'fsync=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'synchronous_commit=off',
	]);
	const proc = startProcess('postgres', cmd, args, { env: pgEnv(), logFile });
	await waitFor(`postgres on port ${pgPort}`, () => portOpen(pgPort), {
		timeoutMs: 30000,
		isAlive: proc.isRunning,
	});
	await waitFor(
		'postgres accepting connections',
		() => {
			try {
				psql(pgPort, 'select 1', { database: 'postgres' });
				return true;
			} catch {
				return false;
			}
		},
		{ timeoutMs: 30000, intervalMs: 200, isAlive: proc.isRunning },
	);
	const exists = psql(pgPort, `select 1 from pg_database where datname = '${DATABASE}'`, {
		database: 'postgres',
	});
	if (exists.length === 0) psql(pgPort, `create database ${DATABASE}`, { database: 'postgres' });
	log(`postgres ready on 127.0.0.1:${pgPort} (database ${DATABASE})`);
	return {
		port: pgPort,
		dir,
		proc,
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_DATABASE: DATABASE,
			DB_POSTGRESDB_USER: USER,
			DB_POSTGRESDB_PASSWORD: PASSWORD,
		},
		psql: (sql) => psql(pgPort, sql),
		/** Fast shutdown (SIGINT: disconnect clients, checkpoint, exit). */
		async stop(graceMs = 15000) {
			if (!proc.isRunning()) return proc.exited;
			try {
				process.kill(proc.pid, 'SIGINT');
			} catch {
				/* gone */
			}
			const timer = setTimeout(() => proc.kill(), graceMs);
			const result = await proc.exited;
			clearTimeout(timer);
			return result;
		},
		kill: () => proc.kill(),
	};
}

module.exports = { startPostgres, psql, POSTGRES_BIN: BIN };
