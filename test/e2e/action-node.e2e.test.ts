/**
 * The Terminal49 action node in real n8n 2.41.1 (packed package) against the in-process sandbox:
 * one workflow touching every resource's main operations (chained where one needs another's output),
 * a Return All over several pages, a 429 from the service honoured, a 422 surfaced as a readable error,
 * and On Error: Continue. One n8n instance for the file.
 */
import { METRO_BY_CODE, TERMINALS } from '../../sandbox/reference-data';
import { bindCredential, harness, NODE_TYPES, startT49Stack } from './helpers';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(240_000);

const CONTAINERS = 260; // > 2 pages of 100

type Params = Record<string, unknown>;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

interface Step {
	name: string;
	resource: string;
	operation: string;
	parameters?: Params;
	/** Runs after this node (gets its output) instead of straight after the trigger. */
	after?: string;
	onError?: 'continueRegularOutput';
}

/** Manual Trigger → every step (a step with `after` hangs off that step). */
function workflow(name: string, steps: Step[]): WorkflowJson {
	const nodes: Array<Record<string, any>> = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: Record<string, any> = {};
	const link = (from: string, to: string) => {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: 0 });
	};
	steps.forEach((step, i) => {
		nodes.push({
			id: `n${i}`,
			name: step.name,
			type: NODE_TYPES.action,
			typeVersion: 1,
			position: [step.after ? 440 : 220, i * 120],
			parameters: {
				resource: step.resource,
				operation: step.operation,
				...(step.parameters ?? {}),
			},
			...(step.onError ? { onError: step.onError } : {}),
		});
		link(step.after ?? 'Start', step.name);
	});
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

function output(execution: Execution, node: string): any[] {
	const items = harness.nodeOutput(execution, node);
	if (!items)
		throw new Error(
			`node "${node}" did not run; ran: ${Object.keys(execution.data?.resultData.runData ?? {}).join(', ')}`,
		);
	return items;
}

function expectSucceeded(execution: Execution) {
	if (execution.status !== 'success') {
		throw new Error(
			`execution ${execution.id} ended ${execution.status}: ${JSON.stringify(harness.runError(execution) ?? execution).slice(0, 3000)}`,
		);
	}
}

