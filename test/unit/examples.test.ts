/**
 * The example workflows (examples/*.json) without n8n: no Code node, only n8n's own nodes and this package's,
 * expressions a non-programmer can read (field references and simple joins, no JavaScript blocks), and the
 * identities `npm start` and users rely on (ids, names, credential, webhook paths, the data table).
 * Running them is test/e2e/examples.e2e.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { name as packageName } from '../../package.json';
import { INVOICE_FIELDS } from '../../nodes/Terminal49/parameters/invoiceFields';
import { ROW_COLUMNS } from '../helpers/rowColumns';

const DIR = join(__dirname, '..', '..', 'examples');
const FILES = readdirSync(DIR)
	.filter((file) => file.endsWith('.json'))
	.sort();

interface ExampleNode {
	name: string;
	type: string;
	typeVersion?: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}
interface Example {
	id: string;
	name: string;
	nodes: ExampleNode[];
	/** `main`, or an AI sub-node's `ai_languageModel`, `ai_memory`, `ai_tool` link to its agent. */
	connections: Record<string, Record<string, Array<Array<{ node: string }>>>>;
}
/** n8n's AI nodes the chat assistant uses (package @n8n/n8n-nodes-langchain, part of n8n). */
const AI_TYPES = [
	'@n8n/n8n-nodes-langchain.chatTrigger',
	'@n8n/n8n-nodes-langchain.agent',
	'@n8n/n8n-nodes-langchain.lmChatOpenAi',
	'@n8n/n8n-nodes-langchain.memoryBufferWindow',
	'@n8n/n8n-nodes-langchain.informationExtractor',
];
const examples: Array<[string, Example]> = FILES.map((file) => [
	file,
	JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Example,
]);

/** Every string of a parameter tree. */
function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(strings);
	if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
	return [];
}

const CODE_TYPES = /\.(code|function|functionItem|aiTransform|executeCommand)$/i;

test('seventeen examples, as npm start and the docs list them', () => {
	expect(FILES).toEqual([
		'ai-container-assistant.json',
		'check-dnd-invoice-pdf.json',
		'check-dnd-invoices.json',
		'containers-kept-current-polling.json',
		'containers-kept-current-sheets.json',
		'containers-kept-current.json',
		'crm-hubspot.json',
		'crm-salesforce.json',
		'dd-exposure-digest.json',
		'demurrage-risks-digest.json',
		'eta-slipped-alert.json',
		'hold-cleared-alert.json',
		'lfd-reminder.json',
		'milestones-to-table.json',
		'polling-hold-cleared.json',
		'terminal-fees-digest.json',
		'track-from-list.json',
	]);
	const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'examples.md'), 'utf8');
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
	for (const file of FILES) {
		expect(docs).toContain(`(\`${file}\`)`);
		expect(readme).toContain(`(\`${file}\`)`);
	}
});

test('no Code node: 0 in all examples', () => {
	const code = examples.flatMap(([file, wf]) =>
		wf.nodes.filter((node) => CODE_TYPES.test(node.type)).map((node) => `${file}: ${node.name}`),
	);
	expect(code).toEqual([]);
});

test.each(examples)("%s: every node is one of n8n's or this package's", (_file, wf) => {
	for (const node of wf.nodes) {
		expect([
			node.type.startsWith('n8n-nodes-base.'),
			...AI_TYPES,
			`${packageName}.terminal49`,
			`${packageName}.terminal49Tool`,
			`${packageName}.terminal49Trigger`,
			`${packageName}.terminal49PollingTrigger`,
		]).toContain(node.type.startsWith('n8n-nodes-base.') ? true : node.type);
	}
	// every Terminal49 node uses the credential npm start creates
	for (const node of wf.nodes.filter((n) => n.type.startsWith(`${packageName}.`))) {
		expect(node.credentials).toEqual({
			terminal49Api: { id: 't49SandboxCred01', name: 'Terminal49 (sandbox)' },
		});
	}
	// connections name existing nodes
	const names = new Set(wf.nodes.map((n) => n.name));
	expect(names.size).toBe(wf.nodes.length);
	for (const [from, outputs] of Object.entries(wf.connections)) {
		expect(names).toContain(from);
		for (const link of Object.values(outputs).flat(2)) expect(names).toContain(link.node);
	}
});

