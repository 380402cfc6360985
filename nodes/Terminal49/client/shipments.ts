import type { IDataObject } from 'n8n-workflow';

import type { InsightOptions } from '../domain/containerInsights';
import { withContainerInsights } from '../domain/containerInsights';
import { isSet } from '../domain/values';
import { assertId, assertNotEmpty } from '../errors/validation';
import type { Take } from './api';
import type { Decorate, IncludedIndex, JsonApiDocument, ResourceObject } from './jsonApi';
import {
	attributesOf,
	identifiersOf,
	indexIncluded,
	itemsOf,
	lookup,
	recordsOf,
	relatedResources,
	resourcesOf,
	simplifyResource,
} from './jsonApi';
import type { ShipmentFilterSpec, ShipmentSort } from './listSpec';
import { hasFilters } from './listSpec';
import { shipmentMatcher } from './listFilters';
import { shipmentOrder } from './listOrder';
import { shipmentQuery } from './listQuery';
import type { Locator } from './locator';
import { Records } from './records';
import { includeQuery, Resource, segment } from './resource';

/** Shipments read by the `number` lookup: enough to tell one match from several. */
const MAX_MATCHES = 10;
/** Pages of 100 read from the `q` search (a substring search) before giving up on finding the exact match. */
const MAX_SEARCH_PAGES = 3;

/** Upper case without spaces: bill of lading, booking and reference numbers compare this way. */
export const normalizeShipmentNumber = (raw: string) => raw.toUpperCase().replace(/\s+/g, '');

/** A simplified shipment whose nested containers (when included) carry the derived pickup fields. */
export function withNestedContainerInsights(shipment: IDataObject): IDataObject {
	if (!Array.isArray(shipment.containers)) return shipment;
	const containers = shipment.containers as Array<IDataObject | string>;
	return {
		...shipment,
		containers: containers.map((container) =>
			container && typeof container === 'object'
				? withContainerInsights(container, shipment)
				: container,
		) as IDataObject[],
	};
}

/**
 * A simplified shipment whose party roles (`flag[parties]` with `include=party_roles.party`) carry their
 * party (company name, ...) instead of its ID.
 */
export function withPartiesOfRoles(shipment: IDataObject, index: IncludedIndex): IDataObject {
	if (!Array.isArray(shipment.party_roles)) return shipment;
	const roles = shipment.party_roles as Array<IDataObject | string>;
	return {
		...shipment,
		party_roles: roles.map((role) => {
			if (!role || typeof role !== 'object' || typeof role.party !== 'string') return role;
			const party = lookup(index, { type: 'party', id: role.party });
			return party ? { ...role, party: simplifyResource(party) } : role;
		}) as IDataObject[],
	};
}

/** Every simplified shipment: nested containers with their derived fields, party roles with their party. */
const shipmentItem: Decorate = (item, index) =>
	withPartiesOfRoles(withNestedContainerInsights(item), index);

/** `include` as the service takes it: party roles need `flag[parties]=true` too. */
function includeWithParties(include: string[] | undefined): IDataObject {
	const qs = includeQuery(include);
	return include?.some((path) => path === 'party_roles' || path.startsWith('party_roles.'))
		? { ...qs, 'flag[parties]': true }
		: qs;
}

/**
 * One item per container of a shipment document: the container (relationships resolved from `included`,
 * derived pickup fields added) with the shipment's own fields nested under `shipment` (its `containers`
 * as IDs only). A shipment without containers gives no item.
 */
export function splitContainers(
	document: JsonApiDocument,
	insights: InsightOptions = {},
): IDataObject[] {
	const index = indexIncluded(document.included);
	const items: IDataObject[] = [];
	for (const record of resourcesOf(document)) {
		const shipmentFields: IDataObject = {
			...withPartiesOfRoles(simplifyResource(record, index), index),
			containers: identifiersOf(record, 'containers').map((identifier) => String(identifier.id)),
		};
		for (const container of relatedResources(record, 'containers', index)) {
			items.push({
				...withContainerInsights(container, shipmentFields, insights),
				shipment: shipmentFields,
			});
		}
	}
	return items;
}

