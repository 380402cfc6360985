import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { documentToItems, simplifyProperty } from '../../helpers/output';
import type { CustomFieldValueType } from '../../helpers/customFieldValue';
import {
	assertApiSlug,
	parseCustomFieldValue,
	valueProperties,
} from '../../helpers/customFieldValue';
import {
	assertContainerNumber,
	assertId,
	assertNotEmpty,
	assertScac,
} from '../../helpers/validation';
import type { JsonApiDocument } from '../../transport';
import { apiRequestFull } from '../../transport';
import type { ServiceError } from '../../transport/errors';
import { apiError, mapHttpError, serviceErrors } from '../../transport/errors';
import { parseList } from '../container/update.operation';
import { normalizeRequestNumber, REQUEST_TYPES } from './shared';

const properties: INodeProperties[] = [
	{
		displayName: 'Request Type',
		name: 'requestType',
		type: 'options',
		required: true,
		default: 'bill_of_lading',
		description: 'What kind of number Request Number is',
		options: REQUEST_TYPES,
	},
	{
		displayName: 'Request Number',
		name: 'requestNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MEDUFR030802',
		description:
			'The bill of lading, booking or container number to track (one number per request)',
	},
	{
		displayName: 'Validate Check Digit',
		name: 'validateCheckDigit',
		type: 'boolean',
		default: true,
		description:
			'Whether to reject a container number whose ISO 6346 check digit is wrong before sending anything (turn off only for numbers known to be printed with a non-standard check digit)',
		displayOptions: { show: { requestType: ['container'] } },
	},
	{
		displayName: 'Auto-Detect Carrier',
		name: 'autoDetectCarrier',
		type: 'boolean',
		default: false,
		description:
			'Whether Terminal49 should infer the carrier from the number instead of a given SCAC. The request is created at once; if no carrier can be inferred it fails later with failed_reason scac_auto_detect_failed.',
	},
	{
		displayName: 'Carrier (SCAC)',
		name: 'scac',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The shipping line that issued the number, picked from the list or given by its 4-letter SCAC',
		displayOptions: { show: { autoDetectCarrier: [false] } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a shipping line...',
				typeOptions: { searchListMethod: 'searchShippingLines', searchable: true },
			},
			{
				displayName: 'By SCAC',
				name: 'scac',
				type: 'string',
				placeholder: 'e.g. MSCU',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[A-Za-z]{4}\\s*$',
							errorMessage: 'A SCAC is exactly 4 letters, e.g. MAEU',
						},
					},
				],
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Customer ID',
				name: 'customerId',
				type: 'string',
				default: '',
				placeholder: 'e.g. ba4cb904-827f-4038-8e31-1e92b3356218',
				description: 'ID of a party (Party > Get Many) to set as the customer of the shipment',
			},
			{
				displayName: 'Initial Custom Fields',
				name: 'initialCustomFields',
				type: 'fixedCollection',
				placeholder: 'Add Custom Field',
				default: {},
				typeOptions: { multipleValues: true },
				description:
					'Custom field values Terminal49 applies to the shipment and its containers once the request resolves. Each API slug must be a custom field definition of your account for that record type.',
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{
								displayName: 'Record',
								name: 'record',
								type: 'options',
								default: 'shipment',
								options: [
									{ name: 'Shipment', value: 'shipment' },
									{ name: 'Container', value: 'container' },
								],
								description: 'Which record the value is for',
							},
							{
								displayName: 'API Slug',
								name: 'apiSlug',
								type: 'string',
								default: '',
								placeholder: 'e.g. po_number',
								description:
									'The API slug of the custom field definition (Custom Field Definition > Get Many)',
							},
							...valueProperties({ allowNull: false }),
							{
								displayName: 'Container Number',
								name: 'containerNumber',
								type: 'string',
								default: '',
								placeholder: 'e.g. MSCU1234566',
								description:
									'For a Container value: the one container it is for. Empty: every container of the shipment.',
							},
						],
					},
				],
			},
			{
				displayName: 'Reference Numbers',
				name: 'refNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234, REF-5678',
				description: 'Comma-separated reference numbers added to the shipment once tracking begins',
			},
			{
				displayName: 'Shipment Tags',
				name: 'shipmentTags',
				type: 'string',
				default: '',
				placeholder: 'e.g. priority, customer-acme',
				description: 'Comma-separated tags added to the shipment once tracking begins',
			},
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['create'] } },
	properties,
);

