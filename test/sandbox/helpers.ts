/** Test client for the sandbox: every /v2 response body is validated against openapi.json. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { SandboxOptions } from '../../sandbox/types';
import { createOpenApiValidator } from './openapi-validator';

export interface ApiResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export const validator = createOpenApiValidator();
export const stats = { validated: 0 };

/** Fast defaults for tests: tiny carrier delay, immediate webhook retries. */
export function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	return startSandbox({
		carrierDelayMs: 30,
		webhookRetryScale: 0,
		webhookTimeoutMs: 1000,
		containers: 40,
		...options,
	});
}

export interface RequestOptions {
	body?: unknown;
	headers?: Record<string, string>;
	/** Skip schema validation (for deliberately broken responses, e.g. faults). */
	validate?: boolean;
	rawBody?: string;
}

export function client(sb: Sandbox, key: string | null = 'sandbox_paid') {
	async function request<T = any>(
		method: string,
		pathOrUrl: string,
		opts: RequestOptions = {},
	): Promise<ApiResponse<T>> {
		const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${sb.baseUrl}${pathOrUrl}`;
		const headers: Record<string, string> = {
			Accept: 'application/vnd.api+json, application/json',
			...(opts.headers ?? {}),
		};
		if (key !== null && !('Authorization' in headers)) headers.Authorization = `Token ${key}`;
		let payload: string | undefined = opts.rawBody;
		if (opts.body !== undefined) {
			payload = JSON.stringify(opts.body);
			headers['Content-Type'] ??= 'application/vnd.api+json';
		}
		const res = await fetch(url, { method, headers, body: payload });
		const text = await res.text();
		let body: any = text === '' ? undefined : text;
		if (text && /json/.test(res.headers.get('content-type') ?? '')) body = JSON.parse(text);
		if (opts.validate !== false) {
			validator.assertResponse(method, url, res.status, body);
			stats.validated++;
		}
		return { status: res.status, headers: res.headers, body, text };
	}
	return {
		request,
		get: <T = any>(p: string, o?: RequestOptions) => request<T>('GET', p, o),
		post: <T = any>(p: string, body?: unknown, o?: RequestOptions) =>
			request<T>('POST', p, { ...o, body }),
		patch: <T = any>(p: string, body?: unknown, o?: RequestOptions) =>
			request<T>('PATCH', p, { ...o, body }),
		delete: <T = any>(p: string, o?: RequestOptions) => request<T>('DELETE', p, o),
	};
}

/** Control API call (not validated: it is not part of the Terminal49 API). */
export async function control(
	sb: Sandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; body: any }> {
	const res = await fetch(`${sb.origin}/_sandbox${path}`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const text = await res.text();
	return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export function trackingRequestBody(attributes: Record<string, unknown>) {
	return { data: { type: 'tracking_request', attributes } };
}

export interface Received {
	headers: http.IncomingHttpHeaders;
	raw: Buffer;
	body: any;
}

/** A local webhook receiver: records raw bodies; answers with the next queued status (default 200). */
export class Receiver {
	received: Received[] = [];
	statuses: number[] = [];
	hang = false;
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks);
			this.received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
			if (this.hang) return;
			res.writeHead(this.statuses.shift() ?? 200, { 'Content-Type': 'text/plain' });
			res.end('ok');
		});
	});
	url = '';
	async start() {
		await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
		return this;
	}
	close() {
		this.server.closeAllConnections();
		return new Promise((r) => this.server.close(r));
	}
}
