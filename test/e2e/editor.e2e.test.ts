/**
 * What a coordinator sees in n8n 2.41's editor, in headless Chromium (test/e2e/editor.ts): the node panel as a
 * person searches it, the README's first workflow built through it and run, the trigger's panel, the example
 * workflows; and every n8n label the README, the trigger's hints and the examples' notes quote, found on the
 * screen. One n8n stack (the packed package, the in-process sandbox) and one browser for the whole file.
 *
 * It also writes the README's screenshots into docs/img/ (first-workflow-table.png, trigger-events.png,
 * example-*.png): every run refreshes them from what the test saw.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { Browser } from 'playwright-core';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { Terminal49Trigger } from '../../nodes/Terminal49/Terminal49Trigger.node';
import { webhookEventOptions } from '../../nodes/Terminal49/domain/events';
import { Editor, launchChromium } from './editor';
import { harness, ROOT, startT49Stack } from './helpers';
import type { T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(300_000);

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const DOCS = 'https://github.com/terminal49/n8n-nodes-terminal49/blob/main/docs/';
const action = new Terminal49().description;
const trigger = new Terminal49Trigger().description;
const polling = new Terminal49PollingTrigger().description;

/** The action node's operations: n8n's panel counts them as its actions. */
const OPERATION_COUNT = action.properties
	.filter((property) => property.name === 'operation')
	.reduce((sum, property) => sum + (property.options ?? []).length, 0);

/** The numbered steps of a README section ("## <title>" up to the next heading). */
function stepsOf(title: string): string {
	const section = README.split(`\n## ${title}\n`)[1].split('\n## ')[0];
	return section
		.split('\n\n')
		.filter((block) => /^\d\. /.test(block))
		.join('\n');
}

/** The labels quoted in bold (`**Add Filter** > **Urgent Only**` gives both). */
function boldLabels(markdown: string): string[] {
	return [...markdown.matchAll(/\*\*([^*]+)\*\*/g)].flatMap((match) =>
		match[1].split(' > ').map((label) => label.trim()),
	);
}

/** The mode labels of every resource locator in `properties` (nested ones in collections too). */
function modeLabels(properties: readonly unknown[]): string[] {
	return (
		properties as Array<{ modes?: Array<{ displayName: string }>; options?: unknown[] }>
	).flatMap((property) => [
		...(property.modes ?? []).map((mode) => mode.displayName),
		...modeLabels((property.options ?? []).filter((option) => typeof option === 'object')),
	]);
}