/** The container items of a shipment document (splitContainers), and a shipment without containers as itself. */
function containersOfShipments(
	document: JsonApiDocument,
	insights: InsightOptions = {},
): IDataObject[] {
	const items = splitContainers(document, insights);
	const withContainers = new Set(items.map((item) => String((item.shipment as IDataObject).id)));
	const bare = itemsOf(document, shipmentItem).filter(
		(shipment) => !withContainers.has(String(shipment.id)),
	);
	return [...items, ...bare];
}

export interface ShipmentFilters {
	q?: string;
	number?: string;
	trackingStopped?: boolean;
	include?: string[];
	/** Sent to the service (listQuery.ts) and judged on the items again (listFilters.ts). */
	where?: ShipmentFilterSpec;
	sort?: ShipmentSort;
}

/** Shipments: `/shipments`, stop and resume tracking. */
export class Shipments extends Resource {
	/**
	 * The shipment ID the user chose. A number is looked up first as the number it was tracked by (`number`:
	 * bill of lading or booking), then as a bill of lading or reference number (`q`, a substring search, so
	 * only an exact match counts). More than one exact match is an error, never a guess.
	 */
	async idOf(locator: Locator): Promise<string> {
		if (locator.mode !== 'number') {
			return assertId(this.node, 'Shipment ID', locator.value, this.itemIndex);
		}
		const typed = assertNotEmpty(this.node, 'Shipment Number', locator.value, this.itemIndex);
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
		let matches = resourcesOf(
			await this.api.document({
				method: 'GET',
				path: '/shipments',
				qs: { number, 'page[size]': MAX_MATCHES },
			}),
		);
		if (matches.length > 1 && matches.some(isBillOfLading))
			matches = matches.filter(isBillOfLading);
		if (matches.length === 0) {
			let pages = 0;
			for await (const page of this.api.pages({
				method: 'GET',
				path: '/shipments',
				qs: { q: typed },
			})) {
				matches.push(
					...resourcesOf(page).filter((record) => isBillOfLading(record) || hasReference(record)),
				);
				if (++pages < MAX_SEARCH_PAGES || !page.links?.next) continue;
				if (matches.length > 0) break;
				return this.fail(
					`Too many shipments contain "${typed}" to find the one it names`,
					`More than ${MAX_SEARCH_PAGES * 100} shipments match the search and none of the first is exactly "${typed}". Choose the shipment By ID.`,
					`More than ${MAX_SEARCH_PAGES * 100} shipments contain "${typed}" and none of the first is exactly it, so ask for the whole bill of lading or booking number.`,
				);
			}
		}
		if (matches.length === 1) return String(matches[0].id);
		if (matches.length === 0) {
			return this.fail(
				`No shipment "${typed}" is tracked in this Terminal49 account`,
				'Check the number, or create a tracking request for it first (Tracking Request > Create).',
				`No shipment "${typed}" is tracked in this Terminal49 account: check the number with the customer, or offer to start tracking it.`,
			);
		}
		return this.fail(
			`${matches.length} shipments match "${typed}"`,
			`Choose one by ID instead: ${matches.map((record) => String(record.id)).join(', ')}.`,
			`${matches.length} shipments match "${typed}", so ask which one is meant by its full bill of lading number.`,
		);
	}

	/**
	 * The containers of the shipments a number names exactly (each with its shipment nested and the derived
	 * fields; a shipment without containers yet as itself; none when nothing matches): the bill of lading or
	 * booking number it was tracked by (`number`), else a bill of lading or reference number among the first
	 * page of `q` (a prefix or substring search, so only an exact match counts).
	 */
	async containersByNumber(number: string, insights: InsightOptions = {}): Promise<IDataObject[]> {
		// counted from before the first request: what comes back is at least this current (as_of)
		const counted = { ...insights, now: insights.now ?? new Date() };
		const same = (value: unknown) =>
			typeof value === 'string' && normalizeShipmentNumber(value) === number;
		const read = async (qs: IDataObject) =>
			await this.api.document({
				method: 'GET',
				path: '/shipments',
				qs: { ...qs, include: 'containers,pod_terminal', 'page[size]': MAX_MATCHES },
			});
		const isBillOfLading = (record: ResourceObject) =>
			same(attributesOf(record).bill_of_lading_number) ||
			same(attributesOf(record).normalized_number);
		// a booking is not on the record: one shipment for the number is it; several are a dropped filter
		// unless their bill of lading is the number
		const byNumber = await read({ number });
		const records = resourcesOf(byNumber);
		const billsOfLading = records.filter(isBillOfLading);
		const tracked = billsOfLading.length ? billsOfLading : records.length === 1 ? records : [];
		if (tracked.length) return containersOfShipments({ ...byNumber, data: tracked }, counted);
		const byText = await read({ q: number });
		const matches = resourcesOf(byText).filter((record) => {
			const refs = attributesOf(record).ref_numbers;
			return isBillOfLading(record) || (Array.isArray(refs) && refs.some(same));
		});
		return containersOfShipments({ ...byText, data: matches }, counted);
	}

