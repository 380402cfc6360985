import type { IDataObject } from 'n8n-workflow';

import { assertId } from '../errors/validation';
import type { Take } from './api';
import type { ResourceObject } from './jsonApi';
import type { Locator } from './locator';
import type { Records } from './records';
import { Resource, segment } from './resource';
import type { CustomFieldDefinitionFilters, CustomFieldFilters } from './recordQueries';
import { customFieldDefinitionQuery, customFieldQuery } from './recordQueries';

/** Records that carry custom fields, and the path segment of each. */
export const RECORD_PATHS = {
	tracking_request: 'tracking_requests',
	shipment: 'shipments',
	container: 'containers',
} as const;

export type RecordType = keyof typeof RECORD_PATHS;

/** A record that carries custom fields. */
export interface RecordRef {
	type: RecordType;
	id: string;
}

/** An API slug used in a path or a body: not empty, no spaces or slashes. */
export function assertApiSlug(
	node: Parameters<typeof assertId>[0],
	raw: unknown,
	itemIndex: number,
): string {
	return assertId(node, 'API Slug', raw, itemIndex);
}

/** Custom field definitions: `/custom_field_definitions`. */
export class CustomFieldDefinitions extends Resource {
	/** The definition the user picked From List or gave By ID. */
	idOf(locator: Locator): string {
		return assertId(this.node, 'Definition ID', locator.value, this.itemIndex);
	}

	/** Up to `limit` definitions (the pickers' lists). */
	async all(limit: number): Promise<ResourceObject[]> {
		return await this.api.records({ method: 'GET', path: '/custom_field_definitions' }, { limit });
	}

	async get(id: string): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: `/custom_field_definitions/${segment(id)}`,
		});
	}

	/** `GET /custom_field_definitions` with `filter[entity_type]`, `filter[data_type]`, `filter[display_name]`. */
	async list(filters: CustomFieldDefinitionFilters, take: Take): Promise<Records> {
		return await this.api.list(
			{ method: 'GET', path: '/custom_field_definitions', qs: customFieldDefinitionQuery(filters) },
			take,
		);
	}

	async create(attributes: IDataObject): Promise<Records> {
		return await this.api.save('POST', '/custom_field_definitions', {
			type: 'custom_field_definition',
			attributes,
		});
	}

	async update(id: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save('PATCH', `/custom_field_definitions/${segment(id)}`, {
			type: 'custom_field_definition',
			attributes,
		});
	}

	async delete(id: string): Promise<void> {
		await this.api.delete(`/custom_field_definitions/${segment(id)}`);
	}
}

/** The options of an enum definition: `/custom_field_definitions/{id}/options`. */
export class CustomFieldOptions extends Resource {
	private path(definitionId: string, optionId?: string) {
		const base = `/custom_field_definitions/${segment(definitionId)}/options`;
		return optionId === undefined ? base : `${base}/${segment(optionId)}`;
	}

	async list(definitionId: string, take: Take): Promise<Records> {
		return await this.api.list({ method: 'GET', path: this.path(definitionId) }, take);
	}

	async get(definitionId: string, optionId: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: this.path(definitionId, optionId) });
	}

	async create(definitionId: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save('POST', this.path(definitionId), {
			type: 'custom_field_option',
			attributes,
		});
	}

	async update(definitionId: string, optionId: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save('PATCH', this.path(definitionId, optionId), {
			type: 'custom_field_option',
			attributes,
		});
	}

	async delete(definitionId: string, optionId: string): Promise<void> {
		await this.api.delete(this.path(definitionId, optionId));
	}
}

/** Custom field values by ID: `/custom_fields` (shipments and containers). */
export class CustomFields extends Resource {
	/** The API slug the user picked From List or typed. */
	slugOf(locator: Locator): string {
		return assertApiSlug(this.node, locator.value, this.itemIndex);
	}

	async get(id: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: `/custom_fields/${segment(id)}` });
	}

	/** `GET /custom_fields` with `filter[entity_type]`, `filter[entity_id]`, `filter[definition_id]`. */
	async list(filters: CustomFieldFilters, take: Take): Promise<Records> {
		return await this.api.list(
			{ method: 'GET', path: '/custom_fields', qs: customFieldQuery(filters) },
			take,
		);
	}

	async create(record: RecordRef, apiSlug: string, value: unknown): Promise<Records> {
		return await this.api.save('POST', '/custom_fields', {
			type: 'custom_field',
			attributes: { api_slug: apiSlug, value: value as IDataObject },
			relationships: { entity: { data: { type: record.type, id: record.id } } },
		});
	}

	async update(id: string, value: unknown): Promise<Records> {
		return await this.api.save('PATCH', `/custom_fields/${segment(id)}`, {
			type: 'custom_field',
			attributes: { value: value as IDataObject },
		});
	}

	async delete(id: string): Promise<void> {
		await this.api.delete(`/custom_fields/${segment(id)}`);
	}
}

/** Custom field values of one record, by API slug: `/{records}/{id}/custom_fields`. */
export class RecordCustomFields extends Resource {
	private path(record: RecordRef, apiSlug?: string) {
		const base = `/${RECORD_PATHS[record.type]}/${segment(record.id)}/custom_fields`;
		return apiSlug === undefined ? base : `${base}/${segment(apiSlug)}`;
	}

	async list(record: RecordRef, take: Take): Promise<Records> {
		return await this.api.list({ method: 'GET', path: this.path(record) }, take);
	}

	async create(record: RecordRef, apiSlug: string, value: unknown): Promise<Records> {
		return await this.api.save('POST', this.path(record), {
			type: 'custom_field',
			attributes: { api_slug: apiSlug, value: value as IDataObject },
		});
	}

	async update(record: RecordRef, apiSlug: string, value: unknown): Promise<Records> {
		return await this.api.save('PATCH', this.path(record, apiSlug), {
			type: 'custom_field',
			attributes: { value: value as IDataObject },
		});
	}

	async delete(record: RecordRef, apiSlug: string): Promise<void> {
		await this.api.delete(this.path(record, apiSlug));
	}
}