test.each(examples)(
	'%s: expressions are field references and simple joins, no code',
	(_file, wf) => {
		for (const node of wf.nodes) {
			for (const text of strings(node.parameters)) {
				for (const [, body] of text.matchAll(/\{\{([\s\S]*?)\}\}/g)) {
					expect([node.name, body]).toEqual([node.name, expect.not.stringMatching(/\n/)]);
					expect([node.name, body]).toEqual([
						node.name,
						expect.not.stringMatching(
							/=>|\bfunction\b|\breturn\b|;|\bnew\s|\bconst\b|\blet\b|\bfor\b/,
						),
					]);
					expect(body.length).toBeLessThan(80);
				}
			}
		}
	},
);

test('ids, names, webhook paths and the data table are kept', () => {
	const byFile = Object.fromEntries(examples);
	expect(Object.fromEntries(examples.map(([file, wf]) => [file, [wf.id, wf.name]]))).toEqual({
		'ai-container-assistant.json': [
			't49ExAiAssistant',
			'Terminal49: container assistant (AI agent chat)',
		],
		'check-dnd-invoice-pdf.json': [
			't49ExDndInvoicePdf',
			'Terminal49: check a D&D invoice from its PDF',
		],
		'check-dnd-invoices.json': ['t49ExDndInvoices', 'Terminal49: check D&D invoices (Data Table)'],
		'containers-kept-current.json': [
			't49ExBoard',
			'Terminal49: containers kept current (Data Table)',
		],
		'containers-kept-current-polling.json': [
			't49ExBoardPolling',
			'Terminal49: containers kept current (Data Table, polling, no public URL)',
		],
		'containers-kept-current-sheets.json': [
			't49ExBoardSheets',
			'Terminal49: containers kept current (Google Sheets)',
		],
		'crm-hubspot.json': ['t49ExCrmHubspot', 'Terminal49: containers kept current in HubSpot (CRM)'],
		'crm-salesforce.json': [
			't49ExCrmSalesforce',
			'Terminal49: containers kept current in Salesforce (CRM)',
		],
		'dd-exposure-digest.json': [
			't49ExDdExposure',
			"Terminal49: today's D&D exposure (daily digest)",
		],
		'demurrage-risks-digest.json': [
			't49ExDemurrageRisks',
			"Terminal49: today's demurrage risks (daily digest)",
		],
		'eta-slipped-alert.json': ['t49ExEtaSlipped', 'Terminal49: ETA slipped alert'],
		'hold-cleared-alert.json': ['t49ExHoldCleared', 'Terminal49: hold cleared alert'],
		'lfd-reminder.json': ['t49ExLfdReminder', 'Terminal49: LFD reminder (daily digest)'],
		'milestones-to-table.json': ['t49ExMilestones', 'Terminal49: milestones to a table'],
		'polling-hold-cleared.json': [
			't49ExPollingHolds',
			'Terminal49: hold cleared alert (polling, no public URL)',
		],
		'terminal-fees-digest.json': ['t49ExFeesDigest', 'Terminal49: terminal fees digest (daily)'],
		'track-from-list.json': ['t49ExTrackFromList', 'Terminal49: track from a list'],
	});
	const webhookIds = examples.flatMap(([, wf]) =>
		wf.nodes.filter((n) => n.webhookId).map((n) => n.webhookId),
	);
	expect(webhookIds.sort()).toEqual([
		't49-example-ai-assistant',
		't49-example-board',
		't49-example-board-sheets',
		't49-example-crm-hubspot',
		't49-example-crm-hubspot-milestones',
		't49-example-crm-salesforce',
		't49-example-crm-salesforce-milestones',
		't49-example-dnd-invoice-pdf',
		't49-example-eta-slipped',
		't49-example-hold-cleared',
		't49-example-milestones',
	]);
	// Milestones: the table is created as terminal49_milestones and rows are upserted on notification_id
	const milestones = byFile['milestones-to-table.json'].nodes;
	const ensure = milestones.find((n) => n.name === 'Ensure Milestones Table')!;
	expect(ensure.parameters).toMatchObject({
		resource: 'table',
		operation: 'create',
		tableName: 'terminal49_milestones',
	});
	const upsert = milestones.find((n) => n.name === 'Upsert Row by Notification ID')!;
	expect(upsert.type).toBe('n8n-nodes-base.dataTable');
	expect(upsert.parameters).toMatchObject({
		resource: 'row',
		operation: 'upsert',
		dataTableId: { value: 'terminal49_milestones' },
		filters: {
			conditions: [
				{ keyName: 'notification_id', condition: 'eq', keyValue: '={{ $json.notification_id }}' },
			],
		},
	});
});

