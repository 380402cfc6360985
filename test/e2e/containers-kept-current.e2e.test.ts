/**
 * "Containers kept current" (examples/containers-kept-current.json, issue 42) in real n8n 2.41.1 against the
 * sandbox, through a day of activity: the first run fills n8n's Data Table from Get Many; the Terminal49 Trigger
 * (Output Container Rows) keeps each row current while containers are discharged, holds placed and released, LFDs
 * moved, a milestone withdrawn (back to null), a container added to a shipment, a shipment's tracking stopped
 * (Terminal49 then sends only tracking_request.tracking_stopped: the rows of its containers say their costs are no
 * longer known), a discharge moved to another terminal, a delivery repeated and two delivered out of order. At the
 * end of the day, before the morning run, the table equals a fresh Get Many row for row and column for column
 * (`as_of` aside: when each row's data was current); the morning run then removes the row of a container that is
 * not tracked. On both container serializers, in one n8n.
 *
 * The polling board (examples/containers-kept-current-polling.json, issue 49) too, polled by n8n's own schedule
 * (every minute): one shipment's tracking stopped, another's resumed (Terminal49 sends no event for a resume; the
 * polling trigger sees its tracking request back to `created`), a hold released, a discharge moved to another
 * terminal: after the next poll, with no morning run, its table equals a fresh Get Many.
 */
import { exampleWorkflow as example, expectSucceeded, harness, startT49Stack } from './helpers';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(420_000);

const TABLE = 'terminal49_containers';
const WEBHOOK_PATH = 't49-example-board/webhook';
/** A container no one tracks: a row typed in by hand, or left from another account. */
const STRAY = 'ZZZU0000001';

