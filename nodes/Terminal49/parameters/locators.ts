import type { INodeProperties } from 'n8n-workflow';

/**
 * Resource locator parameters for records users know by a number rather than an ID: a container by its
 * ISO 6346 number, a shipment by its bill of lading (or any number the service searches). The client looks
 * a number up (client/containers.ts, client/shipments.ts idOf).
 */
export function containerLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Container',
		name: 'containerId',
		type: 'resourceLocator',
		default: { mode: 'number', value: '' },
		required: true,
		description: 'The container, by its container number or by its Terminal49 ID',
		modes: [
			{ displayName: 'Number', name: 'number', type: 'string', placeholder: 'e.g. MSCU1234566' },
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7b6f2b8e-0d5c-4a9e-9d8a-2f1c3e4d5a6b',
			},
		],
		...overrides,
	};
}

export function shipmentLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Shipment',
		name: 'shipmentId',
		type: 'resourceLocator',
		default: { mode: 'number', value: '' },
		required: true,
		description:
			'The shipment, by its bill of lading, booking or reference number or by its Terminal49 ID',
		modes: [
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				placeholder: 'e.g. MEDUFR030802',
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0f3f8b6c-5b1e-4b7e-8a7c-9c2d1e0f3a4b',
			},
		],
		...overrides,
	};
}

/**
 * A shipping line picked From List (searchable) or given By SCAC (4 letters): Tracking Request > Create's
 * Carrier and the Shipping Line filters of Container and Shipment Get Many. The client checks the value.
 */
export function shippingLineLocator(
	name: string,
	displayName: string,
	description: string,
	overrides: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From list',
				name: 'list',
				type: 'list',
				placeholder: 'Select a shipping line...',
				typeOptions: { searchListMethod: 'searchShippingLines', searchable: true },
			},
			{
				displayName: 'SCAC',
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
		...overrides,
	};
}

/**
 * A party (a company of the account: customer, customs broker, dray carrier, ...) picked From List (searchable
 * by company name: `searchParties`) or given By ID.
 */
export function partyLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Party',
		name: 'partyId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The party (a company of your Terminal49 account), from the list or by its ID',
		modes: [
			{
				displayName: 'From list',
				name: 'list',
				type: 'list',
				placeholder: 'Select a party...',
				typeOptions: { searchListMethod: 'searchParties', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. ba4cb904-827f-4038-8e31-1e92b3356218',
			},
		],
		...overrides,
	};
}