	/**
	 * `GET /shipments/{id}`: one item (nested containers with derived fields), or with `splitContainers` one
	 * per container (the containers included for it); the document as sent either way.
	 */
	async get(
		id: string,
		options: { include: string[]; splitContainers?: boolean },
	): Promise<Records> {
		const split = options.splitContainers === true;
		const include = [...options.include];
		if (split && !include.includes('containers')) include.push('containers');
		// the split containers are counted from before the request (their as_of)
		const now = new Date();
		const document = await this.api.document({
			method: 'GET',
			path: `/shipments/${segment(id)}`,
			qs: includeWithParties(include),
		});
		if (split) return new Records(splitContainers(document, { now }), () => [document]);
		return recordsOf(document, shipmentItem);
	}

	/**
	 * `GET /shipments` with, for every filter and sort, the server-side equivalent Terminal49 documents
	 * (listQuery.ts), and every item judged again here as each page is read (listFilters.ts; Tracking
	 * Stopped checked on the records: a dropped filter never passes for an applied one). Search and Number
	 * are the service's own. Customer and ETA Changed, which only the service can judge, are confirmed: a
	 * service that ignored them fails the run instead of answering with the whole list.
	 */
	async list(filters: ShipmentFilters, take: Take): Promise<Records> {
		const now = new Date();
		const where = filters.where ?? {};
		const stopped = filters.trackingStopped;
		const query = shipmentQuery(
			{
				...where,
				q: filters.q,
				number: filters.number ? normalizeShipmentNumber(filters.number) : undefined,
				trackingStopped: stopped,
			},
			{ sort: filters.sort, now },
		);
		const qs: IDataObject = { ...query.qs, ...includeWithParties(filters.include) };
		return await this.api.list(
			{ method: 'GET', path: '/shipments', qs },
			{
				...take,
				verify:
					typeof stopped === 'boolean'
						? (record) => isSet(attributesOf(record).line_tracking_stopped_at) === stopped
						: undefined,
				decorate: shipmentItem,
				whereItem: hasFilters(where) ? shipmentMatcher(where, now) : undefined,
				order: shipmentOrder(filters.sort),
				serviceOnly: this.confirmation(query, qs, 'shipments'),
			},
		);
	}

	/** The shipment as the service sends it, with `include` resolved in `included` (the trigger's look-up). */
	async document(id: string, include: string[]): Promise<JsonApiDocument> {
		return await this.readDocument(`/shipments/${segment(id)}`, include);
	}

	/** `PATCH /shipments/{id}` (reference numbers, tags). */
	async update(id: string, attributes: IDataObject): Promise<Records> {
		return await this.api.save(
			'PATCH',
			`/shipments/${segment(id)}`,
			{ id, type: 'shipment', attributes },
			withNestedContainerInsights,
		);
	}

	/** `PATCH /shipments/{id}/stop_tracking` or `/resume_tracking`. */
	async setTracking(id: string, action: 'stop_tracking' | 'resume_tracking'): Promise<Records> {
		return await this.api.items(
			{ method: 'PATCH', path: `/shipments/${segment(id)}/${action}` },
			withNestedContainerInsights,
		);
	}

	/**
	 * The pages of `GET /shipments?filter[tracking_stopped]=false&include=containers,pod_terminal`, each requested while
	 * the one before is worked on (the polling trigger's one read of every tracked container: one request
	 * per page, 100 shipments a page as asked; never assumed to hold that many).
	 */
	trackedWithContainers() {
		return this.api.pages(
			{
				method: 'GET',
				path: '/shipments',
				// the POD terminal too: the containers' rows name their terminal as Container > Get Many does
				qs: { 'filter[tracking_stopped]': false, include: 'containers,pod_terminal' },
			},
			undefined,
			{ prefetch: true },
		);
	}
}
