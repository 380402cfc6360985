import type { IDataObject } from 'n8n-workflow';

import { assertImo, assertLocode } from '../errors/referenceValidation';
import { assertId, assertScac } from '../errors/validation';
import type { Take } from './api';
import type { ResourceObject } from './jsonApi';
import { attributesOf, itemOf, recordsOf, resourcesOf } from './jsonApi';
import type { Locator } from './locator';
import type { Listed } from './records';
import { Records } from './records';
import { Resource, segment } from './resource';

/** The SCACs a shipping line answers to, upper case: its own first ('' when it has none), then its alternatives. */
export function scacsOf(line: ResourceObject): string[] {
	const attributes = attributesOf(line);
	const alternatives = Array.isArray(attributes.alternative_scacs)
		? attributes.alternative_scacs
		: [];
	const upper = (scac: unknown) => String(scac ?? '').toUpperCase();
	return [upper(attributes.scac), ...alternatives.map(upper).filter(Boolean)];
}

/**
 * Shipping lines (carriers). `GET /shipping_lines` documents no paging but the live service pages it
 * (`links.next`): every page is read, the first request as documented (no page parameters).
 */
export class ShippingLines extends Resource {
	/** Every supported shipping line (all pages). */
	async all(): Promise<ResourceObject[]> {
		return await this.api.records(
			{ method: 'GET', path: '/shipping_lines' },
			{},
			{ unsized: true },
		);
	}

	/** A shipping line By ID (`GET /shipping_lines/{id}`) or By SCAC (its own or an alternative one). */
	async get(locator: Locator): Promise<Records> {
		if (locator.mode !== 'scac') {
			const id = assertId(this.node, 'Shipping Line ID', locator.value, this.itemIndex);
			return await this.api.items({ method: 'GET', path: `/shipping_lines/${segment(id)}` });
		}
		const scac = assertScac(this.node, 'SCAC', String(locator.value ?? ''), this.itemIndex);
		let byAlternative: ResourceObject | undefined;
		for await (const page of this.api.pages({ method: 'GET', path: '/shipping_lines' }, undefined, {
			unsized: true,
		})) {
			for (const line of resourcesOf(page)) {
				const [own, ...alternatives] = scacsOf(line);
				if (own === scac) return recordsOf({ data: line });
				if (!byAlternative && alternatives.includes(scac)) byAlternative = line;
			}
		}
		if (byAlternative) return recordsOf({ data: byAlternative });
		return this.fail(
			`No shipping line with SCAC "${scac}" is supported by Terminal49`,
			'Check the SCAC, or list the supported carriers with Shipping Line > Get Many.',
			`Terminal49 does not track a carrier with the SCAC "${scac}", so check the carrier with the customer.`,
		);
	}

	/**
	 * The shipping lines whose name, short name or SCACs contain `search` (all of them without one), page by
	 * page until the Limit is reached or the list ends.
	 */
	async list(search: string, take: Take): Promise<Records> {
		const needle = search.trim().toLowerCase();
		const matches = (line: ResourceObject) => {
			if (!needle) return true;
			const a = attributesOf(line);
			return [a.name, a.short_name, ...scacsOf(line).filter(Boolean)].some((value) =>
				String(value ?? '')
					.toLowerCase()
					.includes(needle),
			);
		};
		const lines: Listed[] = [];
		for await (const page of this.api.pages({ method: 'GET', path: '/shipping_lines' }, undefined, {
			unsized: true,
		})) {
			for (const line of resourcesOf(page)) {
				if (!matches(line)) continue;
				lines.push({ item: itemOf(line, new Map()), sent: { data: line } });
				if (take.limit !== undefined && lines.length >= take.limit) return Records.listed(lines);
			}
		}
		return Records.listed(lines);
	}
}

/** Ports and metro areas: By UN/LOCODE or By ID, which the service takes in the same path segment. */
export class Places extends Resource {
	constructor(
		api: ConstructorParameters<typeof Resource>[0],
		private readonly path: '/ports' | '/metro_areas',
		private readonly label: 'Port' | 'Metro Area',
	) {
		super(api);
	}

	async get(locator: Locator): Promise<Records> {
		const key =
			locator.mode === 'locode'
				? assertLocode(this.node, `${this.label} UN/LOCODE`, locator.value, this.itemIndex)
				: assertId(this.node, `${this.label} ID`, locator.value, this.itemIndex);
		return await this.api.items({ method: 'GET', path: `${this.path}/${segment(key)}` });
	}
}

export class Terminals extends Resource {
	async get(id: string): Promise<Records> {
		return await this.api.items({ method: 'GET', path: `/terminals/${segment(id)}` });
	}
}

/** Vessels: By IMO or By ID (the same path segment), their positions and estimated routes. */
export class Vessels extends Resource {
	/** The path segment of the vessel the user chose: its IMO or its ID, checked. */
	key(locator: Locator): string {
		return locator.mode === 'imo'
			? assertImo(this.node, 'Vessel IMO', locator.value, this.itemIndex)
			: assertId(this.node, 'Vessel ID', locator.value, this.itemIndex);
	}

	/** The vessel's Terminal49 ID (an IMO is looked up: the routes endpoints take the ID only). */
	async idOf(locator: Locator): Promise<string> {
		const key = this.key(locator);
		if (locator.mode !== 'imo') return key;
		const [vessel] = resourcesOf(
			await this.api.document({ method: 'GET', path: `/vessels/${segment(key)}` }),
		);
		return String(vessel?.id ?? key);
	}

	/** `GET /vessels/{imo|id}`, with positions between `show_positions` bounds when given. */
	async get(locator: Locator, positions: IDataObject): Promise<Records> {
		return await this.api.items({
			method: 'GET',
			path: `/vessels/${segment(this.key(locator))}`,
			qs: positions,
		});
	}

	/** `GET /vessels/{id}/future_positions` or `future_positions_with_coordinates`. */
	async futurePositions(
		id: string,
		query: { port_id: string; previous_port_id: string; latitude?: number; longitude?: number },
	): Promise<Records> {
		const withCoordinates = query.latitude !== undefined;
		return await this.api.items({
			method: 'GET',
			path: `/vessels/${segment(id)}/${withCoordinates ? 'future_positions_with_coordinates' : 'future_positions'}`,
			qs: query as IDataObject,
		});
	}
}

/** `GET /search?query=`: shipments and containers matching a number (at most 25 from the service). */
export class Search extends Resource {
	async search(query: string, take: Take): Promise<Records> {
		const document = await this.api.document({ method: 'GET', path: '/search', qs: { query } });
		const limited =
			take.limit !== undefined && Array.isArray(document.data)
				? { ...document, data: document.data.slice(0, take.limit) }
				: document;
		return recordsOf(limited);
	}
}
