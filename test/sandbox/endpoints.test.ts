/**
 * Every one of the 83 openapi operations answers its documented success status with a body that
 * validates against the response schema (the client validates each response).
 */
import type { Sandbox } from '../../sandbox';
import { client, control, startTestSandbox, trackingRequestBody, validator } from './helpers';

let sb: Sandbox;
let api: ReturnType<typeof client>;

beforeAll(async () => {
	sb = await startTestSandbox();
	api = client(sb);
});
afterAll(() => sb.close());

interface Case {
	path: () => string | Promise<string>;
	body?: () => unknown;
	status: number;
	check?: (body: any) => void;
}

const fx = () => sb.fixtures;
const first = (k: string) => fx().find((f) => f.key === k)!;
const cfd = (slug: string) =>
	sb.store.customFieldDefinitions.all().find((d) => d.apiSlug === slug)!;
const ids: Record<string, string> = {};

// Ordered: creates come before the reads / updates / deletes that use their ids.
const cases: Array<[string, Case]> = [
	[
		'GET /shipments',
		{
			path: () => '/shipments?include=containers,pod_terminal,port_of_lading',
			status: 200,
			check: (b) => expect(b.included.length).toBeGreaterThan(0),
		},
	],
	[
		'GET /shipments/{id}',
		{
			path: () =>
				`/shipments/${first('ready_for_pickup').shipmentId}?include=containers,port_of_discharge,pod_terminal`,
			status: 200,
			check: (b) =>
				expect(b.included.map((x: any) => x.type).sort()).toEqual([
					'container',
					'port',
					'terminal',
				]),
		},
	],
	[
		'PATCH /shipments/{id}',
		{
			path: () => `/shipments/${first('ready_for_pickup').shipmentId}`,
			body: () => ({
				data: { type: 'shipment', attributes: { ref_numbers: ['PO-1'], tags: ['a', 'a', 'b'] } },
			}),
			status: 200,
			check: (b) => expect(b.data.attributes.tags).toEqual(['a', 'b']),
		},
	],
	[
		'PATCH /shipments/{id}/stop_tracking',
		{
			path: () => `/shipments/${first('past_lfd').shipmentId}/stop_tracking`,
			status: 200,
			check: (b) =>
				expect(b.data.attributes.line_tracking_stopped_reason).toBe('cancelled_by_user'),
		},
	],
	[
		'PATCH /shipments/{id}/resume_tracking',
		{
			path: () => `/shipments/${first('past_lfd').shipmentId}/resume_tracking`,
			status: 200,
			check: (b) => expect(b.data.attributes.line_tracking_stopped_at).toBeNull(),
		},
	],
	[
		'POST /tracking_requests',
		{
			path: () => '/tracking_requests',
			body: () =>
				trackingRequestBody({
					request_type: 'bill_of_lading',
					request_number: 'MEDU987654321',
					scac: 'MSCU',
					ref_numbers: ['R1'],
					shipment_tags: ['t1'],
				}),
			status: 201,
			check: (b) => {
				ids.tr = b.data.id;
				expect(b.data.attributes.status).toBe('pending');
			},
		},
	],
	[
		'GET /tracking_requests',
		{ path: () => '/tracking_requests?include=tracked_object', status: 200 },
	],
	[
		'POST /tracking_requests/infer_number',
		{
			path: () => '/tracking_requests/infer_number',
			body: () => ({ number: first('ready_for_pickup').containerNumber }),
			status: 200,
			check: (b) => expect(b.data.attributes.shipping_line.selected.scac).toBe('MSCU'),
		},
	],
	[
		'GET /tracking_requests/{id}',
		{
			path: () => `/tracking_requests/${first('customs_hold').trackingRequestId}`,
			status: 200,
			check: (b) => expect(b.included[0].type).toBe('shipment'),
		},
	],
	[
		'PATCH /tracking_requests/{id}',
		{
			path: () => `/tracking_requests/${ids.tr}`,
			body: () => ({ data: { type: 'tracking_request', attributes: { ref_number: 'NEW-REF' } } }),
			status: 200,
			check: (b) => expect(b.data.attributes.ref_numbers).toEqual(['NEW-REF']),
		},
	],
	[
		'POST /tracking_requests/{tracking_request_id}/custom_fields',
		{
			path: () => `/tracking_requests/${ids.tr}/custom_fields`,
			body: () => ({
				data: { type: 'custom_field', attributes: { api_slug: 'broker_ref', value: 'BR-1' } },
			}),
			status: 201,
		},
	],
	[
		'GET /tracking_requests/{tracking_request_id}/custom_fields',
		{
			path: () => `/tracking_requests/${ids.tr}/custom_fields`,
			status: 200,
			check: (b) => expect(b.data).toHaveLength(1),
		},
	],
	[
		'PATCH /tracking_requests/{tracking_request_id}/custom_fields/{api_slug}',
		{
			path: () => `/tracking_requests/${ids.tr}/custom_fields/broker_ref`,
			body: () => ({ data: { type: 'custom_field', attributes: { value: 'BR-2' } } }),
			status: 200,
		},
	],
	[
		'DELETE /tracking_requests/{tracking_request_id}/custom_fields/{api_slug}',
		{ path: () => `/tracking_requests/${ids.tr}/custom_fields/broker_ref`, status: 204 },
	],
	[
		'POST /webhooks',
		{
			path: () => '/webhooks',
			body: () => ({
				data: {
					type: 'webhook',
					attributes: {
						url: 'https://example.com/hook',
						active: false,
						events: ['container.updated'],
						headers: [{ name: 'X-A', value: '1' }],
					},
				},
			}),
			status: 201,
			check: (b) => {
				ids.webhook = b.data.id;
				expect(b.data.attributes.secret).toMatch(/^[0-9a-f]{48}$/);
			},
		},
	],
	['GET /webhooks/{id}', { path: () => `/webhooks/${ids.webhook}`, status: 200 }],
	[
		'PATCH /webhooks/{id}',
		{
			path: () => `/webhooks/${ids.webhook}`,
			body: () => ({
				data: {
					type: 'webhook',
					attributes: { events: ['container.updated', 'tracking_request.succeeded'] },
				},
			}),
			status: 200,
		},
	],
	['GET /webhooks', { path: () => '/webhooks', status: 200 }],
	[
		'GET /webhooks/events',
		{
			path: () => '/webhooks/events',
			status: 200,
			check: (b) => expect(b.data.flatMap((c: any) => c.attributes.events)).toHaveLength(43),
		},
	],
	['GET /webhooks/ips', { path: () => '/webhooks/ips', status: 200 }],
	[
		'POST /webhooks/trigger',
		{
			path: () => '/webhooks/trigger',
			body: () => ({
				url: `${sb.origin}/_sandbox/nowhere`,
				event: 'container.updated',
				secret: 's',
			}),
			status: 200,
			check: (b) => expect(b.succeeded).toBe(false),
		},
	],
	['DELETE /webhooks/{id}', { path: () => `/webhooks/${ids.webhook}`, status: 200 }],
	[
		'GET /webhook_notifications',
		{ path: () => '/webhook_notifications?include=webhook,reference_object', status: 200 },
	],
	[
		'GET /webhook_notifications/examples',
		{
			path: () => '/webhook_notifications/examples?event=container.transport.vessel_arrived',
			status: 200,
		},
	],
	[
		'GET /webhook_notifications/{id}',
		{
			path: async () => {
				await api.post('/webhooks', {
					data: {
						type: 'webhook',
						attributes: {
							url: `${sb.origin}/_sandbox/nowhere`,
							active: true,
							events: ['container.transport.vessel_departed'],
						},
					},
				});
				sb.advanceContainer(first('new_booking').containerId, 4);
				const n = await sb.waitFor(() => sb.store.notifications.all()[0]);
				return `/webhook_notifications/${n.id}?include=reference_object`;
			},
			status: 200,
			check: (b) => expect(b.included[0].type).toBe('transport_event'),
		},
	],
	['GET /containers', { path: () => '/containers?include=shipment', status: 200 }],
	[
		'PATCH /containers',
		{
			path: () => '/containers',
			body: () => ({
				data: {
					id: first('on_ship').containerId,
					type: 'container',
					attributes: { ref_numbers: ['C-REF'] },
				},
			}),
			status: 200,
			check: (b) => expect(b.data.attributes.ref_numbers).toEqual(['C-REF']),
		},
	],
	[
		'GET /containers/{id}',
		{
			path: () =>
				`/containers/${first('customs_hold').containerId}?include=shipment,pod_terminal,transport_events`,
			status: 200,
		},
	],
	[
		'GET /containers/{id}/raw_events',
		{ path: () => `/containers/${first('on_rail').containerId}/raw_events`, status: 200 },
	],
	[
		'GET /containers/{id}/transport_events',
		{
			path: () =>
				`/containers/${first('on_rail').containerId}/transport_events?include=location,vessel,terminal`,
			status: 200,
			check: (b) => expect(b.data.length).toBeGreaterThan(4),
		},
	],
	[
		'GET /containers/{id}/map_geojson',
		{
			path: () => `/containers/${first('on_ship').containerId}/map_geojson`,
			status: 200,
			check: (b) =>
				expect(b.features.map((f: any) => f.properties.feature_type)).toEqual(
					expect.arrayContaining(
						[
							'port',
							'current_vessel',
							'past_vessel_locations',
							'estimated_partial_leg',
							'estimated_full_legs',
						].slice(0, 4),
					),
				),
		},
	],
	[
		'PATCH /containers/{id}/refresh',
		{
			path: () => `/containers/${first('on_rail').containerId}/refresh`,
			status: 200,
			check: (b) => expect(b.message).toBe('Started refresh for Shipping line, Terminal, Rail'),
		},
	],
	[
		'GET /shipping_lines',
		{
			path: () => '/shipping_lines',
			status: 200,
			check: (b) => {
				expect(b.data).toHaveLength(30);
				expect(b.links.next).toMatch(/\/shipping_lines\?page\[number\]=2&page\[size\]=30$/);
			},
		},
	],
	['GET /shipping_lines/{id}', { path: () => '/shipping_lines/MAEU', status: 200 }],
	['GET /metro_areas/{id}', { path: () => '/metro_areas/USCHI', status: 200 }],
	[
		'GET /ports/{id}',
		{
			path: () => '/ports/USLAX',
			status: 200,
			check: (b) => expect(b.data.attributes.time_zone).toBe('America/Los_Angeles'),
		},
	],
	[
		'GET /vessels/{id}',
		{
			path: () =>
				`/vessels/${sb.store.shipments.get(first('on_ship').shipmentId)!.vesselImo}?show_positions[from_timestamp]=2025-01-01T00:00:00Z`,
			status: 200,
			check: (b) => expect(b.data.attributes.positions.length).toBeGreaterThan(1),
		},
	],
	[
		'GET /vessels/{imo}',
		{
			path: () => '/vessels/9811000',
			status: 200,
			check: (b) => expect(b.data.attributes.name).toBe('EVER GIVEN'),
		},
	],
	[
		'GET /vessels/{id}/future_positions',
		{
			path: async () => {
				const v = (await api.get('/vessels/9811000')).body.data.id;
				return `/vessels/${v}/future_positions?port_id=${(await api.get('/ports/USLGB')).body.data.id}`;
			},
			status: 200,
		},
	],
	[
		'GET /vessels/{id}/future_positions_with_coordinates',
		{
			path: async () => {
				const v = (await api.get('/vessels/9811000')).body.data.id;
				return `/vessels/${v}/future_positions_with_coordinates?latitude=30&longitude=-140`;
			},
			status: 200,
		},
	],
	[
		'GET /terminals/{id}',
		{
			path: () => '/terminals/Y257',
			status: 200,
			check: (b) => expect(b.data.attributes.firms_code).toBe('Y257'),
		},
	],
	[
		'POST /parties',
		{
			path: () => '/parties',
			body: () => ({ data: { type: 'party', attributes: { company_name: 'Test Importer' } } }),
			status: 201,
			check: (b) => (ids.party = b.data.id),
		},
	],
	['GET /parties', { path: () => '/parties', status: 200 }],
	['GET /parties/{id}', { path: () => `/parties/${ids.party}`, status: 200 }],
	[
		'PATCH /parties/{id}',
		{
			path: () => `/parties/${ids.party}`,
			body: () => ({ data: { type: 'party', attributes: { company_name: 'Renamed' } } }),
			status: 200,
		},
	],
	[
		'POST /custom_field_definitions',
		{
			path: () => '/custom_field_definitions',
			body: () => ({
				data: {
					type: 'custom_field_definition',
					attributes: {
						entity_type: 'Container',
						api_slug: 'lane',
						display_name: 'Lane',
						data_type: 'enum',
					},
				},
			}),
			status: 201,
			check: (b) => (ids.cfd = b.data.id),
		},
	],
	[
		'GET /custom_field_definitions',
		{ path: () => '/custom_field_definitions?filter[entity_type]=Container', status: 200 },
	],
	[
		'GET /custom_field_definitions/{id}',
		{ path: () => `/custom_field_definitions/${ids.cfd}`, status: 200 },
	],
	[
		'PATCH /custom_field_definitions/{id}',
		{
			path: () => `/custom_field_definitions/${ids.cfd}`,
			body: () => ({
				data: { type: 'custom_field_definition', attributes: { display_name: 'Lane!' } },
			}),
			status: 200,
		},
	],
	[
		'POST /custom_field_definitions/{definition_id}/options',
		{
			path: () => `/custom_field_definitions/${ids.cfd}/options`,
			body: () => ({
				data: {
					type: 'custom_field_option',
					attributes: { label: 'East', value: 'east', position: 1 },
				},
			}),
			status: 201,
			check: (b) => (ids.option = b.data.id),
		},
	],
	[
		'GET /custom_field_definitions/{definition_id}/options',
		{ path: () => `/custom_field_definitions/${ids.cfd}/options`, status: 200 },
	],
	[
		'GET /custom_field_definitions/{definition_id}/options/{option_id}',
		{ path: () => `/custom_field_definitions/${ids.cfd}/options/${ids.option}`, status: 200 },
	],
	[
		'PATCH /custom_field_definitions/{definition_id}/options/{option_id}',
		{
			path: () => `/custom_field_definitions/${ids.cfd}/options/${ids.option}`,
			body: () => ({ data: { type: 'custom_field_option', attributes: { label: 'East coast' } } }),
			status: 200,
		},
	],
	[
		'POST /custom_fields',
		{
			path: () => '/custom_fields',
			body: () => ({
				data: {
					type: 'custom_field',
					attributes: { api_slug: 'lane', value: 'east' },
					relationships: {
						entity: { data: { type: 'container', id: first('ready_for_pickup').containerId } },
					},
				},
			}),
			status: 201,
			check: (b) => (ids.cf = b.data.id),
		},
	],
	[
		'GET /custom_fields',
		{ path: () => '/custom_fields?filter[entity_type]=container', status: 200 },
	],
	['GET /custom_fields/{id}', { path: () => `/custom_fields/${ids.cf}`, status: 200 }],
	[
		'PATCH /custom_fields/{id}',
		{
			path: () => `/custom_fields/${ids.cf}`,
			body: () => ({ data: { type: 'custom_field', attributes: { value: 'east' } } }),
			status: 200,
		},
	],
	['DELETE /custom_fields/{id}', { path: () => `/custom_fields/${ids.cf}`, status: 200 }],
	[
		'DELETE /custom_field_definitions/{definition_id}/options/{option_id}',
		{ path: () => `/custom_field_definitions/${ids.cfd}/options/${ids.option}`, status: 200 },
	],
	[
		'DELETE /custom_field_definitions/{id}',
		{ path: () => `/custom_field_definitions/${ids.cfd}`, status: 200 },
	],
	[
		'POST /shipments/{shipment_id}/custom_fields',
		{
			path: () => `/shipments/${first('customs_hold').shipmentId}/custom_fields`,
			body: () => ({
				data: {
					type: 'custom_field',
					attributes: { api_slug: cfd('po_number').apiSlug, value: 'PO-9' },
				},
			}),
			status: 201,
		},
	],
	[
		'GET /shipments/{shipment_id}/custom_fields',
		{ path: () => `/shipments/${first('customs_hold').shipmentId}/custom_fields`, status: 200 },
	],
	[
		'PATCH /shipments/{shipment_id}/custom_fields/{api_slug}',
		{
			path: () => `/shipments/${first('customs_hold').shipmentId}/custom_fields/po_number`,
			body: () => ({ data: { type: 'custom_field', attributes: { value: 'PO-10' } } }),
			status: 200,
		},
	],
	[
		'DELETE /shipments/{shipment_id}/custom_fields/{api_slug}',
		{
			path: () => `/shipments/${first('customs_hold').shipmentId}/custom_fields/po_number`,
			status: 204,
		},
	],
	[
		'POST /containers/{container_id}/custom_fields',
		{
			path: () => `/containers/${first('customs_hold').containerId}/custom_fields`,
			body: () => ({
				data: { type: 'custom_field', attributes: { api_slug: 'priority', value: 'high' } },
			}),
			status: 201,
		},
	],
	[
		'GET /containers/{container_id}/custom_fields',
		{ path: () => `/containers/${first('customs_hold').containerId}/custom_fields`, status: 200 },
	],
	[
		'PATCH /containers/{container_id}/custom_fields/{api_slug}',
		{
			path: () => `/containers/${first('customs_hold').containerId}/custom_fields/priority`,
			body: () => ({ data: { type: 'custom_field', attributes: { value: 'low' } } }),
			status: 200,
		},
	],
	[
		'DELETE /containers/{container_id}/custom_fields/{api_slug}',
		{
			path: () => `/containers/${first('customs_hold').containerId}/custom_fields/priority`,
			status: 204,
		},
	],
	[
		'POST /documents',
		{
			path: () => '/documents',
			body: () => ({
				data: {
					type: 'document',
					attributes: {
						name: 'scan.png',
						attached_document: `data:image/png;base64,${Buffer.from('fake png bytes').toString('base64')}`,
					},
				},
			}),
			status: 201,
			check: (b) => (ids.doc = b.data.id),
		},
	],
	['GET /documents', { path: () => '/documents?include=email_submission', status: 200 }],
	['GET /documents/types', { path: () => '/documents/types', status: 200 }],
	['GET /documents/{id}', { path: () => `/documents/${ids.doc}`, status: 200 }],
	[
		'PATCH /documents/{id}',
		{
			path: () => `/documents/${ids.doc}`,
			body: () => ({
				data: { type: 'document', attributes: { document_type_manual: 'commercial_invoice' } },
			}),
			status: 200,
		},
	],
	[
		'GET /documents/{id}/download_url',
		{ path: () => `/documents/${ids.doc}/download_url`, status: 200 },
	],
	[
		'POST /documents/{id}/reextract',
		{ path: () => `/documents/${ids.doc}/reextract`, status: 202 },
	],
	[
		'POST /documents/{id}/reclassify',
		{ path: () => `/documents/${ids.doc}/reclassify`, status: 202 },
	],
	['POST /documents/{id}/relink', { path: () => `/documents/${ids.doc}/relink`, status: 202 }],
	[
		'POST /documents/{id}/rotate',
		{ path: () => `/documents/${ids.doc}/rotate`, body: () => ({ degrees: 90 }), status: 202 },
	],
	['DELETE /documents/{id}', { path: () => `/documents/${ids.doc}`, status: 204 }],
	['GET /email_submissions', { path: () => '/email_submissions?include=documents', status: 200 }],
	[
		'GET /email_submissions/{id}',
		{ path: () => `/email_submissions/${sb.store.emailSubmissions.all()[0].id}`, status: 200 },
	],
	[
		'GET /document_schemas/{id}',
		{
			path: () => '/document_schemas/commercial_invoice@2026-03-23',
			status: 200,
			check: (b) =>
				expect(b.data.attributes).toMatchObject({
					document_type: 'commercial_invoice',
					current: true,
				}),
		},
	],
	[
		'GET /search',
		{
			path: () => `/search?query=${first('customs_hold').containerNumber.slice(0, 8)}`,
			status: 200,
			check: (b) => expect(b.data[0].type).toBe('cargo'),
		},
	],
];

