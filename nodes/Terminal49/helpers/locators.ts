import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, paginate } from '../transport';
import type { ResourceObject } from './jsonApi';
import { resourcesOf } from './jsonApi';
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
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7b6f2b8e-0d5c-4a9e-9d8a-2f1c3e4d5a6b',
			},
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
		description:
			'The shipment, by its Terminal49 ID or by its bill of lading, booking or reference number',
		modes: [
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0f3f8b6c-5b1e-4b7e-8a7c-9c2d1e0f3a4b',
			},
			{
				displayName: 'By Number',
				name: 'number',
				type: 'string',
				placeholder: 'e.g. MEDUFR030802',
			},
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
	throw new NodeOperationError(
		this.getNode(),
		`No ${what} "${value}" is tracked in this Terminal49 account`,
		{
			itemIndex,
			description: `Check the number, or create a tracking request for it first (Tracking Request > Create).`,
		},
	);
}

const attributesOf = (record: ResourceObject): IDataObject => record.attributes ?? {};

/**
 * The container ID the user chose, looking the number up when given one. A number that is not ISO 6346
 * (check digit included) is refused before any request; one that Create tracked with a non-standard
 * check digit is chosen By ID.
 */
export async function resolveContainerId(
	this: IExecuteFunctions,
	itemIndex: number,
	name = 'containerId',
): Promise<string> {
	const { mode, value } = readLocator.call(this, name, itemIndex);
	if (mode !== 'number') return assertId(this.getNode(), 'Container ID', value, itemIndex);
	const number = assertContainerNumber(
		this.getNode(),
		'Container Number',
		assertNotEmpty(this.getNode(), 'Container Number', value, itemIndex),
		itemIndex,
		true,
		'choose a container tracked with a non-standard check digit By ID',
	);
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/containers',
		qs: { 'filter[number]': number, 'page[size]': 1 },
		itemIndex,
	});
	const match = resourcesOf(document).find((record) => attributesOf(record).number === number);
	if (!match) return notFound.call(this, 'container', number, itemIndex);
	return String(match.id);
}

/** Shipments read by the `number` lookup: enough to tell one match from several. */
const MAX_MATCHES = 10;
/** Pages of 100 read from the `q` search (a substring search) before giving up on finding the exact match. */
const MAX_SEARCH_PAGES = 3;

/** Upper case without spaces: bill of lading, booking and reference numbers compare this way. */
const normalizeShipmentNumber = (raw: string) => raw.toUpperCase().replace(/\s+/g, '');

/**
 * The shipment ID the user chose, looking the number up when given one: first as the number it was tracked
 * by (`number`: bill of lading or booking), then as a bill of lading or reference number (`q`, a substring
 * search, so only an exact match counts). More than one exact match is an error, never a guess.
 */
export async function resolveShipmentId(
	this: IExecuteFunctions,
	itemIndex: number,
	name = 'shipmentId',
): Promise<string> {
	const { mode, value } = readLocator.call(this, name, itemIndex);
	if (mode !== 'number') return assertId(this.getNode(), 'Shipment ID', value, itemIndex);
	const typed = assertNotEmpty(this.getNode(), 'Shipment Number', value, itemIndex);
	const number = normalizeShipmentNumber(typed);
	const sameNumber = (candidate: unknown) =>
		typeof candidate === 'string' && normalizeShipmentNumber(candidate) === number;
	const isBillOfLading = (record: ResourceObject) =>
		sameNumber(attributesOf(record).bill_of_lading_number) ||
		sameNumber(attributesOf(record).normalized_number);
	const hasReference = (record: ResourceObject) => {
		const refs = attributesOf(record).ref_numbers;
		return Array.isArray(refs) && refs.some(sameNumber);
	};

	// `number` matches the request number exactly, which for a booking is not the shipment's bill of lading.
	const tracked = await apiRequest.call(this, {
		method: 'GET',
		path: '/shipments',
		qs: { number, 'page[size]': MAX_MATCHES },
		itemIndex,
	});
	let matches = resourcesOf(tracked);
	if (matches.length > 1 && matches.some(isBillOfLading)) matches = matches.filter(isBillOfLading);
	if (matches.length === 0) {
		let pages = 0;
		for await (const page of paginate.call(this, {
			method: 'GET',
			path: '/shipments',
			qs: { q: typed },
			itemIndex,
		})) {
			matches.push(
				...resourcesOf(page).filter((record) => isBillOfLading(record) || hasReference(record)),
			);
			if (++pages < MAX_SEARCH_PAGES || !page.links?.next) continue;
			if (matches.length > 0) break;
			throw new NodeOperationError(
				this.getNode(),
				`Too many shipments contain "${typed}" to find the one it names`,
				{
					itemIndex,
					description: `More than ${MAX_SEARCH_PAGES * 100} shipments match the search and none of the first is exactly "${typed}". Choose the shipment By ID.`,
				},
			);
		}
	}
	if (matches.length === 1) return String(matches[0].id);
	if (matches.length === 0) return notFound.call(this, 'shipment', typed, itemIndex);
	throw new NodeOperationError(this.getNode(), `${matches.length} shipments match "${typed}"`, {
		itemIndex,
		description: `Choose one by ID instead: ${matches.map((record) => String(record.id)).join(', ')}.`,
	});
}
