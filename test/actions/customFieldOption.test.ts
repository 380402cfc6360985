/**
 * Custom Field Option: Create, Get, Get Many, Update, Delete under a definition, against the sandbox
 * through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const { run } = runnerFor(() => sb, 'customFieldOption');
const priority = () => sb.store.customFieldDefinitions.find((d) => d.apiSlug === 'priority')!;
const optionsOf = (definitionId: string) =>
	sb.store.customFieldOptions.all().filter((o) => o.definitionId === definitionId);

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, rateWindowMs: 1000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

it('Get Many lists the options of a definition in position order', async () => {
	const d = priority();
	const out = await run({ operation: 'getAll', definitionId: d.id, returnAll: true });
	expect(requestLog(sb)).toEqual([
		['GET', '/v2/me', {}, null, 200],
		['GET', `/v2/custom_field_definitions/${d.id}/options`, { 'page[size]': '100' }, null, 200],
	]);
	expect(out.map((o) => [o.type, o.value])).toEqual([
		['custom_field_option', 'low'],
		['custom_field_option', 'normal'],
		['custom_field_option', 'high'],
	]);
});

it('Create POSTs label, value and position', async () => {
	const d = priority();
	const out = await run({
		operation: 'create',
		definitionId: d.id,
		label: 'Urgent',
		value: 'urgent',
		additionalFields: { position: 9 },
	});
	expect(requestLog(sb)).toEqual([
		['GET', '/v2/me', {}, null, 200],
		[
			'POST',
			`/v2/custom_field_definitions/${d.id}/options`,
			{},
			{
				data: {
					type: 'custom_field_option',
					attributes: { label: 'Urgent', value: 'urgent', position: 9 },
				},
			},
			201,
		],
	]);
	expect(out).toEqual([
		{
			id: expect.any(String),
			type: 'custom_field_option',
			label: 'Urgent',
			value: 'urgent',
			position: 9,
		},
	]);
	expect(optionsOf(d.id).map((o) => o.value)).toContain('urgent');
});

it('Create validates before any request', async () => {
	const d = priority();
	await expect(
		run({ operation: 'create', definitionId: d.id, label: 'X', value: ' ' }),
	).rejects.toThrow('"Value" is empty in item 1');
	await expect(
		run({ operation: 'create', definitionId: '', label: 'X', value: 'x' }),
	).rejects.toThrow('"Definition ID" is empty');
	expect(sb.requests).toHaveLength(0);
});

it('Get, Update and Delete address /options/{option_id}', async () => {
	const d = priority();
	const option = optionsOf(d.id).find((o) => o.value === 'high')!;
	const path = `/v2/custom_field_definitions/${d.id}/options/${option.id}`;

	expect(await run({ operation: 'get', definitionId: d.id, optionId: option.id })).toEqual([
		{
			id: option.id,
			type: 'custom_field_option',
			label: option.label,
			value: 'high',
			position: option.position,
		},
	]);
	expect(
		await run({
			operation: 'update',
			definitionId: d.id,
			optionId: option.id,
			updateFields: { label: 'Very High', position: 5 },
		}),
	).toEqual([
		{ id: option.id, type: 'custom_field_option', label: 'Very High', value: 'high', position: 5 },
	]);
	expect(await run({ operation: 'delete', definitionId: d.id, optionId: option.id })).toEqual([
		{ deleted: true, id: option.id },
	]);
	// each run reads the account first (GET /me: once per execution)
	const me = ['GET', '/v2/me', {}, null, 200];
	expect(requestLog(sb)).toEqual([
		me,
		['GET', path, {}, null, 200],
		me,
		[
			'PATCH',
			path,
			{},
			{ data: { type: 'custom_field_option', attributes: { label: 'Very High', position: 5 } } },
			200,
		],
		me,
		['DELETE', path, {}, null, 200],
	]);
	expect(optionsOf(d.id).find((o) => o.id === option.id)).toBeUndefined();
});

it('Update with nothing to change, or an option of another definition (404), fails clearly', async () => {
	const d = priority();
	const option = optionsOf(d.id)[0];
	await expect(
		run({ operation: 'update', definitionId: d.id, optionId: option.id, updateFields: {} }),
	).rejects.toThrow('Nothing to update');
	expect(sb.requests).toHaveLength(0);
	const other = sb.store.customFieldDefinitions.find((x) => x.apiSlug === 'po_number')!;
	const out = await run(
		{ operation: 'get', definitionId: other.id, optionId: option.id },
		{ continueOnFail: true },
	);
	expect(out[0].error).toMatch(/404/);
});
