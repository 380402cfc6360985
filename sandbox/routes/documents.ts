/** Documents, document types, email submissions and document schemas. */
import { createHash } from 'node:crypto';
import { attributesOf, checkType, error, invalid, type Json } from '../jsonapi';
import type { Ctx, Route } from '../router';
import type { DocumentRec } from '../types';
import { doc, empty, list, must, newestFirst, single, str } from './common';
import { PLAIN_JSON_PRODUCES } from '../negotiation';

const DOCUMENT_TYPES = [
	{ code: 'bill_of_lading', label: 'Bill of Lading' },
	{ code: 'arrival_notice', label: 'Arrival Notice' },
	{ code: 'commercial_invoice', label: 'Commercial Invoice' },
	{ code: 'packing_list', label: 'Packing List' },
	{ code: 'delivery_order', label: 'Delivery Order' },
	{ code: 'other', label: 'Other' },
];

function findDocument(ctx: Ctx): DocumentRec {
	return must(ctx.app.store.documents.get(ctx.params.id), 'Document');
}

/** Published schema versions per document type; ids are `type@version` (e.g. `commercial_invoice@2026-03-23`). */
const SCHEMA_VERSIONS = ['2025-06-01', '2026-03-23'];
const CURRENT_SCHEMA_VERSION = '2026-03-23';

function schemaFor(id: string) {
	const m = /^([a-z_]+)@(\d{4}-\d{2}-\d{2})$/.exec(id);
	const type = m ? DOCUMENT_TYPES.find((t) => t.code === m[1]) : undefined;
	if (!m || !type || !SCHEMA_VERSIONS.includes(m[2])) return undefined;
	const version = m[2];
	return {
		id,
		type: 'document_schema',
		attributes: {
			document_type: type.code,
			label: type.label,
			schema_version: version,
			full_version: id,
			current: version === CURRENT_SCHEMA_VERSION,
			draft: false,
			active_at: `${version}T00:00:00Z`,
			schema_format: 'json_schema',
			schema_payload: {
				$schema: 'https://json-schema.org/draft/2020-12/schema',
				title: type.label,
				type: 'object',
				properties: {
					reference_numbers: { type: 'array', items: { type: 'string' } },
					container_numbers: { type: 'array', items: { type: 'string' } },
				},
			},
			created_at: `${version}T00:00:00Z`,
			updated_at: `${version}T00:00:00Z`,
		},
		links: { self: `/v2/document_schemas/${encodeURIComponent(id)}` },
	};
}

const accepted = () => ({ status: 202, body: { status: 'accepted' } });

