import type { IDataObject } from 'n8n-workflow';

/**
 * Turns JSON:API documents into flat items: `id`, the attributes at the top level, and each relationship
 * resolved from `included` into a nested flat object (or left as its id when it was not included).
 * Nested objects carry their own relationships as ids only, so cycles (shipment -> containers ->
 * shipment) end there.
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

export type IncludedIndex = Map<string, ResourceObject>;

const keyOf = (type: unknown, id: unknown) => `${String(type)}:${String(id)}`;

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

/** Indexes `included` resources by type and id (into `index` when given, e.g. across the pages of a list). */
export function indexIncluded(included: unknown, index: IncludedIndex = new Map()): IncludedIndex {
	if (Array.isArray(included)) {
		for (const resource of included) {
			if (isResourceObject(resource)) index.set(keyOf(resource.type, resource.id), resource);
		}
	}
	return index;
}

function flatten(resource: ResourceObject, index: IncludedIndex, resolve: boolean): IDataObject {
	const item: IDataObject = {
		id: String(resource.id),
		type: resource.type,
		...(resource.attributes ?? {}),
	};
	for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
		if (!relationship || !('data' in relationship)) continue;
		const key = name in item ? `${name}_relationship` : name;
		const data = relationship.data;
		const resolveOne = (identifier: ResourceIdentifier): IDataObject | string => {
			const found = resolve ? index.get(keyOf(identifier.type, identifier.id)) : undefined;
			return found ? flatten(found, index, false) : String(identifier.id);
		};
		if (data === null || data === undefined) item[key] = null;
		else if (Array.isArray(data)) item[key] = data.map(resolveOne) as IDataObject[];
		else item[key] = resolveOne(data);
	}
	return item;
}

/** One flat item for a resource; relationships resolved from `included`. */
export function simplifyResource(
	resource: ResourceObject,
	index: IncludedIndex = new Map(),
): IDataObject {
	return flatten(resource, index, true);
}

/** The flat items of a document (`data` may be one resource or a list). */
export function simplifyDocument(
	document: IDataObject,
	extraIncluded: IDataObject[] = [],
): IDataObject[] {
	const index = indexIncluded([
		...((document.included as IDataObject[] | undefined) ?? []),
		...extraIncluded,
	]);
	return resourcesOf(document).map((record) => simplifyResource(record, index));
}

/** Related resources of one type for a record, e.g. the containers of a shipment, as flat items. */
export function relatedResources(
	record: ResourceObject,
	relationship: string,
	index: IncludedIndex,
): IDataObject[] {
	const data = record.relationships?.[relationship]?.data;
	const identifiers = Array.isArray(data) ? data : data ? [data] : [];
	return identifiers
		.map((identifier) => index.get(keyOf(identifier.type, identifier.id)))
		.filter((resource): resource is ResourceObject => !!resource)
		.map((resource) => simplifyResource(resource, index));
}
