import type { IDataObject } from 'n8n-workflow';

import type { Terminal49Context, Terminal49Request, Terminal49Response } from '../transport';
import {
	apiRequestFull,
	connectionOf,
	httpError,
	MAX_PAGE_SIZE,
	pageSizeFor,
	paginate,
} from '../transport';
import type { Decorate, JsonApiDocument, ReadMode, ResourceObject } from './jsonApi';
import { indexIncluded, itemsOf, listItemOf, resourcesOf } from './jsonApi';

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

export interface ListOptions extends Take {
	/**
	 * Keeps only the records it accepts, for a filter the service does not offer. The Limit counts kept
	 * records, so pages of the largest size are read until it is reached or the list ends.
	 */
	where?: (record: ResourceObject) => boolean;
	/**
	 * The same, for a filter sent to the service that it may drop silently: pages are sized for the Limit (a
	 * service that applies the filter costs what it always did), and once a record does not match, the
	 * service evidently dropped the filter, so the list is read again as `where` does (pages of 100, the Limit
	 * counting kept records): a dropped filter never comes out as a filtered list, nor as many tiny pages.
	 */
	verify?: (record: ResourceObject) => boolean;
	decorate?: Decorate;
	/**
	 * Keeps only the records whose flat item (simplified and decorated, whatever Simplify says) it accepts:
	 * a filter on derived fields, judged the same way with Simplify on or off. Like `where`, the Limit counts
	 * kept records and pages of the largest size are read until it is reached or the list ends.
	 */
	whereItem?: (item: IDataObject) => boolean;
	/**
	 * Orders the kept records by their flat items (a stable sort: ties keep the service's order). Every page
	 * is read, in pages of the largest size, then the first `limit` are returned.
	 */
	order?: (a: IDataObject, b: IDataObject) => number;
	/**
	 * Read every page even with a Limit, in pages of the largest size (the Limit does not size them): the
	 * caller orders the records, then takes the first `limit`.
	 */
	readAll?: boolean;
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

	/** One request; its items (one per record, or the document as sent). */
	async items(request: Request, mode: ReadMode, decorate?: Decorate): Promise<IDataObject[]> {
		return itemsOf(await this.document(request), mode, decorate);
	}

	/** POST or PATCH one JSON:API resource object, `{data: {id?, type, attributes, relationships?}}`; its items. */
	async save(
		method: 'POST' | 'PATCH',
		path: string,
		data: ResourceInput,
		mode: ReadMode,
		decorate?: Decorate,
	): Promise<IDataObject[]> {
		return await this.items({ method, path, body: { data } }, mode, decorate);
	}

	/** DELETE a record (the service answers with no body). */
	async delete(path: string): Promise<void> {
		await this.response({ method: 'DELETE', path });
	}

	/** The pages of a list, following `links.next` (see transport paginate). */
	async *pages(
		request: Request,
		limit?: number,
		options: { prefetch?: boolean; unsized?: boolean } = {},
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
	 * The items of a list: every record (Return All) or the first `limit`, each page turned into items as it
	 * arrives; with Return All the next page is already on its way meanwhile.
	 */
	async list(request: Request, mode: ReadMode, options: ListOptions = {}): Promise<IDataObject[]> {
		const { verify, decorate, whereItem, order } = options;
		// A filter judged here on each record: the Limit counts kept records, pages are of the largest size
		const where = options.where ?? (whereItem ? () => true : undefined);
		const limit = options.readAll || order ? undefined : options.limit;
		const pageLimit = limit;
		const keep = where && verify ? (r: ResourceObject) => where(r) && verify(r) : (where ?? verify);
		// Pages smaller than the largest: a record failing `verify` means reading again in pages of 100
		const smallPages = !where && verify && pageSizeFor(pageLimit) < MAX_PAGE_SIZE;
		const flat: ReadMode = { simplify: true };
		const items: IDataObject[] = [];
		// With an order: each kept record's flat item (the sort key) beside the item returned
		const ordered: Array<{ key: IDataObject; item: IDataObject }> = [];
		// Included resources of all pages so far (a page's records normally refer to its own). A list filtered
		// here may read many pages for few records: each page is indexed alone, so the rest is not kept.
		const allPages = where ? undefined : indexIncluded([]);
		const pages = this.pages(request, where ? undefined : pageLimit, {
			prefetch: limit === undefined,
		});
		for await (const page of pages) {
			const index = indexIncluded(page.included, allPages);
			for (const record of resourcesOf(page)) {
				if (limit !== undefined && items.length >= limit) break;
				if (keep && !keep(record)) {
					if (smallPages) {
						return await this.list(request, mode, { ...options, where: verify, verify: undefined });
					}
					continue;
				}
				if (!whereItem && !order) {
					items.push(listItemOf(record, index, mode, decorate));
					continue;
				}
				const key = listItemOf(record, index, flat, decorate);
				if (whereItem && !whereItem(key)) continue;
				const item = mode.simplify ? key : listItemOf(record, index, mode);
				if (order) ordered.push({ key, item });
				else items.push(item);
			}
			if (limit !== undefined && items.length >= limit) break;
		}
		if (!order) return items;
		const sorted = ordered.sort((a, b) => order(a.key, b.key)).map(({ item }) => item);
		return options.limit === undefined ? sorted : sorted.slice(0, options.limit);
	}
}
