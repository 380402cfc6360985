/**
 * The minimal node parameters that reach each OpenAPI operation, by operationId. Resource and operation
 * come from the OpenAPI coverage table (docs/openapi-coverage.md) (the test maps the names shown there to the node's values); these
 * cases add the rest. `prepare` may create what the operation needs (a webhook to delete, a custom field
 * to update) directly on the sandbox. `expectPath` narrows the match where two templates look alike
 * (`/vessels/{id}` and `/vessels/{imo}`).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import {
	METRO_BY_CODE,
	PORTS_BY_CODE,
	SHIPPING_LINES_BY_SCAC,
	TERMINALS,
	VESSELS_BY_IMO,
} from '../../sandbox/reference-data';
import { byId, sandboxCall } from '../helpers/actionHarness';

export interface CoverageContext {
	sb: Sandbox;
	/** A URL that answers 200 (webhook deliveries and test deliveries go there). */
	receiverUrl: string;
	fixture(key: string): {
		containerId: string;
		containerNumber: string;
		shipmentId: string;
		billOfLading: string;
		trackingRequestId: string;
	};
}

export interface CoverageCase {
	parameters: (ctx: CoverageContext) => IDataObject | Promise<IDataObject>;
	expectPath?: RegExp;
}

const definition = (ctx: CoverageContext, slug: string) =>
	ctx.sb.store.customFieldDefinitions.find((d) => d.apiSlug === slug)!;

/** Creates a webhook on the sandbox and returns its ID. */
async function webhook(ctx: CoverageContext): Promise<string> {
	const res = await sandboxCall(ctx.sb, 'POST', '/webhooks', {
		data: {
			type: 'webhook',
			attributes: { url: ctx.receiverUrl, events: ['container.updated'], active: true },
		},
	});
	return res.body.data.id as string;
}

/** Removes the custom field `slug` from a record if it has it, then (with a value) sets it. */
async function resetField(
	ctx: CoverageContext,
	segment: string,
	id: string,
	slug: string,
	value?: unknown,
): Promise<void> {
	await sandboxCall(ctx.sb, 'DELETE', `/${segment}/${id}/custom_fields/${slug}`);
	if (value !== undefined) {
		const res = await sandboxCall(ctx.sb, 'POST', `/${segment}/${id}/custom_fields`, {
			data: { type: 'custom_field', attributes: { api_slug: slug, value } },
		});
		if (res.status !== 201)
			throw new Error(`could not prepare ${slug} on ${segment}/${id}: ${JSON.stringify(res.body)}`);
	}
}

/** Per-record custom field cases for one record type. */
function recordCases(
	recordType: string,
	segment: string,
	slug: string,
	record: (ctx: CoverageContext) => { id: string; parameters: IDataObject },
) {
	const prefix = segment === 'tracking_requests' ? 'tracking-requests' : segment;
	return {
		[`get-${prefix}-custom-fields`]: {
			parameters: (ctx) => ({ recordType, ...record(ctx).parameters, returnAll: true }),
		},
		[`post-${prefix}-custom-fields`]: {
			parameters: async (ctx) => {
				await resetField(ctx, segment, record(ctx).id, slug);
				return {
					recordType,
					...record(ctx).parameters,
					apiSlug: slug,
					valueType: 'text',
					value: slug === 'priority' ? 'low' : 'COV-1',
				};
			},
		},
		[`patch-${prefix}-custom-fields-api-slug`]: {
			parameters: async (ctx) => {
				await resetField(ctx, segment, record(ctx).id, slug, slug === 'priority' ? 'low' : 'COV-1');
				return {
					recordType,
					...record(ctx).parameters,
					apiSlug: slug,
					valueType: 'text',
					value: slug === 'priority' ? 'high' : 'COV-2',
				};
			},
		},
		[`delete-${prefix}-custom-fields-api-slug`]: {
			parameters: async (ctx) => {
				await resetField(ctx, segment, record(ctx).id, slug, slug === 'priority' ? 'low' : 'COV-1');
				return { recordType, ...record(ctx).parameters, apiSlug: slug };
			},
		},
	} satisfies Record<string, CoverageCase>;
}

