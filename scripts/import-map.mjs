#!/usr/bin/env node
// The folder map of docs/development.md ("Folder map") as a check, run by `npm run lint`: every relative import
// (type-only ones too) of nodes/ and sandbox/ must follow the map below, and no file may import itself round a
// circle. It prints each import that breaks the map, with the rule it breaks, and exits 1.
//
//   node scripts/import-map.mjs            check the tree
//   node scripts/import-map.mjs --print    print the import graph between folders (nodes/) and layers (sandbox/)
//   node scripts/import-map.mjs --root D   check the tree under D (test/unit/importMap.test.ts)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_DIR = 'nodes/Terminal49';

/**
 * nodes/Terminal49: what each folder may import besides itself. Layers go one way:
 * node files → actions / trigger / polling / methods → parameters → views → client → transport → errors,
 * with domain/ (the rules, pure) usable by every layer above it and importing nothing.
 */
export const NODE_MAP = {
	'(node files)': ['actions', 'trigger', 'polling', 'methods', 'parameters', 'views', 'domain'],
	actions: ['parameters', 'views', 'client', 'domain', 'errors'],
	trigger: ['parameters', 'views', 'client', 'domain', 'errors'],
	polling: ['parameters', 'views', 'client', 'domain', 'errors'],
	methods: ['client', 'domain', 'errors'],
	parameters: ['views', 'client', 'domain', 'errors'],
	views: ['client', 'domain', 'errors'],
	client: ['transport', 'domain', 'errors'],
	transport: ['errors', 'credentials'],
	errors: ['domain'],
	domain: [],
};

/** sandbox/: the six layers of sandbox/README.md. A file imports from its own layer or a lower one. */
export const SANDBOX_LAYERS = {
	1: ['index.ts', 'cli.ts'],
	2: ['server.ts', 'router.ts', 'routes/', 'control.ts', 'widget.ts', 'negotiation.ts'],
	3: [
		'app.ts',
		'carrier.ts',
		'container-state.ts',
		'notifications.ts',
		'examples.ts',
		'core.ts',
		'webhooks.ts',
		'rate-limit.ts',
		'faults.ts',
	],
	4: [
		'serializers.ts',
		'reference-resources.ts',
		'account-resources.ts',
		'journey-resources.ts',
		'list-query.ts',
		'list-views.ts',
		'map.ts',
	],
	5: [
		'timeline.ts',
		'pod-deadlines.ts',
		'number-rules.ts',
		'auth.ts',
		'events.ts',
		'party-roles.ts',
		'vessel-positions.ts',
		'geo.ts',
		'seed.ts',
		'generator.ts',
		'fixtures.ts',
		'reference-data.ts',
	],
	6: ['store.ts', 'types.ts', 'jsonapi.ts', 'util.ts'],
};
const LAYER_NAMES = {
	1: 'entry',
	2: 'HTTP',
	3: 'app',
	4: 'documents',
	5: 'domain and data',
	6: 'base',
};

function tsFiles(root, dir) {
	const out = [];
	if (!fs.existsSync(path.join(root, dir))) return out;
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const rel = `${dir}/${entry.name}`;
		if (entry.isDirectory()) out.push(...tsFiles(root, rel));
		else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(rel);
	}
	return out;
}

/** The relative imports of a file (import … from, export … from, import '…', import('…'), require('…')). */
function importsOf(root, file) {
	const text = fs.readFileSync(path.join(root, file), 'utf8');
	const specs = [];
	const re =
		/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;
	for (const m of text.matchAll(re)) {
		const line = text.slice(0, m.index).split('\n').length;
		specs.push({ spec: m[1], line });
	}
	return specs;
}

/** The file an import resolves to (root-relative), or the bare path when it leaves the checked tree. */
function resolve(root, from, spec) {
	const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
	for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
		if (
			fs.existsSync(path.join(root, candidate)) &&
			fs.statSync(path.join(root, candidate)).isFile()
		)
			return candidate;
	}
	return base;
}

function nodeFolder(file) {
	if (file.startsWith('credentials/')) return 'credentials';
	if (!file.startsWith(`${NODE_DIR}/`)) return null;
	const parts = file.slice(NODE_DIR.length + 1).split('/');
	return parts.length === 1 ? '(node files)' : parts[0];
}

