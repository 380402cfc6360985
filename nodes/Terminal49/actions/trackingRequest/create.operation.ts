import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { Records, Terminal49Client } from '../../client';
import { terminal49 } from '../../client';
import { withAgentAnswer } from '../../errors/agent';
import { BILLING_URL, slotsInWords } from '../../domain/entitlements';
import { parseList, readLocator, outputProperties } from '../../parameters';
import { assertApiSlug } from '../../client/customFields';
import type { NewTrackingRequest } from '../../client/trackingRequests';
import { normalizeRequestNumber } from '../../client/trackingRequests';
import type { CustomFieldValueType } from '../../parameters/customFields';
import { parseCustomFieldValue, valueProperties } from '../../parameters/customFields';
import {
	assertContainerNumber,
	assertId,
	assertNotEmpty,
	assertScac,
} from '../../errors/validation';
import { REQUEST_TYPES } from './shared';
import { shippingLineLocator } from '../../parameters/locators';

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
	shippingLineLocator(
		'scac',
		'Carrier (SCAC)',
		'The shipping line that issued the number, picked from the list or given by its 4-letter SCAC',
		{ required: true, displayOptions: { show: { autoDetectCarrier: [false] } } },
	),
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
	{
		displayName: 'Look Up First',
		name: 'lookUpFirst',
		type: 'boolean',
		default: true,
		description:
			'Whether to look the number up before creating anything (one or two requests): when a request for it is pending, awaiting the manifest or tracking, or the container is already tracked under its bill of lading, that is returned (already_tracked) and nothing is created. Turn off for a bulk import of numbers known to be new, to save requests.',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
	},
	{
		displayName: 'When Out of Tracking Slots',
		name: 'whenOutOfSlots',
		type: 'options',
		default: 'warn',
		description:
			"What to do when none of the account's tracking slots (Account > Get) is left for one more request, counting the requests created since Terminal49 last counted. Accounts without a slot limit, and services without GET /me, are not checked.",
		options: [
			{
				name: 'Warn and Create',
				value: 'warn',
				description:
					'Send the request and show a warning on the output (Terminal49 may refuse it or leave it waiting)',
			},
			{
				name: 'Stop With an Error',
				value: 'fail',
				description: 'Fail the item before anything is sent',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trackingRequest'], operation: ['create'] } },
	properties,
);

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

/**
 * POST /tracking_requests. Node version 2 looks the number up first (Look Up First, client/find.ts): a number
 * already tracked or requested gives back what exists (`duplicate: true`) and creates nothing. A duplicate the
 * service finds gives back the existing request (`duplicate: true`), not an error (client/trackingRequests.ts).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
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
	const scac = autoDetect
		? null
		: assertScac(
				node,
				'Carrier (SCAC)',
				String(readLocator.call(this, 'scac', itemIndex, 'scac').value ?? ''),
				itemIndex,
			);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const customerId =
		typeof additional.customerId === 'string' && additional.customerId.trim()
			? assertId(node, 'Customer ID', additional.customerId, itemIndex)
			: undefined;
	const initialCustomFields = readInitialCustomFields.call(
		this,
		additional.initialCustomFields,
		itemIndex,
	);
	const t49 = terminal49(this, itemIndex);
	const request: NewTrackingRequest = {
		requestType,
		requestNumber,
		scac,
		refNumbers: parseList(additional.refNumbers),
		shipmentTags: parseList(additional.shipmentTags),
		customerId,
		initialCustomFields,
	};
	// node version 2: never a second tracking of the same number (version 1 leaves it to the service)
	if (this.getNodeParameter('lookUpFirst', itemIndex, false) === true) {
		const existing = await t49.finder.alreadyTracked(request);
		if (existing?.items.length) return existing;
	}
	await checkSlots.call(this, t49, itemIndex);
	const created = await t49.trackingRequests.create(request);
	if (created.items.some((item) => item.duplicate === false)) await t49.account.countCreated();
	return created;
}

/**
 * Before a request that needs a tracking slot the account does not have (`GET /me`, less those created since
 * it was read): a warning on the output, or an error before anything is sent ("When Out of Tracking Slots").
 */
async function checkSlots(this: IExecuteFunctions, t49: Terminal49Client, itemIndex: number) {
	const fail = this.getNodeParameter('whenOutOfSlots', itemIndex, 'warn') === 'fail';
	const slots = await t49.account.slotsLeft(fail);
	if (!slots || slots.left >= 1) return;
	const full = slotsInWords(slots);
	const fix = `Stop tracking shipments that are done (Shipment > Stop Tracking), or get more slots with a paid plan (${BILLING_URL}).`;
	if (fail) {
		const error = new NodeOperationError(this.getNode(), full, {
			itemIndex,
			description: `Nothing was sent. ${fix} Or set "When Out of Tracking Slots" to "Warn and Create".`,
		});
		throw withAgentAnswer(
			error,
			`${full}, so tracking was not started; the account owner can stop tracking finished shipments or get more slots with a paid plan.`,
		);
	}
	this.logger.warn(`Terminal49 Tracking Request > Create, item ${itemIndex + 1}: ${full}`);
	this.addExecutionHints({
		message: `Item ${itemIndex + 1}: ${full}. It was sent anyway; Terminal49 may refuse it or leave it waiting. ${fix}`,
		type: 'warning',
		location: 'outputPane',
	});
}