/** n8n's delivery nodes an example may end with: mail, Slack, a Google Sheet, or a row of n8n's own Data Table. */
const DELIVERY_TYPES = [
	'n8n-nodes-base.emailSend',
	'n8n-nodes-base.slack',
	'n8n-nodes-base.googleSheets',
];
/** What a delivery step's note tells the user to click to give it its credential. */
const CONNECT: Record<string, RegExp> = {
	'n8n-nodes-base.emailSend': /\*\*Connect to SMTP\*\*/,
	'n8n-nodes-base.slack': /\*\*Connect to Slack\*\*/,
	'n8n-nodes-base.googleSheets':
		/\*\*Google Sheets account\*\* credential \(\*\*Sign in with Google\*\*\)/,
};
const STICKY = 'n8n-nodes-base.stickyNote';

/** The nodes nothing runs after (sticky notes left out). */
function lastNodes(wf: Example): ExampleNode[] {
	return wf.nodes.filter(
		(node) =>
			node.type !== STICKY &&
			!Object.values(wf.connections[node.name] ?? {})
				.flat()
				.some((output) => output.length > 0),
	);
}

test.each(examples)(
	'%s: ends with a delivery step, deactivated until the user sets a credential, and a sticky note says so',
	(_file, wf) => {
		const notes = wf.nodes
			.filter((node) => node.type === STICKY)
			.map((node) => String(node.parameters.content));
		// a note a user reads on the canvas explains the example's rule (which items, when it alerts)
		expect(notes.length).toBeGreaterThan(0);
		const delivery = wf.nodes.filter((node) => DELIVERY_TYPES.includes(node.type));
		if (wf.id === 't49ExAiAssistant') {
			// it answers in the chat: the agent is its last step, no credential to set but the model's
			expect(delivery).toEqual([]);
			expect(lastNodes(wf).map((node) => node.type)).toEqual(['@n8n/n8n-nodes-langchain.agent']);
			return;
		}
		if (wf.id === 't49ExCrmSalesforce' || wf.id === 't49ExCrmHubspot') {
			// several CRM steps, each deactivated and named in a note: test/unit/crmExamples.test.ts
			expect(delivery).toEqual([]);
			return;
		}
		if (wf.id === 't49ExMilestones' || wf.id === 't49ExBoard' || wf.id === 't49ExBoardPolling') {
			// its delivery is the row in n8n's own Data Table: no credential to set
			expect(delivery).toEqual([]);
			expect(new Set(lastNodes(wf).map((node) => node.type))).toEqual(
				new Set(['n8n-nodes-base.dataTable']),
			);
			return;
		}
		expect(delivery).toHaveLength(1);
		const [step] = delivery;
		expect(lastNodes(wf)).toContainEqual(step);
		expect(step).toMatchObject({ disabled: true });
		expect(step.credentials).toBeUndefined();
		const note = notes.find((content) => content.includes(`**${step.name}**`));
		expect(note).toMatch(/is deactivated until you set it up/);
		expect(note).toMatch(CONNECT[step.type]);
		expect(note).toMatch(/\*\*Activate\*\*/);
	},
);

test('the digests name their columns for what they hold', () => {
	const byFile = Object.fromEntries(examples);
	const columns = (file: string, node: string) =>
		Object.fromEntries(
			(
				byFile[file].nodes.find((n) => n.name === node)!.parameters as {
					assignments: { assignments: Array<{ name: string; value: string }> };
				}
			).assignments.assignments.map((a) => [a.name, a.value]),
		);
	// the LFD reminder (node version 2, Simplified output) shows the earliest LFD, whose it is, and where the
	// container is in words (the terminal and the port)
	const reminder = columns('lfd-reminder.json', 'Digest Rows');
	expect(reminder['Last Free Day']).toBe('={{ $json.last_free_day }}');
	expect(reminder['Whose LFD']).toBe('={{ $json.last_free_day_source }}');
	expect(reminder.Where).toBe('={{ $json.location }}');
	expect(reminder.Port).toBeUndefined();
	const due = byFile['lfd-reminder.json'].nodes.find((n) => n.name === 'Get Due Containers')!;
	expect(due.typeVersion).toBe(2);
	expect(due.parameters.include).toEqual(['shipment', 'pod_terminal']);
	expect((due.parameters.options as { deadlineToWatch?: string }).deadlineToWatch).toBe('earliest');
	// the fees digest shows the terminal (included with the container) and the port
	const fees = columns('terminal-fees-digest.json', 'Fee Rows');
	expect(fees.Terminal).toBe('={{ $json.pod_terminal?.name }}');
	expect(fees.Port).toBe('={{ $json.shipment.port_of_discharge_name }}');
	expect(fees.LFD).toBe('={{ $json.earliest_lfd_date }}');
	const get = byFile['terminal-fees-digest.json'].nodes.find(
		(n) => n.name === 'Containers with Terminal Fees',
	)!;
	expect(get.parameters.include).toEqual(['shipment', 'pod_terminal']);
});

