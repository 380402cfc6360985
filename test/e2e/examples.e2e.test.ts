/**
 * The example workflows of examples/*.json, imported as they are into real n8n 2.41.1 (packed package)
 * and run against the in-process sandbox: their outputs are asserted, not just "it ran". Expectations are
 * computed here from the sandbox's own API (raw JSON:API pages), not from the Terminal49 node's items.
 * One n8n instance for the whole file; the trigger examples are activated one at a time.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { harness, ROOT, startT49Stack } from './helpers';
import { isSerializerProbe } from '../helpers/serializerProbe';
import type { Sandbox } from '../../sandbox';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(240_000);

function example(file: string): WorkflowJson {
	return JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8'));
}

function fixture(t49: T49Stack, key: string) {
	const found = t49.sandbox.fixtures.find((f) => f.key === key);
	if (!found) throw new Error(`no sandbox fixture ${key}`);
	return found;
}

function outputOf(execution: Execution, node: string): any[] {
	return harness.nodeOutput(execution, node) ?? [];
}

/** Wait until the sandbox has exactly `count` webhooks for n8n's production URL of `path`. */
async function waitRegistered(t49: T49Stack, path: string, count: number) {
	const url = t49.stack.webhookUrl(path);
	await harness.waitFor(
		`${count} webhook(s) for ${url} in the sandbox`,
		() => t49.sandbox.store.webhooks.all().filter((w) => w.url === url).length === count,
		{ timeoutMs: 20_000, intervalMs: 100 },
	);
	return t49.sandbox.store.webhooks.all().find((w) => w.url === url);
}

/**
 * The last attempt of each notification, in order of first attempt. A delivery that races the activation
 * (n8n saves the trigger's static data, with the webhook secret, only after the whole activation) can be
 * refused once; Terminal49 retries it with the same bytes.
 */
function lastAttempts<T extends { notificationId: string }>(deliveries: T[]): T[] {
	const last = new Map<string, T>();
	for (const d of deliveries) {
		last.delete(d.notificationId);
		last.set(d.notificationId, d);
	}
	const order = [...new Set(deliveries.map((d) => d.notificationId))];
	return order.map((id) => last.get(id)!);
}

/** Fail with n8n's error when an execution did not succeed. */
function expectSucceeded(executions: Execution[]) {
	for (const e of executions) {
		if (e.status !== 'success') {
			throw new Error(
				`execution ${e.id} ended ${e.status}: ${JSON.stringify(harness.runError(e) ?? e).slice(0, 3000)}`,
			);
		}
	}
}

const DAY = 86_400_000;

/** Every container of the account as the sandbox's API serves it (attributes, the shipment's and the POD terminal's). */
async function rawContainers(
	sandbox: Sandbox,
): Promise<Array<{ a: any; shipment: any; terminal: any }>> {
	const out: Array<{ a: any; shipment: any; terminal: any }> = [];
	let url: string | undefined =
		`${sandbox.baseUrl}/containers?page[size]=100&include=shipment,pod_terminal`;
	while (url) {
		const res = await fetch(url, {
			headers: { Authorization: `Token ${sandbox.keys.paid}`, Accept: 'application/json' },
		});
		const page: any = await res.json();
		const included = (type: string, id: string | undefined) =>
			(page.included ?? []).find((r: any) => r.type === type && r.id === id)?.attributes;
		for (const record of page.data) {
			out.push({
				a: record.attributes,
				shipment: included('shipment', record.relationships?.shipment?.data?.id) ?? {},
				terminal: included('terminal', record.relationships?.pod_terminal?.data?.id) ?? null,
			});
		}
		url = page.links?.next;
	}
	return out;
}

/**
 * The example's delivery step (Send Email or Slack, no credential) is deactivated until the user sets it up: n8n
 * passes its input through unchanged instead of sending (sending without a credential would fail the execution).
 */
function expectPassedThrough(execution: Execution, node: string, from: string) {
	expect(outputOf(execution, node)).toEqual(outputOf(execution, from));
}

async function rawShipment(sandbox: Sandbox, id: string): Promise<any> {
	const res = await fetch(`${sandbox.baseUrl}/shipments/${id}`, {
		headers: { Authorization: `Token ${sandbox.keys.paid}`, Accept: 'application/json' },
	});
	return ((await res.json()) as any).data.attributes;
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
function dayIn(instant: string | number, zone: string): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(instant));
}
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;

/** Picked up, delivered or returned empty (a full-out at the port counts unless it goes on by rail). */
function closed(c: { a: any }): boolean {
	const a = c.a;
	if (['picked_up', 'delivered', 'empty_returned'].includes(a.current_status)) return true;
	if (a.delivered_at || a.empty_terminated_at || a.final_destination_full_out_at) return true;
	if (!a.pod_full_out_at) return false;
	return !goesByRail(a);
}
/** Terminal49's fee rules: the individual lines, or a `total` line where it is the only one. */
function feesOf(c: { a: any }): any[] {
	const all = (c.a.fees_at_pod_terminal ?? []) as any[];
	const individual = all.filter((f) => f.type !== 'total');
	return individual.length ? individual : all;
}
/**
 * `450.00 USD`: the posted fees summed per currency; a fee of 0 is reported but not posted yet (`exam pending`,
 * beside the amounts in brackets).
 */
function feesText(c: { a: any }): string {
	const sums = new Map<string, number>();
	const pending: string[] = [];
	for (const f of feesOf(c)) {
		if (Number(f.amount) === 0) {
			if (!pending.includes(f.type)) pending.push(f.type);
			continue;
		}
		sums.set(
			f.currency_code || 'USD',
			(sums.get(f.currency_code || 'USD') ?? 0) + Number(f.amount),
		);
	}
	const amounts = [...sums].map(([cur, amount]) => `${amount.toFixed(2)} ${cur}`).join(', ');
	const waiting = pending.length ? `${pending.join(', ').replace(/_/g, ' ')} pending` : '';
	return amounts && waiting ? `${amounts} (${waiting})` : amounts || waiting;
}
const activeHolds = (c: { a: any }) =>
	((c.a.holds_at_pod_terminal ?? []) as any[])
		.filter((h) => h.status === 'hold')
		.map((h) => String(h.name));

/** Whether Terminal49 selects the container's LFD itself (the newer serializer: `import_deadlines.pod`). */
const selectsLfd = (a: any): boolean =>
	!!a.import_deadlines?.pod && typeof a.import_deadlines.pod === 'object';

/**
 * Whether a container goes on by rail after the port (Terminal49's rail fields, or on the older serializer a
 * rail LFD: the newer one's contract examples carry a placeholder rail LFD on containers picked up at the port).
 */
function goesByRail(a: any): boolean {
	return Boolean(
		a.pod_rail_loaded_at ||
		a.pod_rail_carrier_scac ||
		a.ind_rail_carrier_scac ||
		a.ind_eta_at ||
		a.ind_ata_at ||
		(a.import_deadlines?.pickup_lfd_rail && !selectsLfd(a)),
	);
}

/** Whose LFD it is in the Simplified output's words (`last_free_day_source`). */
const SOURCE_WORDS: Record<string, string> = {
	line: 'Shipping line',
	terminal: 'Terminal',
	rail: 'Rail (inland ramp)',
	facility: 'Terminal',
	facility_manual: 'Terminal (entered by hand)',
	line_calculated: 'Shipping line (calculated by Terminal49)',
};

/**
 * The earliest of the line's, the terminal's and the rail's LFD, each a calendar day where it applies: the
 * terminal's at the port, the rail's inland, the line's where the container is picked up (inland when
 * Terminal49's pickup_lfd comes from the rail). The terminal's no longer counts once the container left the
 * port on the train; Terminal49's pickup_lfd when none of the three is reported. Its day, days from today
 * and source; null without any LFD.
 */
