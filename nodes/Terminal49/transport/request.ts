import { createHash } from 'node:crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { TERMINAL49_DEFAULT_BASE_URL } from '../../../credentials/Terminal49Api.credentials';
import {
	apiError,
	describeNetworkError,
	mapHttpError,
	mapSsrfRefusal,
	ssrfRefusal,
} from './errors';
import type { RateBucket } from './rateLimiter';
import {
	acquireSlot,
	BUCKET_LABELS,
	DEFAULT_RATE_WINDOW_MS,
	FIXED_BUCKET_LIMITS,
	recordRateLimited,
} from './rateLimiter';

/**
 * One request to Terminal49: authentication (through the credential), JSON:API bodies, pacing under the rate
 * limit, 429 and transient-failure retries, and error mapping. Lists page through it in ./pagination.ts.
 */
export type Terminal49Context =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| ITriggerFunctions
	| IWebhookFunctions;

export const CREDENTIAL_TYPE = 'terminal49Api';
/** The service's address when the credential names none: the credential's default, defined there only. */
export const DEFAULT_BASE_URL = TERMINAL49_DEFAULT_BASE_URL;
export const JSON_API_CONTENT_TYPE = 'application/vnd.api+json';
/**
 * What the nodes accept: JSON:API documents, and plain JSON, which several endpoints document instead (map
 * GeoJSON, webhook source IPs, document types, download URL, infer number, refresh).
 */
export const ACCEPT = `${JSON_API_CONTENT_TYPE}, application/json`;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Retries of a 429 (after waiting Retry-After each time). */
export const MAX_RATE_LIMIT_RETRIES = 5;
/** A Retry-After longer than this is not waited out: the error says so at once. */
export const MAX_RETRY_AFTER_MS = 120_000;
/** Retries of a 5xx, timeout or dropped connection, for requests that are safe to repeat. */
export const MAX_TRANSIENT_RETRIES = 3;
export const TRANSIENT_BACKOFF_MS = 400;

export interface Terminal49Request {
	method: IHttpRequestMethods;
	/** Below the base URL, starting with `/`, e.g. `/containers/123`. */
	path: string;
	qs?: IDataObject;
	/** Sent as `application/vnd.api+json`. */
	body?: IDataObject;
	/** Rate-limit bucket of the endpoint; `default` unless the service gives it its own. */
	bucket?: RateBucket;
	/**
	 * Safe to send again after a 5xx or a dropped connection. Defaults to true for GET, HEAD, PUT, PATCH
	 * and DELETE and false for POST: a POST is never repeated unless the service surely did not act on it
	 * (a 429, or a connection that was never opened).
	 */
	idempotent?: boolean;
	/** Statuses returned to the caller instead of thrown (e.g. 404 when checking a webhook still exists). */
	acceptStatuses?: number[];
	/** The node's labels of the body's fields, for 400/422 errors that point at one (errors.ts). */
	fields?: Record<string, string>;
	itemIndex?: number;
}

export interface Terminal49Response {
	statusCode: number;
	body: JsonApiDocument;
}

export interface Connection {
	baseUrl: string;
	origin: string;
	/** Rate-limit identity of the key: a hash, never the key. */
	keyId: string;
	/** The key's limit of the default bucket per window (credential). */
	rateLimit: number;
	/** The service's rolling rate window (credential; 60 s at Terminal49). */
	rateWindowMs: number;
	/** Per-request timeout (credential). */
	timeoutMs: number;
}

function normaliseBaseUrl(raw: unknown): string {
	const value = String(raw ?? '')
		.trim()
		.replace(/\/+$/, '');
	return value || DEFAULT_BASE_URL;
}