const png = (text: string) => `data:image/png;base64,${Buffer.from(text).toString('base64')}`;

async function uploadedDocument(ctx: CoverageContext, text: string): Promise<string> {
	const res = await sandboxCall(ctx.sb, 'POST', '/documents', {
		data: { type: 'document', attributes: { name: text, attached_document: png(text) } },
	});
	return (res.body.data?.id ?? res.body.errors?.[0]?.meta?.existing_document_id) as string;
}

const documentId = (ctx: CoverageContext) => ctx.sb.store.documents.all()[0].id;

export const coverageCases: Record<string, CoverageCase> = {
	// Shipments
	'get-shipments': { parameters: () => ({ returnAll: false, limit: 2 }) },
	'get-shipment-id': {
		parameters: (ctx) => ({ shipmentId: byId(ctx.fixture('ready_for_pickup').shipmentId) }),
	},
	'patch-shipments-id': {
		parameters: (ctx) => ({
			shipmentId: byId(ctx.fixture('ready_for_pickup').shipmentId),
			updateFields: { tags: 'coverage' },
		}),
	},
	'patch-shipments-id-stop-tracking': {
		parameters: (ctx) => ({ shipmentId: byId(ctx.fixture('past_lfd').shipmentId) }),
	},
	'patch-shipments-id-resume-tracking': {
		parameters: (ctx) => ({ shipmentId: byId(ctx.fixture('past_lfd').shipmentId) }),
	},

	// Tracking requests
	'post-track': {
		parameters: () => ({
			requestType: 'bill_of_lading',
			requestNumber: 'MEDUCOVER0001',
			scac: { __rl: true, mode: 'scac', value: 'MSCU' },
		}),
	},
	'get-tracking-requests': { parameters: () => ({ returnAll: false, limit: 2 }) },
	'post-infer-number': { parameters: () => ({ number: 'MSCU4949012' }) },
	'get-track-request-by-id': {
		parameters: (ctx) => ({ trackingRequestId: byId(ctx.fixture('on_ship').trackingRequestId) }),
	},
	'patch-track-request-by-id': {
		parameters: (ctx) => ({
			trackingRequestId: byId(ctx.fixture('on_ship').trackingRequestId),
			refNumber: 'COV-REF',
		}),
	},
	...recordCases('tracking_request', 'tracking_requests', 'broker_ref', (ctx) => ({
		id: ctx.fixture('on_ship').trackingRequestId,
		parameters: { trackingRequestId: ctx.fixture('on_ship').trackingRequestId },
	})),

	// Webhooks and notifications
	'get-webhooks-id': { parameters: async (ctx) => ({ webhookId: await webhook(ctx) }) },
	'patch-webhooks-id': {
		parameters: async (ctx) => ({ webhookId: await webhook(ctx), updateFields: { active: false } }),
	},
	'delete-webhooks-id': { parameters: async (ctx) => ({ webhookId: await webhook(ctx) }) },
	'get-webhooks': { parameters: () => ({ returnAll: true }) },
	'post-webhooks': {
		parameters: (ctx) => ({ url: ctx.receiverUrl, events: ['container.updated'], active: true }),
	},
	'get-webhooks-events': { parameters: () => ({}) },
	'get-webhook-notification-id': {
		parameters: async (ctx) => {
			const id = await webhook(ctx);
			ctx.sb.fireEvent('container.updated', ctx.fixture('on_ship').containerId, {
				location_at_pod_terminal: [null, 'Yard'],
			});
			const notification = await ctx.sb.waitFor(() =>
				ctx.sb.store.notifications.all().find((n) => n.webhookId === id),
			);
			return { notificationId: notification.id };
		},
	},
	'get-webhook-notifications': { parameters: () => ({ returnAll: false, limit: 2 }) },
	'get-webhook-notifications-example': { parameters: () => ({ event: 'container.updated' }) },
	'get-webhooks-ips': { parameters: () => ({}) },
	'post-webhooks-trigger': {
		parameters: (ctx) => ({ url: ctx.receiverUrl, event: 'tracking_request.succeeded' }),
	},

	// Containers
	'get-containers': { parameters: () => ({ returnAll: false, limit: 2 }) },
	'patch-containers-id': {
		parameters: (ctx) => ({
			containerId: byId(ctx.fixture('on_ship').containerId),
			refNumbers: 'COV-1',
		}),
	},
	'get-containers-id': {
		parameters: (ctx) => ({ containerId: byId(ctx.fixture('ready_for_pickup').containerId) }),
	},
	'get-containers-id-raw_events': {
		parameters: (ctx) => ({
			containerId: byId(ctx.fixture('on_ship').containerId),
			returnAll: true,
		}),
	},
	'get-containers-id-transport_events': {
		parameters: (ctx) => ({
			containerId: byId(ctx.fixture('on_ship').containerId),
			returnAll: true,
		}),
	},
	'get-containers-id-map-geojson': {
		parameters: (ctx) => ({ containerId: byId(ctx.fixture('on_ship').containerId) }),
	},
	'patch-containers-id-refresh': {
		parameters: (ctx) => ({ containerId: byId(ctx.fixture('customs_hold').containerId) }),
	},

	// Lookups
	'get-shipping_lines': { parameters: () => ({ returnAll: false, limit: 3 }) },
	'get-shipping_lines-id': {
		parameters: () => ({ shippingLine: byId(SHIPPING_LINES_BY_SCAC.get('MAEU')!.id) }),
	},
	'get-metro-area-id': {
		parameters: () => ({
			metroArea: { __rl: true, mode: 'locode', value: METRO_BY_CODE.keys().next().value },
		}),
	},
	'get-port-id': { parameters: () => ({ port: { __rl: true, mode: 'locode', value: 'USLAX' } }) },
	'get-vessels-id': {
		parameters: () => ({ vessel: byId(VESSELS_BY_IMO.get('9811000')!.id) }),
		expectPath: /^\/vessels\/(?!\d{7}$)[^/]+$/,
	},
	'get-vessels-imo': {
		parameters: () => ({ vessel: { __rl: true, mode: 'imo', value: '9811000' } }),
		expectPath: /^\/vessels\/9811000$/,
	},
	'get-vessels-id-future-positions': {
		parameters: () => ({
			vessel: byId(VESSELS_BY_IMO.get('9811000')!.id),
			portId: PORTS_BY_CODE.get('USLAX')!.id,
			previousPortId: PORTS_BY_CODE.get('CNSHA')!.id,
		}),
	},
	'get-vessels-id-future-positions-with-coordinates': {
		parameters: () => ({
			vessel: byId(VESSELS_BY_IMO.get('9811000')!.id),
			portId: PORTS_BY_CODE.get('USLAX')!.id,
			previousPortId: PORTS_BY_CODE.get('CNSHA')!.id,
			latitude: 30.5,
			longitude: -140.25,
		}),
	},
	'get-terminal-id': { parameters: () => ({ terminalId: TERMINALS[0].id }) },
	searchAll: {
		parameters: (ctx) => ({
			query: ctx.fixture('ready_for_pickup').containerNumber,
			returnAll: true,
		}),
	},

	// Parties
	'list-parties': { parameters: () => ({ returnAll: true }) },
	'post-party': { parameters: () => ({ companyName: 'Coverage Freight LLC' }) },
	'get-parties-id': { parameters: (ctx) => ({ partyId: ctx.sb.store.parties.all()[0].id }) },
	'edit-party': {
		parameters: (ctx) => ({
			partyId: ctx.sb.store.parties.all()[1].id,
			companyName: 'Coverage Renamed LLC',
		}),
	},

	// Custom field definitions and options
	'get-custom-field-definitions': { parameters: () => ({ returnAll: true }) },
	'post-custom-field-definitions': {
		parameters: () => ({
			entityType: 'Shipment',
			apiSlug: 'coverage_slug',
			displayName: 'Coverage',
			dataType: 'short_text',
		}),
	},
	'get-custom-field-definitions-id': {
		parameters: (ctx) => ({ definitionId: definition(ctx, 'po_number').id }),
	},
	'patch-custom-field-definitions-id': {
		parameters: (ctx) => ({
			definitionId: definition(ctx, 'po_number').id,
			updateFields: { description: 'Purchase order' },
		}),
	},
	'delete-custom-field-definitions-id': {
		parameters: async (ctx) => {
			const res = await sandboxCall(ctx.sb, 'POST', '/custom_field_definitions', {
				data: {
					type: 'custom_field_definition',
					attributes: {
						entity_type: 'Container',
						api_slug: 'coverage_delete',
						display_name: 'Delete me',
						data_type: 'boolean',
					},
				},
			});
			return { definitionId: res.body.data.id };
		},
	},
	'get-custom-field-options': {
		parameters: (ctx) => ({ definitionId: definition(ctx, 'priority').id, returnAll: true }),
	},
	'post-custom-field-options': {
		parameters: (ctx) => ({
			definitionId: definition(ctx, 'priority').id,
			label: 'Coverage',
			value: 'coverage',
		}),
	},
	'get-custom-field-options-id': {
		parameters: (ctx) => {
			const d = definition(ctx, 'priority');
			return {
				definitionId: d.id,
				optionId: ctx.sb.store.customFieldOptions.find((o) => o.definitionId === d.id)!.id,
			};
		},
	},
	'patch-custom-field-options-id': {
		parameters: (ctx) => {
			const d = definition(ctx, 'priority');
			return {
				definitionId: d.id,
				optionId: ctx.sb.store.customFieldOptions.find((o) => o.definitionId === d.id)!.id,
				updateFields: { position: 0 },
			};
		},
	},
	'delete-custom-field-options-id': {
		parameters: async (ctx) => {
			const d = definition(ctx, 'priority');
			const res = await sandboxCall(ctx.sb, 'POST', `/custom_field_definitions/${d.id}/options`, {
				data: { type: 'custom_field_option', attributes: { label: 'Gone', value: 'gone' } },
			});
			return { definitionId: d.id, optionId: res.body.data.id };
		},
	},

	// Custom fields by ID
	'get-custom-fields': { parameters: () => ({ returnAll: true }) },
	'post-custom-fields': {
		parameters: async (ctx) => {
			await resetField(ctx, 'shipments', ctx.fixture('customs_hold').shipmentId, 'po_number');
			return {
				recordType: 'shipment',
				shipmentId: byId(ctx.fixture('customs_hold').shipmentId),
				apiSlug: 'po_number',
				valueType: 'text',
				value: 'COV-9',
			};
		},
	},
	'get-custom-fields-id': {
		parameters: (ctx) => ({ customFieldId: ctx.sb.store.customFields.all()[0].id }),
	},
	'patch-custom-fields-id': {
		parameters: (ctx) => ({
			customFieldId: ctx.sb.store.customFields.all()[0].id,
			valueType: 'null',
		}),
	},
	'delete-custom-fields-id': {
		parameters: async (ctx) => {
			const shipmentId = ctx.fixture('new_booking').shipmentId;
			await resetField(ctx, 'shipments', shipmentId, 'po_number', 'COV-DEL');
			return {
				customFieldId: ctx.sb.store.customFields.find(
					(f) => f.entityId === shipmentId && f.apiSlug === 'po_number',
				)!.id,
			};
		},
	},
	...recordCases('shipment', 'shipments', 'po_number', (ctx) => ({
		id: ctx.fixture('on_rail').shipmentId,
		parameters: { shipmentId: byId(ctx.fixture('on_rail').shipmentId) },
	})),
	...recordCases('container', 'containers', 'priority', (ctx) => ({
		id: ctx.fixture('on_rail').containerId,
		parameters: { containerId: byId(ctx.fixture('on_rail').containerId) },
	})),

	// Documents, email submissions, document schemas
	'get-documents': { parameters: () => ({ returnAll: true }) },
	'post-documents': {
		parameters: () => ({ name: 'Coverage upload', attachedDocument: png('coverage upload') }),
	},
	'get-documents-types': { parameters: () => ({}) },
	'get-documents-id': { parameters: (ctx) => ({ documentId: documentId(ctx) }) },
	'patch-documents-id': {
		parameters: (ctx) => ({
			documentId: documentId(ctx),
			updateFields: { documentTypeManual: 'other' },
		}),
	},
	'delete-documents-id': {
		parameters: async (ctx) => ({ documentId: await uploadedDocument(ctx, 'coverage delete') }),
	},
	'get-documents-id-download_url': { parameters: (ctx) => ({ documentId: documentId(ctx) }) },
	'post-documents-id-reextract': { parameters: (ctx) => ({ documentId: documentId(ctx) }) },
	'post-documents-id-reclassify': { parameters: (ctx) => ({ documentId: documentId(ctx) }) },
	'post-documents-id-relink': { parameters: (ctx) => ({ documentId: documentId(ctx) }) },
	'post-documents-id-rotate': {
		parameters: async (ctx) => ({
			documentId: await uploadedDocument(ctx, 'coverage rotate'),
			degrees: 90,
		}),
	},
	'get-email_submissions': { parameters: () => ({ returnAll: true }) },
	'get-email_submissions-id': {
		parameters: (ctx) => ({ emailSubmissionId: ctx.sb.store.emailSubmissions.all()[0].id }),
	},
	'get-document_schemas-id': { parameters: () => ({ schemaId: 'bill_of_lading@2026-03-23' }) },
};