function earliestLfd(c: { a: any; shipment: any }) {
	const a = c.a;
	const d = a.import_deadlines ?? {};
	const port = String(a.pod_timezone ?? c.shipment.pod_timezone ?? 'UTC');
	const inland = String(a.final_destination_timezone ?? c.shipment.destination_timezone ?? port);
	const coalescedFromRail = !d.pickup_lfd_line && !d.pickup_lfd_terminal && !!d.pickup_lfd_rail;
	const byRail = goesByRail(a);
	const leftPort =
		a.pod_rail_loaded_at ||
		a.pod_rail_departed_at ||
		a.ind_rail_unloaded_at ||
		a.current_status === 'on_rail' ||
		(a.pod_full_out_at && byRail);
	const candidates = (
		[
			['line', d.pickup_lfd_line, coalescedFromRail ? inland : port],
			['terminal', leftPort ? null : d.pickup_lfd_terminal, port],
			['rail', d.pickup_lfd_rail, inland],
		] as Array<[string, string | null | undefined, string]>
	)
		.filter(([, value]) => !!value)
		.map(([source, value, zone]) => ({
			source: source as string | null,
			day: dayIn(value!, zone),
			days: dayNumber(dayIn(value!, zone)) - dayNumber(dayIn(Date.now(), zone)),
			at: Date.parse(value!),
		}))
		.sort((x, y) => x.days - y.days || x.at - y.at);
	if (candidates.length) return candidates[0];
	// none of the three reported: Terminal49's pickup_lfd, where the container is picked up (not when the only
	// one is the terminal's, left out on the train: pickup_lfd is that same LFD)
	if (!a.pickup_lfd || d.pickup_lfd_line || d.pickup_lfd_terminal || d.pickup_lfd_rail) return null;
	const inlandPickup = a.ind_rail_carrier_scac || a.ind_eta_at || a.ind_ata_at;
	const zone = inlandPickup ? inland : port;
	return {
		source: null,
		day: dayIn(a.pickup_lfd, zone),
		days: dayNumber(dayIn(a.pickup_lfd, zone)) - dayNumber(dayIn(Date.now(), zone)),
		at: Date.parse(a.pickup_lfd),
	};
}
/**
 * The last free day the examples watch, read here from Terminal49's record by its generation: where the
 * container carries `import_deadlines.pod`, the one Terminal49 selected (`unified.current_value`, a day at the
 * port; a date-only value as is), or the inland rail LFD once the container left the port by rail; null when
 * not reported (never the legacy `pickup_lfd`, a placeholder there). On the older serializer the earliest of
 * the three (earliestLfd). `words`: whose it is, as the Simplified output says it.
 */
function watchedLfd(c: { a: any; shipment: any }) {
	const a = c.a;
	if (!selectsLfd(a)) {
		const lfd = earliestLfd(c);
		return lfd && { ...lfd, words: lfd.source ? SOURCE_WORDS[lfd.source] : null };
	}
	const port = String(a.pod_timezone ?? c.shipment.pod_timezone ?? 'UTC');
	const inland = String(a.final_destination_timezone ?? c.shipment.destination_timezone ?? port);
	const leftPort =
		a.pod_rail_loaded_at ||
		a.pod_rail_departed_at ||
		a.ind_rail_unloaded_at ||
		a.current_status === 'on_rail' ||
		(a.pod_full_out_at && goesByRail(a));
	const unified = a.import_deadlines.pod.unified ?? {};
	const [value, source, zone]: [string | null, string | null, string] = leftPort
		? [a.import_deadlines.pickup_lfd_rail ?? null, 'rail', inland]
		: [unified.current_value ?? null, unified.current_selection ?? null, port];
	if (!value) return null;
	const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayIn(value, zone);
	return {
		source,
		words: source ? SOURCE_WORDS[source] : null,
		day,
		days: dayNumber(day) - dayNumber(dayIn(Date.now(), zone)),
		at: Date.parse(value),
	};
}

/** Whose LFD the Simplified output says for an item without one: "Not reported" while open, else null. */
const noLfdWords = (c: { a: any }) => (closed(c) ? null : 'Not reported');

/** Terminal49 checked the terminal within 7 days. */
const freshTerminalData = (c: { a: any }) =>
	typeof c.a.terminal_checked_at === 'string' &&
	Date.now() - Date.parse(c.a.terminal_checked_at) <= 7 * DAY;
/** The pickup state in Terminal49's words, as the Simplified output's `pickup` says it. */
function pickupText(c: { a: any }): string {
	const holds = activeHolds(c);
	const words =
		c.a.availability_known === false && !holds.length
			? 'Availability not known to Terminal49'
			: c.a.available_for_pickup === true
				? holds.length
					? 'Data may be out of sync: available but holds remain, wait for the next update'
					: 'Ready for pickup'
				: holds.length
					? 'Blocked: resolve the active holds'
					: 'Not yet released: monitor for updates';
	return holds.length ? `${words} (${holds.join(', ')})` : words;
}

/**
 * A closed container's pickup as the Simplified output's `pickup` says it: the last of picked up, delivered,
 * empty returned, with its day where it was picked up (inland for a rail pickup, else at the port).
 */
function pickupDone(c: { a: any; shipment: any }): string {
	const a = c.a;
	const d = a.import_deadlines ?? {};
	const port = String(a.pod_timezone ?? c.shipment.pod_timezone ?? 'UTC');
	const inland = String(a.final_destination_timezone ?? c.shipment.destination_timezone ?? port);
	const source = d.pickup_lfd_line
		? 'line'
		: d.pickup_lfd_terminal
			? 'terminal'
			: d.pickup_lfd_rail
				? 'rail'
				: null;
	const inlandPickup = selectsLfd(a)
		? goesByRail(a)
		: source
			? source === 'rail'
			: !!(a.ind_rail_carrier_scac || a.ind_eta_at || a.ind_ata_at);
	const on = (at: string | null | undefined) =>
		at ? ` ${dayIn(at, inlandPickup ? inland : port)}` : '';
	if (a.empty_terminated_at || a.current_status === 'empty_returned')
		return `Empty returned${on(a.empty_terminated_at)}`;
	if (a.delivered_at || a.current_status === 'delivered') return `Delivered${on(a.delivered_at)}`;
	return `Picked up${on(a.final_destination_full_out_at ?? (goesByRail(a) ? null : a.pod_full_out_at))}`;
}

