/**
 * In real n8n 2.41 (packed package) against the in-process sandbox: the credential test as the editor runs it
 * (POST /rest/credentials/test: GET /me, and the fallback on a service without /me); Account > Get for a
 * paid, a free-plan and a "lite" key (no routing data, no data-out API); a map request and a webhook
 * trigger activation refused with nothing sent but GET /me; a free-plan key's polling trigger refused at
 * activation with the fix; party roles end to end (a customs broker on a shipment: assign, list, see it on
 * the shipment, remove). One n8n instance for the file.
 */
import {
	bindCredential,
	chain,
	testCredential,
	harness,
	NODE_TYPES,
	startT49Stack,
	triggerToNoOp,
} from './helpers';
import type { Execution, T49Stack, WorkflowJson } from './helpers';

jest.setTimeout(240_000);

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

function output(execution: Execution, node: string): any[] {
	const items = harness.nodeOutput(execution, node);
	if (!items)
		throw new Error(
			`node "${node}" did not run: ${JSON.stringify(harness.runError(execution) ?? execution).slice(0, 2000)}`,
		);
	return items;
}

describe('the account (GET /me) and party roles in real n8n', () => {
	let t49: T49Stack;
	const keys: Record<string, { id: string; name: string }> = {};

	beforeAll(async () => {
		t49 = await startT49Stack({ sandbox: { carrierDelayMs: 600_000, webhookRetryScale: 0 } });
		for (const key of ['sandbox_free', 'sandbox_lite']) {
			const created = await t49.stack.client.createCredential({
				name: `Terminal49 ${key}`,
				type: NODE_TYPES.credential,
				data: { apiKey: key, baseUrl: t49.sandbox.baseUrl },
			});
			keys[key] = { id: created.id, name: created.name };
		}
		keys.sandbox_paid = t49.credential;
	});
	afterAll(async () => {
		if (t49) await t49.stop();
	});

	const requests = () =>
		t49.sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.key ?? '-'}`);
	/**
	 * What was sent besides GET /me (read at most once per execution; a reading of the same key made
	 * seconds before by another test may serve, so whether /me itself shows up depends on the timing).
	 */
	const beyondMe = () => requests().filter((line) => !line.startsWith('GET /v2/me 200 '));

	/**
	 * Activates a workflow and returns its trigger's activation error. n8n 2.41 publishes through an outbox: the
	 * API call succeeds, then the triggers are activated; a trigger that fails shows in
	 * GET /rest/workflows/{id}/publication-status (what the editor shows on the workflow).
	 */
	async function activationError(workflowId: string): Promise<string> {
		const answer = await t49.stack.client.activateWorkflow(workflowId).catch((e: Error) => e);
		if (answer instanceof Error) return answer.message;
		const status = await t49.stack.client.publicationSettled(workflowId);
		expect(status?.status).toBe('failed');
		return (status?.triggers ?? []).map((trigger) => trigger.errorMessage ?? '').join('\n');
	}

	async function run(workflow: WorkflowJson, key = 'sandbox_paid'): Promise<Execution> {
		const created = await t49.stack.client.createWorkflow(bindCredential(workflow, keys[key]));
		return await t49.stack.client.runWorkflow(created.id, { triggerName: 'Start' });
	}

	test("the credential test (the editor's Test button): GET /me; a service without /me falls back", async () => {
		const test = (apiKey: string) => testCredential(t49, apiKey);
		t49.sandbox.clearRequests();
		// n8n words every passing test "Connection successful!" (the editor: "Connection tested successfully")
		for (const key of ['sandbox_paid', 'sandbox_free', 'sandbox_lite']) {
			expect(await test(key)).toEqual({ status: 'OK', message: 'Connection successful!' });
		}
		const refused = await test('sandbox_revoked');
		expect(refused.status).toBe('Error');
		expect(refused.message).toMatch(/could not verify this API key \(401\)/);
		expect(refused.message).toMatch(/paused because the account's billing is locked/);
		expect(requests()).toEqual([
			'GET /v2/me 200 sandbox_paid',
			'GET /v2/me 200 sandbox_free',
			'GET /v2/me 200 sandbox_lite',
			'GET /v2/me 401 -',
		]);

		t49.sandbox.options.meEndpoint = false;
		try {
			t49.sandbox.clearRequests();
			expect((await test('sandbox_paid')).status).toBe('OK');
			expect((await test('sandbox_revoked')).status).toBe('Error');
			expect(requests()).toEqual(['GET /v2/me 404 sandbox_paid', 'GET /v2/me 401 -']);
		} finally {
			t49.sandbox.options.meEndpoint = true;
		}
	});

	test('Account > Get for a paid, a free-plan and a lite key', async () => {
		const accountOf = async (key: string) =>
			output(
				await run(
					chain(`account ${key}`, [
						{ name: 'Account', parameters: { resource: 'account', operation: 'get' } },
					]),
					key,
				),
				'Account',
			)[0];
		const paid = await accountOf('sandbox_paid');
		expect(paid).toMatchObject({ plan: 'customer', can_read: true, missing_features: [] });
		const free = await accountOf('sandbox_free');
		expect(free).toMatchObject({ plan: 'free_plan', can_read: false, tracking_slots_limit: 10 });
		expect(free.features.data_out_api).toBe('needs a paid plan');
		const lite = await accountOf('sandbox_lite');
		expect(lite.features).toMatchObject({
			routing_data: 'not enabled for this account',
			data_out_api: 'not enabled for this account',
		});
	});

	test('lite: a map request is refused with nothing sent but GET /me, naming Routing Data', async () => {
		const f = t49.sandbox.fixtures.find((x) => x.key === 'on_ship')!;
		t49.sandbox.clearRequests();
		const execution = await run(
			chain('map without routing data', [
				{
					name: 'Map',
					parameters: {
						resource: 'container',
						operation: 'getMap',
						containerId: byId(f.containerId),
					},
				},
			]),
			'sandbox_lite',
		);
		expect(execution.status).toBe('error');
		const error = harness.runError(execution) as { message?: string; description?: string };
		expect(error.message).toBe(
			'Container > Get Map needs the Routing Data feature: "Routing data feature is not enabled for this account"',
		);
		expect(error.description).toMatch(/sales@terminal49\.com/);
		expect(beyondMe()).toEqual([]);
	});

	test('lite: activating the Terminal49 Trigger is refused, naming the Data Out API; nothing registered', async () => {
		const wf = await t49.stack.client.createWorkflow(
			bindCredential(
				triggerToNoOp('trigger without data-out', {
					id: 'trigger',
					name: 'Terminal49 Trigger',
					type: NODE_TYPES.trigger,
					typeVersion: 1,
					webhookId: 't49-account-e2e',
					parameters: { events: ['container.updated'], webhookManagement: 'automatic' },
				}),
				keys.sandbox_lite,
			),
		);
		t49.sandbox.clearRequests();
		expect(await activationError(wf.id)).toMatch(
			/Activating the Terminal49 Trigger \(it registers a Terminal49 webhook\) needs the Data Out API feature.*Ask sales@terminal49\.com to enable Data Out API/,
		);
		expect(beyondMe()).toEqual([]);
		expect(t49.sandbox.store.webhooks.all()).toHaveLength(0);
	});

	test("a free-plan key's Polling Trigger fails activation with the fix, having sent nothing but GET /me", async () => {
		const wf = await t49.stack.client.createWorkflow(
			bindCredential(
				triggerToNoOp('polling on the free plan', {
					id: 'poller',
					name: 'Poller',
					type: 'n8n-nodes-terminal49.terminal49PollingTrigger',
					typeVersion: 1,
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						events: ['container.updated'],
					},
				}),
				keys.sandbox_free,
			),
		);
		t49.sandbox.clearRequests();
		expect(await activationError(wf.id)).toMatch(
			/needs a paid plan: this Terminal49 key is on the free plan, which can only create tracking requests\. Upgrade the plan at https:\/\/app\.terminal49\.com\/settings\/billing, or start the 7-day API trial/,
		);
		expect(beyondMe()).toEqual([]);
	});

	test('party roles: assign a customs broker to a shipment, list it, see it on the shipment, filter containers by it, remove it', async () => {
		const f = t49.sandbox.fixtures.find((x) => x.key === 'customs_hold')!;
		const broker = t49.sandbox.store.parties.all()[0];
		const record = { recordType: 'shipment', shipmentId: byId(f.shipmentId) };
		const execution = await run(
			chain('party roles', [
				{
					name: 'Assign',
					parameters: {
						resource: 'partyRole',
						operation: 'create',
						...record,
						partyId: {
							__rl: true,
							mode: 'list',
							value: broker.id,
							cachedResultName: broker.companyName,
						},
						role: 'customs_broker',
					},
				},
				{
					name: 'List',
					parameters: { resource: 'partyRole', operation: 'getAll', ...record, returnAll: true },
				},
				{
					name: 'Shipment',
					parameters: {
						resource: 'shipment',
						operation: 'get',
						shipmentId: byId(f.shipmentId),
						include: ['party_roles.party'],
					},
				},
				{
					name: 'Containers of the broker',
					parameters: {
						resource: 'container',
						operation: 'getAll',
						returnAll: true,
						filters: { party: byId(broker.id), partyRole: 'customs_broker' },
						include: [],
					},
				},
			]),
		);
		expect(execution.status).toBe('success');
		const [assigned] = output(execution, 'Assign');
		expect(assigned).toMatchObject({
			role: 'customs_broker',
			roleable_type: 'Shipment',
			party: { id: broker.id, company_name: broker.companyName },
			already_assigned: false,
		});
		expect(output(execution, 'List').map((r) => [r.id, r.role, r.party.company_name])).toEqual([
			[assigned.id, 'customs_broker', broker.companyName],
		]);
		expect(
			output(execution, 'Shipment')[0].party_roles.map((r: any) => [r.role, r.party.company_name]),
		).toEqual([['customs_broker', broker.companyName]]);

		// Container > Get Many's Party filter finds the shipment's containers, and no other
		const shipment = t49.sandbox.store.shipments.get(f.shipmentId)!;
		expect(
			output(execution, 'Containers of the broker')
				.map((c) => c.id)
				.sort(),
		).toEqual([...shipment.containerIds].sort());

		const removal = await run(
			chain('remove the broker', [
				{
					name: 'Remove',
					parameters: {
						resource: 'partyRole',
						operation: 'delete',
						...record,
						removeBy: 'party',
						partyId: byId(broker.id),
						role: 'customs_broker',
					},
				},
				{
					name: 'List',
					parameters: { resource: 'partyRole', operation: 'getAll', ...record, returnAll: true },
				},
			]),
		);
		expect(output(removal, 'Remove')).toEqual([
			{ deleted: true, id: assigned.id, role: 'customs_broker', party_id: broker.id },
		]);
		// an empty list gives no item: n8n runs the next node with none, which outputs nothing
		expect(harness.nodeOutput(removal, 'List') ?? []).toEqual([]);
		expect(t49.sandbox.store.partyRoles.all().filter((r) => r.roleableId === f.shipmentId)).toEqual(
			[],
		);
	});
});