export const documentRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/documents',
		handler: (ctx) => {
			const q = ctx.query;
			const types = q['filter[document_types]']
				?.split(',')
				.map((s) => s.trim())
				.filter(Boolean);
			const filename = q['filter[filename]']?.toLowerCase();
			const reference = q['filter[reference]']?.toUpperCase();
			// openapi: sortable fields document_type, added_by, created_at ('-' for descending); name kept for older callers.
			const SORTS = ['created_at', 'document_type', 'added_by', 'name'];
			if (q.sort && !SORTS.includes(q.sort.replace(/^-/, '')))
				throw error(400, `sort must be one of ${SORTS.join(', ')} (prefix - for descending)`, {
					source: { parameter: 'sort' },
				});
			let items = ctx.app.store.documents.all().filter((d) => {
				if (types && !types.includes(d.documentTypeManual ?? d.documentType)) return false;
				if (filename && !d.fileName.toLowerCase().includes(filename)) return false;
				if (reference) {
					const refs = [
						...d.shipmentIds.map((id) => ctx.app.store.shipments.get(id)?.blNumber ?? ''),
						...d.containerIds.map((id) => ctx.app.store.containers.get(id)?.number ?? ''),
					];
					if (!refs.some((r) => r.includes(reference))) return false;
				}
				return true;
			});
			items = items.reverse();
			if (q.sort === 'created_at') items.reverse();
			if (q.sort === 'name' || q.sort === '-name')
				items.sort((a, b) => a.name.localeCompare(b.name) * (q.sort === 'name' ? 1 : -1));
			if (q.sort === 'document_type' || q.sort === '-document_type')
				items.sort(
					(a, b) =>
						(a.documentTypeManual ?? a.documentType).localeCompare(
							b.documentTypeManual ?? b.documentType,
						) * (q.sort === 'document_type' ? 1 : -1),
				);
			if (q.sort === 'added_by' || q.sort === '-added_by')
				items.sort((a, b) => a.source.localeCompare(b.source) * (q.sort === 'added_by' ? 1 : -1));
			return list(ctx, items, (d) => ctx.ser.document(d));
		},
	},
	{
		method: 'POST',
		pattern: '/documents',
		handler: (ctx) => {
			checkType(ctx.body, 'document');
			const a = attributesOf(ctx.body);
			const name = str(a, 'name', { required: true })!;
			const attached = str(a, 'attached_document', { required: true })!;
			// The live service takes an ActiveStorage signed blob id; a data: URI (base64 content) works too here.
			const m = /^data:([\w/+.-]+);base64,(.*)$/s.exec(attached);
			const bytes = m ? Buffer.from(m[2], 'base64') : null;
			if (m && !bytes!.length)
				throw invalid(
					'/data/attributes/attached_document',
					'Attached document data: URI has no content',
				);
			const hash = createHash('sha256')
				.update(bytes ?? attached)
				.digest('hex');
			const ext = name.toLowerCase().split('.').pop() ?? '';
			const guessed =
				(
					{
						png: 'image/png',
						jpg: 'image/jpeg',
						jpeg: 'image/jpeg',
						tif: 'image/tiff',
						tiff: 'image/tiff',
						pdf: 'application/pdf',
					} as Record<string, string>
				)[ext] ?? 'application/pdf';
			const existing = ctx.app.store.documents.find((d) => d.contentHash === hash);
			if (existing) {
				return {
					status: 409,
					body: {
						errors: [
							{
								status: '409',
								code: 'duplicate_document',
								title: 'Duplicate document',
								detail: 'This file has already been uploaded',
								meta: { existing_document_id: existing.id, existing_document_name: existing.name },
							},
						],
					},
				};
			}
			const now = Date.now();
			const d = ctx.app.store.documents.add({
				id: ctx.app.store.newId(),
				name,
				documentType: 'other',
				documentTypeManual: null,
				classificationNotes: null,
				source: 'api',
				fileName: name,
				fileContentType: m ? m[1] : guessed,
				fileSizeBytes: bytes ? bytes.length : null,
				contentHash: hash,
				shipmentIds: [],
				containerIds: [],
				emailSubmissionId: null,
				extractedDataManual: null,
				rotation: 0,
				createdAt: now,
				updatedAt: now,
			});
			return single(ctx, ctx.ser.document(d), { status: 201, links: true });
		},
	},
	{
		method: 'GET',
		pattern: '/documents/types',
		produces: PLAIN_JSON_PRODUCES,
		handler: () => ({ status: 200, body: { document_types: DOCUMENT_TYPES } }),
	},
	{
		method: 'GET',
		pattern: '/documents/:id',
		handler: (ctx) => single(ctx, ctx.ser.document(findDocument(ctx)), { links: true }),
	},
	{
		method: 'PATCH',
		pattern: '/documents/:id',
		handler: (ctx) => {
			const d = findDocument(ctx);
			checkType(ctx.body, 'document');
			const a = attributesOf(ctx.body);
			const manual = str(a, 'document_type_manual');
			if (manual !== undefined) {
				if (!DOCUMENT_TYPES.some((t) => t.code === manual))
					throw invalid(
						'/data/attributes/document_type_manual',
						`Document type must be one of ${DOCUMENT_TYPES.map((t) => t.code).join(', ')}`,
						'inclusion',
					);
				d.documentTypeManual = manual;
			}
			if ('extracted_data_manual' in a)
				d.extractedDataManual = (a.extracted_data_manual as Json | null) ?? null;
			d.updatedAt = Date.now();
			return single(ctx, ctx.ser.document(d), { links: true });
		},
	},
	{
		method: 'DELETE',
		pattern: '/documents/:id',
		handler: (ctx) => {
			ctx.app.store.documents.remove(findDocument(ctx).id);
			return empty(204);
		},
	},
	{
		method: 'GET',
		pattern: '/documents/:id/download_url',
		produces: PLAIN_JSON_PRODUCES,
		handler: (ctx) => {
			const d = findDocument(ctx);
			return {
				status: 200,
				body: {
					download_url: `${ctx.app.origin}/_sandbox/files/${d.id}/${encodeURIComponent(d.fileName)}?expires=${Math.floor(Date.now() / 1000) + 300}`,
				},
			};
		},
	},
	{
		method: 'POST',
		pattern: '/documents/:id/reextract',
		produces: PLAIN_JSON_PRODUCES,
		handler: (ctx) => (findDocument(ctx), accepted()),
	},
	{
		method: 'POST',
		pattern: '/documents/:id/reclassify',
		produces: PLAIN_JSON_PRODUCES,
		handler: (ctx) => (findDocument(ctx), accepted()),
	},
	{
		method: 'POST',
		pattern: '/documents/:id/relink',
		produces: PLAIN_JSON_PRODUCES,
		handler: (ctx) => (findDocument(ctx), accepted()),
	},
	{
		method: 'POST',
		pattern: '/documents/:id/rotate',
		produces: PLAIN_JSON_PRODUCES,
		handler: (ctx) => {
			const d = findDocument(ctx);
			const degrees = (ctx.body as Json | undefined)?.degrees;
			if (![90, 180, 270].includes(degrees as number))
				throw invalid('/degrees', 'degrees must be 90, 180 or 270', 'inclusion');
			if (!(d.fileContentType ?? '').startsWith('image/'))
				throw error(422, 'Only image documents can be rotated', { code: 'not_rotatable' });
			d.rotation = (d.rotation + (degrees as number)) % 360;
			return accepted();
		},
	},
	// `include` defaults to documents (+ their last representation, none in the sandbox).
	{
		method: 'GET',
		pattern: '/email_submissions',
		handler: (ctx) =>
			list(
				ctx,
				newestFirst(ctx.app.store.emailSubmissions.all()),
				(e) => ctx.ser.emailSubmission(e),
				{ defaultInclude: ctx.query.include === undefined ? ['documents'] : [] },
			),
	},
	{
		method: 'GET',
		pattern: '/email_submissions/:id',
		handler: (ctx) =>
			single(
				ctx,
				ctx.ser.emailSubmission(
					must(ctx.app.store.emailSubmissions.get(ctx.params.id), 'Email submission'),
				),
				{ links: true, defaultInclude: ctx.query.include === undefined ? ['documents'] : [] },
			),
	},
	{
		method: 'GET',
		pattern: '/document_schemas/:id',
		handler: (ctx) => {
			const schema = must(schemaFor(ctx.params.id), 'Document schema');
			return doc(200, schema, { links: { self: `${ctx.list.baseUrl}${ctx.path}` } });
		},
	},
];