describe('Containers kept current (Data Table) in real n8n', () => {
	let t49: T49Stack;

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: { webhookRetryScale: 0, carrierDelayMs: 20, containers: 40 },
		});
	});
	afterAll(async () => {
		if (t49) await t49.stop();
	});

	const fixture = (key: string) => {
		const found = t49.sandbox.fixtures.find((f) => f.key === key);
		if (!found) throw new Error(`no sandbox fixture ${key}`);
		return found;
	};

	async function findTable(): Promise<string | undefined> {
		const res = await t49.stack.client.api('GET', `/data-tables?limit=100`);
		return (res.data || []).find((t: any) => t.name === TABLE)?.id;
	}

	async function tableRows(id: string): Promise<any[]> {
		const rows: any[] = [];
		let cursor: string | undefined;
		do {
			const res = await t49.stack.client.api(
				'GET',
				`/data-tables/${id}/rows?limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
			);
			rows.push(...(res.data || []));
			cursor = res.nextCursor ?? undefined;
		} while (cursor);
		return rows;
	}

	/** A fresh Get Many: a workflow of the example's own Get Every Container node after a Manual Trigger. */
	async function freshGetMany(board: WorkflowJson): Promise<any[]> {
		const getMany = board.nodes.find((n) => n.name === 'Get Every Container')!;
		const wf = await t49.stack.client.createWorkflow(
			t49.bind({
				name: `fresh Get Many ${Date.now()}`,
				nodes: [
					{
						id: 'manual',
						name: 'Manual',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{ ...getMany, id: 'get-many', position: [220, 0] },
				],
				connections: {
					Manual: { main: [[{ node: 'Get Every Container', type: 'main', index: 0 }]] },
				},
				settings: { executionOrder: 'v1' },
			} as WorkflowJson),
		);
		const execution = await t49.stack.client.runWorkflow(wf.id, { triggerName: 'Manual' });
		expectSucceeded([execution]);
		await t49.stack.client.deleteWorkflow(wf.id);
		return harness.nodeOutput(execution, 'Get Every Container') ?? [];
	}

	/** The table's columns of a row (n8n's own id and timestamps, and as_of, aside), by container number. */
	function byContainer(rows: any[], columns: string[]) {
		return Object.fromEntries(
			rows
				.map((row) => [
					String(row.container_number),
					Object.fromEntries(columns.map((c) => [c, row[c] ?? null])),
				])
				.sort(([a], [b]) => String(a).localeCompare(String(b))),
		);
	}

	/** Waits until the workflow's executions stop coming (none running, the count steady for 3 s). */
	async function settled(workflowId: string): Promise<Execution[]> {
		let count = -1;
		let since = Date.now();
		let executions: Execution[] = [];
		await harness.waitFor(
			'the deliveries of the day to run',
			async () => {
				executions = await t49.stack.client.listExecutions({ workflowId, limit: 250 });
				if (executions.length !== count || executions.some((e) => e.status === 'running')) {
					count = executions.length;
					since = Date.now();
				}
				return Date.now() - since >= 3_000;
			},
			{ timeoutMs: 120_000, intervalMs: 500 },
		);
		return executions;
	}

	/** Shipment > Stop Tracking or Resume Tracking, as a user does it (the service's own endpoint). */
	async function setTracking(shipmentId: string, action: 'stop_tracking' | 'resume_tracking') {
		const res = await fetch(`${t49.sandbox.baseUrl}/shipments/${shipmentId}/${action}`, {
			method: 'PATCH',
			headers: { Authorization: `Token ${t49.sandbox.keys.paid}` },
		});
		expect(res.status).toBe(200);
	}

	const numbersOf = (shipmentId: string) =>
		t49.sandbox.store.shipments
			.get(shipmentId)!
			.containerIds.map((containerId) => t49.sandbox.store.containers.get(containerId)!.number);

	/** A board example on a fresh sandbox of that serializer, and its table's columns (`as_of` aside). */
	function boardOn(file: string, shape: 'selected' | 'legacy') {
		t49.sandbox.options.deadlineShape = shape;
		t49.sandbox.reset({ containers: 40 });
		const board = example(file);
		const create = board.nodes.find((n) => n.name === 'Ensure the Board Table')!;
		const columns: string[] = (create.parameters as any).columns.column
			.map((c: { name: string }) => c.name)
			.filter((c: string) => c !== 'as_of');
		return { board, columns };
	}

	/**
	 * The board imported, and its first run (Execute workflow from Every Morning): the table created and filled, one
	 * row per container. Each day starts without the board (the run before left it).
	 */
	async function firstRun(board: WorkflowJson, shape: string) {
		const { stack } = t49;
		const wf = await stack.client.createWorkflow(
			t49.bind({ ...board, name: `${board.name} (${shape})` }),
		);
		const existing = await findTable();
		if (existing) await stack.client.api('DELETE', `/data-tables/${existing}`);
		const first = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
		expectSucceeded([first]);
		return { wf, id: (await findTable())! };
	}

	const SERIALIZERS = [
		['the newer serializer (the LFD Terminal49 selects)', 'selected'],
		['the older serializer', 'legacy'],
	] as const;

	test.each(SERIALIZERS)(
		'%s: a day of activity, then the table equals a fresh Get Many; the morning run removes a container not tracked',
		async (_name, shape) => {
			const { stack, sandbox } = t49;
			const { board, columns } = boardOn('containers-kept-current.json', shape);
			const { wf, id } = await firstRun(board, shape);
			let rows = await tableRows(id);
			expect(rows).toHaveLength(40);
			expect(byContainer(rows, columns)).toEqual(byContainer(await freshGetMany(board), columns));

			await stack.client.api('POST', `/data-tables/${id}/rows`, {
				data: [
					{
						container_number: STRAY,
						status: 'Available for pickup',
						as_of: '2026-01-01T00:00:00.000Z',
					},
				],
				returnType: 'count',
			});
			await stack.client.activateWorkflow(wf.id);
			await stack.client.waitForWebhook(WEBHOOK_PATH);
			await harness.waitFor(
				'the board webhook in the sandbox',
				() =>
					sandbox.store.webhooks
						.all()
						.some((w) => w.url === stack.webhookUrl(WEBHOOK_PATH) && w.active),
				{ timeoutMs: 20_000, intervalMs: 100 },
			);
			const before = byContainer(rows, columns);

			// the day
			sandbox.clearDeliveries();
			// a vessel discharged: every container of the shipment at sea arrives and is discharged
			const atSea = sandbox.store.shipments.get(fixture('on_ship').shipmentId)!;
			for (const containerId of atSea.containerIds)
				for (let i = 0; i < 6; i++) {
					const [event] = sandbox.advanceContainer(containerId, 1);
					if (!event || event === 'container.transport.vessel_discharged') break;
				}
			// holds released and placed, a terminal LFD moved, a fee posted
			sandbox.updateContainer(fixture('customs_hold').containerId, { holds: [] });
			sandbox.updateContainer(fixture('ready_for_pickup').containerId, {
				holds: [{ name: 'customs', status: 'hold', description: null }],
			});
			sandbox.updateContainer(fixture('terminal_lfd_first').containerId, {
				pickup_lfd_terminal: new Date(Date.now() + 5 * 86_400_000).toISOString(),
			});
			sandbox.updateContainer(fixture('fees_total_only').containerId, {
				fees: [{ type: 'demurrage', amount: 300, currency_code: 'USD' }],
			});
			// a milestone Terminal49 takes back: picked up yesterday, not any more
			expect(sandbox.withdrawMilestone(fixture('picked_up_yesterday').containerId)).not.toBeNull();
			// a container added to a tracked shipment
			const added = sandbox.addContainer(fixture('on_rail').shipmentId);
			// a shipment's tracking stopped, as a user stops it (Shipment > Stop Tracking): Terminal49 sends only
			// tracking_request.tracking_stopped, and Get Many then says the demurrage it charges is not known
			const stopped = fixture('pod_line_withheld');
			await setTracking(stopped.shipmentId, 'stop_tracking');
			const stoppedNumbers = numbersOf(stopped.shipmentId);
			// the line moves a shipment's discharge to another terminal of the port: its rows' location follows
			const moved = fixture('long_dwell');
			expect(sandbox.movePodTerminal(moved.shipmentId)).not.toBeNull();
			// two deliveries out of order: a hold placed, then released a second later; the release arrives first
			const late = fixture('past_lfd');
			sandbox.holdDeliveries();
			sandbox.updateContainer(late.containerId, {
				holds: [{ name: 'USDA', status: 'hold', description: null }],
			});
			await harness.sleep(1_100);
			sandbox.updateContainer(late.containerId, { holds: [] });
			const released = sandbox.releaseDeliveries('newest_first');
			expect(released.length).toBeGreaterThanOrEqual(2);
			await sandbox.webhooksIdle();
			// a delivery repeated: the same bytes again
			const repeated = sandbox.deliveries.find((d) => d.status === 200)!;
			expect(sandbox.repeatDelivery(repeated.notificationId)).toBe(true);
			await sandbox.webhooksIdle();
			expect(sandbox.deliveries.filter((d) => d.status !== 200)).toEqual([]);
			const executions = await settled(wf.id);
			// the first two are the runs by hand; a repeat starts no execution
			expectSucceeded(executions);
			expect(executions.length).toBeGreaterThan(10);

			// the end of the day: the table equals a fresh Get Many, the stray row aside
			const fresh = byContainer(await freshGetMany(board), columns);
			rows = await tableRows(id);
			const day = byContainer(
				rows.filter((r) => r.container_number !== STRAY),
				columns,
			);
			expect(day).toEqual(fresh);
			// the day changed the board: the new container, the released hold, the withdrawn pickup
			expect(Object.keys(day)).toHaveLength(41);
			expect(day[added.number]).toBeDefined();
			expect(day[fixture('customs_hold').containerNumber].holds).toBe('none');
			expect(day[late.containerNumber].holds).toBe('none');
			expect(day[fixture('picked_up_yesterday').containerNumber].pickup).not.toBe(
				before[fixture('picked_up_yesterday').containerNumber].pickup,
			);
			expect(day[moved.containerNumber].location).not.toBe(before[moved.containerNumber].location);
			// the stopped shipment's rows changed with it
			for (const number of stoppedNumbers) {
				expect(before[number].costs).not.toMatch(/stopped tracking/);
				expect(day[number].costs).toMatch(/stopped tracking/);
			}
			// no row twice
			expect(new Set(rows.map((r) => r.container_number)).size).toBe(rows.length);
			expect(rows.some((r) => r.container_number === STRAY)).toBe(true);

			// the morning run repairs, and removes the row of the container not tracked
			await stack.client.deactivateWorkflow(wf.id);
			const morning = await stack.client.runWorkflow(wf.id, { triggerName: 'Every Morning' });
			expectSucceeded([morning]);
			rows = await tableRows(id);
			expect(rows.some((r) => r.container_number === STRAY)).toBe(false);
			expect(byContainer(rows, columns)).toEqual(fresh);
			await stack.client.deleteWorkflow(wf.id);
		},
	);

	test.each(SERIALIZERS)(
		'the polling board, %s: a shipment stopped, another resumed, a hold released, a terminal moved; after the next poll the table equals a fresh Get Many',
		async (_name, shape) => {
			const { stack, sandbox } = t49;
			const { board, columns } = boardOn('containers-kept-current-polling.json', shape);
			// a shipment whose tracking was stopped before the board was made: its rows say so
			const resumed = fixture('pod_line_withheld');
			await setTracking(resumed.shipmentId, 'stop_tracking');
			const { wf, id } = await firstRun(board, shape);
			const before = byContainer(await tableRows(id), columns);
			for (const number of numbersOf(resumed.shipmentId))
				expect(before[number].costs).toMatch(/stopped tracking/);

			// published: n8n's activation poll records where things stand (no execution)
			await stack.client.activateWorkflow(wf.id);
			expect((await stack.client.publicationSettled(wf.id))?.status).toBe('published');
			await harness.sleep(3_000);
			const runs = async () => (await stack.client.listExecutions({ workflowId: wf.id })).length;
			const afterFirst = await runs();

			// the day
			const stopped = fixture('past_lfd');
			await setTracking(stopped.shipmentId, 'stop_tracking');
			await setTracking(resumed.shipmentId, 'resume_tracking');
			sandbox.updateContainer(fixture('customs_hold').containerId, { holds: [] });
			const moved = fixture('long_dwell');
			expect(sandbox.movePodTerminal(moved.shipmentId)).not.toBeNull();
			await harness.waitFor('the next poll', async () => (await runs()) > afterFirst, {
				timeoutMs: 90_000,
				intervalMs: 500,
			});
			expectSucceeded(await settled(wf.id));
			await stack.client.deactivateWorkflow(wf.id);

			const day = byContainer(await tableRows(id), columns);
			expect(day).toEqual(byContainer(await freshGetMany(board), columns));
			for (const number of numbersOf(stopped.shipmentId)) {
				expect(before[number].costs).not.toMatch(/stopped tracking/);
				expect(day[number].costs).toMatch(/stopped tracking/);
			}
			for (const number of numbersOf(resumed.shipmentId))
				expect(day[number].costs).not.toMatch(/stopped tracking/);
			expect(day[fixture('customs_hold').containerNumber].holds).toBe('none');
			expect(day[moved.containerNumber].location).not.toBe(before[moved.containerNumber].location);
			await stack.client.deleteWorkflow(wf.id);
		},
	);
});
