/**
 * A real HTTP server on loopback that answers with recorded documents of the live service
 * (test/fixtures/real-responses): each route is a method and a path pattern mapped to a fixture. Links in
 * the documents (`links.next`, ...) are rewritten from the live service's base URL to this server's, so a
 * client follows them here. Every request is recorded. No other behaviour: it is not a sandbox.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const REAL_RESPONSES = join(__dirname, '..', 'fixtures', 'real-responses');
const LIVE_BASE = 'https://api.terminal49.com/v2';

/** A recorded document, parsed (a fresh copy each time). */
export function realResponse(name: string): any {
	return JSON.parse(readFileSync(join(REAL_RESPONSES, name), 'utf8'));
}

export interface ReplayRoute {
	method: string;
	/** Matched against the path below `/v2` (query excluded), e.g. /^\/containers\/[^/]+$/. */
	path: RegExp;
	/** A fixture file name, or a document built by the test. */
	body: string | ((url: URL) => unknown);
	status?: number;
}

export interface ReplayRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	accept: string | undefined;
	authorization: string | undefined;
}

export interface ReplayServer {
	baseUrl: string;
	requests: ReplayRequest[];
	route(route: ReplayRoute): void;
	reset(): void;
	close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
	let routes: ReplayRoute[] = [];
	const requests: ReplayRequest[] = [];
	let baseUrl = '';
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', baseUrl);
		const path = url.pathname.replace(/^\/v2/, '');
		requests.push({
			method: req.method ?? 'GET',
			path,
			query: Object.fromEntries(url.searchParams),
			accept: req.headers.accept,
			authorization: req.headers.authorization,
		});
		const route = routes.find((r) => r.method === req.method && r.path.test(path));
		req.resume();
		req.on('end', () => {
			if (!route) {
				res.writeHead(404, { 'content-type': 'application/vnd.api+json' });
				res.end(JSON.stringify({ errors: [{ status: '404', title: 'Not Found' }] }));
				return;
			}
			const document =
				typeof route.body === 'string'
					? readFileSync(join(REAL_RESPONSES, route.body), 'utf8')
					: JSON.stringify(route.body(url));
			res.writeHead(route.status ?? 200, { 'content-type': 'application/vnd.api+json' });
			res.end(document.split(LIVE_BASE).join(`${baseUrl}/v2`));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		baseUrl: `${baseUrl}/v2`,
		requests,
		route: (route) => routes.push(route),
		reset: () => {
			routes = [];
			requests.length = 0;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
