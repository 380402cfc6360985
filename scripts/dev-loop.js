'use strict';
/**
 * The edit loop of `npm run dev` (scripts/start.js --dev): `tsc --watch` over the package's sources, and
 * after every clean compile the changed files of dist/ (and any changed icon or codex file) are copied into
 * the package n8n loaded from `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-terminal49`. n8n runs with
 * N8N_DEV_RELOAD=true, so it sees the change there, reloads the package's node and credential types and
 * pushes them to the open editor (n8n 2.41: LoadNodesAndCredentials.setupHotReload). No restart.
 *
 * Why not `n8n-node dev --external-n8n`: it links the whole checkout into `~/.n8n/custom`, where n8n loads
 * node types as `CUSTOM.terminal49` (not the `n8n-nodes-terminal49.terminal49` users and the example workflows
 * have) and would also load the e2e probe package under test/; and its own n8n is `npx n8n@latest`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const STATIC = /\.(svg|png)$|\.node\.json$/;

/** Copies `from` to `to` when the bytes differ; returns whether it did. */
function copyIfChanged(from, to) {
	const next = fs.readFileSync(from);
	try {
		if (Buffer.compare(fs.readFileSync(to), next) === 0) return false;
	} catch {
		// new file
	}
	fs.mkdirSync(path.dirname(to), { recursive: true });
	fs.writeFileSync(to, next);
	return true;
}

function walk(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? walk(full) : [full];
	});
}

/** <root>/dist -> installed/dist, changed files only (n8n's watcher sees only those). */
function syncDist(root, installed) {
	const dist = path.join(root, 'dist');
	let changed = 0;
	for (const file of walk(dist)) {
		if (copyIfChanged(file, path.join(installed, 'dist', path.relative(dist, file)))) changed++;
	}
	return changed;
}

/**
 * Starts the loop for the checkout at `root` (the project's by default) and the package n8n loaded from
 * `installed`. `say` prints a line. Resolves once tsc's first build is done, with `stop()`.
 */
function startDevLoop({ installed, say, root = path.resolve(__dirname, '..') }) {
	const tsc = spawn(
		path.join(root, 'node_modules', '.bin', 'tsc'),
		[
			'-p',
			'tsconfig.build.json',
			'--watch',
			'--preserveWatchOutput',
			'--watchFile',
			'useFsEventsOnParentDirectory',
		],
		{ cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let ready;
	const firstBuild = new Promise((resolve) => (ready = resolve));
	let started = 0;
	const onLine = (line) => {
		const text = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
		if (!text) return;
		if (/File change detected|Starting compilation/.test(text)) {
			started = Date.now();
			return;
		}
		const done = /Found (\d+) errors?\. Watching for file changes/.exec(text);
		if (done) {
			if (done[1] !== '0') {
				say(`dev: tsc found ${done[1]} error(s); n8n keeps the previous build`);
				return;
			}
			const changed = syncDist(root, installed);
			ready();
			if (changed > 0 && started) {
				say(
					`dev: rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s, ${changed} file(s) to n8n; it reloads the nodes (about 1 s)`,
				);
			}
			return;
		}
		if (/error TS\d+/.test(text)) say(`dev: ${text}`);
	};
	for (const stream of [tsc.stdout, tsc.stderr]) {
		let buffer = '';
		stream.on('data', (chunk) => {
			buffer += chunk.toString();
			const lines = buffer.split('\n');
			buffer = lines.pop();
			lines.forEach(onLine);
		});
	}
	// icons and codex files: tsc does not emit them (gulp build:icons does, once)
	const watchers = ['nodes', 'credentials'].map((folder) =>
		fs.watch(path.join(root, folder), { recursive: true }, (_event, name) => {
			if (!name || !STATIC.test(name)) return;
			const source = path.join(root, folder, name);
			if (!fs.existsSync(source)) return;
			copyIfChanged(source, path.join(root, 'dist', folder, name));
			if (copyIfChanged(source, path.join(installed, 'dist', folder, name)))
				say(`dev: ${folder}/${name} to n8n`);
		}),
	);
	const loop = {
		stop() {
			for (const watcher of watchers) watcher.close();
			tsc.kill();
		},
	};
	return firstBuild.then(() => loop);
}

module.exports = { startDevLoop, syncDist };