const FIELD_NAMES: Record<string, string> = {
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

/** "Initial Custom Fields" -> `initial_custom_fields {shipment: [{api_slug, value}], containers: [{api_slug, value, number?}]}`. */
function readInitialCustomFields(
	this: IExecuteFunctions,
	raw: unknown,
	itemIndex: number,
): IDataObject | undefined {
	const node = this.getNode();
	const entries = ((raw as IDataObject | undefined)?.field ?? []) as IDataObject[];
	const shipment: IDataObject[] = [];
	const containers: IDataObject[] = [];
	for (const entry of entries) {
		const field = { api_slug: assertApiSlug(node, entry.apiSlug, itemIndex) } as IDataObject;
		field.value = parseCustomFieldValue(
			node,
			'Initial Custom Fields > Value',
			entry.value,
			(entry.valueType ?? 'text') as CustomFieldValueType,
			itemIndex,
		) as IDataObject[string];
		const number = typeof entry.containerNumber === 'string' ? entry.containerNumber.trim() : '';
		if (entry.record === 'container') {
			if (number)
				field.number = assertContainerNumber(
					node,
					'Initial Custom Fields > Container Number',
					number,
					itemIndex,
					false,
				);
			containers.push(field);
		} else {
			if (number) {
				throw new NodeOperationError(
					node,
					`Invalid Initial Custom Fields > Container Number "${number}": only a Container value names a container`,
					{
						itemIndex,
						description: `Set Record to Container for "${String(field.api_slug)}", or clear its Container Number.`,
					},
				);
			}
			shipment.push(field);
		}
	}
	if (!shipment.length && !containers.length) return undefined;
	return { ...(shipment.length ? { shipment } : {}), ...(containers.length ? { containers } : {}) };
}

/** Statuses of a request the service treats as the same tracking (a duplicate of a new one). */
const ACTIVE_STATUSES = ['pending', 'awaiting_manifest', 'created'];

interface CreateInput {
	requestType: string;
	requestNumber: string;
	scac: string | null;
}

function readScac(this: IExecuteFunctions, itemIndex: number): string {
	const raw = this.getNodeParameter('scac', itemIndex, '') as { value?: unknown } | string;
	const value = typeof raw === 'object' && raw !== null ? raw.value : raw;
	return assertScac(this.getNode(), 'Carrier (SCAC)', String(value ?? ''), itemIndex);
}

/** The best match for the request among a list of existing ones: same number, type and carrier, active first. */
function pickExisting(records: IDataObject[], input: CreateInput): IDataObject | undefined {
	const same = records.filter((record) => {
		const a = (record.attributes ?? {}) as IDataObject;
		if (normalizeRequestNumber(String(a.request_number ?? '')) !== input.requestNumber)
			return false;
		if (a.request_type !== undefined && a.request_type !== input.requestType) return false;
		if (input.scac && a.scac && String(a.scac).toUpperCase() !== input.scac) return false;
		return true;
	});
	return (
		same.find((record) =>
			ACTIVE_STATUSES.includes(String((record.attributes as IDataObject | undefined)?.status)),
		) ?? same[0]
	);
}

/**
 * The service answered 422 `duplicate`: fetch the request it already has, by the id it named, else by
 * number and carrier. A key that may not read (restricted free plan) still gets what is known.
 */
async function existingRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	duplicate: ServiceError,
	input: CreateInput,
): Promise<JsonApiDocument | IDataObject> {
	const meta = duplicate.meta ?? {};
	const existingId =
		typeof meta.tracking_request_id === 'string' && meta.tracking_request_id
			? meta.tracking_request_id
			: undefined;
	if (existingId) {
		const response = await apiRequestFull.call(this, {
			method: 'GET',
			path: `/tracking_requests/${encodeURIComponent(existingId)}`,
			qs: { include: 'tracked_object' },
			acceptStatuses: [401, 403, 404],
			itemIndex,
		});
		if (response.statusCode === 200 && response.body.data) return response.body;
		if (response.statusCode !== 404) return fallbackItem(existingId, meta, duplicate, input);
	}
	const qs: IDataObject = {
		'filter[request_number]': input.requestNumber,
		include: 'tracked_object',
		'page[size]': 100,
	};
	if (input.scac) qs['filter[scac]'] = input.scac;
	const response = await apiRequestFull.call(this, {
		method: 'GET',
		path: '/tracking_requests',
		qs,
		acceptStatuses: [401, 403],
		itemIndex,
	});
	const records =
		response.statusCode === 200 && Array.isArray(response.body.data) ? response.body.data : [];
	const match = pickExisting(records, input);
	if (match) return { data: match, included: response.body.included ?? [] };
	return fallbackItem(existingId, meta, duplicate, input);
}

