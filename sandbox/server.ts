/**
 * HTTP front: request log, faults, auth and plans, routing, feature gates, rate limits, responses.
 * /v2/* is the API, /_sandbox/* the control API (loopback only), /widget/* the widget stub.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxApp } from './app';
import { authenticate, featureDisabled, knownKey, planHas, restrictedPlan } from './auth';
import { handleControl } from './control';
import { HttpError, TITLES, error } from './jsonapi';
import { JSONAPI, JSONAPI_PRODUCES, negotiate } from './negotiation';
import { Router, type Ctx, type Reply } from './router';
import { containerRoutes } from './routes/containers';
import { customFieldRoutes } from './routes/custom-fields';
import { documentRoutes } from './routes/documents';
import { referenceRoutes } from './routes/reference';
import { shipmentRoutes } from './routes/shipments';
import { trackingRequestRoutes } from './routes/tracking-requests';
import { webhookRoutes } from './routes/webhooks';
import { accountRoutes } from './routes/account';
import { partyRoleRoutes } from './routes/party-roles';
import { partyRoutes } from './routes/parties';
import type { RequestLogEntry } from './types';
import { sleep } from './util';
import { handleWidget } from './widget';

export { JSONAPI };
const MAX_BODY = 10 * 1024 * 1024;
const MAX_LOG = 100_000;

export function buildRouter(): Router {
	const router = new Router();
	router.add(
		...trackingRequestRoutes,
		...shipmentRoutes,
		...containerRoutes,
		...webhookRoutes,
		...referenceRoutes,
		...partyRoutes,
		...customFieldRoutes,
		...documentRoutes,
		...accountRoutes,
		...partyRoleRoutes,
	);
	return router;
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size > MAX_BODY) {
				reject(
					new HttpError(413, [
						{ status: '413', title: 'Payload Too Large', detail: 'Request body too large' },
					]),
				);
				req.destroy();
				return;
			}
			chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

export function parseQuery(search: string): {
	query: Record<string, string>;
	pairs: Array<[string, string]>;
} {
	const pairs: Array<[string, string]> = [];
	for (const [k, v] of new URLSearchParams(search)) pairs.push([k, v]);
	const query: Record<string, string> = {};
	for (const [k, v] of pairs) query[k] = v;
	return { query, pairs };
}

export function send(res: http.ServerResponse, reply: Reply, truncate = false): void {
	const headers: Record<string, string | number> = { ...(reply.headers ?? {}) };
	let payload = '';
	if (reply.body !== undefined && reply.status !== 204) {
		payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
		headers['Content-Type'] = reply.contentType ?? JSONAPI;
	}
	if (truncate) payload = payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
	headers['Content-Length'] = Buffer.byteLength(payload);
	res.writeHead(reply.status, headers);
	res.end(payload);
}

export function errorReply(e: unknown): Reply {
	if (e instanceof HttpError)
		return { status: e.status, body: { errors: e.errors }, headers: e.headers };
	const detail = e instanceof Error ? e.message : String(e);
	return {
		status: 500,
		body: {
			errors: [{ status: '500', title: TITLES[500], detail: `Internal sandbox error: ${detail}` }],
		},
	};
}

function faultReply(kind: string, delayMs?: number): Reply {
	const status = Number(kind);
	const detail =
		status === 429
			? "You've hit the rate limit. Please try again in a minute."
			: status === 503
				? 'The service is temporarily unavailable. Please retry shortly.'
				: 'Something went wrong on our side.';
	const headers: Record<string, string> = {};
	if (status === 429 || status === 503)
		headers['Retry-After'] = String(Math.max(1, Math.ceil((delayMs ?? 1000) / 1000)));
	return {
		status,
		body: { errors: [{ status: String(status), title: TITLES[status], detail }] },
		headers,
	};
}

function isLoopback(addr: string | undefined): boolean {
	return (
		!!addr &&
		(addr === '::1' ||
			addr.startsWith('127.') ||
			addr === '::ffff:127.0.0.1' ||
			addr.startsWith('::ffff:127.'))
	);
}

export class SandboxServer {
	readonly router = buildRouter();
	readonly server: http.Server;
	private readonly sockets = new Set<import('node:net').Socket>();

	constructor(private readonly app: SandboxApp) {
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((e) => {
				if (!res.headersSent) send(res, errorReply(e));
				else res.destroy();
			});
		});
		// Keep idle connections longer than any client waits between requests (as production load balancers
		// do): with Node's 5 s default, a client reusing a socket the server is closing at that moment gets
		// ECONNRESET, which a busy machine turns into flaky tests.
		this.server.keepAliveTimeout = 65_000;
		this.server.headersTimeout = 66_000;
		this.server.on('connection', (s) => {
			this.sockets.add(s);
			s.on('close', () => this.sockets.delete(s));
		});
	}

	listen(port: number, host: string): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, () => {
				this.server.off('error', reject);
				resolve((this.server.address() as AddressInfo).port);
			});
		});
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			for (const s of this.sockets) s.destroy();
			this.server.close(() => resolve());
		});
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://sandbox.local');
		const path = url.pathname;
		if (path.startsWith('/_sandbox')) {
			if (!isLoopback(req.socket.remoteAddress))
				return send(res, {
					status: 403,
					body: { error: 'The control API answers loopback clients only' },
					contentType: 'application/json',
				});
			const raw = await readBody(req);
			return send(
				res,
				await handleControl(this.app, req.method ?? 'GET', path, parseQuery(url.search).query, raw),
				false,
			);
		}
		if (path.startsWith('/widget'))
			return send(res, handleWidget(this.app, path, parseQuery(url.search).query));
		if (path !== '/v2' && !path.startsWith('/v2/')) {
			return send(res, {
				status: 404,
				body: {
					errors: [{ status: '404', title: TITLES[404], detail: 'Not found. The API root is /v2' }],
				},
			});
		}
		await this.handleApi(req, res, url);
	}

	private async handleApi(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		url: URL,
	): Promise<void> {
		const app = this.app;
		const method = (req.method ?? 'GET').toUpperCase();
		const { query, pairs } = parseQuery(url.search);
		let raw = '';
		try {
			raw = await readBody(req);
		} catch (e) {
			return send(res, errorReply(e));
		}
		let body: unknown = raw === '' ? undefined : raw;
		let bodyError: HttpError | null = null;
		if (raw.trim() !== '') {
			try {
				body = JSON.parse(raw);
			} catch {
				bodyError = error(400, 'The request body is not valid JSON');
			}
		}
		const entry: RequestLogEntry = {
			method,
			path: url.pathname,
			query,
			pairs,
			body,
			key: knownKey(req.headers.authorization, app.keys),
			status: 0,
			at: Date.now(),
			fault: null,
		};
		app.store.requests.push(entry);
		if (app.store.requests.length > MAX_LOG)
			app.store.requests.splice(0, app.store.requests.length - MAX_LOG);
		const finish = (reply: Reply, truncate = false) => {
			entry.status = reply.status;
			if (app.options.logRequests)
				process.stdout.write(
					`${new Date().toISOString()} ${method} ${url.pathname}${url.search} -> ${reply.status}${entry.fault ? ` (fault ${entry.fault})` : ''}\n`,
				);
			send(res, reply, truncate);
		};

		const fault = app.faults.take(method, url.pathname + url.search);
		let truncate = false;
		if (fault) {
			entry.fault = fault.kind;
			if (fault.kind === 'reset') {
				entry.status = 0;
				req.socket.destroy();
				return;
			}
			if (fault.kind === 'slow') {
				await sleep(fault.delayMs ?? 10_000);
				if (req.socket.destroyed) return;
			} else if (fault.kind === 'truncated') truncate = true;
			else return finish(faultReply(fault.kind, fault.delayMs));
		}

		let reply: Reply;
		try {
			reply = await this.dispatch(
				method,
				url,
				query,
				pairs,
				body,
				bodyError,
				req.headers.authorization,
				req.headers.accept,
			);
		} catch (e) {
			reply = errorReply(e);
		}
		finish(reply, truncate);
	}

	private async dispatch(
		method: string,
		url: URL,
		query: Record<string, string>,
		pairs: Array<[string, string]>,
		body: unknown,
		bodyError: HttpError | null,
		authorization: string | undefined,
		accept: string | undefined,
	): Promise<Reply> {
		const app = this.app;
		const { key, plan } = authenticate(authorization, this.app.keys);
		const sub = url.pathname.slice(3) || '/';
		const match = this.router.match(method, sub);
		if (!match) throw error(404, `No route matches ${method} ${url.pathname}`);
		if ('methodMismatch' in match) throw error(405, `${method} is not allowed on ${url.pathname}`);
		const { route, params } = match;
		if (route.enabled && !route.enabled(app))
			throw error(404, `No route matches ${method} ${url.pathname}`);
		const produces = route.produces ?? JSONAPI_PRODUCES;
		let mediaType = negotiate(accept, produces);
		if (!mediaType) {
			if (app.options.strictAccept)
				throw error(
					406,
					`The Accept header (${accept}) allows none of the media types of ${method} ${url.pathname}: ${produces.join(', ')}`,
					{ source: { parameter: 'Accept' } },
				);
			mediaType = produces[0];
		}
		// Whatever the endpoint answers from here on, errors included, is in the negotiated media type.
		try {
			if (plan === 'free' && !route.free) throw restrictedPlan();
			const ser = app.serializer(plan, app.deadlineShapeOf(key));
			// Filters the options tell the sandbox to drop, as the live service drops some silently; links keep them.
			const ignored = method === 'GET' ? (app.options.ignoredFilters ?? []) : [];
			const effective = ignored.length
				? Object.fromEntries(Object.entries(query).filter(([k]) => !ignored.includes(k)))
				: query;
			const ctx: Ctx = {
				app,
				method,
				path: sub,
				params,
				query: effective,
				body,
				key,
				plan,
				ser,
				list: { baseUrl: app.baseUrl, path: sub, queryPairs: pairs, query: effective },
			};
			const feature = typeof route.feature === 'function' ? route.feature(ctx) : route.feature;
			if (feature && !planHas(plan, feature)) throw featureDisabled(feature);
			app.limiter.hit(key, route.bucket ?? 'default');
			if (bodyError) throw bodyError;
			const reply = await route.handler(ctx);
			return { ...reply, contentType: reply.contentType ?? mediaType };
		} catch (e) {
			return { ...errorReply(e), contentType: mediaType };
		}
	}
}