/** The labels the trigger's panel texts quote ('Execute step', "Stop Listening"). */
function quotedLabels(text: string): string[] {
	return [...text.matchAll(/['"]([A-Z][A-Za-z ]+)['"]/g)].map((match) => match[1]);
}

const TRIGGER_HINTS = [
	trigger.triggerPanel && typeof trigger.triggerPanel === 'object'
		? JSON.stringify(trigger.triggerPanel)
		: '',
].join('\n');

/** The example workflows, with the delivery step each ends with (examples/*.json, test/unit/examples.test.ts). */
const EXAMPLES: Array<{ file: string; runs: boolean; delivery?: string; from?: string }> = [
	{ file: 'lfd-reminder.json', runs: true, delivery: 'Email the Digest' },
	{ file: 'terminal-fees-digest.json', runs: true, delivery: 'Email the Digest' },
	{ file: 'demurrage-risks-digest.json', runs: true, delivery: 'Email the Digest' },
	{ file: 'dd-exposure-digest.json', runs: true, delivery: 'Email the Digest' },
	{ file: 'track-from-list.json', runs: true, delivery: 'Post Rejected to Slack' },
	{ file: 'hold-cleared-alert.json', runs: false, delivery: 'Post to Slack' },
	{ file: 'eta-slipped-alert.json', runs: false, delivery: 'Post to Slack' },
	{ file: 'polling-hold-cleared.json', runs: false, delivery: 'Post to Slack' },
	// two triggers: the first run, by hand, from the morning's (the note says so)
	{ file: 'containers-kept-current.json', runs: true, from: 'Every Morning' },
	{
		file: 'containers-kept-current-sheets.json',
		runs: true,
		delivery: 'Write the Row',
		from: 'Every Morning',
	},
	{ file: 'containers-kept-current-polling.json', runs: false },
	// the CRM boards: their Salesforce and HubSpot steps deactivated (no account here), the first of each the delivery
	{ file: 'crm-salesforce.json', runs: false, delivery: 'Upsert the Container Record' },
	{ file: 'crm-hubspot.json', runs: false, delivery: 'Update the Deal' },
	{ file: 'milestones-to-table.json', runs: false },
	{ file: 'ai-container-assistant.json', runs: false },
];

describe('the n8n 2.41 editor in a browser', () => {
	let t49: T49Stack;
	let browser: Browser;
	let editor: Editor;
	const started = Date.now();
	const timings: string[] = [];
	const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
		const t0 = Date.now();
		try {
			return await run();
		} catch (error) {
			// what the browser showed when it failed, for the one who reads the failure
			const file = path.join(ROOT, '.cache', `editor-e2e-failed-${what.replace(/\W+/g, '-')}.png`);
			fs.mkdirSync(path.dirname(file), { recursive: true });
			await editor?.page.screenshot({ path: file }).catch(() => undefined);
			throw new Error(`${(error as Error).message}\n(screenshot: ${file})`);
		} finally {
			timings.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
		}
	};

	beforeAll(async () => {
		await timed('n8n and the sandbox', async () => {
			t49 = await startT49Stack({
				sandbox: { containers: 40, webhookRetryScale: 0 },
				editor: true,
			});
		});
		await timed('Chromium and sign-in', async () => {
			browser = await launchChromium();
			editor = await Editor.open(browser, t49.stack.baseUrl);
			await editor.signIn(t49.stack.owner.email, t49.stack.owner.password);
		});
	});

	afterAll(async () => {
		if (browser) await browser.close();
		if (t49) await t49.stop();
		process.stderr.write(
			`[editor.e2e] ${((Date.now() - started) / 1000).toFixed(1)} s in all: ${timings.join(', ')}\n`,
		);
	});

	test('the node panel finds "Terminal49 Trigger" and lists its 43 events in words; its panel says how to get a sample', async () => {
		await timed('trigger', async () => {
			await editor.newWorkflow();
			await editor.openNodePanel();
			const found = await editor.search('Terminal49 Trigger');
			// n8n lists the trigger and the action node as one entry, "Terminal49", with the trigger's description
			expect(found[0]).toEqual({
				name: 'Terminal49',
				description: expect.stringMatching(/^Terminal49 Trigger: starts the workflow/),
			});
			expect(found).toContainEqual({
				name: 'Terminal49 Polling',
				description: expect.stringMatching(/^Terminal49 Polling Trigger: /),
			});

			await editor.openEntry('Terminal49');
			expect(await editor.sections()).toContain('Triggers (43)');
			const events = (await editor.listed()).slice(0, 43);
			expect(events).toEqual(webhookEventOptions().map((option) => option.action));
			expect(events).toEqual(
				expect.arrayContaining(['Container Created', 'Document Extracted', 'Feeder Arrived']),
			);
			expect(events.filter((name) => /^On /.test(name))).toEqual([]);
			await editor.screenshot(
				'trigger-events.png',
				editor.page.locator('[data-test-id="node-creator"]'),
			);

			await editor.pick('Container Created');
			const panel = await editor.remember();
			expect(panel).toContain('Terminal49 Trigger');
			// the Events field names the event as the node panel does, without its group again
			expect(panel).toContain('Container Created');
			expect(panel).not.toContain('Container: Container Created');
			expect(panel).toContain('Get a sample Terminal49 event');
			expect(panel).toContain('Click "Execute step": Terminal49 sends a signed sample');
			const button = editor.ndv.locator('[data-test-id="trigger-execute-button"]');
			await expect(button.innerText()).resolves.toBe('Execute step');
			await expect(
				editor.ndv.getByRole('link', { name: /Docs/ }).first().getAttribute('href'),
			).resolves.toBe(`${DOCS}trigger.md`);
			// the help under "When will this node trigger my flow?": both truths about localhost
			await editor.ndv.getByText('When will this node trigger my flow?').click();
			const help = await editor.remember();
			expect(help).toContain("click 'Execute step'");
			expect(help).toContain('With a Terminal49 stand-in on the same machine');

			// Execute step: the sandbox is asked for the sample (delayed 2.5 s here, so that n8n's listening state
			// can be seen), then it arrives on this localhost n8n
			t49.sandbox.injectFault({ kind: 'slow', path: 'webhooks/trigger', delayMs: 2500, count: 1 });
			await button.click();
			await editor.ndv.getByText('Stop Listening').first().waitFor({ timeout: 5_000 });
			await editor.remember();
			const output = editor.ndv.locator('[data-test-id="output-panel"]');
			await output.getByText('container.created').first().waitFor({ timeout: 30_000 });
			const sample = await editor.remember();
			expect(sample).toContain('1 item');
			await editor.closeNdv();
			expect(await editor.canvasNodes()).toContainEqual(
				expect.arrayContaining(['Terminal49 Trigger', 'Container Created']),
			);
			// the header's Publish
			await expect(
				editor.page.locator('[data-test-id="workflow-open-publish-modal-button"]').innerText(),
			).resolves.toContain('Publish');
			await editor.remember();
		});
	});

	test("the README's first workflow, built through the node panel and run: Manual Trigger → Get many containers, Return All", async () => {
		await timed('first workflow', async () => {
			await editor.newWorkflow();
			await editor.openNodePanel();
			expect((await editor.search('Manual'))[0].name).toBe('Manual Trigger');
			await editor.page
				.locator('[data-test-id="node-creator-item-name"]')
				.getByText('Manual Trigger', { exact: true })
				.click();
			await editor.canvasNode('When clicking ‘Execute workflow’').waitFor();

			await editor.openNodePanel();
			const found = await editor.search('Terminal49');
			expect(found.map((entry) => entry.name)).toEqual(['Terminal49', 'Terminal49 Polling']);
			await editor.openEntry('Terminal49');
			// the panel's count is the node's operations, and the README says that number
			expect(OPERATION_COUNT).toBe(82);
			expect(await editor.sections()).toContain(`Actions (${OPERATION_COUNT})`);
			expect(README).toContain(`Its ${OPERATION_COUNT} operations`);
			expect(README).toContain(`${OPERATION_COUNT} actions`);

			await editor.pick('Get many containers');
			await editor.toggle('returnAll');
			// Output's choices, as the README names them (Simplified is the default)
			await editor.choose('output', 'Simplified');
			const panel = await editor.remember();
			for (const shown of ['Container', 'Get Many', 'Return All', 'Terminal49 sandbox'])
				expect([shown, panel.includes(shown)]).toEqual([shown, true]);
			await expect(
				editor.ndv.getByRole('link', { name: /Docs/ }).first().getAttribute('href'),
			).resolves.toBe(`${DOCS}operations.md`);
			expect(await editor.clippedInputs()).toEqual([]);
			await editor.closeNdv();
			expect(await editor.canvasNodes()).toContainEqual(
				expect.arrayContaining(['Get many containers', 'Get Many: Container']),
			);

			await editor.executeWorkflow();
			expect(editor.showed('Workflow executed successfully')).toBe(true);
			expect(await editor.canvasNodes()).toContainEqual(
				expect.arrayContaining(['40 items', 'Get many containers']),
			);
			await editor.openNode('Get many containers');
			const columns = await editor.outputColumns();
			// the table's first columns are the item's first fields, in order
			const workflowId = /\/workflow\/([^/?#]+)/.exec(editor.page.url())![1];
			const [execution] = await t49.stack.client.waitForExecutions({
				workflowId,
				count: 1,
				includeData: true,
			});
			const items = harness.nodeOutput(execution, 'Get many containers')!;
			expect(items).toHaveLength(40);
			expect(columns.slice(0, 8)).toEqual(Object.keys(items[0]).slice(0, 8));
			// Output Simplified (node version 2, the default) is the coordinator's view: the container's number,
			// its status and where it is first, every field in a column (n8n shows 40 and otherwise says
			// "Some columns are hidden", with the answer cut off)
			expect(columns.slice(0, 3)).toEqual(['container_number', 'status', 'location']);
			expect(columns).toEqual(Object.keys(items[0]));
			expect(columns.length).toBeLessThanOrEqual(40);
			await expect(editor.ndv.getByText('Some columns are hidden').count()).resolves.toBe(0);
			await editor.screenshot('first-workflow-table.png');

			// step 3: Add Filter > Urgent Only, Sort By > Last Free Day, run again: fewer, the urgent ones
			await editor.addToCollection('Add Filter', 'Urgent Only');
			await editor.choose('sortBy', 'Last Free Day');
			await editor.remember();
			await editor.closeNdv();
			await editor.executeWorkflow();
			// the toast can come before the canvas draws the run's item count: wait for the count
			const count = await harness.waitFor(
				'the item count of Get many containers on the canvas',
				async () =>
					(await editor.canvasNodes())
						.find((lines) => lines.includes('Get many containers'))
						?.map((line) => /^(\d+) items?$/.exec(line)?.[1])
						.find(Boolean),
				{ timeoutMs: 15_000, intervalMs: 200 },
			);
			expect(Number(count)).toBeGreaterThan(0);
			expect(Number(count)).toBeLessThan(40);
		});
	});

	test('Container > Get starts at Number, and no locator mode label of the three nodes is cut off at 1440 px', async () => {
		await timed('locator modes', async () => {
			await editor.openNodePanel();
			await editor.search('Terminal49');
			await editor.openEntry('Terminal49');
			await editor.pick('Get where a container is by its number or ID');
			const mode = editor.ndv.locator('[class*="_modeSelector_"] input').first();
			await expect(mode.inputValue()).resolves.toBe('Number');
			await expect(
				editor.ndv.locator('input[placeholder="e.g. MSCU1234566"]').count(),
			).resolves.toBe(1);
			const labels = [
				...new Set([action, trigger, polling].flatMap((node) => modeLabels(node.properties))),
			];
			expect(labels).toEqual(expect.arrayContaining(['Number', 'By ID', 'From list', 'Locode']));
			expect(await editor.clippedModeLabels(labels)).toEqual([]);
			// the measure can fail: the label of before, in the same box, is cut ("By Numb")
			expect(await editor.clippedModeLabels(['By Number'])).toEqual(['By Number']);
			expect(await editor.clippedInputs()).toEqual([]);
			await editor.closeNdv();
		});
	});

	test('each example in the editor: its last node is the delivery step, deactivated, with a note that says what to set', async () => {
		await timed('examples', async () => {
			for (const [i, example] of EXAMPLES.entries()) {
				const t0 = Date.now();
				const workflow: WorkflowJson = JSON.parse(
					fs.readFileSync(path.join(ROOT, 'examples', example.file), 'utf8'),
				);
				const created = await t49.stack.client.createWorkflow(t49.bind(workflow));
				// the first by its page (the test before leaves an unsaved workflow), the others from the one before
				const steps = workflow.nodes
					.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
					.map((node) => String(node.name));
				await editor.openWorkflow(created.id, steps, { inApp: i > 0 });
				if (example.runs && example.from) await editor.executeWorkflowFrom(example.from);
				else if (example.runs) await editor.executeWorkflow();
				const screen = await editor.remember();
				const notes = workflow.nodes
					.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
					.map((node) =>
						String(node.parameters.content)
							.split('\n')[0]
							.replace(/^#+\s*/, ''),
					);
				for (const title of notes)
					expect([example.file, screen]).toEqual([example.file, expect.stringContaining(title)]);
				const name = example.file.replace(/\.json$/, '');
				await editor.screenshot(`example-${name}.png`);
				if (example.file === 'containers-kept-current.json') {
					// the board its run filled: n8n's page of the Data Table (README, docs/examples.md)
					const tables = await t49.stack.client.api('GET', '/data-tables?limit=100');
					const board = (tables.data || []).find((t: any) => t.name === 'terminal49_containers');
					expect(board).toBeDefined();
					await editor.openDataTable(board.projectId, board.id, 'MSCU4949012');
					await editor.screenshot('board-table.png');
					await editor.openWorkflow(created.id, steps);
				}
				if (!example.delivery) continue;
				expect(await editor.canvasNodes()).toContainEqual(
					expect.arrayContaining([example.delivery, '(Deactivated)']),
				);
				// n8n's context menu offers "Activate", as the note says
				expect(await editor.contextMenu(example.delivery)).toMatch(/^Activate$/m);
				// its panel: the fields the note names; for a run, the message it would deliver as its input
				await editor.openNode(example.delivery);
				if (example.runs) await editor.screenshot(`example-${name}-last-node.png`);
				await editor.closeNdv();
				timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
			}
		});
	});

	test("every label the README, the trigger's hints and the examples' notes quote was on the screen; no n8n 1.x label", () => {
		const quoted = [
			...boldLabels(stepsOf('Your first workflow in five minutes')),
			...boldLabels(stepsOf('Terminal49 Trigger')),
			...quotedLabels(TRIGGER_HINTS),
			...EXAMPLES.flatMap((example) =>
				JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', example.file), 'utf8'))
					.nodes.filter((node: any) => node.type === 'n8n-nodes-base.stickyNote')
					.filter((node: any) => String(node.parameters.content).startsWith('## Deliver it'))
					.flatMap((node: any) => boldLabels(String(node.parameters.content))),
			),
		];
		expect(quoted).toEqual(
			expect.arrayContaining(['Execute workflow', 'Execute step', 'Stop Listening', 'Publish']),
		);
		const missing = [...new Set(quoted)].filter((label) => !editor.showed(label));
		expect(missing).toEqual([]);
		// n8n 1.x's words where 2.41 says otherwise
		const ours = [
			stepsOf('Your first workflow in five minutes'),
			stepsOf('Terminal49 Trigger'),
			TRIGGER_HINTS,
		];
		for (const text of ours) {
			expect(text).not.toMatch(
				/Listen for test event|Test workflow|Test step|activate the workflow/i,
			);
		}
	});
});
