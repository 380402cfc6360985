/**
 * Custom Field Definition: Create, Get, Get Many, Update, Delete against the sandbox through real
 * n8n-core: request method, path, query and body, and the items; bad input stops before any request.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const { run } = runnerFor(() => sb, 'customFieldDefinition');
const def = (slug: string) => sb.store.customFieldDefinitions.find((d) => d.apiSlug === slug)!;

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

describe('Custom Field Definition > Get Many', () => {
	it('sends the filters and returns flat definitions', async () => {
		const out = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { entityType: 'Container', dataType: 'enum', displayName: ' Prio ' },
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/custom_field_definitions',
				{
					'filter[entity_type]': 'Container',
					'filter[data_type]': 'enum',
					'filter[display_name]': 'Prio',
					'page[size]': '100',
				},
				null,
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: def('priority').id,
				type: 'custom_field_definition',
				entity_type: 'Container',
				api_slug: 'priority',
				display_name: 'Priority',
				data_type: 'enum',
				default_value: 'normal',
				options: expect.any(Array),
			}),
		]);
	});

	it('lists all definitions, tracking-request ones included', async () => {
		const out = await run({ operation: 'getAll', returnAll: false, limit: 10 });
		expect(requestLog(sb)[0][1]).toBe('/v2/me');
		expect(requestLog(sb)[1].slice(0, 3)).toEqual([
			'GET',
			'/v2/custom_field_definitions',
			{ 'page[size]': '10' },
		]);
		expect(out.map((d) => d.api_slug)).toEqual(
			expect.arrayContaining(['po_number', 'priority', 'broker_ref']),
		);
	});
});

describe('Custom Field Definition > Create', () => {
	it('POSTs the definition with the optional fields, the default value typed by the data type', async () => {
		const out = await run({
			operation: 'create',
			entityType: 'Shipment',
			apiSlug: 'pallet_count',
			displayName: 'Pallet Count',
			dataType: 'number',
			additionalFields: {
				description: 'Pallets on the truck',
				defaultValue: '12',
				validation: '{"min": 0}',
				defaultFormat: '0',
			},
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'POST',
				'/v2/custom_field_definitions',
				{},
				{
					data: {
						type: 'custom_field_definition',
						attributes: {
							entity_type: 'Shipment',
							api_slug: 'pallet_count',
							display_name: 'Pallet Count',
							data_type: 'number',
							description: 'Pallets on the truck',
							default_format: '0',
							validation: { min: 0 },
							default_value: 12,
						},
					},
				},
				201,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: expect.any(String),
				api_slug: 'pallet_count',
				data_type: 'number',
				default_value: 12,
				validation: { min: 0 },
			}),
		]);
	});

	it('an enum multi default value is a list', async () => {
		await run({
			operation: 'create',
			entityType: 'Container',
			apiSlug: 'flags',
			displayName: 'Flags',
			dataType: 'enum_multi',
			additionalFields: { defaultValue: 'hazmat, reefer' },
		});
		expect(sb.requests[0].path).toBe('/v2/me');
		expect((sb.requests[1].body as any).data.attributes.default_value).toEqual([
			'hazmat',
			'reefer',
		]);
	});

	it('rejects bad input before any request', async () => {
		const base = {
			operation: 'create',
			entityType: 'Shipment',
			apiSlug: 'x_slug',
			displayName: 'X',
			dataType: 'number',
		};
		const out = await run(
			{
				...base,
				apiSlug: '={{ $json.slug }}',
				displayName: '={{ $json.name }}',
				additionalFields: { defaultValue: '={{ $json.dv }}', validation: '={{ $json.v }}' },
			},
			{
				items: [
					{ slug: 'po number', name: 'X', dv: '', v: '' },
					{ slug: 'ok', name: '', dv: '', v: '' },
					{ slug: 'ok', name: 'X', dv: 'twelve', v: '' },
					{ slug: 'ok', name: 'X', dv: '', v: '[1,2]' },
					{ slug: 'ok', name: 'X', dv: '', v: '{nope' },
				],
				continueOnFail: true,
			},
		);
		expect(out.map((o) => o.error)).toEqual([
			'Invalid API Slug "po number": an ID has no spaces, slashes, ? or #',
			'"Display Name" is empty in item 2',
			'Invalid Default Value "twelve": not a number, e.g. 42 or 3.5',
			'Invalid Validation (JSON) "[1,2]": it must be a JSON object',
			'Invalid Validation (JSON) "{nope": not valid JSON',
		]);
		expect(sb.requests).toHaveLength(0);
	});

	it('passes on the service 422 for a taken slug', async () => {
		const out = await run(
			{
				operation: 'create',
				entityType: 'Shipment',
				apiSlug: 'po_number',
				displayName: 'PO',
				dataType: 'short_text',
			},
			{ continueOnFail: true },
		);
		expect(out[0].error).toContain('api_slug: Api slug has already been taken');
		expect(requestLog(sb).map((r) => r[4])).toEqual([200, 422]);
	});
});

describe('Custom Field Definition > Get, Update, Delete', () => {
	it('GETs one definition', async () => {
		const d = def('po_number');
		const out = await run({ operation: 'get', definitionId: d.id });
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['GET', `/v2/custom_field_definitions/${d.id}`, {}, null, 200],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: d.id,
				api_slug: 'po_number',
				display_name: 'PO Number',
				entity_type: 'Shipment',
			}),
		]);
	});

	it('PATCHes only the fields given; Empty (Null) clears the default value', async () => {
		const d = def('priority');
		const out = await run({
			operation: 'update',
			definitionId: d.id,
			updateFields: { displayName: 'Urgency', description: '', defaultValueType: 'null' },
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'PATCH',
				`/v2/custom_field_definitions/${d.id}`,
				{},
				{
					data: {
						type: 'custom_field_definition',
						attributes: { display_name: 'Urgency', description: null, default_value: null },
					},
				},
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({ id: d.id, display_name: 'Urgency', default_value: null }),
		]);
	});

	it('refuses an empty update before any request', async () => {
		await expect(
			run({ operation: 'update', definitionId: def('po_number').id, updateFields: {} }),
		).rejects.toThrow('Nothing to update: "Update Fields" is empty');
		expect(sb.requests).toHaveLength(0);
	});

	it('DELETEs and returns {deleted, id}', async () => {
		const created = await run({
			operation: 'create',
			entityType: 'Container',
			apiSlug: 'to_delete',
			displayName: 'Temp',
			dataType: 'boolean',
		});
		sb.clearRequests();
		const id = created[0].id as string;
		const out = await run({ operation: 'delete', definitionId: id });
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['DELETE', `/v2/custom_field_definitions/${id}`, {}, null, 200],
		]);
		expect(out).toEqual([{ deleted: true, id }]);
		expect(sb.store.customFieldDefinitions.get(id)).toBeUndefined();
	});
});
