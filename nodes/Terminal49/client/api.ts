import type { IDataObject } from 'n8n-workflow';

import type {
	PageWalk,
	Terminal49Context,
	Terminal49Request,
	Terminal49Response,
} from '../transport';
import {
	apiRequestFull,
	connectionOf,
	httpError,
	MAX_PAGE_SIZE,
	pageSizeFor,
	paginate,
} from '../transport';
import type { Decorate, JsonApiDocument, ResourceObject } from './jsonApi';
import { indexIncluded, listedOf, recordsOf, resourcesOf } from './jsonApi';
import type { Listed } from './records';
import { Records } from './records';

/** A request below the base URL, without the item index (the Api adds it). */
export type Request = Omit<Terminal49Request, 'itemIndex'>;

/** A resource object to create or change. */
export interface ResourceInput extends IDataObject {
	id?: string;
	type: string;
	attributes: IDataObject;
	relationships?: IDataObject;
}

/** Return All, or at most `limit` records. */
export interface Take {
	limit?: number;
}

/**
 * An order of the kept items (their flat items), and how the service's own order relates to it.
 */
export interface ListOrder {
	/** The node's order: a stable sort, so ties keep the service's order. */
	compare(a: IDataObject, b: IDataObject): number;
	/**
	 * Set when the request asks the service for the same order (its `sort`): a Limit may then stop before
	 * the last page, once the records read are in that order (checked on every record the service sent) and
	 * a record after the Limit's last has come. Not set: every page is read, then the items are sorted.
	 */
	service?: {
		/** The node's order on the key the service sorts by alone (no tie-breaks); none last. */
		compareKey(a: IDataObject, b: IDataObject): number;
		/**
		 * Ties keep the service's order, so the Limit is final as soon as it is filled: pages are then sized
		 * for the Limit, as without an order. Otherwise the node reads on to a record past the Limit's last.
		 */
		tiesFinal?: boolean;
		/**
		 * Whether `last` (the last record the service sent) shows that no later record can come before the
		 * Limit's last item (`limitKey`). Default: `last` comes after it by compareKey. Needed where the node's
		 * order is not the service's key itself (the earliest LFD read from a list sorted by one source).
		 */
		pastLimit?(limitKey: IDataObject, last: IDataObject): boolean;
	};
}

/**
 * Filters the service alone can judge (the items carry nothing to check them on): the same request
 * without them (`withoutQs`) must count more records than with them, or the service may have ignored them
 * and the answer be the whole list; then `fail` is called with both counts.
 */
export interface ServiceOnlyFilters {
	withoutQs: IDataObject;
	fail(filtered: unknown, unfiltered: unknown): never;
}

export interface ListOptions extends Take {
	/**
	 * Keeps only the records it accepts, for a filter the service does not offer. The Limit counts kept
	 * records, so pages of the largest size are read until it is reached or the list ends.
	 */
	where?: (record: ResourceObject) => boolean;
	/**
	 * The same, for a filter sent to the service that it may drop silently: pages are sized for the Limit (a
	 * service that applies the filter costs what it always did), and once a record does not match, the
	 * service evidently dropped the filter, so the list is read again as `where` does (pages of the largest
	 * size, the Limit counting kept records): a dropped filter never comes out as a filtered list, nor as many
	 * tiny pages.
	 */
	verify?: (record: ResourceObject) => boolean;
	decorate?: Decorate;
	/**
	 * Keeps only the records whose flat item (simplified and decorated) it accepts: a filter on derived
	 * fields, judged the same way whatever the node returns. Like `where`, the Limit counts
	 * kept records and pages of the largest size are read until it is reached or the list ends.
	 */
	whereItem?: (item: IDataObject) => boolean;
	/**
	 * Orders the kept records by their flat items, then the first `limit` are returned. Every page is read,
	 * in pages of the largest size, unless `order.service` lets a Limit stop earlier.
	 */
	order?: ListOrder;
	/**
	 * Read every page even with a Limit, in pages of the largest size (the Limit does not size them): the
	 * caller orders the records, then takes the first `limit`.
	 */
	readAll?: boolean;
	serviceOnly?: ServiceOnlyFilters;
	/**
	 * A filter sent to the service whose being applied is checked on every record: the first record it should
	 * not have sent marks it `ignored` (the list is then the unfiltered one: the caller reads no other list in
	 * its place), and a sorted Limit no longer stops early (the service's order may leave out records that
	 * the filter would have kept first).
	 */
	honoured?: HonouredFilter;
	/**
	 * With an order the service follows and a Limit: whether the last record the service sent shows that no
	 * later record is needed any more (a bound found elsewhere: client/containers.ts reads one list per LFD
	 * source and stops each once it is past what the others already found). Asked once the order holds.
	 */
	enough?: (last: IDataObject) => boolean;
}