function fallbackItem(
	id: string | undefined,
	meta: IDataObject,
	duplicate: ServiceError,
	input: CreateInput,
): IDataObject {
	return {
		id: id ?? null,
		type: 'tracking_request',
		request_number: input.requestNumber,
		request_type: input.requestType,
		scac: input.scac,
		status: typeof meta.status === 'string' ? meta.status : null,
		duplicate_detail: duplicate.detail ?? duplicate.title ?? 'Tracking request already exists',
	};
}

/** POST /tracking_requests. A duplicate gives back the existing request (`duplicate: true`), not an error. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const node = this.getNode();
	const requestType = this.getNodeParameter('requestType', itemIndex) as string;
	if (!REQUEST_TYPES.some((type) => type.value === requestType)) {
		throw new NodeOperationError(
			node,
			`Invalid Request Type "${requestType}": use bill_of_lading, booking_number or container`,
			{
				itemIndex,
				description: `Fix the value of "Request Type" in item ${itemIndex + 1}.`,
			},
		);
	}
	let requestNumber = normalizeRequestNumber(
		assertNotEmpty(
			node,
			'Request Number',
			this.getNodeParameter('requestNumber', itemIndex, ''),
			itemIndex,
		),
	);
	if (requestType === 'container') {
		const checkDigit = this.getNodeParameter('validateCheckDigit', itemIndex, true) as boolean;
		requestNumber = assertContainerNumber(
			node,
			'Request Number',
			requestNumber,
			itemIndex,
			checkDigit,
		);
	}
	const autoDetect = this.getNodeParameter('autoDetectCarrier', itemIndex, false) as boolean;
	const scac = autoDetect ? null : readScac.call(this, itemIndex);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const refNumbers = parseList(additional.refNumbers);
	const shipmentTags = parseList(additional.shipmentTags);
	const customerId =
		typeof additional.customerId === 'string' && additional.customerId.trim()
			? assertId(node, 'Customer ID', additional.customerId, itemIndex)
			: undefined;
	const initialCustomFields = readInitialCustomFields.call(
		this,
		additional.initialCustomFields,
		itemIndex,
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;

	const attributes: IDataObject = { request_type: requestType, request_number: requestNumber };
	if (scac) attributes.scac = scac;
	else attributes.auto_detect_vocc_scac = true;
	if (refNumbers.length) attributes.ref_numbers = refNumbers;
	if (shipmentTags.length) attributes.shipment_tags = shipmentTags;
	if (initialCustomFields) attributes.initial_custom_fields = initialCustomFields;
	const data: IDataObject = { type: 'tracking_request', attributes };
	if (customerId) data.relationships = { customer: { data: { type: 'party', id: customerId } } };

	const path = '/tracking_requests';
	const response = await apiRequestFull.call(this, {
		method: 'POST',
		path,
		body: { data },
		bucket: 'create_tracking_request',
		idempotent: false,
		acceptStatuses: [422],
		itemIndex,
	});
	if (response.statusCode !== 422) {
		return documentToItems(response.body, simplify).map((item) => ({ ...item, duplicate: false }));
	}

	const errors = serviceErrors(response.body);
	const duplicate = errors.find((error) => error.code === 'duplicate');
	if (!duplicate) {
		const mapped = mapHttpError(422, response.body, { method: 'POST', path });
		const fields = [
			...new Set(
				errors
					.map((error) => error.source?.pointer?.split('/').filter(Boolean).pop())
					.filter((field): field is string => !!field)
					.map((field) => FIELD_NAMES[field] ?? field),
			),
		];
		if (fields.length) {
			mapped.description = `Check ${fields.map((field) => `"${field}"`).join(', ')} in item ${itemIndex + 1}. ${mapped.description}`;
		}
		throw apiError(node, 422, mapped, response.body, itemIndex);
	}

	const existing = await existingRequest.call(this, itemIndex, duplicate, {
		requestType,
		requestNumber,
		scac,
	});
	const items = 'data' in existing ? documentToItems(existing, simplify) : [existing];
	return items.map((item) => ({ ...item, duplicate: true }));
}
