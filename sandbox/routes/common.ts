/** Helpers shared by every resource module: documents, lists, includes, body fields. */
import {
	includeList,
	invalid,
	notFound,
	paginate,
	resolveIncluded,
	type ResourceObject,
} from '../jsonapi';
import type { Ctx, Reply } from '../router';

export function doc(status: number, data: unknown, extra: Record<string, unknown> = {}): Reply {
	return { status, body: { data, ...extra } };
}

/** `links.self` of a document: the absolute URL of `path` (below /v2). */
export const selfLinks = (ctx: Ctx, path: string) => ({
	links: { self: `${ctx.list.baseUrl}${path}` },
});

/** A single resource with `included` resolved from the `include` parameter (plus defaults). */
export function single(
	ctx: Ctx,
	resource: ResourceObject,
	opts: { status?: number; defaultInclude?: string[]; links?: boolean } = {},
): Reply {
	const paths = [...new Set([...(opts.defaultInclude ?? []), ...includeList(ctx.query)])];
	const extra: Record<string, unknown> = {};
	if (paths.length) extra.included = resolveIncluded([resource], paths, ctx.ser.lookup);
	if (opts.links) extra.links = { self: `${ctx.list.baseUrl}${ctx.path}` };
	return doc(opts.status ?? 200, resource, extra);
}

/** A paginated list (newest first) with links, meta and `included`; pages of `maxPageSize` at most. */
export function list<T>(
	ctx: Ctx,
	items: readonly T[] | { count: number; at: (i: number) => T },
	serialize: (x: T) => ResourceObject,
	opts: { defaultInclude?: string[]; maxPageSize?: number } = {},
): Reply {
	const page = paginate(items, ctx.list, opts.maxPageSize);
	const data = page.items.map(serialize);
	const body: Record<string, unknown> = { data, links: page.links, meta: page.meta };
	const paths = [...new Set([...(opts.defaultInclude ?? []), ...includeList(ctx.query)])];
	if (paths.length) body.included = resolveIncluded(data, paths, ctx.ser.lookup);
	return { status: 200, body };
}

/** The query pairs of the request the handler sees (the ones `ignoredFilters` names left out). */
export function effectivePairs(ctx: Ctx): Array<[string, string]> {
	return ctx.list.queryPairs.filter(([name]) => name in ctx.query);
}

/** Newest-first view over a store collection without copying it. */
export function newestFirst<T>(all: readonly T[]): { count: number; at: (i: number) => T } {
	return { count: all.length, at: (i) => all[all.length - 1 - i] };
}

export function must<T>(value: T | undefined | null, what: string): T {
	if (value === undefined || value === null) throw notFound(what);
	return value;
}

export function str(
	attrs: Record<string, unknown>,
	name: string,
	opts: { required?: boolean; pointer?: string } = {},
): string | undefined {
	const v = attrs[name];
	const pointer = opts.pointer ?? `/data/attributes/${name}`;
	if (v === undefined || v === null || v === '') {
		if (opts.required) throw invalid(pointer, `${humanize(name)} can't be blank`, 'blank');
		return undefined;
	}
	if (typeof v !== 'string') throw invalid(pointer, `${humanize(name)} must be a string`);
	return v;
}

export function bool(attrs: Record<string, unknown>, name: string): boolean | undefined {
	const v = attrs[name];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'boolean')
		throw invalid(`/data/attributes/${name}`, `${humanize(name)} must be true or false`);
	return v;
}

export function humanize(name: string): string {
	const s = name.replace(/_/g, ' ');
	return s[0].toUpperCase() + s.slice(1);
}

export function empty(status = 200): Reply {
	return { status };
}
