import type { IDataObject } from 'n8n-workflow';

import { assertId, assertNotEmpty } from '../errors/validation';
import type { ServiceError } from '../transport/errors';
import { serviceErrors } from '../transport/errors';
import type { Take } from './api';
import type { JsonApiDocument, ResourceObject } from './jsonApi';
import { attributesOf, recordsOf, resourcesOf } from './jsonApi';
import { Records } from './records';
import type { Locator } from './locator';
import { includeQuery, Resource, segment } from './resource';
import type { TrackingRequestDates } from './recordQueries';
import { trackingRequestQuery } from './recordQueries';

/** Upper case without spaces: how carriers print bill of lading, booking and container numbers. */
export function normalizeRequestNumber(raw: string): string {
	return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * Request statuses the service filters itself (`filter[status]`, openapi's enum); the others
 * (awaiting_manifest, tracking_stopped) are filtered on the pages read.
 */
export const SERVER_STATUS_FILTERS = ['created', 'pending', 'failed'];

/** Statuses of a request the service treats as the same tracking (a duplicate of a new one). */
const ACTIVE_STATUSES = ['pending', 'awaiting_manifest', 'created'];

/** `number_type` of infer_number -> the `request_type` a Create takes. */
const REQUEST_TYPE_OF: Record<string, string> = {
	container: 'container',
	bill_of_lading: 'bill_of_lading',
	booking: 'booking_number',
	booking_number: 'booking_number',
};

/** The node's names of the create body's fields, for the errors that point at one. */
const CREATE_FIELDS: Record<string, string> = {
	request_number: 'Request Number',
	request_type: 'Request Type',
	scac: 'Carrier (SCAC)',
	auto_detect_vocc_scac: 'Auto-Detect Carrier',
	ref_numbers: 'Reference Numbers',
	shipment_tags: 'Shipment Tags',
	customer: 'Customer ID',
	initial_custom_fields: 'Initial Custom Fields',
	api_slug: 'Initial Custom Fields > API Slug',
};

export interface TrackingRequestFilters {
	q?: string;
	requestNumber?: string;
	scac?: string;
	status?: string;
	dates?: TrackingRequestDates;
	include?: string[];
}

export interface NewTrackingRequest {
	requestType: string;
	requestNumber: string;
	/** null: auto-detect the carrier. */
	scac: string | null;
	refNumbers?: string[];
	shipmentTags?: string[];
	customerId?: string;
	initialCustomFields?: IDataObject;
}

/** Tracking requests: `/tracking_requests` and infer number. */
export class TrackingRequests extends Resource {
	/** The tracking request ID the user chose; a request number is looked up (the newest request for it). */
	async idOf(locator: Locator): Promise<string> {
		if (locator.mode !== 'number') {
			return assertId(this.node, 'Tracking Request ID', locator.value, this.itemIndex);
		}
		const number = normalizeRequestNumber(
			assertNotEmpty(this.node, 'Request Number', locator.value, this.itemIndex),
		);
		const [match] = resourcesOf(
			await this.api.document({
				method: 'GET',
				path: '/tracking_requests',
				qs: { 'filter[request_number]': number, 'page[size]': 1 },
			}),
		);
		if (!match) {
			return this.fail(
				`No tracking request for "${number}" exists in this Terminal49 account`,
				'Check the number, or create the tracking request first (Tracking Request > Create).',
				`No tracking request for "${number}" exists in this Terminal49 account: check the number with the customer, or offer to start tracking it.`,
			);
		}
		return String(match.id);
	}

	/** `GET /tracking_requests/{id}`: status, failed_reason and, once tracking began, the shipment. */
	async get(id: string, include: string[]): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: `/tracking_requests/${segment(id)}`,
			qs: includeQuery(include),
		});
	}

	/** `GET /tracking_requests` with the service's own filters (and a status it does not filter), newest first. */
	async list(filters: TrackingRequestFilters, take: Take): Promise<Records> {
		const status = filters.status ?? '';
		const serverStatus = SERVER_STATUS_FILTERS.includes(status);
		const qs = {
			...trackingRequestQuery({
				q: filters.q,
				requestNumber: filters.requestNumber && normalizeRequestNumber(filters.requestNumber),
				scac: filters.scac,
				status: serverStatus ? status : undefined,
				dates: filters.dates,
			}),
			...includeQuery(filters.include),
		};
		return await this.api.list(
			{ method: 'GET', path: '/tracking_requests', qs },
			{
				...take,
				where:
					status && !serverStatus ? (record) => attributesOf(record).status === status : undefined,
			},
		);
	}

	/**
	 * `POST /tracking_requests`. A duplicate (the live service answers 422 `duplicate`) gives back the request
	 * the service already has, marked `duplicate: true`, never an error (the spec's behaviour); a new one is
	 * marked `duplicate: false`.
	 */
	async create(request: NewTrackingRequest): Promise<Records> {
		const attributes: IDataObject = {
			request_type: request.requestType,
			request_number: request.requestNumber,
		};
		if (request.scac) attributes.scac = request.scac;
		else attributes.auto_detect_vocc_scac = true;
		if (request.refNumbers?.length) attributes.ref_numbers = request.refNumbers;
		if (request.shipmentTags?.length) attributes.shipment_tags = request.shipmentTags;
		if (request.initialCustomFields) attributes.initial_custom_fields = request.initialCustomFields;
		const data: IDataObject = { type: 'tracking_request', attributes };
		if (request.customerId) {
			data.relationships = { customer: { data: { type: 'party', id: request.customerId } } };
		}
		const post = {
			method: 'POST' as const,
			path: '/tracking_requests',
			body: { data },
			bucket: 'create_tracking_request' as const,
			idempotent: false,
			fields: CREATE_FIELDS,
		};
		const response = await this.api.response({ ...post, acceptStatuses: [422] });
		if (response.statusCode !== 422) {
			return recordsOf(response.body).map((item) => ({ ...item, duplicate: false }));
		}
		const duplicate = serviceErrors(response.body).find((error) => error.code === 'duplicate');
		// Not a duplicate: the transport's own 422 error, with the fields the node calls them by.
		if (!duplicate) throw this.api.error(post, 422, response.body);
		const existing = await this.existing(duplicate, request);
		const records = 'data' in existing ? recordsOf(existing) : Records.made([existing]);
		return records.map((item) => ({ ...item, duplicate: true }));
	}

	/**
	 * The requests for this number that are still active (pending, awaiting the manifest, or tracking), the
	 * newest first, as Create returns an existing one (`duplicate: true`): none when there is none, undefined
	 * when this key may not read requests (the restricted free plan: Create goes on and the service judges).
	 * The carrier counts only when both sides name one.
	 */
	async activeFor(request: NewTrackingRequest): Promise<Records | undefined> {
		const response = await this.api.response({
			method: 'GET',
			path: '/tracking_requests',
			qs: {
				'filter[request_number]': request.requestNumber,
				include: 'tracked_object',
				'page[size]': 100,
			},
			acceptStatuses: [401, 403],
		});
		if (response.statusCode !== 200) return undefined;
		const active = resourcesOf(response.body).filter((record) => {
			const a = attributesOf(record);
			const scac = String(a.scac ?? '').toUpperCase();
			return (
				normalizeRequestNumber(String(a.request_number ?? '')) === request.requestNumber &&
				ACTIVE_STATUSES.includes(String(a.status)) &&
				(!request.scac || !scac || scac === request.scac)
			);
		});
		if (!active.length) return Records.made([]);
		const document = { data: active[0], included: response.body.included ?? [] };
		return recordsOf(document).map((item) => ({ ...item, duplicate: true }));
	}

	/**
	 * The request the service already has for a duplicate: by the id it named, else by number and carrier. A
	 * key that may not read (restricted free plan) still gets what is known.
	 */
	private async existing(
		duplicate: ServiceError,
		request: NewTrackingRequest,
	): Promise<JsonApiDocument | IDataObject> {
		const meta = duplicate.meta ?? {};
		const existingId =
			typeof meta.tracking_request_id === 'string' && meta.tracking_request_id
				? meta.tracking_request_id
				: undefined;
		if (existingId) {
			const response = await this.api.response({
				method: 'GET',
				path: `/tracking_requests/${segment(existingId)}`,
				qs: { include: 'tracked_object' },
				acceptStatuses: [401, 403, 404],
			});
			if (response.statusCode === 200 && response.body.data) return response.body;
			if (response.statusCode !== 404) return fallbackItem(existingId, meta, duplicate, request);
		}
		const qs: IDataObject = {
			'filter[request_number]': request.requestNumber,
			include: 'tracked_object',
			'page[size]': 100,
		};
		if (request.scac) qs['filter[scac]'] = request.scac;
		const response = await this.api.response({
			method: 'GET',
			path: '/tracking_requests',
			qs,
			acceptStatuses: [401, 403],
		});
		const records = response.statusCode === 200 ? resourcesOf(response.body) : [];
		const match = pickExisting(records, request);
		if (match) return { data: match, included: response.body.included ?? [] };
		return fallbackItem(existingId, meta, duplicate, request);
	}

	/**
	 * The pages of `GET /tracking_requests?filter[updated_at][start]=…` (with their tracked shipments), in
	 * pages of 100: the requests whose status may have changed since `since` (ISO 8601).
	 */
	updatedSince(since: string) {
		return this.api.pages(
			{
				method: 'GET',
				path: '/tracking_requests',
				qs: { 'filter[updated_at][start]': since, include: 'tracked_object' },
			},
			undefined,
			{ prefetch: true },
		);
	}

	/** `PATCH /tracking_requests/{id}` (the reference number). */
	async update(id: string, refNumber: string): Promise<Records> {
		return await this.api.save('PATCH', `/tracking_requests/${segment(id)}`, {
			id,
			type: 'tracking_request',
			attributes: { ref_number: refNumber },
		});
	}

	/**
	 * `POST /tracking_requests/infer_number` (`{number}`, not wrapped in `data`; its own rate bucket; safe to
	 * repeat). Simplified items add `suggested_request_type` and `suggested_scac`, ready for Create.
	 */
	async inferNumber(number: string): Promise<Records> {
		const document = await this.api.document({
			method: 'POST',
			path: '/tracking_requests/infer_number',
			body: { number },
			bucket: 'infer_number',
			idempotent: true,
		});
		return recordsOf(document, (item) => {
			const shippingLine = (item.shipping_line ?? {}) as IDataObject;
			const selected = (shippingLine.selected ?? null) as IDataObject | null;
			return {
				...item,
				suggested_request_type: REQUEST_TYPE_OF[String(item.number_type)] ?? null,
				suggested_scac: selected && typeof selected.scac === 'string' ? selected.scac : null,
			};
		});
	}
}

/** The best match for the request among existing ones: same number, type and carrier, active first. */
function pickExisting(
	records: ResourceObject[],
	request: NewTrackingRequest,
): ResourceObject | undefined {
	const same = records.filter((record) => {
		const a = attributesOf(record);
		if (normalizeRequestNumber(String(a.request_number ?? '')) !== request.requestNumber)
			return false;
		if (a.request_type !== undefined && a.request_type !== request.requestType) return false;
		if (request.scac && a.scac && String(a.scac).toUpperCase() !== request.scac) return false;
		return true;
	});
	return (
		same.find((record) => ACTIVE_STATUSES.includes(String(attributesOf(record).status))) ?? same[0]
	);
}

function fallbackItem(
	id: string | undefined,
	meta: IDataObject,
	duplicate: ServiceError,
	request: NewTrackingRequest,
): IDataObject {
	return {
		id: id ?? null,
		type: 'tracking_request',
		request_number: request.requestNumber,
		request_type: request.requestType,
		scac: request.scac,
		status: typeof meta.status === 'string' ? meta.status : null,
		duplicate_detail: duplicate.detail ?? duplicate.title ?? 'Tracking request already exists',
	};
}