describe('example workflows in real n8n', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: { webhookRetryScale: 0, carrierDelayMs: 20, containers: 40 },
		});
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test('every example is an importable workflow using the package node types and the terminal49Api credential', () => {
		const files = fs
			.readdirSync(path.join(ROOT, 'examples'))
			.filter((f) => f.endsWith('.json'))
			.sort();
		expect(files).toEqual([
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
		for (const file of files) {
			const wf = example(file);
			expect(wf.id).toMatch(/^[A-Za-z0-9]{8,}$/);
			const t49Nodes = wf.nodes.filter((n) => String(n.type).startsWith('n8n-nodes-terminal49.'));
			expect(t49Nodes.length).toBeGreaterThan(0);
			for (const node of t49Nodes) {
				expect([
					'n8n-nodes-terminal49.terminal49',
					'n8n-nodes-terminal49.terminal49Tool',
					'n8n-nodes-terminal49.terminal49Trigger',
					'n8n-nodes-terminal49.terminal49PollingTrigger',
				]).toContain(node.type);
				expect(node.credentials?.terminal49Api?.name).toBe('Terminal49 (sandbox)');
			}
			expect(wf.nodes.filter((n) => n.type === 'n8n-nodes-base.code')).toEqual([]);
			// every connection points at a node of the workflow
			const names = new Set(wf.nodes.map((n) => n.name));
			for (const [from, outputs] of Object.entries(wf.connections ?? {})) {
				expect(names).toContain(from);
				// main, or an AI sub-node's link to its agent (ai_languageModel, ai_memory, ai_tool)
				for (const link of Object.values(outputs as object).flat(2))
					expect(names).toContain(link.node);
			}
		}
	});

	test("the Google Sheets board, by n8n 2.41's own Google Sheets node: Append or Update Row matched on container_number, every row column mapped by name, nothing n8n would drop, no issue", () => {
		const file = path.join(ROOT, 'examples', 'containers-kept-current-sheets.json');
		const write = example('containers-kept-current-sheets.json').nodes.find(
			(n) => n.name === 'Write the Row',
		)!;
		// n8n's code, on the Node it runs on (tests run on Node 20)
		const run = spawnSync(
			harness.paths.NODE24,
			[
				path.join(__dirname, 'nodeDescription.js'),
				harness.paths.CACHE,
				'n8n-nodes-base/dist/nodes/Google/Sheet/GoogleSheets.node.js',
				'GoogleSheets',
				file,
				'Write the Row',
			],
			{ encoding: 'utf8' },
		);
		if (run.status !== 0) throw new Error(run.stderr);
		const n8n = JSON.parse(run.stdout);
		// the version a new Google Sheets node gets in n8n 2.41, whose Append or Update Row writes an empty cell for a
		// null mapped value (allowEmptyValues)
		expect(write.typeVersion).toBe(n8n.defaultVersion);
		expect(n8n.resource).toBe('sheet');
		expect(n8n.operations).toContain('appendOrUpdate');
		// every parameter the example sets is one n8n keeps, unchanged
		expect(n8n.kept).toEqual(write.parameters);
		expect(n8n.issues).toBeNull();
		const columns = n8n.kept.columns;
		expect(columns.mappingMode).toBe('defineBelow');
		expect(columns.matchingColumns).toEqual(['container_number']);
		// the columns mapped are the row's: Container > Get Many's Simplified item, as the README's first workflow has it
		const row = Object.keys(columns.value);
		expect(columns.schema.map((c: { id: string }) => c.id)).toEqual(row);
		expect(row.slice(0, 3)).toEqual(['container_number', 'status', 'location']);
		expect(row[row.length - 1]).toBe('as_of');
	});

	async function findTable(name: string): Promise<{ id: string; name: string }> {
		const res = await t49.stack.client.api('GET', `/data-tables?limit=100`);
		const table = (res.data || []).find((t: any) => t.name === name);
		if (!table) throw new Error(`data table ${name} not found: ${JSON.stringify(res)}`);
		return table;
	}

	async function tableRows(id: string): Promise<any[]> {
		const res = await t49.stack.client.api('GET', `/data-tables/${id}/rows?limit=250`);
		return res.data || [];
	}

	describe.each([
		['the newer serializer (the LFD Terminal49 selects)', 'selected'],
		['the older serializer', 'legacy'],
	] as const)('on %s', (_name, shape) => {
		// every example against both generations of Terminal49's container serializer (issue 29), in the same
		// n8n: each test starts from the seeded sandbox (its state changes are its own)
		beforeEach(() => {
			t49.sandbox.options.deadlineShape = shape;
			t49.sandbox.reset({ containers: 40 });
		});
		afterAll(() => {
			t49.sandbox.options.deadlineShape = 'selected';
		});

		test('LFD reminder: one digest of the containers whose earliest LFD is due within 3 days or past, most urgent first, whose LFD it is, pickup state, holds and fees shown', async () => {
			const { stack, sandbox } = t49;
			const wf = await stack.client.createWorkflow(t49.bind(example('lfd-reminder.json')));
			// what the digest must contain, from the sandbox's raw containers
			const raw = await rawContainers(sandbox);
			expect(raw).toHaveLength(40);
			const due = raw.filter((c) => !closed(c) && (watchedLfd(c)?.days ?? Infinity) <= 3);
			expect(due.length).toBeGreaterThan(1);
			expect(due.length).toBeLessThan(raw.length);
			if (shape === 'legacy') {
				// the earliest is not always Terminal49's pickup_lfd: a terminal LFD before the line's is watched
				expect(due.some((c) => watchedLfd(c)!.source === 'terminal')).toBe(true);
			} else {
				// the day Terminal49 selected, whoever's it is: the terminal's, a calculated line LFD, ...
				expect(raw.every((c) => selectsLfd(c.a) && c.a.pickup_lfd === '2099-12-31')).toBe(true);
				const sources = new Set(due.map((c) => watchedLfd(c)!.source));
				expect(sources).toContain('facility');
				expect(sources).toContain('line_calculated');
			}
			sandbox.clearRequests();
			const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
			expectSucceeded([execution]);

			// every container list read carries the shipment and the terminal along (the serializer probe, one
			// record, apart)
			const lists = sandbox.requests.filter(
				(r) => r.path === '/v2/containers' && !isSerializerProbe(r.query),
			);
			expect(lists.length).toBeGreaterThan(0);
			for (const r of lists) expect(r.query.include).toBe('shipment,pod_terminal');
			const containers = outputOf(execution, 'Get Due Containers');
			expect(containers.map((c) => c.container_number).sort()).toEqual(
				due.map((c) => c.a.number).sort(),
			);

			const rows = outputOf(execution, 'Digest Rows');
			expect(rows).toHaveLength(due.length);
			const byNumber = new Map(due.map((c) => [c.a.number, c]));
			for (const row of rows) {
				const c = byNumber.get(row.Container)!;
				const lfd = watchedLfd(c)!;
				const terminalName = c.terminal?.name;
				const pod = c.shipment.port_of_discharge_name;
				expect(row).toEqual({
					Container: c.a.number,
					'Last Free Day': lfd.day,
					'Whose LFD': lfd.words,
					'Days Left': lfd.days,
					// kept when the terminal data is 7+ days old (its LFD may have moved), and said so
					Urgency: !freshTerminalData(c)
						? 'stale'
						: lfd.days < 0
							? 'overdue'
							: lfd.days === 0
								? 'today'
								: 'imminent',
					Where: !['available', 'not_available', 'grounded'].includes(c.a.current_status)
						? expect.any(String)
						: c.a.ind_rail_unloaded_at && c.shipment.destination_name
							? // unloaded at its inland ramp: waits there (the ramp's facility is not included here)
								c.shipment.destination_name
							: terminalName && pod
								? `${terminalName}, ${pod}`
								: (terminalName ?? pod),
					Pickup: pickupText(c),
					// nothing is a word, not an empty string (n8n's table paints that as a red "empty")
					Holds: activeHolds(c).join(', ') || 'none',
					Fees: feesText(c) || 'none',
					'Waiting a Day': expect.any(String),
				});
				// what waiting a day costs, from the Maersk tariff the example sets: a Maersk box past or at its
				// LFD costs more tomorrow (days charged + 1, each day at 235 USD or more), said with the tariff
				if (c.shipment.shipping_line_scac === 'MAEU' && lfd.days <= 0 && freshTerminalData(c))
					expect(row['Waiting a Day']).toMatch(
						/^Demurrage: .*[\d,.]+ USD by tomorrow.*\(estimated from your tariff "Maersk US import dry demurrage/,
					);
				// another line: no estimate, and never a figure of ours
				if (c.shipment.shipping_line_scac !== 'MAEU')
					expect(row['Waiting a Day']).not.toMatch(/estimated from your tariff/);
			}
			// most urgent first
			const days = rows.map((r) => r['Days Left']);
			expect(days).toEqual([...days].sort((a: number, b: number) => a - b));

			const past = fixture(t49, 'past_lfd'); // HLXU4949039
			const pastRow = rows.find((r) => r.Container === past.containerNumber);
			// its terminal LFD, 3-4 calendar days ago in Savannah (the sandbox counts from 00:00 UTC), comes before
			// its line LFD (2-3 days ago, Terminal49's pickup_lfd)
			expect([-3, -4]).toContain(pastRow['Days Left']);
			expect(pastRow).toMatchObject({
				Urgency: 'overdue',
				'Whose LFD': 'Terminal',
				Holds: 'none',
				Fees: '450.00 USD (extended dwell time pending)',
				Pickup: 'Ready for pickup',
			});
			const ready = rows.find(
				(r) => r.Container === fixture(t49, 'ready_for_pickup').containerNumber,
			);
			expect([2, 3]).toContain(ready['Days Left']);
			expect(ready).toMatchObject({ Pickup: 'Ready for pickup', Holds: 'none', Fees: 'none' });
			// the terminal's LFD (tomorrow) comes before the line's (in a week): the row names the terminal's
			const terminalFirst = fixture(t49, 'terminal_lfd_first');
			const terminalRow = rows.find((r) => r.Container === terminalFirst.containerNumber);
			expect(terminalRow).toMatchObject({ 'Whose LFD': 'Terminal' });
			expect([0, 1, 2]).toContain(terminalRow['Days Left']);
			if (shape === 'selected') {
				// the digest in the newer shape: the terminal's LFD due today in Los Angeles (pickup_lfd the
				// placeholder), a line LFD Terminal49 calculated, due today in Chicago's calendar; a container
				// whose LFD is not reported is not in it; the placeholder is nowhere
				// (the sandbox's "today" is the port's day at its epoch, 00:00 UTC: the day before in the US zones,
				// so yesterday there once it is past midnight there)
				const today = fixture(t49, 'pod_facility_today');
				const todayRow = rows.find((r) => r.Container === today.containerNumber);
				expect(todayRow).toMatchObject({ 'Whose LFD': 'Terminal' });
				expect([-1, 0]).toContain(todayRow['Days Left']);
				expect(todayRow.Urgency).toBe(todayRow['Days Left'] === 0 ? 'today' : 'overdue');
				const calculated = rows.find(
					(r) => r.Container === fixture(t49, 'pod_line_calculated').containerNumber,
				);
				expect(calculated).toMatchObject({
					'Whose LFD': 'Shipping line (calculated by Terminal49)',
				});
				expect([-1, 0]).toContain(calculated['Days Left']);
				expect(rows.map((r) => r.Container)).not.toContain(
					fixture(t49, 'pod_lfd_unknown').containerNumber,
				);
			}

			// one digest item: subject and an HTML table with one row per container
			const digests = outputOf(execution, 'Digest');
			expectPassedThrough(execution, 'Email the Digest', 'Digest');
			expect(digests).toHaveLength(1);
			const [digest] = digests;
			expect(digest.count).toBe(due.length);
			expect(digest.subject).toMatch(
				new RegExp(
					`^LFD digest \\d{4}-\\d{2}-\\d{2}: ${due.length} container\\(s\\) due within 3 day\\(s\\) or past$`,
				),
			);
			expect(digest.html).toMatch(/^<table /);
			expect(digest.html).toContain('<th>Container</th>');
			expect(digest.html).toContain('<th>Whose LFD</th>');
			expect(digest.html.match(/<tr /g)).toHaveLength(due.length); // one per container (the header is <tr>)
			const firstRow = digest.html.split('<tbody>')[1].split('</tr>')[0];
			expect(firstRow).toContain(`>${rows[0].Container}</td>`);
			expect(digest.html).toContain(`>${past.containerNumber}</td>`);
			expect(digest.html).not.toContain('2099');

			// the journey fixtures alone (the sandbox reset to 6 containers): the past-LFD container
			// HLXU4949039 leads the digest, the one ready for pickup (LFD in 2-3 days) is in it
			sandbox.reset({ containers: 6 });
			const fixturesOnly = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
			expectSucceeded([fixturesOnly]);
			const small = outputOf(fixturesOnly, 'Digest Rows');
			expect(small[0]).toMatchObject({
				Container: 'HLXU4949039',
				'Days Left': pastRow['Days Left'],
				Fees: '450.00 USD (extended dwell time pending)',
				Pickup: 'Ready for pickup',
			});
			expect(small[0].Where).toContain('Savannah');
			expect(small.map((r) => r.Container)).toContain('MSCU4949012');
			sandbox.reset({ containers: 40 });
		});

		test('Track from a list: accepted, rejected with the reason, already tracked (duplicate: true)', async () => {
			const { stack, sandbox } = t49;
			const wf = await stack.client.createWorkflow(t49.bind(example('track-from-list.json')));
			sandbox.clearRequests();
			const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Start' });
			expectSucceeded([execution]);

			expect(outputOf(execution, 'One Item per Number').map((i) => i.number)).toEqual([
				'MSCU7140382',
				'MSCU7140383',
				'HLCUHAM2611001',
				'hlcuham2611001',
				'MEDUT4949001',
			]);
			const accepted = outputOf(execution, 'Accepted');
			const rejected = outputOf(execution, 'Rejected');
			expectPassedThrough(execution, 'Post Rejected to Slack', 'Rejected');
			const alreadyTracked = outputOf(execution, 'Already Tracked');
			expect(accepted).toEqual([
				expect.objectContaining({
					number: 'MSCU7140382',
					type: 'container',
					status: 'pending',
					request_number: 'MSCU7140382',
				}),
				expect.objectContaining({
					number: 'HLCUHAM2611001',
					type: 'bill_of_lading',
					status: 'pending',
					request_number: 'HLCUHAM2611001',
				}),
			]);
			expect(accepted.every((r) => /\S/.test(r.tracking_request_id))).toBe(true);
			expect(rejected).toEqual([
				expect.objectContaining({ number: 'MSCU7140383', type: 'container', scac: 'MSCU' }),
			]);
			expect(rejected[0].reason).toMatch(/MSCU7140383/);
			expect(rejected[0].reason).toMatch(/check digit/i);

			const bl = accepted[1];
			const known = fixture(t49, 'ready_for_pickup');
			expect(alreadyTracked).toEqual([
				// the same BL again in the list (lower case): the request created a moment before
				expect.objectContaining({
					number: 'hlcuham2611001',
					tracking_request_id: bl.tracking_request_id,
					request_number: 'HLCUHAM2611001',
				}),
				// a BL this account tracked before: its existing request
				expect.objectContaining({
					number: known.billOfLading,
					tracking_request_id: known.trackingRequestId,
					status: 'created',
				}),
			]);

			// the invalid number was never sent; each valid one was POSTed once
			const posts = sandbox.requests.filter(
				(r) => r.method === 'POST' && r.path === '/v2/tracking_requests',
			);
			expect(posts.map((r) => (r.body as any).data.attributes.request_number)).toEqual([
				'MSCU7140382',
				'HLCUHAM2611001',
				'HLCUHAM2611001',
				known.billOfLading,
			]);
			expect(posts.map((r) => r.status)).toEqual([201, 201, 422, 422]);
		});

		test('Milestones to a table: one Data Table row per delivered milestone, none doubled on redelivery', async () => {
			const { stack, sandbox } = t49;
			const wf = await stack.client.createWorkflow(t49.bind(example('milestones-to-table.json')));
			await stack.client.activateWorkflow(wf.id);
			await stack.client.waitForWebhook('t49-example-milestones/webhook');
			const hook = await waitRegistered(t49, 't49-example-milestones/webhook', 1);
			expect(hook!.events).toEqual(
				expect.arrayContaining([
					'container.transport.vessel_departed',
					'container.transport.full_out',
				]),
			);

			sandbox.clearDeliveries();
			const journey = fixture(t49, 'new_booking'); // EGHU4949066, before its first milestone
			const emitted = sandbox.advanceContainer(journey.containerId, 3);
			expect(emitted).toEqual([
				'container.transport.empty_out',
				'container.transport.full_in',
				'container.transport.vessel_loaded',
			]);
			await sandbox.webhooksIdle();
			const delivered = lastAttempts(
				sandbox.deliveries.filter((d) => d.event.startsWith('container.transport.')),
			);
			expect(delivered.map((d) => d.status)).toEqual([200, 200, 200]);

			const executions = await stack.client.waitForExecutions({
				workflowId: wf.id,
				count: 3,
				timeoutMs: 60_000,
			});
			expect(executions).toHaveLength(3);
			expectSucceeded(executions);

			const table = await findTable('terminal49_milestones');
			// the rows of this run (the table keeps those of the other serializer's run): one per notification
			const mine = new Set(delivered.map((d) => d.notificationId));
			const ours = async () =>
				(await tableRows(table.id)).filter((r) => mine.has(r.notification_id));
			let rows = await ours();
			expect(rows).toHaveLength(3);
			expect(new Set(rows.map((r) => r.notification_id))).toEqual(
				new Set(delivered.map((d) => d.notificationId)),
			);
			const byEvent = Object.fromEntries(rows.map((r) => [r.event, r]));
			expect(Object.keys(byEvent).sort()).toEqual(['empty_out', 'full_in', 'vessel_loaded']);
			const shipment = await rawShipment(sandbox, journey.shipmentId);
			expect(shipment.port_of_lading_locode).toBe('CNYTN');
			for (const row of rows) {
				expect(row.container_number).toBe(journey.containerNumber);
				expect(row.bill_of_lading).toBe(journey.billOfLading);
				// the port of lading, named, with its UN/LOCODE
				expect(row.location).toBe(`${shipment.port_of_lading_name} (CNYTN)`);
				expect(row.vessel).toBe(shipment.pod_vessel_name);
				// the local time of the place, with its zone (Asia/Shanghai, UTC+8)
				expect(row.occurred_at_local).toMatch(
					/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} .+ \(Asia\/Shanghai\)$/,
				);
				const utc = new Date(row.occurred_at_utc);
				const local = new Date(utc.getTime() + 8 * 3600_000).toISOString();
				expect(row.occurred_at_local.slice(0, 16)).toBe(
					`${local.slice(0, 10)} ${local.slice(11, 16)}`,
				);
			}

			// a redelivery of the same bytes: answered 200, no execution, no row
			const again = delivered[0];
			const res = await fetch(stack.webhookUrl('t49-example-milestones/webhook'), {
				method: 'POST',
				headers: {
					'content-type': 'application/vnd.api+json',
					'x-t49-webhook-signature': again.signature,
				},
				body: again.body,
			});
			expect(res.status).toBe(200);
			await harness.sleep(1500);
			expect(await stack.client.listExecutions({ workflowId: wf.id })).toHaveLength(3);
			expect(await ours()).toHaveLength(3);

			// the table itself is idempotent too: with the trigger's deduplication off, a redelivery runs the
			// workflow again and the upsert on notification_id keeps one row
			await stack.client.deactivateWorkflow(wf.id);
			await waitRegistered(t49, 't49-example-milestones/webhook', 0);
			const noDedup = example('milestones-to-table.json');
			const trigger = noDedup.nodes.find((n) => n.name === 'Terminal49 Trigger')!;
			trigger.webhookId = 't49-example-milestones-nodedup';
			trigger.parameters.options = { ...trigger.parameters.options, deduplicationHours: 0 };
			const wf2 = await stack.client.createWorkflow(
				t49.bind({ ...noDedup, name: 'milestones, no trigger dedup' }),
			);
			await stack.client.activateWorkflow(wf2.id);
			await stack.client.waitForWebhook('t49-example-milestones-nodedup/webhook');
			await waitRegistered(t49, 't49-example-milestones-nodedup/webhook', 1);
			sandbox.clearDeliveries();
			expect(sandbox.advanceContainer(journey.containerId, 1)).toEqual([
				'container.transport.vessel_departed',
			]);
			await sandbox.webhooksIdle();
			const [departed] = lastAttempts(sandbox.deliveries);
			expect(departed.status).toBe(200);
			await stack.client.waitForExecutions({ workflowId: wf2.id, count: 1 });
			const replay = await fetch(stack.webhookUrl('t49-example-milestones-nodedup/webhook'), {
				method: 'POST',
				headers: {
					'content-type': 'application/vnd.api+json',
					'x-t49-webhook-signature': departed.signature,
				},
				body: departed.body,
			});
			expect(replay.status).toBe(200);
			const runs = await stack.client.waitForExecutions({ workflowId: wf2.id, count: 2 });
			expect(runs).toHaveLength(2);
			expectSucceeded(runs);
			mine.add(departed.notificationId);
			rows = await ours();
			expect(rows).toHaveLength(4);
			expect(rows.filter((r) => r.notification_id === departed.notificationId)).toHaveLength(1);
			expect(rows.find((r) => r.notification_id === departed.notificationId)).toMatchObject({
				event: 'vessel_departed',
			});
			await stack.client.deactivateWorkflow(wf2.id);
			await waitRegistered(t49, 't49-example-milestones-nodedup/webhook', 0);
		});

		test('Hold cleared alert: Only When starts the workflow for a released hold; exactly one alert, when MSKU4949027 is also ready', async () => {
			const { stack, sandbox } = t49;
			const wf = await stack.client.createWorkflow(t49.bind(example('hold-cleared-alert.json')));
			await stack.client.activateWorkflow(wf.id);
			await stack.client.waitForWebhook('t49-example-hold-cleared/webhook');
			await waitRegistered(t49, 't49-example-hold-cleared/webhook', 1);
			sandbox.clearDeliveries();

			const held = fixture(t49, 'customs_hold'); // customs: hold, freight: pending; not available
			// one change at a time, each delivered before the next, so the notifications come in order
			const update = async (patch: any) => {
				const before = sandbox.deliveries.length;
				sandbox.updateContainer(held.containerId, patch);
				await sandbox.webhooksIdle();
				const sent = sandbox.deliveries
					.slice(before)
					.filter((d) => d.event === 'container.updated');
				// one notification; its last attempt accepted (a delivery racing the activation's save of the
				// webhook secret can be refused once and is retried by Terminal49 with the same bytes)
				expect(new Set(sent.map((d) => d.notificationId)).size).toBe(1);
				expect(sent[sent.length - 1].status).toBe(200);
				return sent[sent.length - 1];
			};
			// 1. a fee changes: no hold released, no execution (Only When)
			await update({
				fees_at_pod_terminal: [
					{ type: 'exam', amount: 400, currency_code: 'USD' },
					{ type: 'total', amount: 400, currency_code: 'USD' },
				],
			});
			// 2. the customs hold is released but the container is not available yet: runs, no alert
			const releasedOnly = await update({
				holds_at_pod_terminal: [{ name: 'freight', status: 'pending', description: null }],
			});
			// 3. back on hold: no execution
			await update({
				holds_at_pod_terminal: [
					{ name: 'customs', status: 'hold', description: 'Customs exam' },
					{ name: 'freight', status: 'pending', description: null },
				],
			});
			// 4. released AND available: the alert
			const released = await update({
				holds_at_pod_terminal: [{ name: 'freight', status: 'pending', description: null }],
				available_for_pickup: true,
			});

			const executions = await stack.client.waitForExecutions({
				workflowId: wf.id,
				count: 2,
				timeoutMs: 60_000,
			});
			await harness.sleep(1000);
			expect(await stack.client.listExecutions({ workflowId: wf.id })).toHaveLength(2);
			expectSucceeded(executions);
			const started = executions.map((e) => outputOf(e, 'Terminal49 Trigger')[0].notification_id);
			expect(started.sort()).toEqual([releasedOnly.notificationId, released.notificationId].sort());
			const alerts = executions.flatMap((e) => outputOf(e, 'Alert'));
			for (const e of executions) expectPassedThrough(e, 'Post to Slack', 'Alert');
			expect(alerts).toHaveLength(1);
			const container = sandbox.store.findContainer(held.containerId)!;
			expect(alerts[0]).toMatchObject({
				container_number: held.containerNumber,
				container_id: held.containerId,
				bill_of_lading: held.billOfLading,
				cleared_holds: ['customs'],
				pending_holds: ['freight'],
				fees_total: { USD: 400 },
				notification_id: released.notificationId,
			});
			// the earliest LFD of the line's, the terminal's and the rail's, with its days left
			expect(alerts[0].last_free_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(typeof alerts[0].days_left).toBe('number');
			expect(alerts[0].text).toContain(
				`Last free day ${alerts[0].last_free_day} (${alerts[0].days_left} day(s))`,
			);
			expect(container).toBeDefined();
			expect(alerts[0].text).toMatch(
				new RegExp(
					`^Hold cleared: ${held.containerNumber} is ready for pickup at \\S.* \\(released: customs\\)\\. Last free day \\d{4}-\\d{2}-\\d{2} \\(-?\\d+ day\\(s\\)\\)\\. Fees due: 400\\.00 USD\\. Pending: freight\\.$`,
				),
			);
			await stack.client.deactivateWorkflow(wf.id);
			await waitRegistered(t49, 't49-example-hold-cleared/webhook', 0);
		});

		test('ETA slipped alert: the first ETA vs the new one, in calendar days at the port; an alert only past 2 days', async () => {
			const { stack, sandbox } = t49;
			const wf = await stack.client.createWorkflow(t49.bind(example('eta-slipped-alert.json')));
			await stack.client.activateWorkflow(wf.id);
			await stack.client.waitForWebhook('t49-example-eta-slipped/webhook');
			await waitRegistered(t49, 't49-example-eta-slipped/webhook', 1);
			sandbox.clearDeliveries();

			const booking = fixture(t49, 'new_booking'); // not arrived yet
			const before = await rawShipment(sandbox, booking.shipmentId);
			const original: string = before.pod_original_eta_at;
			const zone: string = before.pod_timezone;
			expect(original).toBeTruthy();
			const daysFromOriginal = (eta: string) =>
				dayNumber(dayIn(eta, zone)) - dayNumber(dayIn(original, zone));
			const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
			// the carrier moves the ETA twice: 1 day after the first ETA (no alert), then 5 days after (alert)
			const moves = [iso(Date.parse(original) + DAY), iso(Date.parse(original) + 5 * DAY)];
			const sent: typeof sandbox.deliveries = [];
			for (const eta of moves) {
				const from = sandbox.deliveries.length;
				expect(sandbox.moveEta(booking.shipmentId, eta)).toBe(true);
				await sandbox.webhooksIdle();
				const last = lastAttempts(sandbox.deliveries.slice(from));
				expect(last.map((d) => [d.event, d.status])).toEqual([['shipment.estimated.arrival', 200]]);
				sent.push(last[0]);
			}
			const late = daysFromOriginal(moves[1]);
			expect(daysFromOriginal(moves[0])).toBeLessThanOrEqual(2);
			expect(late).toBeGreaterThan(2);

			const executions = await stack.client.waitForExecutions({
				workflowId: wf.id,
				count: 2,
				timeoutMs: 60_000,
			});
			expect(executions).toHaveLength(2);
			expectSucceeded(executions);
			const changes = executions
				.map((e) => outputOf(e, 'Terminal49 Trigger')[0])
				.sort(
					(a, b) =>
						sent.findIndex((d) => d.notificationId === a.notification_id) -
						sent.findIndex((d) => d.notificationId === b.notification_id),
				)
				.map((item) => item.changes);
			expect(changes).toEqual([
				expect.objectContaining({
					eta_moved: true,
					eta_to: moves[0],
					eta_original: original,
					eta_days_from_original: daysFromOriginal(moves[0]),
				}),
				expect.objectContaining({
					eta_moved: true,
					eta_to: moves[1],
					eta_original: original,
					eta_days_from_original: late,
				}),
			]);
			const alerts = executions.flatMap((e) => outputOf(e, 'Alert'));
			for (const e of executions) expectPassedThrough(e, 'Post to Slack', 'Alert');
			expect(alerts).toEqual([
				{
					text: `ETA slipped: ${booking.billOfLading} (${before.shipping_line_scac}) now arrives at ${before.port_of_discharge_name} on ${moves[1]}, ${late} day(s) after the first ETA (${original}).`,
					bill_of_lading: booking.billOfLading,
					port_of_discharge: before.port_of_discharge_name,
					eta_original: original,
					eta_new: moves[1],
					days_late: late,
					notification_id: sent[1].notificationId,
				},
			]);
			// the sandbox's shipment now says so too
			expect((await rawShipment(sandbox, booking.shipmentId)).pod_eta_at).toBe(moves[1]);
			await stack.client.deactivateWorkflow(wf.id);
			await waitRegistered(t49, 't49-example-eta-slipped/webhook', 0);
		});

		test('Terminal fees digest: the open containers with fees at the terminal, one HTML table; fees that appear join it', async () => {
			const { stack, sandbox } = t49;
			sandbox.reset({ containers: 40 });
			const wf = await stack.client.createWorkflow(t49.bind(example('terminal-fees-digest.json')));
			const run = async () => {
				const raw = await rawContainers(sandbox);
				const expected = raw.filter((c) => !closed(c) && feesOf(c).length > 0);
				const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
				expectSucceeded([execution]);
				const rows = outputOf(execution, 'Fee Rows');
				expect(rows.map((r) => r.Container).sort()).toEqual(expected.map((c) => c.a.number).sort());
				const byNumber = new Map(expected.map((c) => [c.a.number, c]));
				for (const row of rows) {
					const c = byNumber.get(row.Container)!;
					expect(row).toEqual({
						Container: c.a.number,
						Fees: feesText(c),
						Terminal: c.terminal.name,
						Port: c.shipment.port_of_discharge_name,
						LFD: watchedLfd(c)?.day ?? null,
						Holds: activeHolds(c).join(', '),
						Ready: c.a.available_for_pickup === true && activeHolds(c).length === 0,
					});
				}
				const [digest] = outputOf(execution, 'Digest');
				expectPassedThrough(execution, 'Email the Digest', 'Digest');
				expect(digest.count).toBe(expected.length);
				expect(digest.subject).toMatch(
					new RegExp(
						`^Terminal fees \\d{4}-\\d{2}-\\d{2}: ${expected.length} container\\(s\\) with fees at the terminal$`,
					),
				);
				expect(digest.html.match(/<tr /g)).toHaveLength(expected.length);
				return { raw, rows };
			};
			const first = await run();
			expect(first.rows.length).toBeGreaterThan(0);
			expect(first.rows.length).toBeLessThan(first.raw.length);
			// demurrage posted; the extended dwell fee reported at 0: not posted yet (Terminal49's rule)
			expect(first.rows.find((r) => r.Container === 'HLXU4949039')).toMatchObject({
				Fees: '450.00 USD (extended dwell time pending)',
			});
			// fees appear on an open container without any: it is in the next digest
			const quiet = first.raw.find((c) => !closed(c) && feesOf(c).length === 0)!;
			sandbox.updateContainer(quiet.a.number, {
				fees_at_pod_terminal: [
					{ type: 'demurrage', amount: 125.5, currency_code: 'USD' },
					{ type: 'total', amount: 125.5, currency_code: 'USD' },
				],
			});
			const second = await run();
			expect(second.rows).toHaveLength(first.rows.length + 1);
			expect(second.rows.find((r) => r.Container === quiet.a.number)).toMatchObject({
				Fees: '125.50 USD',
			});
			sandbox.reset({ containers: 40 });
		});

		test("Today's D&D exposure: each container costing money or about to, its cost from the tariff (or the terminal's posted demurrage) worked out here day by day, the most expensive first, totals per currency, the unknown ones apart", async () => {
			const { stack, sandbox } = t49;
			sandbox.reset({ containers: 40 });
			const wf = await stack.client.createWorkflow(t49.bind(example('dd-exposure-digest.json')));
			// the example's tariffs, for Maersk only: demurrage 4 working days free (its holidays), days 1-4 at
			// 235, 5-9 at 285, then 335; detention 4 calendar days free, days 1-3 at 100, then 175
			const DEMURRAGE: Array<[number, number, number]> = [
				[1, 4, 235],
				[5, 9, 285],
				[10, Infinity, 335],
			];
			const DETENTION: Array<[number, number, number]> = [
				[1, 3, 100],
				[4, Infinity, 175],
			];
			const HOLIDAYS = ['2026-12-25', '2027-01-01'].map(dayNumber);
			/** The charge of charged days 1..n, summed day by day. */
			const charge = (tiers: Array<[number, number, number]>, days: number) => {
				let sum = 0;
				for (let d = 1; d <= days; d++) sum += tiers.find(([from, to]) => d >= from && d <= to)![2];
				return sum;
			};
			/** The 4th working day (Monday to Friday, not a holiday) from `start`, counted from it. */
			const fourthWorkingDay = (start: number) => {
				let day = start - 1;
				for (let n = 0; n < 4; ) {
					day += 1;
					const weekday = new Date(day * DAY).getUTCDay();
					if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.includes(day)) n += 1;
				}
				return day;
			};
			const returned = (a: any) => !!a.empty_terminated_at || a.current_status === 'empty_returned';
			/** In the digest: an LFD past, today or tomorrow (fresh terminal data), or picked up with the empty out. */
			const inDigest = (c: { a: any; shipment: any }) => {
				if (closed(c)) return !returned(c.a);
				const lfd = watchedLfd(c);
				return !!lfd && freshTerminalData(c) && lfd.days <= 1;
			};
			/** The cost the example shows, worked out from the raw record; null where it cannot be told. */
			const costOf = (c: { a: any; shipment: any }) => {
				const a = c.a;
				const maersk = c.shipment.shipping_line_scac === 'MAEU';
				const stopped = !!c.shipment.line_tracking_stopped_at;
				const port = String(a.pod_timezone ?? c.shipment.pod_timezone ?? 'UTC');
				const today = (zone: string) => dayNumber(dayIn(Date.now(), zone));
				const reported = feesOf(c).filter((f) => f.type === 'demurrage' && Number(f.amount) > 0);
				const currencies = [...new Set(reported.map((f) => f.currency_code || 'USD'))];
				const byTerminal =
					currencies.length === 1
						? {
								soFar: reported.reduce((sum, f) => sum + Number(f.amount), 0),
								tomorrow: null,
								basis: 'reported by the terminal',
							}
						: null;
				const lfd = watchedLfd(c);
				if (!closed(c)) {
					// demurrage runs; detention has not started
					if (!maersk || stopped) return byTerminal;
					const late = -lfd!.days;
					return {
						soFar: charge(DEMURRAGE, Math.max(0, late)),
						tomorrow: charge(DEMURRAGE, Math.max(0, late + 1)),
						basis: 'estimated from your tariff',
					};
				}
				if (!maersk) return byTerminal;
				// demurrage stopped at the pickup, detention runs from it (picked up at the port here)
				const fullOut =
					a.final_destination_full_out_at ?? (goesByRail(a) ? null : a.pod_full_out_at);
				const out = dayNumber(dayIn(fullOut, port));
				const freeEnd = lfd
					? dayNumber(lfd.day)
					: fourthWorkingDay(dayNumber(dayIn(a.pod_discharged_at, port)));
				const demurrage = charge(DEMURRAGE, Math.max(0, out - freeEnd));
				if (stopped)
					return { soFar: demurrage, tomorrow: demurrage, basis: 'estimated from your tariff' };
				const returnBy = out + 3;
				return {
					soFar: demurrage + charge(DETENTION, Math.max(0, today(port) - returnBy)),
					tomorrow: demurrage + charge(DETENTION, Math.max(0, today(port) + 1 - returnBy)),
					basis: 'estimated from your tariff',
				};
			};
			const raw = await rawContainers(sandbox);
			const expected = raw.filter(inDigest);
			const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
			expectSucceeded([execution]);
			const rows = outputOf(execution, 'Cost Rows');
			const unknown = outputOf(execution, 'Cost Unknown Rows');
			// every container of the digest once, in one list or the other
			expect([...rows, ...unknown].map((r) => r.Container).sort()).toEqual(
				expected.map((c) => c.a.number).sort(),
			);
			const byNumber = new Map(raw.map((c) => [c.a.number, c]));
			for (const row of rows) {
				const cost = costOf(byNumber.get(row.Container)!);
				expect([row.Container, row]).toEqual([
					row.Container,
					expect.objectContaining({
						'Cost So Far': cost?.soFar,
						'Cost by Tomorrow': cost?.tomorrow ?? null,
						Currency: 'USD',
						Basis: cost?.basis,
					}),
				]);
				// the words say the same, with the tariff's name where it is an estimate
				if (row.Basis !== 'estimated from your tariff')
					expect(row.Why).toMatch(/the terminal reports demurrage of /);
				else if (row['Cost by Tomorrow'] > 0)
					expect(row.Why).toMatch(/USD by tomorrow[^;]*\(estimated from your tariff "Maersk/);
				else expect(row.Why).toMatch(/: (free until \d{4}-\d{2}-\d{2}|ended in free time)/);
			}
			for (const row of unknown) {
				expect(costOf(byNumber.get(row.Container)!)).toBeNull();
				expect(row['Why Not Known']).toMatch(/^(demurrage|detention|D&D): /);
			}
			// the most expensive by tomorrow first (else by the cost so far: the terminal's figure)
			const keys = rows.map((r) => r['Cost by Tomorrow'] ?? r['Cost So Far']);
			expect(keys).toEqual([...keys].sort((x: number, y: number) => y - x));
			// the totals: per currency and basis (estimated and reported never added), the sums of the rows
			const totals = outputOf(execution, 'Totals per Currency');
			const bases = [...new Set(rows.map((r) => r.Basis))].sort();
			expect(totals.map((t) => t.Basis).sort()).toEqual(bases);
			for (const total of totals) {
				const mine = rows.filter((r) => r.Basis === total.Basis);
				expect(total).toEqual({
					Currency: 'USD',
					Basis: total.Basis,
					count_Container: mine.length,
					sum_Cost_So_Far: mine.reduce((sum, r) => sum + r['Cost So Far'], 0),
					sum_Cost_by_Tomorrow: mine.reduce((sum, r) => sum + (r['Cost by Tomorrow'] ?? 0), 0),
				});
			}
			const [digest] = outputOf(execution, 'Digest');
			expectPassedThrough(execution, 'Email the Digest', 'Digest');
			expect(outputOf(execution, 'Digest')).toHaveLength(1);
			expect(digest).toMatchObject({ costed: rows.length, not_known: unknown.length });
			expect(digest.subject).toMatch(
				new RegExp(
					`^D&D exposure \\d{4}-\\d{2}-\\d{2}: ${rows.length} container\\(s\\) costing money or about to, ${unknown.length} whose cost is not known$`,
				),
			);
			expect(digest.html).toContain('a floor');
			expect(digest.html.match(/<tr /g)).toHaveLength(rows.length + totals.length + unknown.length);
			// the sandbox's cases: Maersk past its LFD (terminal sends only a total line), the terminal's posted
			// demurrage for another line, a Maersk box picked up yesterday (detention in free time)
			const row = (key: string) =>
				rows.find((r) => r.Container === fixture(t49, key).containerNumber);
			expect(row('fees_total_only')).toMatchObject({ Basis: 'estimated from your tariff' });
			expect(row('fees_total_only')!['Cost So Far']).toBeGreaterThan(0);
			expect(row('past_lfd')).toMatchObject({
				Basis: 'reported by the terminal',
				'Cost So Far': 450,
				'Cost by Tomorrow': null,
			});
			expect(row('picked_up_yesterday')).toMatchObject({
				'Cost So Far': 0,
				'Return By': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
			});
			expect(unknown.length).toBeGreaterThan(0);
		});

		test("Today's demurrage risks: exactly the containers with a risk asked for, each row's risks in words, soonest LFD first; a hold put on a container joins the next digest", async () => {
			const { stack, sandbox } = t49;
			sandbox.reset({ containers: 40 });
			const wf = await stack.client.createWorkflow(
				t49.bind(example('demurrage-risks-digest.json')),
			);
			const HOLD_WORDS: Record<string, string> = {
				customs: 'Customs hold',
				freight: 'Freight hold',
				USDA: 'USDA hold',
				VACIS: 'VACIS exam hold',
				TMF: 'TMF (pier pass) hold',
				other: 'Other hold',
			};
			/**
			 * The risks the example asks for, in the node's order, judged here from the raw record: the earliest
			 * LFD past, today or tomorrow and the active holds (fresh terminal data only: checked within 7 days),
			 * 3+ calendar days since discharge at the port (or since the rail unload inland; none once on the
			 * train), and for a container picked up, its empty not returned.
			 */
			const risksOf = (c: { a: any; shipment: any }): string[] => {
				const a = c.a;
				if (closed(c))
					return a.empty_terminated_at || a.current_status === 'empty_returned'
						? []
						: ['Empty not returned'];
				const words: string[] = [];
				const fresh = freshTerminalData(c);
				const lfd = watchedLfd(c);
				if (lfd && fresh) {
					if (lfd.days < 0) words.push('Last free day past');
					else if (lfd.days === 0) words.push('Last free day today');
					else if (lfd.days === 1) words.push('Last free day tomorrow');
				}
				if (fresh)
					for (const [name, word] of Object.entries(HOLD_WORDS))
						if (activeHolds(c).includes(name)) words.push(word);
				const arrived = !['new', 'on_ship'].includes(a.current_status) || !!a.pod_arrived_at;
				const byRail = goesByRail(a);
				const port = String(a.pod_timezone ?? c.shipment.pod_timezone ?? 'UTC');
				const inland = String(
					a.final_destination_timezone ?? c.shipment.destination_timezone ?? port,
				);
				const since = (at: string, zone: string) =>
					dayNumber(dayIn(Date.now(), zone)) - dayNumber(dayIn(at, zone));
				let waiting: number | null = null;
				if (arrived) {
					if (byRail && a.ind_rail_unloaded_at) waiting = since(a.ind_rail_unloaded_at, inland);
					else if (byRail && (a.pod_rail_loaded_at || a.pod_rail_departed_at)) waiting = null;
					else if (a.pod_discharged_at) waiting = since(a.pod_discharged_at, port);
				}
				if (waiting !== null && waiting >= 3) words.push('Dwelling 3+ days');
				return words;
			};
			const run = async () => {
				const raw = await rawContainers(sandbox);
				const expected = raw.filter((c) => risksOf(c).length > 0);
				const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
				expectSucceeded([execution]);
				const rows = outputOf(execution, 'Risk Rows');
				expect(rows.map((r) => r.Container).sort()).toEqual(expected.map((c) => c.a.number).sort());
				const byNumber = new Map(expected.map((c) => [c.a.number, c]));
				for (const row of rows) {
					const c = byNumber.get(row.Container)!;
					const lfd = watchedLfd(c);
					expect(row).toEqual({
						Container: c.a.number,
						Risks: risksOf(c).join(', '),
						'Last Free Day': lfd?.day ?? null,
						'Whose LFD': lfd ? lfd.words : noLfdWords(c),
						'Days Left': lfd?.days ?? null,
						Pickup: closed(c) ? pickupDone(c) : pickupText(c),
						Where: expect.any(String),
						Fees: feesText(c) || 'none',
						'Bill of Lading': c.shipment.bill_of_lading_number ?? null,
					});
				}
				// soonest last free day first, the containers without one last
				const days = rows.map((r) => r['Days Left'] ?? Infinity);
				expect(days).toEqual([...days].sort((x: number, y: number) => x - y));
				const [digest] = outputOf(execution, 'Digest');
				expectPassedThrough(execution, 'Email the Digest', 'Digest');
				expect(digest.count).toBe(expected.length);
				expect(digest.subject).toMatch(
					new RegExp(
						`^Demurrage risks \\d{4}-\\d{2}-\\d{2}: ${expected.length} container\\(s\\) to act on$`,
					),
				);
				expect(digest.html).toContain('<th>Risks</th>');
				expect(digest.html.match(/<tr /g)).toHaveLength(expected.length);
				return { raw, rows };
			};
			const first = await run();
			expect(first.rows.length).toBeGreaterThan(0);
			expect(first.rows.length).toBeLessThan(first.raw.length);
			// the sandbox's cases: past LFD, a long dwell, an empty not returned, a customs hold
			const row = (key: string) =>
				first.rows.find((r) => r.Container === fixture(t49, key).containerNumber);
			expect(row('past_lfd')?.Risks).toContain('Last free day past');
			expect(row('long_dwell')?.Risks).toContain('Dwelling 3+ days');
			expect(row('empty_not_returned')?.Risks).toBe('Empty not returned');
			// picked up 5 days ago at Tacoma: its pickup in words with that day there
			expect(row('empty_not_returned')?.Pickup).toMatch(/^Picked up \d{4}-\d{2}-\d{2}$/);
			expect(row('customs_hold')?.Risks).toContain('Customs hold');

			// a customs hold put on an open container without a risk: the next digest has it
			const calm = first.raw.find(
				(c) => !closed(c) && risksOf(c).length === 0 && freshTerminalData(c),
			)!;
			expect(calm).toBeDefined();
			sandbox.updateContainer(calm.a.number, {
				holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
			});
			const second = await run();
			expect(second.rows.find((r) => r.Container === calm.a.number)?.Risks).toContain(
				'Customs hold',
			);
			sandbox.reset({ containers: 40 });
		});
	});
});
