import type { IDataObject } from 'n8n-workflow';

import type { JsonApiDocument } from '../transport';
import type { Listed } from './records';
import { Records } from './records';

/**
 * The one JSON:API reader: documents of the service into the records and items the nodes return.
 *
 * A simplified item is flat: `id`, `type`, the attributes at the top level, and each relationship resolved
 * from `included` into a nested flat object (or left as its id when it was not included). Nested objects
 * carry their own relationships as ids only, so cycles (shipment -> containers -> shipment) end there. What
 * was sent stays beside them (client/records.ts): the document of a single request, or `{data, included}` for
 * a list record (with the included resources that record refers to).
 */
export interface ResourceObject extends IDataObject {
	id: string;
	type: string;
	attributes?: IDataObject;
	relationships?: Record<
		string,
		{ data?: ResourceIdentifier | ResourceIdentifier[] | null } | undefined
	>;
}

export interface ResourceIdentifier extends IDataObject {
	id: string;
	type: string;
}

export type { JsonApiDocument } from '../transport';

/** `included` resources by type, then id (no key strings to build on each look-up). */
export type IncludedIndex = Map<string, Map<string, ResourceObject>>;

/**
 * Adds derived fields to a simplified item the reader just made (it may change the item in place); `index`
 * holds the document's included resources, for what the item's nested records refer to.
 */
export type Decorate = (item: IDataObject, index: IncludedIndex) => IDataObject;

export function isResourceObject(value: unknown): value is ResourceObject {
	return (
		!!value &&
		typeof value === 'object' &&
		!Array.isArray(value) &&
		typeof (value as IDataObject).type === 'string' &&
		(value as IDataObject).id !== undefined
	);
}

/** The resource objects of a document's `data`, which may be one resource, a list of them, or null. */
export function resourcesOf(document: IDataObject): ResourceObject[] {
	const data = document.data;
	return (Array.isArray(data) ? data : data ? [data] : []).filter(isResourceObject);
}

/** The attributes of a record (an empty object when it has none). */
export const attributesOf = (record: ResourceObject): IDataObject => record.attributes ?? {};

/** The identifiers of one relationship of a record (one or many). */
export function identifiersOf(
	record: ResourceObject | undefined,
	relationship: string,
): ResourceIdentifier[] {
	const data = record?.relationships?.[relationship]?.data;
	const list = Array.isArray(data) ? data : data ? [data] : [];
	return list.filter(
		(item): item is ResourceIdentifier =>
			!!item && typeof item === 'object' && typeof item.type === 'string',
	);
}

/** Indexes `included` resources by type and id (into `index` when given, e.g. across the pages of a list). */
export function indexIncluded(included: unknown, index: IncludedIndex = new Map()): IncludedIndex {
	if (Array.isArray(included)) {
		for (const resource of included) {
			if (!isResourceObject(resource)) continue;
			let ofType = index.get(resource.type);
			if (!ofType) index.set(resource.type, (ofType = new Map()));
			ofType.set(String(resource.id), resource);
		}
	}
	return index;
}

/** The included resource an identifier names, if the document carries it. */
export const lookup = (index: IncludedIndex, identifier: ResourceIdentifier) =>
	index.get(identifier.type)?.get(String(identifier.id));

/** The included resources of one type. */
export const includedOfType = (index: IncludedIndex, type: string): ResourceObject[] => [
	...(index.get(type)?.values() ?? []),
];

function flatten(resource: ResourceObject, index: IncludedIndex, resolve: boolean): IDataObject {
	const attributes = resource.attributes;
	const relationships = resource.relationships;
	// The relationships first, in an object of their own, then one literal with two spreads: V8 copies
	// both on its fast path, where adding keys to the copied attributes one by one is several times slower.
	const related: IDataObject = {};
	if (relationships) {
		for (const name in relationships) {
			const relationship = relationships[name];
			if (!relationship || !('data' in relationship)) continue;
			const taken =
				name === 'id' || name === 'type' || (attributes !== undefined && name in attributes);
			const key = taken ? `${name}_relationship` : name;
			const data = relationship.data;
			if (data === null || data === undefined) {
				related[key] = null;
			} else if (Array.isArray(data)) {
				const list: Array<IDataObject | string> = [];
				for (const identifier of data) list.push(resolveOne(identifier, index, resolve));
				related[key] = list as IDataObject[];
			} else {
				related[key] = resolveOne(data, index, resolve);
			}
		}
	}
	const item: IDataObject = {
		id: String(resource.id),
		type: resource.type,
		...attributes,
		...related,
	};
	// Some records repeat their id among the attributes; the record's own id is the one that counts.
	if (attributes && 'id' in attributes) item.id = String(resource.id);
	return item;
}

function resolveOne(
	identifier: ResourceIdentifier,
	index: IncludedIndex,
	resolve: boolean,
): IDataObject | string {
	const found = resolve ? lookup(index, identifier) : undefined;
	return found ? flatten(found, index, false) : String(identifier.id);
}

/** One flat item for a resource; relationships resolved from `included`. */
export function simplifyResource(
	resource: ResourceObject,
	index: IncludedIndex = new Map(),
): IDataObject {
	return flatten(resource, index, true);
}

/** Related resources of one type for a record, e.g. the containers of a shipment, as flat items. */
export function relatedResources(
	record: ResourceObject,
	relationship: string,
	index: IncludedIndex,
): IDataObject[] {
	return identifiersOf(record, relationship)
		.map((identifier) => lookup(index, identifier))
		.filter((resource): resource is ResourceObject => !!resource)
		.map((resource) => simplifyResource(resource, index));
}

/** The resources of `included` a record refers to (for raw list items). */
function referencedIncluded(record: ResourceObject, index: IncludedIndex): ResourceObject[] {
	const found: ResourceObject[] = [];
	for (const name of Object.keys(record.relationships ?? {})) {
		for (const identifier of identifiersOf(record, name)) {
			const resource = lookup(index, identifier);
			if (resource) found.push(resource);
		}
	}
	return found;
}

/**
 * The flat items of a document the service returned: one per record, decorated. A document without `data`
 * (an action's answer, e.g. `{status: ...}`) is its own item.
 */
export function itemsOf(document: JsonApiDocument, decorate?: Decorate): IDataObject[] {
	const records = resourcesOf(document);
	if (records.length === 0 && !('data' in document)) return [document];
	const index = indexIncluded(document.included);
	return records.map((record) => itemOf(record, index, decorate));
}

/** The records of a document the service returned: its flat items (itemsOf), and the document as sent. */
export function recordsOf(document: JsonApiDocument, decorate?: Decorate): Records {
	return new Records(itemsOf(document, decorate), () => [document]);
}

/** The flat item of one record, decorated. */
export function itemOf(
	record: ResourceObject,
	index: IncludedIndex,
	decorate?: Decorate,
): IDataObject {
	const item = simplifyResource(record, index);
	return decorate ? decorate(item, index) : item;
}

/** One record of a list: its flat item, and `{data, included}` with the resources it refers to. */
export function listedOf(
	record: ResourceObject,
	index: IncludedIndex,
	decorate?: Decorate,
): Listed {
	return {
		item: itemOf(record, index, decorate),
		sent: { data: record, included: referencedIncluded(record, index) },
	};
}
