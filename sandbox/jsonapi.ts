/** JSON:API plumbing shared by every resource: errors, pagination, includes, attribute access. */

export type Json = Record<string, unknown>;

export interface ErrorObject {
	status: string;
	title: string;
	detail?: string;
	code?: string;
	source?: { pointer?: string; parameter?: string };
	meta?: Json;
}

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly errors: Array<Partial<ErrorObject> & { detail?: string }>,
		readonly headers: Record<string, string> = {},
	) {
		super(errors[0]?.detail ?? `HTTP ${status}`);
	}
}

export const TITLES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	406: 'Not Acceptable',
	409: 'Conflict',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	503: 'Service Unavailable',
};

export function error(status: number, detail: string, extra: Partial<ErrorObject> = {}): HttpError {
	return new HttpError(status, [
		{ status: String(status), title: TITLES[status] ?? 'Error', detail, ...extra },
	]);
}

export function notFound(what = 'Resource'): HttpError {
	return error(404, `${what} not found`);
}

/** 422 with a JSON pointer into the request body. */
export function invalid(pointer: string, detail: string, code = 'invalid'): HttpError {
	return error(422, detail, { source: { pointer }, code });
}

/** A resource identifier object: `{id, type}`. */
export type Ref = { id: string; type: string };
export const ref = (type: string, id: string): Ref => ({ id, type });

export interface ResourceObject {
	id: string;
	type: string;
	attributes?: Json;
	relationships?: Record<
		string,
		{ data: { id: string; type: string } | Array<{ id: string; type: string }> | null }
	>;
	links?: Json;
}

export interface PageParams {
	number: number;
	size: number;
}

export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

/** `page[number]` (1-based) and `page[size]` (default 30, silently capped at `max`, 100 unless said). */
export function pageParams(query: Record<string, string>, max = MAX_PAGE_SIZE): PageParams {
	const rawSize = parseInt(query['page[size]'] ?? '', 10);
	const rawNumber = parseInt(query['page[number]'] ?? '', 10);
	const size =
		Number.isFinite(rawSize) && rawSize > 0
			? Math.min(rawSize, max)
			: Math.min(DEFAULT_PAGE_SIZE, max);
	const number = Number.isFinite(rawNumber) && rawNumber > 0 ? rawNumber : 1;
	return { number, size };
}

/** Query string with brackets left readable, as the live service writes its links. */
export function buildQuery(params: Array<[string, string]>): string {
	if (!params.length) return '';
	return (
		'?' +
		params
			.map(([k, v]) =>
				`${encodeURIComponent(k)}=${encodeURIComponent(v)}`
					.replace(/%5B/gi, '[')
					.replace(/%5D/gi, ']'),
			)
			.join('&')
	);
}

export interface ListContext {
	/** Absolute API root, e.g. http://127.0.0.1:4949/v2 */
	baseUrl: string;
	/** Path below the API root, e.g. /containers */
	path: string;
	/** Original query pairs in order. */
	queryPairs: Array<[string, string]>;
	query: Record<string, string>;
}

export interface Page<T> {
	items: T[];
	links: Record<string, string>;
	meta: { size: number; total: number };
}

/**
 * Slice one page out of a list (already newest first, or given as count + accessor for large lists)
 * and build `links` (self, current, first, prev, next, last: absolute, with /v2) and `meta`.
 */
export function paginate<T>(
	source: readonly T[] | { count: number; at: (i: number) => T },
	ctx: ListContext,
	maxPageSize = MAX_PAGE_SIZE,
): Page<T> {
	// The links carry the size served, not the size asked for: a capped page's next link is honest
	const { number, size } = pageParams(ctx.query, maxPageSize);
	const total = Array.isArray(source) ? source.length : (source as { count: number }).count;
	const at = Array.isArray(source)
		? (i: number) => (source as T[])[i]
		: (source as { at: (i: number) => T }).at;
	const start = (number - 1) * size;
	const items: T[] = [];
	for (let i = start; i < Math.min(total, start + size); i++) items.push(at(i));
	const lastPage = Math.max(1, Math.ceil(total / size));
	const others = ctx.queryPairs.filter(([k]) => k !== 'page[number]' && k !== 'page[size]');
	const url = (n: number) =>
		`${ctx.baseUrl}${ctx.path}${buildQuery([...others, ['page[number]', String(n)], ['page[size]', String(size)]])}`;
	const links: Record<string, string> = {
		self: `${ctx.baseUrl}${ctx.path}${buildQuery(ctx.queryPairs)}`,
		current: url(number),
		first: url(1),
	};
	if (number > 1) links.prev = url(Math.min(number - 1, lastPage));
	if (number < lastPage) links.next = url(number + 1);
	links.last = url(lastPage);
	return { items, links, meta: { size, total } };
}

/** Comma-separated `include` parameter as a list of (possibly dotted) relationship paths. */
export function includeList(query: Record<string, string>): string[] {
	return (query.include ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
}

export type Lookup = (type: string, id: string) => ResourceObject | undefined;

/**
 * Collect `included` for the given primary resources by following relationship paths
 * (`containers`, `containers.pod_terminal`). Unknown relationships are ignored; duplicates and the
 * primary resources themselves are left out.
 */
export function resolveIncluded(
	primary: ResourceObject[],
	paths: string[],
	lookup: Lookup,
): ResourceObject[] {
	const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
	const out: ResourceObject[] = [];
	for (const path of paths) {
		let level = primary;
		for (const rel of path.split('.')) {
			const next: ResourceObject[] = [];
			for (const r of level) {
				const data = r.relationships?.[rel]?.data;
				const refs = Array.isArray(data) ? data : data ? [data] : [];
				for (const ref of refs) {
					const res = lookup(ref.type, ref.id);
					if (!res) continue;
					next.push(res);
					const key = `${res.type}:${res.id}`;
					if (!seen.has(key)) {
						seen.add(key);
						out.push(res);
					}
				}
			}
			level = next;
		}
	}
	return out;
}

/** `data.attributes` of a JSON:API request body (or {}), with a 400 for a non-object body. */
export function attributesOf(body: unknown): Json {
	if (body === undefined || body === null || body === '') return {};
	if (typeof body !== 'object' || Array.isArray(body))
		throw error(400, 'The request body must be a JSON object');
	const data = (body as Json).data;
	if (data === undefined) return {};
	if (!data || typeof data !== 'object' || Array.isArray(data))
		throw invalid('/data', 'data must be an object');
	const attrs = (data as Json).attributes;
	if (attrs === undefined) return {};
	if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs))
		throw invalid('/data/attributes', 'attributes must be an object');
	return attrs as Json;
}

export function dataOf(body: unknown): Json {
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		const d = (body as Json).data;
		if (d && typeof d === 'object' && !Array.isArray(d)) return d as Json;
	}
	return {};
}

export function checkType(body: unknown, expected: string): void {
	const type = dataOf(body).type;
	if (type !== undefined && type !== expected)
		throw invalid('/data/type', `type must be ${expected}`);
}

export function stringArray(value: unknown, pointer: string): string[] {
	if (value === undefined || value === null) return [];
	if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
		throw invalid(pointer, `${pointer.split('/').pop()} must be an array of strings`);
	return value as string[];
}
