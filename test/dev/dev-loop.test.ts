/**
 * The edit loop of `npm run dev` (scripts/dev-loop.js) on a throwaway copy of the package: after an edit of
 * a node's description, tsc --watch rebuilds and only the changed files reach the package folder n8n loaded;
 * an icon edit is copied too. (That n8n reloads such a change without a restart: test/e2e/dev-reload.e2e.test.ts.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { startDevLoop } = require('../../scripts/dev-loop.js') as {
	startDevLoop(o: {
		installed: string;
		say: (line: string) => void;
		root: string;
	}): Promise<{ stop(): void }>;
};

const ROOT = join(__dirname, '..', '..');
jest.setTimeout(120_000);

async function until(what: string, check: () => boolean, timeoutMs = 60_000) {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		try {
			if (check()) return;
		} catch {
			// not there yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`timed out waiting for ${what}`);
}

test('a description edit is rebuilt and copied into the installed package; so is an icon', async () => {
	const work = mkdtempSync(join(tmpdir(), 't49-dev-'));
	const root = join(work, 'checkout');
	const installed = join(work, 'n8n', 'node_modules', 'n8n-nodes-terminal49');
	for (const entry of [
		'nodes',
		'credentials',
		'package.json',
		'tsconfig.json',
		'tsconfig.build.json',
	]) {
		cpSync(join(ROOT, entry), join(root, entry), { recursive: true });
	}
	symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
	// The loop's first build (tsc --watch compiles everything once) fills the installed package, as it does
	// for `npm run dev`: no separate tsc build first (a third whole compile, which under a loaded CI run
	// pushed this test past its time).
	const lines: string[] = [];
	const loop = await startDevLoop({ installed, root, say: (line) => lines.push(line) });
	try {
		const source = join(root, 'nodes', 'Terminal49', 'Terminal49.node.ts');
		const built = join(installed, 'dist', 'nodes', 'Terminal49', 'Terminal49.node.js');
		const other = join(installed, 'dist', 'nodes', 'Terminal49', 'Terminal49Trigger.node.js');
		expect(readFileSync(built, 'utf8')).toContain('Track ocean containers with Terminal49:');
		const untouched = readFileSync(other, 'utf8');
		const marker = `edited ${Date.now()}`;
		writeFileSync(
			source,
			readFileSync(source, 'utf8').replace(
				'Track ocean containers with Terminal49:',
				`Track ocean containers with Terminal49 (${marker}):`,
			),
		);
		await until('the rebuilt node in the installed package', () =>
			readFileSync(built, 'utf8').includes(marker),
		);
		expect(readFileSync(other, 'utf8')).toBe(untouched);
		expect(lines.some((line) => /dev: rebuilt in [\d.]+ s, 1 file\(s\) to n8n/.test(line))).toBe(
			true,
		);

		const icon = join(root, 'nodes', 'Terminal49', 'terminal49.svg');
		writeFileSync(icon, readFileSync(icon, 'utf8').replace('#0B3D91', '#0B3D92'));
		await until('the icon in the installed package', () =>
			readFileSync(
				join(installed, 'dist', 'nodes', 'Terminal49', 'terminal49.svg'),
				'utf8',
			).includes('#0B3D92'),
		);
	} finally {
		loop.stop();
		rmSync(work, { recursive: true, force: true });
	}
});