/** The record of a party-role row: Record Type and its locator parameter. */
function roleRecord(ctx: CoverageContext, type: 'shipment' | 'container' | 'tracking_request') {
	const f = ctx.fixture('customs_hold');
	if (type === 'shipment') return { id: f.shipmentId, params: { shipmentId: byId(f.shipmentId) } };
	if (type === 'container')
		return { id: f.containerId, params: { containerId: byId(f.containerId) } };
	return { id: f.trackingRequestId, params: { trackingRequestId: f.trackingRequestId } };
}

const ROLE_SEGMENTS = {
	shipment: 'shipments',
	container: 'containers',
	tracking_request: 'tracking_requests',
} as const;

/** A party role to remove, assigned on the sandbox first (the party of the given index, the record's role). */
async function assignedRole(ctx: CoverageContext, type: keyof typeof ROLE_SEGMENTS, party: number) {
	const record = roleRecord(ctx, type);
	const partyId = ctx.sb.store.parties.all()[party].id;
	const role = type === 'container' ? 'pickup_dray_carrier' : 'notify_party';
	await sandboxCall(ctx.sb, 'POST', `/${ROLE_SEGMENTS[type]}/${record.id}/party_roles`, {
		data: {
			type: 'party_role',
			attributes: { role },
			relationships: { party: { data: { id: partyId, type: 'party' } } },
		},
	});
	return { recordType: type, ...record.params, removeBy: 'party', partyId: byId(partyId), role };
}

