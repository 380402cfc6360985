import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { terminal49 } from '../client';
import { attributesOf } from '../client/jsonApi';

/**
 * Searchable lists for custom fields: definitions (by display name or API slug) and, for a record type,
 * the API slugs it can carry. Accounts have few definitions: the list is read whole and filtered here.
 */
const MAX_DEFINITIONS = 1000;

const ENTITY_TYPES: Record<string, string> = {
	tracking_request: 'TrackingRequest',
	shipment: 'Shipment',
	container: 'Container',
};

async function definitions(this: ILoadOptionsFunctions, filter?: string): Promise<IDataObject[]> {
	const records = await terminal49(this).customFieldDefinitions.all(MAX_DEFINITIONS);
	const search = String(filter ?? '')
		.trim()
		.toLowerCase();
	return records
		.map((record): IDataObject => ({ id: record.id, ...attributesOf(record) }))
		.filter(
			(definition) =>
				!search ||
				[definition.display_name, definition.api_slug].some((value) =>
					String(value ?? '')
						.toLowerCase()
						.includes(search),
				),
		);
}

const byName = (a: INodeListSearchItems, b: INodeListSearchItems) => a.name.localeCompare(b.name);

export async function searchCustomFieldDefinitions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const results = (await definitions.call(this, filter)).map((definition) => ({
		name: `${String(definition.display_name ?? definition.api_slug)} (${String(definition.api_slug)}, ${String(definition.entity_type)})`,
		value: String(definition.id),
	}));
	return { results: results.sort(byName) };
}

/** The API slugs defined for the chosen Record Type (all of them when it is not set). */
export async function searchCustomFieldSlugs(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const recordType = this.getCurrentNodeParameter('recordType') as string | undefined;
	const entityType = recordType ? ENTITY_TYPES[recordType] : undefined;
	const results = (await definitions.call(this, filter))
		.filter((definition) => !entityType || definition.entity_type === entityType)
		.map((definition) => ({
			name: `${String(definition.display_name ?? definition.api_slug)} (${String(definition.data_type)})`,
			value: String(definition.api_slug),
		}));
	return { results: results.sort(byName) };
}
