/**
 * Shared setup for the e2e tests in real n8n 2.41.1 (see scripts/n8n/index.js for the harness).
 * `npm run test:e2e` builds first; here we only make sure n8n is installed and pack the package.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as harness from '../../scripts/n8n';

export { harness };
export type { Execution, Stack, WorkflowJson } from '../../scripts/n8n';

export const ROOT = path.resolve(__dirname, '..', '..');
export const PROBE_PACKAGE = path.join(__dirname, 'fixtures', 'n8n-nodes-probe');
export const NODE_TYPES = {
	action: 'n8n-nodes-terminal49.terminal49',
	trigger: 'n8n-nodes-terminal49.terminal49Trigger',
	credential: 'terminal49Api',
};

let packed: string | undefined;

/** Install n8n (+ Redis) once into .cache, build if dist/ is missing, and `npm pack` the package. */
export function packedPackage(): string {
	if (packed) return packed;
	harness.ensureN8n({ stdio: 'ignore' });
	const build = !fs.existsSync(path.join(ROOT, 'dist')) || process.env.E2E_BUILD === '1';
	packed = harness.buildAndPack({ build });
	return packed;
}

/** True when the package's compiled output contains `file` (lets smoke tests run before a node exists). */
export function distHas(file: string): boolean {
	return fs.existsSync(path.join(ROOT, 'dist', file));
}

/** A two-node workflow: `trigger` → NoOp named "Out". */
export function triggerToNoOp(name: string, trigger: Record<string, unknown>): harness.WorkflowJson {
	const triggerName = String(trigger.name);
	return {
		name,
		nodes: [
			{ position: [0, 0], ...trigger },
			{ id: 'out', name: 'Out', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { [triggerName]: { main: [[{ node: 'Out', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
