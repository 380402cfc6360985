/** Route table types and path-template matching. */
import type { SandboxApp } from './app';
import type { Feature } from './auth';
import type { ListContext } from './jsonapi';
import type { Serializer } from './serializers';
import type { Plan, RateBucket } from './types';

export interface Ctx {
	app: SandboxApp;
	method: string;
	/** Path below /v2, e.g. /containers/abc */
	path: string;
	params: Record<string, string>;
	query: Record<string, string>;
	body: unknown;
	key: string;
	plan: Plan;
	ser: Serializer;
	list: ListContext;
}

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
	contentType?: string;
}

export interface Route {
	method: string;
	pattern: string;
	bucket?: RateBucket;
	/** Feature the account must have enabled (403 otherwise); a function can decide per request. */
	feature?: Feature | ((ctx: Ctx) => Feature | null);
	/** Allowed on the restricted free plan. */
	free?: boolean;
	/** Whether the route exists (read per request); a route switched off answers 404 like an unknown one. */
	enabled?: (app: SandboxApp) => boolean;
	/**
	 * Media types the endpoint answers with, preferred first (default: `application/vnd.api+json`, and
	 * `application/json` for clients that ask for it). Endpoints whose body is not a JSON:API document
	 * produce `application/json` only.
	 */
	produces?: string[];
	handler: (ctx: Ctx) => Reply | Promise<Reply>;
}

interface Compiled extends Route {
	segments: string[];
}

export class Router {
	private readonly routes: Compiled[] = [];

	add(...routes: Route[]): void {
		for (const r of routes)
			this.routes.push({ ...r, segments: r.pattern.split('/').filter(Boolean) });
	}

	/** Static segments win over parameters, so `/webhooks/events` beats `/webhooks/:id`. */
	match(
		method: string,
		path: string,
	): { route: Route; params: Record<string, string> } | { methodMismatch: true } | null {
		const parts = path.split('/').filter(Boolean);
		let best: { route: Route; params: Record<string, string>; score: number } | null = null;
		let pathMatched = false;
		for (const r of this.routes) {
			if (r.segments.length !== parts.length) continue;
			const params: Record<string, string> = {};
			let score = 0;
			let ok = true;
			for (let i = 0; i < parts.length; i++) {
				const seg = r.segments[i];
				if (seg.startsWith(':')) params[seg.slice(1)] = safeDecode(parts[i]);
				else if (seg === parts[i]) score++;
				else {
					ok = false;
					break;
				}
			}
			if (!ok) continue;
			pathMatched = true;
			if (r.method !== method) continue;
			if (!best || score > best.score) best = { route: r, params, score };
		}
		if (best) return { route: best.route, params: best.params };
		return pathMatched ? { methodMismatch: true } : null;
	}
}

function safeDecode(s: string): string {
	try {
		return decodeURIComponent(s);
	} catch {
		return s;
	}
}