export interface HonouredFilter {
	test(record: ResourceObject): boolean;
	ignored: boolean;
}

/** `meta.total` of a list page: the number of records of the (filtered) list, or undefined. */
export function totalOf(page: JsonApiDocument): unknown {
	return page.meta?.total;
}

/**
 * The transport bound to one node context and one input item: every request a resource client makes goes
 * through here, so it carries the item index its errors name.
 */
export class Api {
	/** Checks to run before the first request (beforeFirstRequest). */
	private checks: Array<() => Promise<void>> = [];

	constructor(
		readonly ctx: Terminal49Context,
		readonly itemIndex?: number,
	) {}

	private with(request: Request): Terminal49Request {
		return this.itemIndex === undefined ? request : { ...request, itemIndex: this.itemIndex };
	}

	/**
	 * Runs `check` just before the first request this Api sends (an account check: client/account.ts), so
	 * input that fails validation still costs no request. A check that throws stops the request.
	 */
	beforeFirstRequest(check: () => Promise<void>): void {
		this.checks.push(check);
	}

	private async runChecks(): Promise<void> {
		while (this.checks.length > 0) await this.checks.shift()!();
	}

	/** The credential as the transport reads it: base URL, origin, rate settings. */
	async connection() {
		return await connectionOf.call(this.ctx);
	}

	/** One request; the parsed body. Statuses in `acceptStatuses` come back instead of being thrown. */
	async response(request: Request): Promise<Terminal49Response> {
		await this.runChecks();
		return await apiRequestFull.call(this.ctx, this.with(request));
	}

	/** The error the transport throws for `status` (for a status the caller accepted, then could not use). */
	error(request: Request, status: number, body: unknown) {
		return httpError(this.ctx.getNode(), this.with(request), status, body);
	}

	async document(request: Request): Promise<JsonApiDocument> {
		return (await this.response(request)).body;
	}

	/** One request; its records (a flat item per record, and the document as sent). */
	async items(request: Request, decorate?: Decorate): Promise<Records> {
		return recordsOf(await this.document(request), decorate);
	}

	/** POST or PATCH one JSON:API resource object, `{data: {id?, type, attributes, relationships?}}`; its records. */
	async save(
		method: 'POST' | 'PATCH',
		path: string,
		data: ResourceInput,
		decorate?: Decorate,
	): Promise<Records> {
		return await this.items({ method, path, body: { data } }, decorate);
	}

	/** DELETE a record (the service answers with no body). */
	async delete(path: string): Promise<void> {
		await this.response({ method: 'DELETE', path });
	}

	/** The pages of a list, following `links.next` (`backFrom`: `links.prev` from there; see transport paginate). */
	async *pages(
		request: Request,
		limit?: number,
		options: PageWalk = {},
	): AsyncGenerator<JsonApiDocument> {
		await this.runChecks();
		yield* paginate.call(this.ctx, this.with(request), limit, options);
	}

	/** The records of a list (every page, or the first `limit`), resolved against each page's `included`. */
	async records(
		request: Request,
		take: Take = {},
		options: { unsized?: boolean } = {},
	): Promise<ResourceObject[]> {
		const records: ResourceObject[] = [];
		for await (const page of this.pages(request, take.limit, options)) {
			for (const record of resourcesOf(page)) {
				if (take.limit !== undefined && records.length >= take.limit) break;
				records.push(record);
			}
			if (take.limit !== undefined && records.length >= take.limit) break;
		}
		return records;
	}

	/**
	 * Whether the service applied the filters only it can judge: the first page's `meta.total` (the filtered
	 * total) below the total of the same request without them (one request of one record). Equal totals
	 * mean it ignored them, or they select nothing less here; either way the filtered list cannot be told
	 * from the unfiltered one, so `fail` is called.
	 */
	private async confirmServiceOnly(
		request: Request,
		first: JsonApiDocument,
		check: ServiceOnlyFilters,
	): Promise<void> {
		const filtered = totalOf(first);
		const probe = await this.document({
			...request,
			qs: { ...check.withoutQs, 'page[size]': 1 },
		});
		const unfiltered = totalOf(probe);
		if (
			typeof filtered !== 'number' ||
			typeof unfiltered !== 'number' ||
			(filtered === unfiltered && unfiltered > 0)
		)
			check.fail(filtered, unfiltered);
	}

