import type { IDataObject } from 'n8n-workflow';

import { apiError, serviceErrors } from '../transport/errors';
import type { Take } from './api';
import { recordsOf } from './jsonApi';
import type { DocumentFilters } from './recordQueries';
import { documentQuery } from './recordQueries';
import { Records } from './records';
import { includeQuery, Resource, segment } from './resource';

export type DocumentAction = 'reextract' | 'reclassify' | 'relink' | 'rotate';

/** Documents (`/documents`), their processing actions, download URL and types. */
export class Documents extends Resource {
	async get(id: string, include: string[]): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: `/documents/${segment(id)}`,
			qs: includeQuery(include),
		});
	}

	/** `GET /documents` with `include`, `sort` and `filter[filename|reference|document_types]`. */
	async list(filters: DocumentFilters, include: string[], take: Take): Promise<Records> {
		const qs = { ...includeQuery(include), ...documentQuery(filters) };
		return await this.api.list({ method: 'GET', path: '/documents', qs }, take);
	}

	async update(id: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save('PATCH', `/documents/${segment(id)}`, {
			type: 'document',
			attributes,
		});
	}

	async delete(id: string): Promise<void> {
		await this.api.delete(`/documents/${segment(id)}`);
	}

	/** `POST /documents/{id}/{action}`: `{id, action, status}` (the service works on it afterwards). */
	async act(id: string, action: DocumentAction, body?: IDataObject): Promise<IDataObject> {
		const response = await this.api.document({
			method: 'POST',
			path: `/documents/${segment(id)}/${action}`,
			body,
		});
		return { id, action, status: response.status ?? 'accepted', ...(body ?? {}) };
	}

	/** `GET /documents/{id}/download_url` (application/json). */
	async downloadUrl(id: string): Promise<IDataObject> {
		const body = await this.api.document({
			method: 'GET',
			path: `/documents/${segment(id)}/download_url`,
		});
		return { id, download_url: body.download_url };
	}

	/** `GET /documents/types` (application/json): `{code, label}` per type. */
	async types(): Promise<IDataObject[]> {
		const body = await this.api.document({ method: 'GET', path: '/documents/types' });
		const types = Array.isArray(body.document_types) ? (body.document_types as IDataObject[]) : [];
		return types.map((type) => ({ code: type.code, label: type.label }));
	}

	/**
	 * `POST /documents` with a signed blob. The same file uploaded before: 409 `duplicate_document`, which
	 * gives back the document uploaded before (`already_uploaded: true`) or, with `onDuplicate: 'fail'` (or
	 * when the service does not say which document it is), an error that names it.
	 */
	async upload(
		file: { name: string; attachedDocument: string },
		onDuplicate: 'returnExisting' | 'fail',
	): Promise<Records> {
		const response = await this.api.response({
			method: 'POST',
			path: '/documents',
			body: {
				data: {
					type: 'document',
					attributes: { name: file.name, attached_document: file.attachedDocument },
				},
			},
			acceptStatuses: [409],
		});
		if (response.statusCode !== 409) return recordsOf(response.body);

		const duplicate = serviceErrors(response.body).find(
			(error) => typeof error.meta?.existing_document_id === 'string',
		);
		const existingId = duplicate?.meta?.existing_document_id as string | undefined;
		if (onDuplicate === 'fail' || !existingId) {
			const existingName = duplicate?.meta?.existing_document_name;
			throw apiError(
				this.node,
				409,
				{
					message: `This file was already uploaded to Terminal49${existingId ? ` as document ${existingId}` : ''}${
						typeof existingName === 'string' ? ` ("${existingName}")` : ''
					} (409)`,
					description: `Nothing new was created. ${
						existingId
							? 'Set "If Already Uploaded" to "Return the Existing Document" to get that document instead of an error.'
							: 'Terminal49 did not say which document it is: find it with Document > Get Many.'
					} (POST /documents)`,
				},
				response.body,
				this.itemIndex,
			);
		}
		const existing = await this.api.document({
			method: 'GET',
			path: `/documents/${segment(existingId)}`,
		});
		const { items } = recordsOf(existing);
		return new Records(
			items.map((item) => ({ ...item, already_uploaded: true })),
			() => [{ ...existing, meta: { ...(existing.meta ?? {}), already_uploaded: true } }],
		);
	}
}

export class DocumentSchemas extends Resource {
	async get(id: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: `/document_schemas/${segment(id)}` });
	}
}

export class EmailSubmissions extends Resource {
	async get(id: string, include: string[]): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: `/email_submissions/${segment(id)}`,
			qs: includeQuery(include),
		});
	}

	async list(include: string[], take: Take): Promise<Records> {
		return await this.api.list(
			{ method: 'GET', path: '/email_submissions', qs: includeQuery(include) },
			take,
		);
	}
}
