/**
 * The example workflows of examples/*.json, imported as they are into real n8n 2.41.1 (packed package)
 * and run against the in-process sandbox: their outputs are asserted, not just "it ran".
 * One n8n instance for the whole file; the trigger examples are activated one at a time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { harness, packageBuilt, ROOT, startT49Stack } from './helpers';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(240_000);

const maybe = packageBuilt() ? describe : describe.skip;

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

maybe('example workflows in real n8n', () => {
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
			'hold-cleared-alert.json',
			'lfd-reminder.json',
			'milestones-to-table.json',
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
					'n8n-nodes-terminal49.terminal49Trigger',
				]).toContain(node.type);
				expect(node.credentials?.terminal49Api?.name).toBe('Terminal49 (sandbox)');
			}
			// every connection points at a node of the workflow
			const names = new Set(wf.nodes.map((n) => n.name));
			for (const [from, outputs] of Object.entries(wf.connections ?? {})) {
				expect(names).toContain(from);
				for (const link of (outputs as any).main.flat()) expect(names).toContain(link.node);
			}
		}
	});

	test('LFD reminder: one digest of the containers due within 3 days or past, most urgent (past LFD) first, holds and fees shown', async () => {
		const { stack, sandbox } = t49;
		const wf = await stack.client.createWorkflow(t49.bind(example('lfd-reminder.json')));
		sandbox.clearRequests();
		const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
		expectSucceeded([execution]);

		const containers = outputOf(execution, 'Get All Containers');
		expect(containers).toHaveLength(40); // Return All: every container of the account
		expect(
			sandbox.requests
				.filter((r) => r.path === '/v2/containers')
				.every((r) => r.query.include === 'shipment'),
		).toBe(true);

		const digests = outputOf(execution, 'Build LFD Digest');
		expect(digests).toHaveLength(1);
		const [digest] = digests;
		expect(digest.days_ahead).toBe(3);

		// what the digest must contain, computed from the Terminal49 items independently of the Code node
		const pickedUp = (c: any) =>
			Boolean(c.pod_full_out_at || c.final_destination_full_out_at || c.empty_terminated_at);
		const expected = containers
			.filter(
				(c) =>
					c.pickup_lfd &&
					typeof c.days_until_pickup_lfd === 'number' &&
					!pickedUp(c) &&
					c.days_until_pickup_lfd <= 3,
			)
			.map((c) => c.number)
			.sort();
		expect(digest.count).toBe(expected.length);
		expect(digest.containers.map((c: any) => c.container_number).sort()).toEqual(expected);

		const days = digest.containers.map((c: any) => c.days_until_pickup_lfd);
		expect(days).toEqual([...days].sort((a: number, b: number) => a - b));
		const past = fixture(t49, 'past_lfd');
		const pastIndex = digest.containers.findIndex(
			(c: any) => c.container_number === past.containerNumber,
		);
		expect(pastIndex).toBeGreaterThanOrEqual(0);
		// its line LFD is 2-3 calendar days ago in Savannah (the sandbox counts from 00:00 UTC, which is the
		// previous evening there): take the day count the Terminal49 node computed
		const pastDays = containers.find(
			(c) => c.number === past.containerNumber,
		).days_until_pickup_lfd;
		expect(pastDays === -2 || pastDays === -3).toBe(true);
		// only containers further past their LFD come before it
		expect(
			digest.containers.slice(0, pastIndex).every((c: any) => c.days_until_pickup_lfd <= pastDays),
		).toBe(true);
		expect(digest.containers[pastIndex]).toMatchObject({
			container_number: past.containerNumber, // HLXU4949039
			days_until_pickup_lfd: pastDays,
			urgency: `${-pastDays} day(s) past`,
			active_holds: [],
			fees_total: { USD: 450 },
			fees: '450.00 USD',
		});
		const ready = digest.containers.find(
			(c: any) => c.container_number === fixture(t49, 'ready_for_pickup').containerNumber,
		);
		const readyDays = containers.find((c) => c.number === 'MSCU4949012').days_until_pickup_lfd; // terminal LFD in 2-3 days
		expect(readyDays === 2 || readyDays === 3).toBe(true);
		expect(ready).toMatchObject({
			days_until_pickup_lfd: readyDays,
			ready_for_pickup: true,
			active_holds: [],
		});
		// nothing picked up, nothing beyond the window
		expect(digest.containers.every((c: any) => c.days_until_pickup_lfd <= 3)).toBe(true);
		expect(digest.past_lfd).toBe(days.filter((d: number) => d < 0).length);

		// text and HTML, ready for an Email or Slack node
		expect(digest.subject).toMatch(
			new RegExp(
				`^LFD digest \\d{4}-\\d{2}-\\d{2}: ${expected.length} container\\(s\\) due within 3 day\\(s\\)`,
			),
		);
		const lines = digest.text.split('\n').filter((l: string) => l.startsWith('- '));
		expect(lines).toHaveLength(expected.length);
		expect(lines[pastIndex]).toMatch(
			new RegExp(
				`^- ${past.containerNumber} LFD \\d{4}-\\d{2}-\\d{2} \\(${-pastDays} day\\(s\\) past\\).*fees: 450\\.00 USD`,
			),
		);
		expect(digest.html).toContain('<table');
		expect(digest.html.indexOf(past.containerNumber)).toBeGreaterThan(0);
		expect((digest.html.match(/<tr><td>/g) || []).length).toBe(expected.length);
		// any container with an active hold shows it
		for (const c of digest.containers.filter((x: any) => x.active_holds.length)) {
			expect(digest.text).toContain(`${c.container_number} LFD`);
			expect(lines.find((l: string) => l.startsWith(`- ${c.container_number} `))).toContain(
				`holds: ${c.active_holds.join(', ')}`,
			);
		}

		// the documented fixtures alone (the sandbox reset to its 6 fixture containers): the past-LFD
		// container HLXU4949039 leads the digest, the one ready for pickup (LFD in 3 days) follows
		sandbox.reset({ containers: 6 });
		const fixturesOnly = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
		expectSucceeded([fixturesOnly]);
		expect(outputOf(fixturesOnly, 'Get All Containers')).toHaveLength(6);
		const [small] = outputOf(fixturesOnly, 'Build LFD Digest');
		expect(small.containers[0]).toMatchObject({
			container_number: 'HLXU4949039',
			days_until_pickup_lfd: pastDays,
			fees_total: { USD: 450 },
		});
		expect(small.containers.map((c: any) => c.container_number)).toContain('MSCU4949012');
		expect(small.text.split('\n')[2]).toMatch(
			/^- HLXU4949039 LFD \d{4}-\d{2}-\d{2} \([23] day\(s\) past\) at Savannah.* \| no holds \| fees: 450\.00 USD \| READY$/,
		);
		sandbox.reset({ containers: 40 });
	});

	test('Track from a list: accepted, rejected with the reason, already tracked (duplicate: true)', async () => {
		const { stack, sandbox } = t49;
		const wf = await stack.client.createWorkflow(t49.bind(example('track-from-list.json')));
		sandbox.clearRequests();
		const execution = await stack.client.runWorkflow(wf.id, { triggerName: 'Start' });
		expectSucceeded([execution]);

		const [report] = outputOf(execution, 'Report');
		expect(report.counts).toEqual({ accepted: 2, rejected: 1, already_tracked: 2 });
		expect(report.accepted).toEqual([
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
		expect(report.rejected).toEqual([
			expect.objectContaining({ number: 'MSCU7140383', type: 'container' }),
		]);
		expect(report.rejected[0].reason).toMatch(/MSCU7140383/);
		expect(report.rejected[0].reason).toMatch(/check digit/i);

		const bl = report.accepted[1];
		const known = fixture(t49, 'ready_for_pickup');
		expect(report.already_tracked).toEqual([
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
		expect(report.text).toMatch(/^Tracking requests: 2 accepted, 1 rejected, 2 already tracked/);

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
		let rows = await tableRows(table.id);
		expect(rows).toHaveLength(3);
		expect(new Set(rows.map((r) => r.notification_id))).toEqual(
			new Set(delivered.map((d) => d.notificationId)),
		);
		const byEvent = Object.fromEntries(rows.map((r) => [r.event, r]));
		expect(Object.keys(byEvent).sort()).toEqual(['empty_out', 'full_in', 'vessel_loaded']);
		for (const row of rows) {
			expect(row.container_number).toBe(journey.containerNumber);
			expect(row.location).toMatch(/\(CNYTN\)$/); // Yantian, the port of lading
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
		expect(await tableRows(table.id)).toHaveLength(3);

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
		rows = await tableRows(table.id);
		expect(rows).toHaveLength(4);
		expect(rows.filter((r) => r.notification_id === departed.notificationId)).toHaveLength(1);
		expect(rows.find((r) => r.notification_id === departed.notificationId)).toMatchObject({
			event: 'vessel_departed',
		});
		await stack.client.deactivateWorkflow(wf2.id);
		await waitRegistered(t49, 't49-example-milestones-nodedup/webhook', 0);
	});

	test('Hold cleared alert: exactly one alert when the customs hold of MSKU4949027 goes away and it becomes available', async () => {
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
			const sent = sandbox.deliveries.slice(before).filter((d) => d.event === 'container.updated');
			// one notification; its last attempt accepted (a delivery racing the activation's save of the
			// webhook secret can be refused once and is retried by Terminal49 with the same bytes)
			expect(new Set(sent.map((d) => d.notificationId)).size).toBe(1);
			expect(sent[sent.length - 1].status).toBe(200);
			return sent[sent.length - 1];
		};
		// 1. a fee changes: no alert
		await update({
			fees_at_pod_terminal: [
				{ type: 'exam', amount: 400, currency_code: 'USD' },
				{ type: 'total', amount: 400, currency_code: 'USD' },
			],
		});
		// 2. the customs hold is released but the container is not available yet: no alert
		await update({
			holds_at_pod_terminal: [{ name: 'freight', status: 'pending', description: null }],
		});
		// 3. back on hold: no alert
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
			count: 4,
			timeoutMs: 60_000,
		});
		expect(executions).toHaveLength(4);
		expectSucceeded(executions);
		const alerts = executions.flatMap((e) => outputOf(e, 'Alert'));
		expect(alerts).toHaveLength(1);
		expect(alerts[0]).toMatchObject({
			container_number: held.containerNumber,
			container_id: held.containerId,
			cleared_holds: ['customs'],
			pending_holds: ['freight'],
			fees_total: { USD: 400 },
			notification_id: released.notificationId,
		});
		expect(alerts[0].text).toMatch(
			new RegExp(
				`^Hold cleared: ${held.containerNumber} is ready for pickup at .+ \\(released: customs\\)`,
			),
		);
		expect(alerts[0].text).toContain('Fees due: 400.00 USD');
		await stack.client.deactivateWorkflow(wf.id);
		await waitRegistered(t49, 't49-example-hold-cleared/webhook', 0);
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
});