describe('containers kept current: one row per container from every source, matched on container_number', () => {
	const byFile = Object.fromEntries(examples);
	const node = (file: string, name: string) => byFile[file].nodes.find((n) => n.name === name)!;

	test.each(['containers-kept-current.json', 'containers-kept-current-polling.json'])(
		'%s: the Data Table holds the row columns (n8n keeps its own id), and newest wins',
		(file) => {
			const ensure = node(file, 'Ensure the Board Table');
			expect(ensure.parameters).toMatchObject({
				resource: 'table',
				operation: 'create',
				tableName: 'terminal49_containers',
				options: { createIfNotExists: true },
			});
			const columns = (
				ensure.parameters.columns as { column: Array<{ name: string; type: string }> }
			).column;
			// n8n's Data Table has an id of its own (its node drops an `id` field): every other column of the row
			expect(columns.map((c) => c.name)).toEqual(ROW_COLUMNS.filter((c) => c !== 'id'));
			expect(Object.fromEntries(columns.map((c) => [c.name, c.type]))).toMatchObject({
				days_left: 'number',
				as_of: 'date',
				container_number: 'string',
			});
			// every source writes through the same three steps, as it comes (no Set node)
			const trigger = byFile[file].nodes.find((n) => /terminal49(Polling)?Trigger$/.test(n.type))!;
			expect(trigger.typeVersion).toBe(2);
			expect(trigger.parameters.options).toEqual({ output: 'rows' });
			for (const source of ['Get Every Container', trigger.name])
				expect(byFile[file].connections[source].main[0].map((l) => l.node).slice(0, 2)).toEqual([
					'Not on the Board Yet',
					'Update Unless the Board Is Newer',
				]);
			expect(node(file, 'Not on the Board Yet').parameters).toMatchObject({
				operation: 'rowNotExists',
				filters: {
					conditions: [{ keyName: 'container_number', keyValue: '={{ $json.container_number }}' }],
				},
			});
			expect(byFile[file].connections['Not on the Board Yet'].main[0][0].node).toBe('Add the Row');
			expect(node(file, 'Add the Row').parameters).toMatchObject({
				operation: 'upsert',
				columns: { mappingMode: 'autoMapInputData' },
			});
			expect(node(file, 'Update Unless the Board Is Newer').parameters).toMatchObject({
				operation: 'update',
				matchType: 'allConditions',
				filters: {
					conditions: [
						{
							keyName: 'container_number',
							condition: 'eq',
							keyValue: '={{ $json.container_number }}',
						},
						{ keyName: 'as_of', condition: 'lte', keyValue: '={{ $json.as_of }}' },
					],
				},
				columns: { mappingMode: 'autoMapInputData' },
			});
			// the morning run only: rows not rewritten by it are of containers no longer tracked
			expect(byFile[file].connections['Get Every Container'].main[0].map((l) => l.node)[2]).toBe(
				'Remove Containers No Longer Tracked',
			);
			expect(node(file, 'Get Every Container').parameters).toMatchObject({
				operation: 'getAll',
				returnAll: true,
				include: ['shipment', 'pod_terminal'],
			});
		},
	);

	test('the Google Sheets example maps every row column by name, matched on container_number, and its note gives the header row', () => {
		const write = node('containers-kept-current-sheets.json', 'Write the Row');
		const columns = write.parameters.columns as {
			mappingMode: string;
			value: Record<string, string>;
			matchingColumns: string[];
			schema: Array<{ id: string }>;
		};
		expect(write.parameters.operation).toBe('appendOrUpdate');
		expect(columns.mappingMode).toBe('defineBelow');
		expect(columns.matchingColumns).toEqual(['container_number']);
		expect(columns.schema.map((c) => c.id)).toEqual(ROW_COLUMNS);
		// each cell its own field: a null (a value Terminal49 took back) clears the cell
		expect(columns.value).toEqual(
			Object.fromEntries(ROW_COLUMNS.map((c) => [c, `={{ $json.${c} }}`])),
		);
		const note = byFile['containers-kept-current-sheets.json'].nodes.find(
			(n) => n.name === 'The Sheet',
		)!;
		expect(String(note.parameters.content)).toContain(`\`${ROW_COLUMNS.join(' | ')}\``);
	});
});

