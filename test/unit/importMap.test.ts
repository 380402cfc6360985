/**
 * The folder map check of `npm run lint` (scripts/import-map.mjs), run on a copy of the tree: it passes on the
 * tree as it is and fails, naming the file, the line and the rule, on each kind of wrong import.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'import-map.mjs');

let copy: string;

beforeAll(() => {
	copy = fs.mkdtempSync(path.join(os.tmpdir(), 'import-map-'));
	for (const dir of ['nodes', 'credentials', 'sandbox'])
		fs.cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true });
});

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

function run() {
	const result = spawnSync(process.execPath, [SCRIPT, '--root', copy], { encoding: 'utf8' });
	return { code: result.status, out: result.stdout + result.stderr };
}

/** Add a line at the top of a copied file, run the check, and take the line back out. */
function withLine(file: string, line: string) {
	const target = path.join(copy, file);
	const before = fs.readFileSync(target, 'utf8');
	fs.writeFileSync(target, `${line}\n${before}`);
	try {
		return run();
	} finally {
		fs.writeFileSync(target, before);
	}
}

test('the tree as it is follows the map', () => {
	expect(run()).toEqual({
		code: 0,
		out: expect.stringContaining('every import of nodes/ and sandbox/ follows the folder map'),
	});
});

test('the client importing a view fails, naming the file, the line and what client/ may import', () => {
	const { code, out } = withLine(
		'nodes/Terminal49/client/containers.ts',
		"import type { OutputKind } from '../views';",
	);
	expect(code).toBe(1);
	expect(out).toContain(
		'nodes/Terminal49/client/containers.ts:1 imports nodes/Terminal49/views/index.ts: client/ may import only transport, domain, errors',
	);
});

test('a domain rule importing anything outside domain/ fails (type-only imports count)', () => {
	const { code, out } = withLine(
		'nodes/Terminal49/domain/deadlines.ts',
		"import type { Take } from '../client';",
	);
	expect(code).toBe(1);
	expect(out).toContain('domain/ may import only nothing outside itself');
});

test('the polling trigger importing the webhook trigger fails', () => {
	const { code, out } = withLine(
		'nodes/Terminal49/polling/poll.ts',
		"import { receiveDelivery } from '../trigger/webhook';",
	);
	expect(code).toBe(1);
	expect(out).toContain('polling/ may import only');
});

test('an operation importing another operation fails', () => {
	const { code, out } = withLine(
		'nodes/Terminal49/actions/container/get.operation.ts',
		"import * as other from './getAll.operation';",
	);
	expect(code).toBe(1);
	expect(out).toContain('an operation never imports another');
});

test('a circle of imports fails, shown as the path round it', () => {
	// deadlines.ts imports calendar.ts
	const circle = withLine(
		'nodes/Terminal49/domain/calendar.ts',
		"import { containerDeadlines } from './deadlines';",
	);
	expect(circle.code).toBe(1);
	expect(circle.out).toMatch(/import circle: .*calendar\.ts → .*deadlines\.ts → .*calendar\.ts/);
});

test('a sandbox layer importing a layer above it fails; an app part importing app.ts fails', () => {
	const up = withLine('sandbox/store.ts', "import type { SandboxApp } from './app';");
	expect(up.code).toBe(1);
	expect(up.out).toContain(
		'sandbox/store.ts:1 imports sandbox/app.ts: layer 6 (base) may not import layer 3 (app) above it',
	);
	const part = withLine('sandbox/carrier.ts', "import type { SandboxApp } from './app';");
	expect(part.code).toBe(1);
	expect(part.out).toContain("the app's parts read the app through core.ts");
});

test('a new file outside the map fails until the map says where it belongs', () => {
	fs.writeFileSync(path.join(copy, 'sandbox', 'stray.ts'), 'export const x = 1;\n');
	try {
		const { code, out } = run();
		expect(code).toBe(1);
		expect(out).toContain('sandbox/stray.ts: not in a layer of the sandbox map');
	} finally {
		fs.rmSync(path.join(copy, 'sandbox', 'stray.ts'));
	}
});
