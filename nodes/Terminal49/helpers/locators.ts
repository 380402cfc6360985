import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../transport';
import { assertContainerNumber, assertId, assertNotEmpty } from './validation';

/**
 * Resource locators for records users know by a number rather than an ID: a container by its ISO 6346
 * number, a shipment by its bill of lading (or any number the service searches). "By Number" looks the
 * record up first, then the operation uses its ID.
 */
export function containerLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Container',
		name: 'containerId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: 'The container, by its Terminal49 ID or by its container number',
		modes: [
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 7b6f2b8e-0d5c-4a9e-9d8a-2f1c3e4d5a6b' },
			{ displayName: 'By Number', name: 'number', type: 'string', placeholder: 'e.g. MSCU1234566' },
		],
		...overrides,
	};
}

export function shipmentLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Shipment',
		name: 'shipmentId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		required: true,
		description: 'The shipment, by its Terminal49 ID or by its bill of lading, booking or reference number',
		modes: [
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 0f3f8b6c-5b1e-4b7e-8a7c-9c2d1e0f3a4b' },
			{ displayName: 'By Number', name: 'number', type: 'string', placeholder: 'e.g. MEDUFR030802' },
		],
		...overrides,
	};
}

interface LocatorValue {
	mode?: string;
	value?: unknown;
}

function readLocator(this: IExecuteFunctions, name: string, itemIndex: number): LocatorValue {
	const raw = this.getNodeParameter(name, itemIndex) as LocatorValue | string;
	return typeof raw === 'object' && raw !== null ? raw : { mode: 'id', value: raw };
}

function notFound(this: IExecuteFunctions, what: string, value: string, itemIndex: number): never {
	throw new NodeOperationError(this.getNode(), `No ${what} "${value}" is tracked in this Terminal49 account`, {
		itemIndex,
		description: `Check the number, or create a tracking request for it first (Tracking Request > Create).`,
	});
}

/** The container ID the user chose, looking the number up when given one. */
export async function resolveContainerId(
	this: IExecuteFunctions,
	itemIndex: number,
	name = 'containerId',
	checkDigit = true,
): Promise<string> {
	const { mode, value } = readLocator.call(this, name, itemIndex);
	if (mode !== 'number') return assertId(this.getNode(), 'Container ID', value, itemIndex);
	const number = assertContainerNumber(
		this.getNode(),
		'Container Number',
		assertNotEmpty(this.getNode(), 'Container Number', value, itemIndex),
		itemIndex,
		checkDigit,
	);
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/containers',
		qs: { 'filter[number]': number, 'page[size]': 1 },
		itemIndex,
	});
	const match = (Array.isArray(document.data) ? document.data : []).find(
		(record: IDataObject) => (record.attributes as IDataObject | undefined)?.number === number,
	) as IDataObject | undefined;
	if (!match) return notFound.call(this, 'container', number, itemIndex);
	return String(match.id);
}

/** The shipment ID the user chose, looking the number up (`number` filter) when given one. */
export async function resolveShipmentId(this: IExecuteFunctions, itemIndex: number, name = 'shipmentId'): Promise<string> {
	const { mode, value } = readLocator.call(this, name, itemIndex);
	if (mode !== 'number') return assertId(this.getNode(), 'Shipment ID', value, itemIndex);
	const number = assertNotEmpty(this.getNode(), 'Shipment Number', value, itemIndex).toUpperCase();
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/shipments',
		qs: { number, 'page[size]': 1 },
		itemIndex,
	});
	const match = (Array.isArray(document.data) ? document.data : [])[0] as IDataObject | undefined;
	if (!match) return notFound.call(this, 'shipment', number, itemIndex);
	return String(match.id);
}
