import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { terminal49 } from '../client';
import { attributesOf } from '../client/jsonApi';
import { scacsOf } from '../client/lookups';
import { TERMINALS } from '../domain/terminals';

/**
 * Searchable lists of resource locators: the shipping lines (every page of `GET /shipping_lines`), filtered
 * here by name, short name or SCAC.
 */
export async function searchShippingLines(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const lines = await terminal49(this).shippingLines.all();
	const search = String(filter ?? '')
		.trim()
		.toLowerCase();
	const results: INodeListSearchItems[] = [];
	const seen = new Set<string>();
	for (const line of lines) {
		const attributes = attributesOf(line);
		const [scac, ...alternatives] = scacsOf(line);
		if (!/^[A-Z]{4}$/.test(scac ?? '') || seen.has(scac)) continue;
		const name = String(attributes.name ?? attributes.short_name ?? scac);
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

/**
 * The terminals Terminal49 reads terminal data from (the API lists none, so the package carries Terminal49's
 * published list), filtered by name, nickname, FIRMS code, port or UN/LOCODE. The value is the FIRMS code.
 */
export async function searchTerminals(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const search = String(filter ?? '')
		.trim()
		.toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const terminal of TERMINALS) {
		const haystack = [
			terminal.name,
			terminal.nickname,
			terminal.firmsCode,
			terminal.portName,
			terminal.portCode,
		].map((value) => value.toLowerCase());
		if (search && !haystack.some((value) => value.includes(search))) continue;
		results.push({
			name: `${terminal.name} (${terminal.portName}, ${terminal.firmsCode})`,
			value: terminal.firmsCode,
		});
	}
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

/**
 * The parties of the account (`GET /parties?query=`), filtered by company name; the value is the party ID.
 * Party Role's Party picker; the party filters of Container and Shipment Get Many use it too.
 */
export async function searchParties(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const parties = await terminal49(this).parties.search(String(filter ?? ''));
	const results: INodeListSearchItems[] = parties.map((party) => ({
		name: String(attributesOf(party).company_name ?? party.id),
		value: String(party.id),
	}));
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}
