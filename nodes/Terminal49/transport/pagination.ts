/** The pages of a list: `links.next` followed on the credential's host, each page sized for the Limit. */
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Connection, JsonApiDocument, Terminal49Context, Terminal49Request } from './request';
import { apiRequestFull, connectionOf } from './request';

/**
 * The largest `page[size]` the node asks for. The service may hold fewer per page (containers: 50, a
 * larger size is truncated); the node follows `links.next` and never counts on a page's size.
 */
export const MAX_PAGE_SIZE = 100;
/** A Return All never follows more pages than this (1,000,000 records at 100 a page, 500,000 at 50). */
export const MAX_PAGES = 10_000;

/** `/v2/containers?page[number]=2` or an absolute link -> a URL on the credential's own origin. */
export function resolveLink(
	link: string,
	connection: Pick<Connection, 'baseUrl' | 'origin'>,
): string {
	const parsed = new URL(link, `${connection.baseUrl}/`);
	// Links are followed on the configured host only, so the key never goes anywhere else.
	return `${connection.origin}${parsed.pathname}${parsed.search}`;
}

/** Page size that reaches `limit` in the fewest pages without fetching more records than needed. */
export function pageSizeFor(limit: number | undefined): number {
	if (limit === undefined) return MAX_PAGE_SIZE;
	const pages = Math.ceil(limit / MAX_PAGE_SIZE);
	return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.ceil(limit / Math.max(pages, 1))));
}

function pageSizeOf(url: string): number | undefined {
	const size = Number(new URL(url).searchParams.get('page[size]'));
	return Number.isInteger(size) && size > 0 ? size : undefined;
}

/**
 * The next page's URL when the service held fewer records than asked on a page that has a next one (it
 * caps the page size: containers hold 50): a link that still asks for the larger size is sent for the size
 * the service holds and the page after the records read so far, so no record is skipped whether the
 * service counts its pages by the size it held or by the size asked.
 */
export function honestNext(
	url: string | undefined,
	asked: number | undefined,
	held: number,
	received: number,
): string | undefined {
	if (!url || asked === undefined || held <= 0 || held >= asked) return url;
	const next = new URL(url);
	const linkSize = pageSizeOf(url);
	if (linkSize === undefined || linkSize === held || received % held !== 0) return url;
	next.searchParams.set('page[size]', String(held));
	next.searchParams.set('page[number]', String(received / held + 1));
	// The service's own spelling of the brackets, as in its links
	return next.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** How paginate walks a list: forward from its first page (the default), or back from a link the service gave. */
export interface PageWalk {
	prefetch?: boolean;
	unsized?: boolean;
	/**
	 * Start at this service link (e.g. the first page's `links.last`) and follow `links.prev` from there: a list
	 * served oldest first, read newest first.
	 */
	backFrom?: string;
}

/**
 * Yields the pages of a list endpoint, following `links.next` until it is absent (with `backFrom`: from that
 * link, following `links.prev`). Stop iterating to stop fetching. A failed page throws: a list is never
 * returned truncated as if complete, and neither is one whose links loop.
 *
 * With `prefetch` (for a caller that reads every page: Return All) the next page is requested as soon as
 * a page arrives, so it travels while the caller works on the one it has. Without it, no page is
 * requested before the caller asks for it. `unsized`: the first request carries no `page[size]` (for a
 * list whose paging the reference does not document, e.g. `/shipping_lines`); the next pages are the
 * service's own links either way.
 */
export async function* paginate(
	this: Terminal49Context,
	request: Terminal49Request,
	limit?: number,
	options: PageWalk = {},
): AsyncGenerator<JsonApiDocument> {
	const connection = await connectionOf.call(this);
	const seen = new Set<string>();
	const rel = options.backFrom === undefined ? 'next' : 'prev';
	const nextUrl = (page: JsonApiDocument, count: number): string | undefined => {
		const next = page.links?.[rel];
		if (typeof next !== 'string' || next === '') return undefined;
		const url = resolveLink(next, connection);
		if (seen.has(url) || count >= MAX_PAGES) {
			throw new NodeApiError(this.getNode(), { message: 'Pagination loop' } as JsonObject, {
				message: `Terminal49 pagination did not end after ${count} pages (${request.path})`,
				description:
					'The service kept returning a next page. Nothing was returned; use a Limit or a narrower filter.',
				itemIndex: request.itemIndex,
			});
		}
		seen.add(url);
		return url;
	};
	const fetchPage = async (url: string) =>
		(await apiRequestFull.call(this, request, { url, connection })).body;

	const first = options.unsized
		? request
		: { ...request, qs: { ...request.qs, 'page[size]': pageSizeFor(limit) } };
	// Backwards, the pages are the service's own links throughout (no page-size correction: that counts
	// records from the first page on)
	const backwards = options.backFrom !== undefined;
	let asked = options.unsized || backwards ? undefined : pageSizeFor(limit);
	let received = 0;
	let page: JsonApiDocument;
	if (backwards) {
		const url = resolveLink(options.backFrom!, connection);
		seen.add(url);
		page = await fetchPage(url);
	} else {
		page = (await apiRequestFull.call(this, first, { connection })).body;
	}
	for (let count = 1; ; count++) {
		const held = Array.isArray(page.data) ? page.data.length : 0;
		received += held;
		const url = backwards
			? nextUrl(page, count)
			: honestNext(nextUrl(page, count), asked, held, received);
		asked = url && !backwards ? pageSizeOf(url) : undefined;
		let prefetched: Promise<JsonApiDocument> | undefined;
		if (url && options.prefetch) {
			prefetched = fetchPage(url);
			// Awaited below; this only keeps a failure from counting as unhandled while the caller works.
			prefetched.catch(() => undefined);
		}
		yield page;
		if (!url) return;
		page = await (prefetched ?? fetchPage(url));
	}
}
