/**
 * The account's own records as JSON:API resource objects: webhooks and their notifications, parties and
 * their roles, custom field definitions, options and values, documents and email submissions. They read
 * nothing of the account's plan or container serializer.
 */
import { ref, type ResourceObject } from './jsonapi';
import type { Store } from './store';
import type {
	CustomFieldDefinitionRec,
	CustomFieldOptionRec,
	CustomFieldRec,
	DocumentRec,
	EmailSubmissionRec,
	PartyRec,
	PartyRoleRec,
	WebhookNotificationRec,
	WebhookRec,
} from './types';
import { clone, iso } from './util';

/** The id of the one account every key belongs to. */
export const ACCOUNT_ID = '7f3a5a4e-2c1d-4b8e-9f10-5a1b2c3d4e5f';

export function webhookResource(w: WebhookRec): ResourceObject {
	return {
		id: w.id,
		type: 'webhook',
		attributes: {
			url: w.url,
			active: w.active,
			events: w.events.slice(),
			secret: w.secret,
			headers: w.headers ? clone(w.headers) : null,
		},
		links: { self: `/v2/webhooks/${w.id}` },
	};
}

export function webhookNotificationResource(n: WebhookNotificationRec): ResourceObject {
	return {
		id: n.id,
		type: 'webhook_notification',
		attributes: {
			id: n.id,
			event: n.event,
			delivery_status: n.deliveryStatus,
			created_at: iso(n.createdAt),
		},
		relationships: {
			reference_object: { data: { ...n.referenceObject } },
			webhook: { data: ref('webhook', n.webhookId) },
			webhook_notification_logs: { data: [] },
		},
	};
}

export function partyResource(p: PartyRec): ResourceObject {
	return {
		id: p.id,
		type: 'party',
		attributes: { company_name: p.companyName },
		links: { self: `/v2/parties/${p.id}` },
	};
}

export function partyRoleResource(r: PartyRoleRec): ResourceObject {
	return {
		id: r.id,
		type: 'party_role',
		attributes: {
			role: r.role,
			roleable_type: r.roleableType,
			roleable_id: r.roleableId,
			created_at: iso(r.createdAt),
			updated_at: iso(r.updatedAt),
		},
		relationships: { party: { data: ref('party', r.partyId) } },
	};
}

export function customFieldDefinitionResource(
	store: Store,
	d: CustomFieldDefinitionRec,
): ResourceObject {
	return {
		id: d.id,
		type: 'custom_field_definition',
		attributes: {
			entity_type: d.entityType,
			api_slug: d.apiSlug,
			display_name: d.displayName,
			data_type: d.dataType,
			reference_type: d.referenceType,
			validation: d.validation,
			default_format: d.defaultFormat,
			default_value: d.defaultValue as never,
		},
		relationships: {
			options: {
				data: store.customFieldOptions
					.all()
					.filter((o) => o.definitionId === d.id)
					.map((o) => ref('custom_field_option', o.id)),
			},
		},
	};
}

export function customFieldOptionResource(o: CustomFieldOptionRec): ResourceObject {
	return {
		id: o.id,
		type: 'custom_field_option',
		attributes: { label: o.label, value: o.value, position: o.position },
	};
}

export function customFieldResource(f: CustomFieldRec): ResourceObject {
	const v = f.value;
	return {
		id: f.id,
		type: 'custom_field',
		attributes: {
			api_slug: f.apiSlug,
			value: v as never,
			display_value:
				v === null || v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v),
		},
		relationships: {
			entity: { data: ref(f.entityType, f.entityId) },
			definition: { data: ref('custom_field_definition', f.definitionId) },
		},
	};
}

export function documentResource(d: DocumentRec): ResourceObject {
	return {
		id: d.id,
		type: 'document',
		attributes: {
			id: d.id,
			name: d.name,
			document_type: d.documentType,
			document_type_manual: d.documentTypeManual,
			classification_notes: d.classificationNotes,
			source: d.source,
			file_name: d.fileName,
			file_content_type: d.fileContentType,
			file_size_bytes: d.fileSizeBytes,
			created_at: iso(d.createdAt),
			updated_at: iso(d.updatedAt),
		},
		relationships: {
			account: { data: ref('account', ACCOUNT_ID) },
			user: { data: null },
			email_submission: {
				data: d.emailSubmissionId ? ref('email_submission', d.emailSubmissionId) : null,
			},
			last_document_representation: { data: null },
			shipments: { data: d.shipmentIds.map((id) => ref('shipment', id)) },
			cargos: { data: d.containerIds.map((id) => ref('container', id)) },
		},
		links: { self: `/v2/documents/${d.id}`, download: `/v2/documents/${d.id}/download_url` },
	};
}

export function emailSubmissionResource(e: EmailSubmissionRec): ResourceObject {
	return {
		id: e.id,
		type: 'email_submission',
		attributes: {
			subject: e.subject,
			body: e.body,
			from: e.from,
			to: e.to,
			cc: e.cc,
			sent_at: iso(e.sentAt),
			message_id: e.messageId,
			in_reply_to: null,
			references: [],
			content_type: 'text/plain',
			documents_count: e.documentIds.length,
			created_at: iso(e.createdAt),
			updated_at: iso(e.updatedAt),
		},
		relationships: {
			account: { data: ref('account', ACCOUNT_ID) },
			user: { data: null },
			documents: { data: e.documentIds.map((id) => ref('document', id)) },
		},
		links: { self: `/v2/email_submissions/${e.id}` },
	};
}