function sandboxLayer(file) {
	if (!file.startsWith('sandbox/')) return null;
	const rel = file.slice('sandbox/'.length);
	for (const [layer, names] of Object.entries(SANDBOX_LAYERS))
		if (names.some((name) => (name.endsWith('/') ? rel.startsWith(name) : rel === name)))
			return Number(layer);
	return undefined;
}

/** Every import that breaks the map, as words, and the file graph (for the circle check). */
export function check(root = ROOT) {
	const problems = [];
	const graph = new Map();
	const folderEdges = new Map();
	for (const file of tsFiles(root, NODE_DIR)) {
		const from = nodeFolder(file);
		if (!(from in NODE_MAP)) {
			problems.push(
				`${file}: folder "${from}" is not in the map (scripts/import-map.mjs NODE_MAP)`,
			);
			continue;
		}
		const targets = [];
		for (const { spec, line } of importsOf(root, file)) {
			const target = resolve(root, file, spec);
			targets.push(target);
			if (file.endsWith('.operation.ts') && target.endsWith('.operation.ts'))
				problems.push(`${file}:${line} imports ${target}: an operation never imports another`);
			const to = nodeFolder(target);
			if (to === from) continue;
			folderEdges.set(`${from} → ${to}`, (folderEdges.get(`${from} → ${to}`) ?? 0) + 1);
			if (to === null)
				problems.push(`${file}:${line} imports ${spec}, outside nodes/ and credentials/`);
			else if (!NODE_MAP[from].includes(to))
				problems.push(
					`${file}:${line} imports ${target}: ${from}/ may import only ${NODE_MAP[from].join(', ') || 'nothing outside itself'}`,
				);
		}
		graph.set(file, targets);
	}
	for (const file of tsFiles(root, 'sandbox')) {
		const from = sandboxLayer(file);
		if (from === undefined) {
			problems.push(
				`${file}: not in a layer of the sandbox map (scripts/import-map.mjs SANDBOX_LAYERS)`,
			);
			continue;
		}
		const targets = [];
		for (const { spec, line } of importsOf(root, file)) {
			const target = resolve(root, file, spec);
			const to = sandboxLayer(target);
			if (to === null) continue; // the nodes' own code, used by the sandbox's checks: not a layer
			targets.push(target);
			if (to === undefined) continue; // reported at its own file
			if (target === 'sandbox/app.ts' && from === 3 && file !== 'sandbox/app.ts')
				problems.push(
					`${file}:${line} imports sandbox/app.ts: the app's parts read the app through core.ts`,
				);
			folderEdges.set(
				`sandbox ${from} → ${to}`,
				(folderEdges.get(`sandbox ${from} → ${to}`) ?? 0) + 1,
			);
			if (to < from)
				problems.push(
					`${file}:${line} imports ${target}: layer ${from} (${LAYER_NAMES[from]}) may not import layer ${to} (${LAYER_NAMES[to]}) above it`,
				);
		}
		graph.set(file, targets);
	}
	problems.push(...circles(graph));
	return { problems, folderEdges };
}

/** Import circles between files (each reported once, as the path round it). */
function circles(graph) {
	const found = [];
	const state = new Map(); // 1: on the path, 2: done
	const stack = [];
	const visit = (file) => {
		state.set(file, 1);
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (!graph.has(next)) continue;
			if (state.get(next) === 1)
				found.push(`import circle: ${[...stack.slice(stack.indexOf(next)), next].join(' → ')}`);
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 2);
	};
	for (const file of graph.keys()) if (!state.has(file)) visit(file);
	return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const at = process.argv.indexOf('--root');
	const { problems, folderEdges } = check(at > 0 ? path.resolve(process.argv[at + 1]) : ROOT);
	if (process.argv.includes('--print'))
		for (const [edge, n] of [...folderEdges].sort()) console.log(`${edge}  (${n})`);
	if (problems.length) {
		console.log(
			`import map: ${problems.length} import(s) break the folder map (docs/development.md, "Folder map"):`,
		);
		for (const p of problems) console.log(`  ${p}`);
		process.exit(1);
	}
	console.log('import map: every import of nodes/ and sandbox/ follows the folder map');
}
