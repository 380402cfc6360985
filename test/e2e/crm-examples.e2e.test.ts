/**
 * The CRM examples (examples/crm-salesforce.json, examples/crm-hubspot.json, issue 49) checked by n8n 2.41.1's own
 * node descriptions, as the Google Sheets board is (test/e2e/examples.e2e.test.ts): they cannot run here without a
 * Salesforce or HubSpot account, so each of their n8n steps is given to n8n's code (test/e2e/nodeDescription.js, on
 * the Node n8n runs on): the version a new node gets, the resource and operation, every parameter kept as written
 * (n8n drops one it does not know or that does not show) and no issue the editor would flag. Their keys and
 * field mappings: test/unit/crmExamples.test.ts. No n8n process is started.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { harness, ROOT } from './helpers';
import type { WorkflowJson } from './helpers';

/** n8n's types of the steps the CRM examples use: their module in n8n-nodes-base and its export. */
const TYPES: Record<string, [string, string]> = {
	'n8n-nodes-base.salesforce': [
		'n8n-nodes-base/dist/nodes/Salesforce/Salesforce.node.js',
		'Salesforce',
	],
	'n8n-nodes-base.hubspot': ['n8n-nodes-base/dist/nodes/Hubspot/Hubspot.node.js', 'Hubspot'],
	'n8n-nodes-base.if': ['n8n-nodes-base/dist/nodes/If/If.node.js', 'If'],
	'n8n-nodes-base.splitInBatches': [
		'n8n-nodes-base/dist/nodes/SplitInBatches/SplitInBatches.node.js',
		'SplitInBatches',
	],
};

interface N8nView {
	defaultVersion: number | null;
	versions: number[];
	resource: string | null;
	operation: string | null;
	operations: string[];
	kept: Record<string, unknown>;
	issues: unknown;
}

/** What n8n 2.41.1 makes of one step of an example. */
function n8nView(file: string, nodeName: string, type: string): N8nView {
	const [module, exported] = TYPES[type];
	const run = spawnSync(
		harness.paths.NODE24,
		[
			path.join(__dirname, 'nodeDescription.js'),
			harness.paths.CACHE,
			module,
			exported,
			path.join(ROOT, 'examples', file),
			nodeName,
		],
		{ encoding: 'utf8' },
	);
	if (run.status !== 0) throw new Error(run.stderr);
	return JSON.parse(run.stdout) as N8nView;
}

const example = (file: string): WorkflowJson =>
	JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8'));

/** The newest version n8n 2.41.1 gives a new node of the type (its default version, else the highest). */
const newest = (view: N8nView) => view.defaultVersion ?? Math.max(...view.versions);

describe.each([
	[
		'crm-salesforce.json',
		{
			'Upsert the Container Record': ['customObject', 'upsert'],
			'Find or Create the Container Record': ['customObject', 'upsert'],
			'Add the Milestone': ['customObject', 'upsert'],
		},
	],
	[
		'crm-hubspot.json',
		{
			'One Container at a Time': [null, null],
			'Find the Deal': ['deal', 'search'],
			'Deal Found?': [null, null],
			'Update the Deal': ['deal', 'update'],
			'Create the Deal': ['deal', 'create'],
			'Find the Deal of the Milestone': ['deal', 'search'],
			'Deal of the Milestone Found?': [null, null],
			'Log the Milestone': ['engagement', 'create'],
		},
	],
] as const)(
	"%s, by n8n 2.41.1's own node descriptions",
	(file, steps: Record<string, readonly [string | null, string | null]>) => {
		const workflow = example(file);

		test('every step of n8n-nodes-base it adds is one of those checked here', () => {
			const added = workflow.nodes
				.filter((node) => TYPES[node.type])
				.map((node) => node.name)
				.sort();
			expect(added).toEqual(Object.keys(steps).sort());
		});

		test.each(Object.entries(steps))(
			'%s: the newest version, its resource and operation, every parameter kept as written, no issue',
			(name, [resource, operation]) => {
				const node = workflow.nodes.find((n) => n.name === name)!;
				const n8n = n8nView(file, name, node.type);
				expect(node.typeVersion).toBe(newest(n8n));
				expect(n8n.resource).toBe(resource);
				expect(n8n.operation).toBe(operation);
				if (operation) expect(n8n.operations).toContain(operation);
				expect(n8n.kept).toEqual(node.parameters);
				expect(n8n.issues).toBeNull();
			},
		);
	},
);