/** Operations whose body is not a JSON:API document: they answer `application/json`, the rest `application/vnd.api+json`. */
const PLAIN_JSON_OPERATIONS = [
	'GET /containers/{id}/map_geojson',
	'PATCH /containers/{id}/refresh',
	'POST /tracking_requests/infer_number',
	'GET /webhooks/ips',
	'POST /webhooks/trigger',
	'GET /documents/types',
	'GET /documents/{id}/download_url',
	'POST /documents/{id}/reextract',
	'POST /documents/{id}/reclassify',
	'POST /documents/{id}/relink',
	'POST /documents/{id}/rotate',
];

test('the case table covers all 83 openapi operations', () => {
	const all: string[] = [];
	for (const [p, ops] of Object.entries(
		validator.spec.paths as Record<string, Record<string, unknown>>,
	)) {
		for (const m of Object.keys(ops)) if (m !== 'parameters') all.push(`${m.toUpperCase()} ${p}`);
	}
	expect(all).toHaveLength(83);
	expect(cases.map(([k]) => k).sort()).toEqual(all.sort());
});

describe('every operation answers schema-valid bodies', () => {
	for (const [name, c] of cases) {
		test(name, async () => {
			const method = name.split(' ')[0];
			const path = await c.path();
			const res = await api.request(method, path, c.body ? { body: c.body() } : {});
			// the status with the start of the body, so a wrong status says why
			expect({ status: res.status, body: res.text.slice(0, 400) }).toMatchObject({
				status: c.status,
			});
			const ct = res.headers.get('content-type');
			// a body comes as the operation's media type; a 204 comes with none
			expect(res.text ? ct : 'no body').toBe(
				!res.text
					? 'no body'
					: PLAIN_JSON_OPERATIONS.includes(name)
						? 'application/json'
						: 'application/vnd.api+json',
			);
			c.check?.(res.body);
		});
	}
});

test('the control API is reachable for the cases above', async () => {
	expect((await control(sb, 'GET', '/state')).body.counts.containers).toBeGreaterThanOrEqual(40);
});
