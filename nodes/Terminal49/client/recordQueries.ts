import type { IDataObject } from 'n8n-workflow';

/**
 * The Get Many filters of custom fields, custom field definitions, documents and tracking requests: each one's
 * spec (plain values, checked by the operation that read them) and its query string. The service filters all
 * of them itself; the only one the node checks per item is a tracking request's status (client/trackingRequests.ts).
 * Containers and shipments have their own, richer, filters: listSpec.ts, listQuery.ts, listFilters.ts and
 * listOrder.ts.
 */

export interface CustomFieldFilters {
	/** `Shipment` or `Container`. */
	entityType?: string;
	entityId?: string;
	definitionId?: string;
}

export interface CustomFieldDefinitionFilters {
	/** `Shipment`, `Container` or `TrackingRequest`. */
	entityType?: string;
	dataType?: string;
	displayName?: string;
}

export interface DocumentFilters {
	filename?: string;
	reference?: string;
	documentTypes?: string[];
	/** The service's sort, e.g. `-created_at`; none: its default. */
	sort?: string;
}

/** ISO 8601 instants (UTC) a tracking request was created or updated within. */
export interface TrackingRequestDates {
	createdAfter?: string;
	createdBefore?: string;
	updatedAfter?: string;
	updatedBefore?: string;
}

/** Only the values that are set, as the query parameters named for them. */
function queryOf(pairs: Array<[string, string | undefined]>): IDataObject {
	const qs: IDataObject = {};
	for (const [parameter, value] of pairs) if (value) qs[parameter] = value;
	return qs;
}

/** `GET /custom_fields`: `filter[entity_type]`, `filter[entity_id]`, `filter[definition_id]`. */
export function customFieldQuery(filters: CustomFieldFilters): IDataObject {
	return queryOf([
		['filter[entity_type]', filters.entityType],
		['filter[entity_id]', filters.entityId],
		['filter[definition_id]', filters.definitionId],
	]);
}

/** `GET /custom_field_definitions`: `filter[entity_type]`, `filter[data_type]`, `filter[display_name]`. */
export function customFieldDefinitionQuery(filters: CustomFieldDefinitionFilters): IDataObject {
	return queryOf([
		['filter[entity_type]', filters.entityType],
		['filter[data_type]', filters.dataType],
		['filter[display_name]', filters.displayName],
	]);
}

/** `GET /documents`: `sort`, `filter[filename]`, `filter[reference]`, `filter[document_types]` (a list). */
export function documentQuery(filters: DocumentFilters): IDataObject {
	return queryOf([
		['sort', filters.sort],
		['filter[filename]', filters.filename],
		['filter[reference]', filters.reference],
		['filter[document_types]', filters.documentTypes?.join(',')],
	]);
}

/** What `GET /tracking_requests` filters itself, each value as the service wants it (the client normalizes). */
export interface TrackingRequestQuery {
	q?: string;
	requestNumber?: string;
	scac?: string;
	/** Only a status the service filters (client/trackingRequests.ts SERVER_STATUS_FILTERS). */
	status?: string;
	dates?: TrackingRequestDates;
}

/**
 * `GET /tracking_requests`: `q`, `filter[request_number]`, `filter[scac]`, `filter[status]`,
 * `filter[created_at][start|end]`, `filter[updated_at][start|end]`.
 */
export function trackingRequestQuery(filters: TrackingRequestQuery): IDataObject {
	const dates = filters.dates ?? {};
	return queryOf([
		['q', filters.q],
		['filter[request_number]', filters.requestNumber],
		['filter[scac]', filters.scac],
		['filter[status]', filters.status],
		['filter[created_at][start]', dates.createdAfter],
		['filter[created_at][end]', dates.createdBefore],
		['filter[updated_at][start]', dates.updatedAfter],
		['filter[updated_at][end]', dates.updatedBefore],
	]);
}