/**
 * The endpoints beyond OpenAPI 0.2.0 the node reaches (docs/openapi-coverage.md, "Beyond OpenAPI 0.2.0"), by
 * "METHOD path" as the table writes them.
 */
export const beyondCases: Record<string, CoverageCase> = {
	'GET /me': { parameters: () => ({}) },
	...Object.fromEntries(
		(['shipment', 'container', 'tracking_request'] as const).flatMap((type, i) => {
			const segment = ROLE_SEGMENTS[type];
			const role = type === 'container' ? 'pickup_dray_carrier' : 'customs_broker';
			return [
				[
					`GET /${segment}/{id}/party_roles`,
					{
						parameters: (ctx: CoverageContext) => ({
							recordType: type,
							...roleRecord(ctx, type).params,
							returnAll: true,
						}),
					},
				],
				[
					`POST /${segment}/{id}/party_roles`,
					{
						parameters: (ctx: CoverageContext) => ({
							recordType: type,
							...roleRecord(ctx, type).params,
							partyId: byId(ctx.sb.store.parties.all()[i].id),
							role,
						}),
					},
				],
				[
					`DELETE /${segment}/{id}/party_roles/{party_role_id}`,
					{ parameters: (ctx: CoverageContext) => assignedRole(ctx, type, i + 3) },
				],
			];
		}),
	),
};
