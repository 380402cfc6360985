import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Terminal49Request } from '../transport';
import { apiRequest, paginate } from '../transport';
import type { ResourceObject } from './jsonApi';
import { indexIncluded, resourcesOf, simplifyResource } from './jsonApi';
import { addContainerInsights } from './containerInsights';
import { assertLimit } from './validation';

/**
 * Shared pieces of every operation's description and output: Simplify, Return All / Limit, and the
 * conversion of service documents into the items the node returns.
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return flat items (ID, attributes at the top level, related records nested) instead of the JSON:API document as Terminal49 sent it',
};

export function listProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export interface OutputOptions {
	/** Add ready_for_pickup, active_holds, fees_total, pickup_lfd_source, days_until_pickup_lfd. */
	containerInsights?: boolean;
}

function decorate(item: IDataObject, options: OutputOptions): IDataObject {
	// `item` was just made by simplifyResource: the insights are added to it, not to a copy.
	if (options.containerInsights && item.type === 'container') return addContainerInsights(item);
	return item;
}

/** Items for a document the service returned, simplified or as sent. */
export function documentToItems(
	document: IDataObject,
	simplify: boolean,
	options: OutputOptions = {},
): IDataObject[] {
	if (!simplify) return [document];
	const index = indexIncluded(document.included);
	const records = resourcesOf(document);
	if (records.length === 0 && !('data' in document)) return [document];
	return records.map((record) => decorate(simplifyResource(record, index), options));
}

/** The resources of `included` a record refers to (for raw list items). */
function referencedIncluded(
	record: ResourceObject,
	index: Map<string, ResourceObject>,
): ResourceObject[] {
	const found: ResourceObject[] = [];
	for (const relationship of Object.values(record.relationships ?? {})) {
		const data = relationship?.data;
		for (const identifier of Array.isArray(data) ? data : data ? [data] : []) {
			const resource = index.get(`${identifier.type}:${identifier.id}`);
			if (resource) found.push(resource);
		}
	}
	return found;
}

/** Sends one request and returns its items. */
export async function requestItems(
	this: IExecuteFunctions,
	itemIndex: number,
	request: Terminal49Request,
	options: OutputOptions = {},
): Promise<IDataObject[]> {
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const document = await apiRequest.call(this, { ...request, itemIndex });
	return documentToItems(document, simplify, options);
}

export interface ListOptions extends OutputOptions {
	/**
	 * Keeps only the records it accepts, for a filter the service does not offer. The Limit then counts
	 * kept records, so pages of the largest size are read until it is reached or the list ends.
	 */
	where?: (record: ResourceObject) => boolean;
}

/**
 * Reads Return All / Limit, fetches the list and returns one item per record. Each page is turned into
 * items as it arrives; with Return All the next page is already on its way meanwhile.
 */
export async function listItems(
	this: IExecuteFunctions,
	itemIndex: number,
	request: Terminal49Request,
	options: ListOptions = {},
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll
		? undefined
		: assertLimit(this.getNode(), this.getNodeParameter('limit', itemIndex, 50), itemIndex);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const { where } = options;
	const items: IDataObject[] = [];
	// Included resources of all pages so far (a page's records normally refer to its own). A list filtered
	// here may read many pages for few records: each page is indexed alone, so the rest is not kept.
	const allPages = where ? undefined : indexIncluded([]);
	const pages = paginate.call(this, { ...request, itemIndex }, where ? undefined : limit, {
		prefetch: limit === undefined,
	});
	for await (const page of pages) {
		const index = indexIncluded(page.included, allPages);
		for (const record of resourcesOf(page)) {
			if (limit !== undefined && items.length >= limit) break;
			if (where && !where(record)) continue;
			items.push(
				simplify
					? decorate(simplifyResource(record, index), options)
					: { data: record, included: referencedIncluded(record, index) },
			);
		}
		if (limit !== undefined && items.length >= limit) break;
	}
	return items;
}