function positiveNumber(raw: unknown, fallback: number): number {
	const value = Number(raw);
	return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The credential as the nodes use it (its only reader): base URL, origin, the key's rate identity and limits. */
export async function connectionOf(this: Terminal49Context): Promise<Connection> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = normaliseBaseUrl(credentials.baseUrl);
	let origin: string;
	try {
		origin = new URL(baseUrl).origin;
	} catch {
		throw new NodeApiError(
			this.getNode(),
			{ message: 'Invalid Base URL' },
			{
				message: `The Terminal49 credential's Base URL is not a URL: "${baseUrl}"`,
				description: `Set it to ${DEFAULT_BASE_URL} (or your sandbox, e.g. http://127.0.0.1:4949/v2).`,
			},
		);
	}
	return {
		baseUrl,
		origin,
		keyId: createHash('sha256')
			.update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`)
			.digest('hex')
			.slice(0, 16),
		rateLimit: Math.max(1, Math.floor(positiveNumber(credentials.rateLimitRequests, 100))),
		rateWindowMs: Math.round(
			positiveNumber(credentials.rateLimitWindowSeconds, DEFAULT_RATE_WINDOW_MS / 1000) * 1000,
		),
		timeoutMs: Math.round(
			positiveNumber(credentials.requestTimeoutSeconds, DEFAULT_TIMEOUT_MS / 1000) * 1000,
		),
	};
}

function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(value) ? String(value[0]) : value === undefined ? '' : String(value);
	if (!text) return undefined;
	const seconds = Number(text);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
	if (Buffer.isBuffer(raw)) raw = raw.toString('utf8');
	if (typeof raw !== 'string') return { ok: true, value: raw ?? {} };
	if (raw.trim() === '') return { ok: true, value: {} };
	try {
		return { ok: true, value: JSON.parse(raw) };
	} catch {
		return { ok: false };
	}
}

const TRANSIENT_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'ESOCKETTIMEDOUT',
	'EPIPE',
	'EAI_AGAIN',
	'ECONNREFUSED',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ERR_BAD_RESPONSE',
]);
/** Failures where the request never reached the service: safe to retry even a POST. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function networkErrorCode(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	let current: unknown = error;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
		if (typeof candidate.code === 'string' && candidate.code) return candidate.code;
		if (typeof candidate.message === 'string') {
			if (/timeout/i.test(candidate.message)) return 'ETIMEDOUT';
			if (/socket hang up/i.test(candidate.message)) return 'ECONNRESET';
		}
		current = candidate.cause;
	}
	return undefined;
}

function isIdempotent(request: Terminal49Request) {
	return request.idempotent ?? request.method !== 'POST';
}

function bucketLimit(bucket: RateBucket, connection: Connection) {
	return bucket === 'default' ? connection.rateLimit : FIXED_BUCKET_LIMITS[bucket];
}

function windowLabel(windowMs: number) {
	return windowMs === 60_000 ? 'minute' : `${Math.round(windowMs / 100) / 10} s`;
}

/**
 * Sends one request, paced and retried, and returns the parsed body with its status. Throws a
 * NodeApiError for any status the caller did not accept.
 */
export async function apiRequestFull(
	this: Terminal49Context,
	request: Terminal49Request,
	options: { url?: string; connection?: Connection } = {},
): Promise<Terminal49Response> {
	const connection = options.connection ?? (await connectionOf.call(this));
	const bucket = request.bucket ?? 'default';
	const limit = bucketLimit(bucket, connection);
	const pace = { key: `${connection.keyId}:${bucket}`, limit, windowMs: connection.rateWindowMs };
	const url = options.url ?? `${connection.baseUrl}${request.path}`;
	const described = { method: request.method, path: request.path };
	const node = this.getNode();

	const httpOptions: IHttpRequestOptions = {
		method: request.method,
		url,
		headers: { Accept: ACCEPT },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		json: true,
		timeout: connection.timeoutMs,
	};
	if (request.qs && Object.keys(request.qs).length > 0 && !options.url) {
		httpOptions.qs = request.qs;
		// A list value repeats its key as given (`filter[tags][]=a&filter[tags][]=b`), as Rails reads it.
		if (Object.values(request.qs).some(Array.isArray)) httpOptions.arrayFormat = 'repeat';
	}
	if (request.body !== undefined) {
		httpOptions.body = request.body;
		httpOptions.headers = { ...httpOptions.headers, 'Content-Type': JSON_API_CONTENT_TYPE };
	}

	let rateLimitRetries = 0;
	let transientRetries = 0;
	for (;;) {
		const slot = await acquireSlot(pace);
		let response: { statusCode: number; body: unknown; headers?: IDataObject };
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				httpOptions,
			)) as typeof response;
		} catch (error) {
			slot.settle();
			// n8n refused the address itself (SSRF protection): nothing was sent, and a retry is refused again.
			const refusal = ssrfRefusal(error);
			if (refusal) {
				this.logger.debug(
					`Terminal49 ${request.method} ${request.path} refused by n8n's SSRF protection`,
				);
				throw apiError(
					node,
					undefined,
					mapSsrfRefusal(refusal, connection.baseUrl, described),
					undefined,
					request.itemIndex,
				);
			}
			const code = networkErrorCode(error) ?? 'ERROR';
			const canRetry =
				code !== 'ERR_CANCELED' &&
				TRANSIENT_CODES.has(code) &&
				(isIdempotent(request) || NOT_SENT_CODES.has(code)) &&
				transientRetries < MAX_TRANSIENT_RETRIES;
			this.logger.debug(
				`Terminal49 ${request.method} ${request.path} failed: ${code}${canRetry ? ', retrying' : ''}`,
			);
			if (canRetry) {
				await sleep(TRANSIENT_BACKOFF_MS * 2 ** transientRetries++);
				continue;
			}
			const timedOut =
				code === 'ETIMEDOUT' || code === 'ECONNABORTED' || code === 'ESOCKETTIMEDOUT';
			const notRetried =
				TRANSIENT_CODES.has(code) && !isIdempotent(request) && !NOT_SENT_CODES.has(code);
			throw apiError(
				node,
				undefined,
				{
					// No raw error code in the message: n8n would replace such a message with a generic one.
					message: timedOut
						? `Terminal49 did not answer within ${Math.round(connection.timeoutMs / 100) / 10} s`
						: `Could not reach Terminal49 at ${connection.origin}: ${describeNetworkError(code)}`,
					description: `${
						notRetried
							? 'The connection failed after the request was sent, so it was not repeated: the service may have acted on it. Check in Terminal49 before running again.'
							: `Tried ${transientRetries + 1} time(s). Check the credential's Base URL and the network, or try again later${timedOut ? " (or raise the credential's Request Timeout)" : ''}.`
					} (${request.method} ${request.path}, error code ${code})`,
					agent: notRetried
						? 'The connection to Terminal49 broke after the request was sent, so it is not known whether it was done: check in Terminal49 before asking again.'
						: `Terminal49 ${timedOut ? 'did not answer in time' : `could not be reached (${describeNetworkError(code)})`}, so this could not be looked up: try again in a few minutes.`,
				},
				undefined,
				request.itemIndex,
			);
		}

		const { statusCode } = response;
		const parsed = parseBody(response.body);

		if (statusCode === 429) {
			const retryAfterMs = parseRetryAfter(response.headers?.['retry-after']) ?? 1000;
			recordRateLimited(pace, slot, retryAfterMs);
			this.logger.debug(
				`Terminal49 ${request.method} ${request.path}: 429, Retry-After ${retryAfterMs} ms`,
			);
			if (rateLimitRetries < MAX_RATE_LIMIT_RETRIES && retryAfterMs <= MAX_RETRY_AFTER_MS) {
				rateLimitRetries++;
				continue;
			}
			const mapped = mapHttpError(429, parsed.ok ? parsed.value : undefined, described, {
				retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
				limitLabel: `${limit} ${BUCKET_LABELS[bucket]} per ${windowLabel(connection.rateWindowMs)}`,
			});
			throw apiError(node, 429, mapped, parsed.ok ? parsed.value : undefined, request.itemIndex);
		}
		slot.settle();

		const transientStatus = statusCode >= 500 || (statusCode < 300 && !parsed.ok);
		if (transientStatus && isIdempotent(request) && transientRetries < MAX_TRANSIENT_RETRIES) {
			this.logger.debug(
				`Terminal49 ${request.method} ${request.path}: ${statusCode}${parsed.ok ? '' : ' unreadable body'}, retrying`,
			);
			await sleep(TRANSIENT_BACKOFF_MS * 2 ** transientRetries++);
			continue;
		}

		if (statusCode >= 200 && statusCode < 300) {
			if (!parsed.ok) {
				throw apiError(
					node,
					statusCode,
					{
						message: 'Terminal49 sent a response that is not valid JSON (it may have been cut off)',
						description: `Nothing was returned as a result. ${
							isIdempotent(request)
								? `Tried ${transientRetries + 1} time(s); try again later.`
								: 'The request was not repeated because the service may have acted on it: check in Terminal49 before running again.'
						} (${request.method} ${request.path})`,
						agent: isIdempotent(request)
							? 'Terminal49 sent an answer that could not be read, so this could not be looked up: try again in a few minutes.'
							: 'Terminal49 sent an answer that could not be read, so it is not known whether this was done: check in Terminal49 before asking again.',
					},
					undefined,
					request.itemIndex,
				);
			}
			return { statusCode, body: parsed.value as JsonApiDocument };
		}
		if (request.acceptStatuses?.includes(statusCode)) {
			return { statusCode, body: (parsed.ok ? parsed.value : {}) as JsonApiDocument };
		}
		throw httpError(node, request, statusCode, parsed.ok ? parsed.value : response.body);
	}
}

/** The error a status the service answered means, worded for the user (see errors.ts mapHttpError). */
export function httpError(
	node: INode,
	request: Terminal49Request,
	statusCode: number,
	body: unknown,
): NodeApiError {
	const described = {
		method: request.method,
		path: request.path,
		fields: request.fields,
		itemIndex: request.itemIndex,
	};
	return apiError(
		node,
		statusCode,
		mapHttpError(statusCode, body, described),
		body,
		request.itemIndex,
	);
}

export interface JsonApiDocument extends IDataObject {
	data?: IDataObject | IDataObject[] | null;
	included?: IDataObject[];
	links?: IDataObject;
	meta?: IDataObject;
}
