import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest } from '../transport';

/**
 * Searchable lists of resource locators. `GET /shipping_lines` is not paginated: the whole list comes in
 * one answer and is filtered here by name, short name or SCAC.
 */
export async function searchShippingLines(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const document = await apiRequest.call(this, { method: 'GET', path: '/shipping_lines' });
	const records = (Array.isArray(document.data) ? document.data : []) as IDataObject[];
	const search = String(filter ?? '')
		.trim()
		.toLowerCase();
	const results: INodeListSearchItems[] = [];
	const seen = new Set<string>();
	for (const record of records) {
		const attributes = (record.attributes ?? {}) as IDataObject;
		const scac = String(attributes.scac ?? '').toUpperCase();
		if (!/^[A-Z]{4}$/.test(scac) || seen.has(scac)) continue;
		const name = String(attributes.name ?? attributes.short_name ?? scac);
		const alternatives = Array.isArray(attributes.alternative_scacs)
			? attributes.alternative_scacs.map(String)
			: [];
		const haystack = [name, attributes.short_name, scac, ...alternatives].map((value) =>
			String(value ?? '').toLowerCase(),
		);
		if (search && !haystack.some((value) => value.includes(search))) continue;
		seen.add(scac);
		results.push({ name: `${name} (${scac})`, value: scac });
	}
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