describe('Terminal49 action node in real n8n', () => {
	let t49: T49Stack;
	const fixture = (key: string) => t49.sandbox.fixtures.find((f) => f.key === key)!;

	/** `apiKey`: another credential of the same sandbox (e.g. the key of an account on the older serializer). */
	async function run(wf: WorkflowJson, apiKey?: string): Promise<Execution> {
		const bound = apiKey
			? bindCredential(
					wf,
					await t49.stack.client.createCredential({
						name: `Terminal49 (${apiKey})`,
						type: NODE_TYPES.credential,
						data: { apiKey, baseUrl: t49.sandbox.baseUrl },
					}),
				)
			: t49.bind(wf);
		const created = await t49.stack.client.createWorkflow(bound);
		return await t49.stack.client.runWorkflow(created.id, { triggerName: 'Start' });
	}

	beforeAll(async () => {
		t49 = await startT49Stack({
			sandbox: { containers: CONTAINERS, carrierDelayMs: 20, webhookRetryScale: 0 },
			// the 422 test feeds its numbers through a Code node
			codeNodes: true,
		});
	});

	afterAll(async () => {
		if (t49) await t49.stop();
	});

	test("one workflow touching every resource's main operations", async () => {
		const { sandbox } = t49;
		const ready = fixture('ready_for_pickup');
		const onShip = fixture('on_ship');
		const held = fixture('customs_hold');
		const priority = sandbox.store.customFieldDefinitions.find((d) => d.apiSlug === 'priority')!;
		const steps: Step[] = [
			// containers
			{
				name: 'Container Get',
				resource: 'container',
				operation: 'get',
				parameters: { containerId: byId(ready.containerId) },
			},
			{
				name: 'Container Get By Number',
				resource: 'container',
				operation: 'get',
				parameters: { containerId: { __rl: true, mode: 'number', value: held.containerNumber } },
			},
			{
				name: 'Container Transport Events',
				resource: 'container',
				operation: 'getTransportEvents',
				parameters: { containerId: byId(onShip.containerId), returnAll: true },
			},
			{
				name: 'Container Raw Events',
				resource: 'container',
				operation: 'getRawEvents',
				parameters: { containerId: byId(onShip.containerId), returnAll: true },
			},
			{
				name: 'Container Map',
				resource: 'container',
				operation: 'getMap',
				parameters: { containerId: byId(onShip.containerId) },
			},
			{
				name: 'Container Update',
				resource: 'container',
				operation: 'update',
				parameters: { containerId: byId(onShip.containerId), refNumbers: 'E2E-REF-1' },
			},
			{
				name: 'Container Refresh',
				resource: 'container',
				operation: 'refresh',
				parameters: { containerId: byId(held.containerId) },
			},
			// shipments
			{
				name: 'Shipment Get',
				resource: 'shipment',
				operation: 'get',
				parameters: { shipmentId: byId(ready.shipmentId) },
			},
			{
				name: 'Shipment Get Many',
				resource: 'shipment',
				operation: 'getAll',
				parameters: { returnAll: false, limit: 5 },
			},
			{
				name: 'Shipment Update',
				resource: 'shipment',
				operation: 'update',
				parameters: { shipmentId: byId(ready.shipmentId), updateFields: { tags: 'e2e' } },
			},
			// tracking requests: create, then get the one created
			{
				name: 'Tracking Request Create',
				resource: 'trackingRequest',
				operation: 'create',
				parameters: {
					requestType: 'bill_of_lading',
					requestNumber: 'MEDUE2E000001',
					scac: { __rl: true, mode: 'scac', value: 'MSCU' },
				},
			},
			{
				name: 'Tracking Request Get',
				resource: 'trackingRequest',
				operation: 'get',
				after: 'Tracking Request Create',
				parameters: { trackingRequestId: byId('={{ $json.id }}') },
			},
			{
				name: 'Tracking Request Get Many',
				resource: 'trackingRequest',
				operation: 'getAll',
				parameters: { returnAll: false, limit: 3 },
			},
			{
				name: 'Infer Number',
				resource: 'trackingRequest',
				operation: 'inferNumber',
				parameters: { number: ready.containerNumber },
			},
			// webhooks: create → get → update → delete, each on the previous node's output
			{
				name: 'Webhook Create',
				resource: 'webhook',
				operation: 'create',
				parameters: {
					url: 'http://127.0.0.1:9/e2e-hook',
					events: ['container.updated'],
					active: true,
				},
			},
			{
				name: 'Webhook Get',
				resource: 'webhook',
				operation: 'get',
				after: 'Webhook Create',
				parameters: { webhookId: '={{ $json.id }}' },
			},
			{
				name: 'Webhook Update',
				resource: 'webhook',
				operation: 'update',
				after: 'Webhook Get',
				parameters: { webhookId: '={{ $json.id }}', updateFields: { active: false } },
			},
			{
				name: 'Webhook Delete',
				resource: 'webhook',
				operation: 'delete',
				after: 'Webhook Update',
				parameters: { webhookId: '={{ $json.id }}' },
			},
			{ name: 'Webhook Events', resource: 'webhook', operation: 'getEvents', parameters: {} },
			{
				name: 'Webhook Notification Examples',
				resource: 'webhookNotification',
				operation: 'getExamples',
				parameters: { event: 'container.updated' },
			},
			// lookups
			{
				name: 'Shipping Line Get',
				resource: 'shippingLine',
				operation: 'get',
				parameters: { shippingLine: { __rl: true, mode: 'scac', value: 'MAEU' } },
			},
			{
				name: 'Shipping Lines',
				resource: 'shippingLine',
				operation: 'getAll',
				parameters: { returnAll: false, limit: 3 },
			},
			{
				name: 'Port Get',
				resource: 'port',
				operation: 'get',
				parameters: { port: { __rl: true, mode: 'locode', value: 'USLAX' } },
			},
			{
				name: 'Terminal Get',
				resource: 'terminal',
				operation: 'get',
				parameters: { terminalId: TERMINALS[0].id },
			},
			{
				name: 'Metro Area Get',
				resource: 'metroArea',
				operation: 'get',
				parameters: {
					metroArea: { __rl: true, mode: 'locode', value: [...METRO_BY_CODE.keys()][0] },
				},
			},
			{
				name: 'Vessel Get',
				resource: 'vessel',
				operation: 'get',
				parameters: { vessel: { __rl: true, mode: 'imo', value: '9811000' } },
			},
			{
				name: 'Search',
				resource: 'search',
				operation: 'search',
				parameters: { query: ready.billOfLading, returnAll: true },
			},
			// parties, custom fields, documents
			{
				name: 'Party Create',
				resource: 'party',
				operation: 'create',
				parameters: { companyName: 'E2E Freight LLC' },
			},
			{
				name: 'Party Get',
				resource: 'party',
				operation: 'get',
				after: 'Party Create',
				parameters: { partyId: '={{ $json.id }}' },
			},
			{
				name: 'Custom Field Definitions',
				resource: 'customFieldDefinition',
				operation: 'getAll',
				parameters: { returnAll: true },
			},
			{
				name: 'Custom Field Options',
				resource: 'customFieldOption',
				operation: 'getAll',
				parameters: { definitionId: priority.id, returnAll: true },
			},
			{
				name: 'Record Custom Field Create',
				resource: 'recordCustomField',
				operation: 'create',
				parameters: {
					recordType: 'container',
					containerId: byId(ready.containerId),
					apiSlug: 'priority',
					valueType: 'text',
					value: 'high',
				},
			},
			{
				name: 'Custom Fields',
				resource: 'customField',
				operation: 'getAll',
				parameters: { returnAll: true },
			},
			{
				name: 'Documents',
				resource: 'document',
				operation: 'getAll',
				parameters: { returnAll: true },
			},
			{
				name: 'Email Submissions',
				resource: 'emailSubmission',
				operation: 'getAll',
				parameters: { returnAll: true },
			},
			{
				name: 'Document Schema',
				resource: 'documentSchema',
				operation: 'get',
				parameters: { schemaId: 'bill_of_lading@2026-03-23' },
			},
			{
				name: 'Widget Embed',
				resource: 'widget',
				operation: 'generateEmbedHtml',
				parameters: { publishableKey: 'pk_sandbox_paid', number: ready.containerNumber },
			},
		];
		sandbox.clearRequests();
		const execution = await run(workflow('every resource', steps));
		expectSucceeded(execution);

		// every node ran and produced items
		for (const step of steps) expect(output(execution, step.name).length).toBeGreaterThan(0);
		const resources = new Set(steps.map((s) => s.resource));
		expect(resources.size).toBe(20);

		expect(output(execution, 'Container Get')[0]).toMatchObject({
			id: ready.containerId,
			number: ready.containerNumber,
			ready_for_pickup: true,
		});
		expect(output(execution, 'Container Get By Number')[0]).toMatchObject({
			id: held.containerId,
			active_holds: ['customs'],
			fees_total: { USD: 350 },
		});
		expect(
			output(execution, 'Container Transport Events').every((e) => e.type === 'transport_event'),
		).toBe(true);
		expect(output(execution, 'Container Update')[0].ref_numbers).toEqual(['E2E-REF-1']);
		expect(output(execution, 'Shipment Get')[0]).toMatchObject({
			id: ready.shipmentId,
			bill_of_lading_number: ready.billOfLading,
		});
		expect(output(execution, 'Shipment Get Many')).toHaveLength(5);
		expect(output(execution, 'Shipment Update')[0].tags).toEqual(['e2e']);
		const tr = output(execution, 'Tracking Request Create')[0];
		expect(tr).toMatchObject({
			request_number: 'MEDUE2E000001',
			status: 'pending',
			duplicate: false,
		});
		expect(output(execution, 'Tracking Request Get')[0]).toMatchObject({
			id: tr.id,
			request_number: 'MEDUE2E000001',
		});
		expect(output(execution, 'Tracking Request Get Many')).toHaveLength(3);
		expect(output(execution, 'Infer Number')[0]).toMatchObject({ number_type: 'container' });
		const hook = output(execution, 'Webhook Create')[0];
		expect(hook).toMatchObject({
			url: 'http://127.0.0.1:9/e2e-hook',
			events: ['container.updated'],
			active: true,
		});
		expect(output(execution, 'Webhook Get')[0].id).toBe(hook.id);
		expect(output(execution, 'Webhook Update')[0]).toMatchObject({ id: hook.id, active: false });
		expect(sandbox.store.webhooks.all().find((w) => w.id === hook.id)).toBeUndefined();
		expect(output(execution, 'Webhook Events').map((e) => e.event ?? e.name ?? e.id)).toEqual(
			expect.arrayContaining(['container.updated']),
		);
		expect(output(execution, 'Shipping Line Get')[0]).toMatchObject({ scac: 'MAEU' });
		expect(output(execution, 'Port Get')[0]).toMatchObject({ code: 'USLAX' });
		expect(output(execution, 'Terminal Get')[0]).toMatchObject({ id: TERMINALS[0].id });
		expect(output(execution, 'Vessel Get')[0]).toMatchObject({ imo: '9811000' });
		expect(output(execution, 'Search').length).toBeGreaterThan(0);
		const party = output(execution, 'Party Create')[0];
		expect(output(execution, 'Party Get')[0]).toMatchObject({
			id: party.id,
			company_name: 'E2E Freight LLC',
		});
		expect(output(execution, 'Custom Field Definitions').map((d) => d.api_slug)).toEqual(
			expect.arrayContaining(['po_number', 'priority']),
		);
		expect(output(execution, 'Record Custom Field Create')[0]).toMatchObject({
			api_slug: 'priority',
			value: 'high',
		});
		expect(output(execution, 'Document Schema')[0]).toBeTruthy();
		expect(JSON.stringify(output(execution, 'Widget Embed')[0])).toContain('pk_sandbox_paid');

		// the requests the node made, as the service saw them
		const seen = sandbox.requests.map((r) => `${r.method} ${r.path}`);
		expect(seen).toEqual(
			expect.arrayContaining([
				`GET /v2/containers/${ready.containerId}`,
				'PATCH /v2/containers', // openapi "Edit a container": the id is in the body
				`PATCH /v2/containers/${held.containerId}/refresh`,
				`PATCH /v2/shipments/${ready.shipmentId}`,
				'POST /v2/tracking_requests',
				`GET /v2/tracking_requests/${tr.id}`,
				'POST /v2/tracking_requests/infer_number',
				'POST /v2/webhooks',
				`PATCH /v2/webhooks/${hook.id}`,
				`DELETE /v2/webhooks/${hook.id}`,
				'POST /v2/parties',
			]),
		);
		expect(
			sandbox.requests.find((r) => r.method === 'PATCH' && r.path === '/v2/containers')!.body,
		).toMatchObject({
			data: {
				id: onShip.containerId,
				type: 'container',
				attributes: { ref_numbers: ['E2E-REF-1'] },
			},
		});
		expect(sandbox.requests.every((r) => r.key === 'sandbox_paid' && r.status < 400)).toBe(true);
	});

	test('Return All follows every page', async () => {
		const { sandbox } = t49;
		sandbox.clearRequests();
		const execution = await run(
			workflow('return all', [
				{
					name: 'All Containers',
					resource: 'container',
					operation: 'getAll',
					parameters: { returnAll: true, include: [] },
				},
			]),
		);
		expectSucceeded(execution);
		const items = output(execution, 'All Containers');
		const total = sandbox.store.containers.all().length; // the seeded ones + those of the tracking requests created above
		expect(total).toBeGreaterThanOrEqual(CONTAINERS);
		expect(items).toHaveLength(total);
		expect(new Set(items.map((c) => c.id)).size).toBe(total);
		// the sandbox serves containers as the current service does: pages of 50, whatever page[size] asks
		const pages = sandbox.requests.filter((r) => r.path === '/v2/containers');
		expect(pages.map((r) => r.query['page[number]'] ?? '1')).toEqual(
			Array.from({ length: Math.ceil(total / 50) }, (_, i) => String(i + 1)),
		);
		expect(pages.every((r) => r.status === 200)).toBe(true);
	});

	// an account on the older serializer (its own key: what one n8n learned of a key's account stays), and the
	// stack's account, on the newer one
	test.each([
		['an account on the older serializer', 'legacy'],
		['an account on the newer serializer (the LFD Terminal49 selects)', 'selected'],
	] as const)(
		'Container Get Many filters and sort in real n8n, %s: resource locators inside the Filters collection, urgency fields',
		async (_name, shape) => {
			const { sandbox } = t49;
			const ready = fixture('ready_for_pickup'); // MSC, Los Angeles FMS (Y257), LFD in 3 days, terminal just checked
			sandbox.clearRequests();
			const filters = {
				shippingLine: { __rl: true, mode: 'list', value: 'MSCU' },
				podTerminal: { __rl: true, mode: 'list', value: 'Y257' },
				excludeClosed: true,
				currentStatus: ['available', 'not_available', 'grounded'],
			};
			const execution = await run(
				workflow('filters', [
					{
						name: 'Filtered',
						resource: 'container',
						operation: 'getAll',
						parameters: {
							returnAll: true,
							include: [],
							filters,
							sortBy: 'lfd',
						},
					},
					{
						// Terminal49's pickup_lfd watched (0.1.0's behaviour): the service sorts by it
						name: 'Filtered by pickup_lfd',
						resource: 'container',
						operation: 'getAll',
						parameters: {
							returnAll: true,
							include: [],
							filters,
							sortBy: 'lfd',
							options: { deadlineToWatch: 'pickup_lfd' },
						},
					},
					{
						name: 'Urgent',
						resource: 'container',
						operation: 'getAll',
						parameters: { returnAll: false, limit: 2, include: [], filters: { urgentOnly: true } },
					},
				]),
				shape === 'legacy' ? 'sandbox_paid_legacy' : undefined,
			);
			expectSucceeded(execution);
			const filtered = output(execution, 'Filtered');
			expect(filtered.map((c) => c.id)).toContain(ready.containerId);
			for (const c of filtered) {
				expect(c.shipment).toMatchObject({ shipping_line_scac: 'MSCU' });
				expect(c.pod_terminal).toMatchObject({ firms_code: 'Y257' });
				expect(c.closed).toBe(false);
				expect(['available', 'not_available', 'grounded']).toContain(c.current_status);
			}
			// Sort By Last Free Day follows the LFD watched: the earliest (the default), or pickup_lfd
			const days = filtered.map((c) => c.days_until_earliest_lfd ?? Infinity);
			expect(days).toEqual([...days].sort((a, b) => a - b));
			const byPickupLfd = output(execution, 'Filtered by pickup_lfd');
			expect(byPickupLfd.map((c) => c.id).sort()).toEqual(filtered.map((c) => c.id).sort());
			const pickupDays = byPickupLfd.map((c) => c.days_until_pickup_lfd ?? Infinity);
			expect(pickupDays).toEqual([...pickupDays].sort((a, b) => a - b));
			const readyItem = filtered.find((c) => c.id === ready.containerId);
			expect(readyItem).toMatchObject({
				terminal_data_fresh: true,
				lfd_band: 'imminent',
				urgency: 'imminent',
				urgent: true,
			});
			const urgent = output(execution, 'Urgent');
			expect(urgent).toHaveLength(2);
			expect(urgent.every((c) => c.urgent === true && c.closed === false)).toBe(true);
			const lists = sandbox.requests.filter((r) => r.path === '/v2/containers');
			const filteredLists = lists.filter((r) => r.query.include === 'shipment,pod_terminal');
			// the filtered Return All: the filters and the sort sent (the terminal's FIRMS code is the node's to
			// check, with the terminal included), fewer pages than the whole list
			expect(filteredLists.length).toBeGreaterThan(0);
			expect(filteredLists.length).toBeLessThan(
				Math.ceil(sandbox.store.containers.all().length / 50),
			);
			for (const r of filteredLists)
				expect(r.query).toMatchObject({
					'filter[shipping_line_scac]': 'MSCU',
					'filter[current_status]': 'available,not_available,grounded',
				});
			if (shape === 'legacy') {
				// every page is read either way: with the earliest watched, which no service field holds, the node
				// sorts (the service's list newest first); with pickup_lfd the service sorts by it
				expect([...new Set(filteredLists.map((r) => r.query.sort))].sort()).toEqual([
					'-created_at',
					'pickup_lfd,-created_at',
				]);
			} else {
				// where Terminal49 selects the LFD, no LFD filter or sort is sent (its pickup_lfd is a placeholder):
				// the node sorts, and Deadline to Watch changes nothing
				expect([...new Set(lists.map((r) => r.query.sort).filter(Boolean))]).toEqual([
					'-created_at',
				]);
				expect(
					lists.some((r) =>
						Object.keys(r.query).some((key) => key.startsWith('filter[pickup_lfd')),
					),
				).toBe(false);
				expect(filtered.every((c) => c.lfd_watched === 'selected')).toBe(true);
				expect(byPickupLfd.map((c) => c.id)).toEqual(filtered.map((c) => c.id));
			}
		},
	);

	test('a 429 from the service is waited out (Retry-After) and the request retried', async () => {
		const { sandbox } = t49;
		sandbox.clearRequests();
		sandbox.injectFault({ kind: '429', count: 1, method: 'GET', path: 'shipments', delayMs: 2000 });
		const started = Date.now();
		const execution = await run(
			workflow('429', [
				{
					name: 'Shipments',
					resource: 'shipment',
					operation: 'getAll',
					parameters: { returnAll: false, limit: 3 },
				},
			]),
		);
		expectSucceeded(execution);
		expect(output(execution, 'Shipments')).toHaveLength(3);
		const calls = sandbox.requests.filter((r) => r.path === '/v2/shipments');
		expect(calls.map((r) => r.status)).toEqual([429, 200]);
		expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(1900); // Retry-After: 2
		expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
	});

	test('a 422 is a readable error naming the field; On Error: Continue gives an error item and goes on', async () => {
		const { sandbox } = t49;
		const create = (onError?: 'continueRegularOutput'): Step => ({
			name: 'Track',
			resource: 'trackingRequest',
			operation: 'create',
			onError,
			parameters: {
				requestType: 'bill_of_lading',
				requestNumber: '={{ $json.number }}',
				scac: { __rl: true, mode: 'scac', value: '={{ $json.scac }}' },
			},
		});
		const withItems = (wf: WorkflowJson, items: Params[]): WorkflowJson => {
			// Start → "Numbers" (Code) → Track
			wf.nodes.push({
				id: 'numbers',
				name: 'Numbers',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [110, 0],
				parameters: {
					mode: 'runOnceForAllItems',
					jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));`,
				},
			});
			wf.connections = {
				Start: { main: [[{ node: 'Numbers', type: 'main', index: 0 }]] },
				Numbers: { main: [[{ node: 'Track', type: 'main', index: 0 }]] },
			};
			return wf;
		};

		// 1. without Continue: the execution fails with the service's reason and the field to fix
		sandbox.clearRequests();
		const failed = await run(
			withItems(workflow('422', [create()]), [{ number: 'MEDUE2E422001', scac: 'XXXX' }]),
		);
		expect(failed.status).toBe('error');
		const error = harness.runError(failed);
		const readable = `${error.message} ${error.description}`;
		expect(readable).toMatch(/XXXX/);
		expect(readable).toMatch(/not recognized/i);
		expect(readable).toMatch(/Carrier \(SCAC\)/);
		expect(readable).not.toMatch(/\[object Object\]|Request failed with status code/);
		expect(
			sandbox.requests.filter((r) => r.path === '/v2/tracking_requests').map((r) => r.status),
		).toEqual([422]);

		// 2. with On Error: Continue: one error item for the bad number, the good one created, the next node runs
		const wf = withItems(workflow('continue', [create('continueRegularOutput')]), [
			{ number: 'MEDUE2E422002', scac: 'XXXX' },
			{ number: 'MEDUE2E422003', scac: 'MSCU' },
		]);
		wf.nodes.push({
			id: 'after',
			name: 'After',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [660, 0],
			parameters: {},
		});
		wf.connections!.Track = { main: [[{ node: 'After', type: 'main', index: 0 }]] };
		const continued = await run(wf);
		expectSucceeded(continued);
		const items = output(continued, 'Track');
		expect(items).toHaveLength(2);
		expect(items[0].error).toMatch(/not recognized/i);
		expect(`${items[0].error} ${items[0].error_description ?? ''}`).toMatch(/XXXX/);
		expect(items[1]).toMatchObject({
			request_number: 'MEDUE2E422003',
			status: 'pending',
			duplicate: false,
		});
		expect(output(continued, 'After')).toHaveLength(2);
	});
});