	/**
	 * The records of a list: every record (Return All) or the first `limit`, each page turned into records as
	 * it arrives; with Return All the next page is already on its way meanwhile. Pages are never assumed to
	 * hold what was asked for (the service may cap them: 50 containers).
	 */
	async list(request: Request, options: ListOptions = {}): Promise<Records> {
		return Records.listed(await this.listed(request, options));
	}

	/** The same as list, record by record (to merge or reorder lists: client/containers.ts). */
	async listed(request: Request, options: ListOptions = {}): Promise<Listed[]> {
		const { verify, decorate, whereItem, order, serviceOnly, honoured } = options;
		// A filter judged here on each record: the Limit counts kept records, pages are of the largest size
		const where = options.where ?? (whereItem ? () => true : undefined);
		// An order with a Limit and the service sorting the same way: stop once the order is verified on what
		// came back and no later page can hold an earlier item; read every page as soon as it is not.
		const sorted = order?.service && options.limit !== undefined ? order.service : undefined;
		const limit = options.readAll || (order && !sorted) ? undefined : options.limit;
		// Pages sized for the Limit unless records are judged here or the order reads beyond the Limit
		const pageLimit = where || (sorted && !sorted.tiesFinal) ? undefined : limit;
		// Pages smaller than the largest: a record failing `verify`, or the service's order not holding,
		// means reading again in pages of the largest size
		const smallPages = pageSizeFor(pageLimit) < MAX_PAGE_SIZE;
		const records: Listed[] = [];
		let inOrder = sorted !== undefined;
		// The last record the service sent (kept or not): the order is checked from one to the next
		let previous: IDataObject | undefined;
		// With an order: each kept record, its flat item the sort key; with a Limit only the first `limit` are
		// kept (the others can never come back into them)
		let ordered: Listed[] = [];
		const byOrder = (a: Listed, b: Listed) => order!.compare(a.item, b.item);
		// Included resources of all pages so far (a page's records normally refer to its own). A list filtered
		// here may read many pages for few records: each page is indexed alone, so the rest is not kept.
		const allPages = where ? undefined : indexIncluded([]);
		const pages = this.pages(request, pageLimit, {
			prefetch: limit === undefined,
		});
		let first = true;
		for await (const page of pages) {
			if (first && serviceOnly) await this.confirmServiceOnly(request, page, serviceOnly);
			first = false;
			const index = indexIncluded(page.included, allPages);
			for (const record of resourcesOf(page)) {
				if (honoured && !honoured.ignored && !honoured.test(record)) honoured.ignored = true;
				if (!order && limit !== undefined && records.length >= limit) break;
				if (!where && verify && !verify(record)) {
					// The service dropped the filter: read again, judging it here in pages of the largest size
					if (smallPages) {
						return await this.listed(request, { ...options, where: verify, verify: undefined });
					}
					continue;
				}
				if (where && !(where(record) && (!verify || verify(record)))) continue;
				const listed = listedOf(record, index, decorate);
				const key = listed.item;
				if (sorted && inOrder) {
					// Each record the service sends must not come before the one it sent last
					if (previous && sorted.compareKey(previous, key) > 0) inOrder = false;
					previous = key;
					if (!inOrder && smallPages) {
						// Not the service's order: read every page, in pages of the largest size
						return await this.listed(request, { ...options, order: { compare: order!.compare } });
					}
				}
				if (whereItem && !whereItem(key)) continue;
				if (order) ordered.push(listed);
				else records.push(listed);
			}
			if (!order && limit !== undefined && records.length >= limit) break;
			if (sorted && inOrder && !honoured?.ignored && previous && options.enough?.(previous)) break;
			if (sorted && inOrder && !honoured?.ignored && previous && ordered.length >= limit!) {
				ordered = ordered.sort(byOrder).slice(0, limit);
				// The service's order holds: a record past the Limit's last has come (ties included, unless
				// ties keep the service's order), so no later page holds one that comes before it
				const limitKey = ordered[ordered.length - 1].item;
				if (sorted.pastLimit) {
					if (sorted.pastLimit(limitKey, previous)) break;
				} else {
					const past = sorted.compareKey(limitKey, previous);
					if (sorted.tiesFinal ? past <= 0 : past < 0) break;
				}
			}
		}
		if (!order) return records;
		const result = ordered.sort(byOrder);
		return options.limit === undefined ? result : result.slice(0, options.limit);
	}
}