describe("D&D invoices (issue 47): the lines table holds the check's columns, the boards keep the last free day", () => {
	const byFile = Object.fromEntries(examples);
	const node = (file: string, name: string) => byFile[file].nodes.find((n) => n.name === name)!;
	const tableColumns = (file: string, name: string) =>
		(node(file, name).parameters.columns as { column: Array<{ name: string }> }).column.map(
			(c) => c.name,
		);
	const KEPT = ['kept_last_free_day', 'kept_last_free_day_source', 'kept_as_of'];

	test('every field of Check D&D Invoice reads a column of the lines table (the kept ones from the evidence table), and the verdict is written back', () => {
		const lines = tableColumns('check-dnd-invoices.json', 'Ensure the Invoice Lines Table');
		const fields = INVOICE_FIELDS.map((f) => f.column);
		expect(lines.filter((c) => fields.includes(c))).toEqual(
			fields.filter((c) => !KEPT.includes(c)),
		);
		expect(lines.filter((c) => !fields.includes(c))).toEqual([
			'verdict',
			'amount_in_dispute',
			'dispute_by',
			'findings',
			'checked_as_of',
		]);
		const check = node('check-dnd-invoices.json', 'Check the Invoices');
		expect(check.parameters).toMatchObject({ resource: 'invoice', operation: 'check' });
		// the fields keep their default expressions: each the column of its name
		for (const field of INVOICE_FIELDS) expect(check.parameters[field.name]).toBeUndefined();
		expect(node('check-dnd-invoices.json', 'Lines With Kept Facts').parameters).toMatchObject({
			fieldsToMatchString: 'container_number',
			joinMode: 'enrichInput1',
			options: { clashHandling: { values: { resolveClash: 'preferInput1' } } },
		});
	});

	test.each([
		'containers-kept-current.json',
		'containers-kept-current-polling.json',
		'check-dnd-invoices.json',
	])('%s: the evidence table holds the kept last free day', (file) => {
		expect(tableColumns(file, 'Ensure the Evidence Table')).toEqual(['container_number', ...KEPT]);
	});

	test.each(['containers-kept-current.json', 'containers-kept-current-polling.json'])(
		'%s: every source keeps a row with a last free day (one without never clears it), newest wins',
		(file) => {
			const trigger = byFile[file].nodes.find((n) => /terminal49(Polling)?Trigger$/.test(n.type))!;
			for (const source of ['Get Every Container', trigger.name])
				expect(byFile[file].connections[source].main[0].map((l) => l.node)).toContain(
					'Has a Last Free Day',
				);
			expect(JSON.stringify(node(file, 'Has a Last Free Day').parameters)).toContain('"notEmpty"');
			expect(node(file, 'Update Unless the Kept One Is Newer').parameters).toMatchObject({
				operation: 'update',
				filters: {
					conditions: [
						{ keyName: 'container_number', condition: 'eq' },
						{ keyName: 'kept_as_of', condition: 'lte', keyValue: '={{ $json.kept_as_of }}' },
					],
				},
			});
		},
	);

	test("the PDF example: n8n's own Extract From File and Information Extractor, deactivated until its model is set, its schema the check's columns", () => {
		const file = 'check-dnd-invoice-pdf.json';
		const extractor = node(file, "Read the Invoice's Fields");
		expect(extractor).toMatchObject({ disabled: true });
		expect(node(file, 'OpenAI Chat Model')).toMatchObject({ disabled: true });
		const schema = JSON.parse(String(extractor.parameters.inputSchema));
		expect(Object.keys(schema.properties.lines.items.properties)).toEqual(
			INVOICE_FIELDS.map((f) => f.column).filter((c) => !KEPT.includes(c)),
		);
		expect(
			String(
				(extractor.parameters.options as { systemPromptTemplate: string }).systemPromptTemplate,
			),
		).toMatch(/never guess/);
	});
});
