/**
 * The other half of `npm run dev` (scripts/dev-loop.js copies rebuilt files into the package n8n loaded): real
 * n8n 2.41 started with N8N_DEV_RELOAD=true reloads the package's node types when a file of the installed
 * package changes, and serves the changed description to the editor without a restart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { harness, packedPackage } from './helpers';

jest.setTimeout(180_000);

describe('n8n dev reload (N8N_DEV_RELOAD=true)', () => {
	let stack: harness.Stack;

	beforeAll(async () => {
		stack = await harness.startStack({ tgz: packedPackage(), env: { N8N_DEV_RELOAD: 'true' } });
	});

	afterAll(async () => {
		if (stack) await stack.stop();
	});

	test('a changed description in the installed package reaches the editor within seconds, no restart', async () => {
		const nodeTypes = async () =>
			(
				await stack.client.request('GET', '/types/nodes.json', {
					headers: { cookie: stack.client.cookie ?? '' },
					timeoutMs: 30_000,
				})
			).body;
		const description = (types: Array<{ name: string; description: string }>) =>
			types.find((type) => type.name === 'n8n-nodes-terminal49.terminal49')?.description;
		expect(description(await nodeTypes())).toMatch(/^Track ocean containers with Terminal49/);

		const file = join(
			stack.userFolder,
			'.n8n',
			'nodes',
			'node_modules',
			'n8n-nodes-terminal49',
			'dist',
			'nodes',
			'Terminal49',
			'Terminal49.node.js',
		);
		const original = readFileSync(file, 'utf8');
		const pid = stack.main.proc.pid;
		// n8n subscribes its file watchers a moment after it reports ready: an edit made before that is not
		// seen, so the edit is made again (with a new marker) until one is, and that one is timed.
		let seconds = Infinity;
		for (let attempt = 1; attempt <= 5 && seconds === Infinity; attempt++) {
			const marker = `reloaded ${attempt} ${Date.now()}`;
			const t0 = Date.now();
			writeFileSync(
				file,
				original.replace(
					'Track ocean containers with Terminal49:',
					`Track ocean containers with Terminal49 (${marker}):`,
				),
			);
			const seen = await harness
				.waitFor(
					'the new description',
					async () => (description(await nodeTypes()) ?? '').includes(marker),
					{ timeoutMs: 15_000, intervalMs: 200 },
				)
				.then(() => true)
				.catch(() => false);
			if (seen) seconds = (Date.now() - t0) / 1000;
		}
		// eslint-disable-next-line no-console
		console.log(`n8n reloaded the changed node description in ${seconds.toFixed(1)} s`);
		expect(seconds).toBeLessThan(30);
		expect(stack.main.proc.pid).toBe(pid);
		expect(stack.main.proc.isRunning()).toBe(true);
		expect(stack.logs()).toContain('Hot reload triggered for n8n-nodes-terminal49');
	});
});
