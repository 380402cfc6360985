import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { TERMINAL49_DEFAULT_BASE_URL } from '../../../credentials/Terminal49Api.credentials';
import { withAgentAnswer } from '../errors/agent';

/** One entry of a JSON:API `errors` array as Terminal49 sends it. */
export interface ServiceError {
	status?: string;
	title?: string;
	detail?: string;
	code?: string;
	source?: { pointer?: string; parameter?: string };
	meta?: IDataObject;
}

export interface RequestDescription {
	method: string;
	/** Path below the base URL, e.g. `/containers/123`; never carries the key. */
	path: string;
	/**
	 * The node's labels of the body's fields (`request_number` -> "Request Number"): a 400 or 422 that points
	 * at one says which parameter to fix, in the item it came from.
	 */
	fields?: Record<string, string>;
	itemIndex?: number;
}

/** `/data/attributes/request_number` -> `request_number`; `/data/relationships/x` -> `x`. */
export function fieldFromPointer(pointer: string | undefined): string | undefined {
	if (!pointer) return undefined;
	const parts = pointer.split('/').filter(Boolean);
	if (parts.length === 0) return undefined;
	return parts[parts.length - 1];
}

export function serviceErrors(body: unknown): ServiceError[] {
	if (body && typeof body === 'object' && Array.isArray((body as IDataObject).errors)) {
		return ((body as IDataObject).errors as unknown[]).filter(
			(e): e is ServiceError => !!e && typeof e === 'object',
		);
	}
	return [];
}

/** "scac: Scac 'XXXX' is not recognized; request_number: Request number can't be blank" */
export function describeServiceErrors(errors: ServiceError[]): string {
	return errors
		.map((error) => {
			const field = fieldFromPointer(error.source?.pointer) ?? error.source?.parameter;
			const text = error.detail ?? error.title ?? 'error';
			return field ? `${field}: ${text}` : text;
		})
		.join('; ');
}

const RESTRICTED_PLAN = /paid plan|only (be used to )?creat\w* tracking requests?|restricted/i;

/** Names the entitlement a 403 is about, from the service's detail or the endpoint. */
export function missingFeature(path: string, detail: string): string | undefined {
	if (/routing data/i.test(detail) || /\/map_geojson|\/future_positions/.test(path))
		return 'Routing Data';
	if (/rail/i.test(detail)) return 'Rail LFD';
	if (/refresh/i.test(detail) || /\/refresh$/.test(path)) return 'Container Refresh';
	if (/widget/i.test(detail)) return 'Tracking Widget';
	if (/data.?out/i.test(detail) || /^\/webhooks(\/(?!events|ips)[^/]*)?$/.test(path))
		return 'Data Out API (webhooks)';
	if (/stop.?tracking/i.test(detail) || /\/stop_tracking$/.test(path)) return 'Stop Tracking';
	if (/custom.?field/i.test(detail) || /custom_field/.test(path)) return 'Custom Fields';
	return undefined;
}

/** "Check "Request Number", "Carrier (SCAC)" in item 2. " for the fields the service's errors point at. */
function fieldsToCheck(errors: ServiceError[], request: RequestDescription): string {
	const labels = request.fields;
	if (!labels) return '';
	const named = [
		...new Set(
			errors
				.map((error) => fieldFromPointer(error.source?.pointer))
				.filter((field): field is string => !!field)
				.map((field) => labels[field] ?? field),
		),
	];
	if (named.length === 0) return '';
	const item = request.itemIndex !== undefined ? ` in item ${request.itemIndex + 1}` : '';
	return `Check ${named.map((label) => `"${label}"`).join(', ')}${item}. `;
}

/** `containers` -> `container`, `tracking_requests` -> `tracking request`. */
const recordWord = (collection: string) => collection.replace(/_/g, ' ').replace(/s$/, '');

/** What the service said, for an agent: each error's detail up to its first full stop, joined by "; ". */
function serviceSaid(errors: ServiceError[]): string {
	return errors
		.map((error) => (error.detail ?? error.title ?? '').split(/\.(\s|$)/)[0].trim())
		.filter(Boolean)
		.join('; ');
}

/** Where an agent can say the reason of an error is, when the coordinator cannot act on it. */
const SEE_THE_RUN = "whoever set up the assistant can see why in this tool's run in n8n";

export interface MappedError {
	message: string;
	description: string;
	/** The same in one sentence an AI agent can relay (the node as a tool), where it differs from the message. */
	agent?: string;
}

/** The message and the fix for an HTTP error status from the service. */
export function mapHttpError(
	status: number,
	body: unknown,
	request: RequestDescription,
	extra: { retryAfterSeconds?: number; limitLabel?: string } = {},
): MappedError {
	const errors = serviceErrors(body);
	const details = describeServiceErrors(errors);
	const where = `${request.method} ${request.path}`;
	const detailText = details || (typeof body === 'string' ? body.slice(0, 200) : '');
	const said = detailText ? ` Terminal49 said: ${detailText}` : '';
	const saidForAgent = serviceSaid(errors);

	switch (status) {
		case 400:
			return {
				message: `Terminal49 rejected the request as malformed (400)${details ? `: ${details}` : ''}`,
				description: `${fieldsToCheck(errors, request)}Check the fields named above and their values.${said} (${where})`,
				agent: `Terminal49 refused the request as malformed${saidForAgent ? ` (${saidForAgent})` : ''}, so this could not be looked up; ${SEE_THE_RUN}.`,
			};
		case 401:
			if (RESTRICTED_PLAN.test(detailText)) {
				return {
					message:
						'This Terminal49 API key is on the restricted free plan: it can only create tracking requests',
					description: `Creating tracking requests works with this key; every other operation needs a paid plan or an enabled trial. Ask Terminal49 to enable read access, or use a key of a paid account.${said} (${where})`,
					agent:
						'This Terminal49 account is on the free plan, which can start tracking numbers but not look containers up, so this cannot be answered here; the account owner can upgrade to a paid plan.',
				};
			}
			return {
				message: 'Terminal49 could not verify the API key (401)',
				description: `The key is wrong, revoked or truncated. Open the Terminal49 credential and paste a current key from the developer portal, alone (no "Token", no quotes).${said} (${where})`,
				agent:
					'Terminal49 did not accept the API key this tool uses, so nothing can be looked up now; whoever set up the assistant needs to give it a current key.',
			};
		case 403: {
			const feature = missingFeature(request.path, detailText);
			return {
				message: feature
					? `The ${feature} feature is not enabled for this Terminal49 account (403)`
					: 'Terminal49 refused access to this resource (403)',
				description: feature
					? `${feature} is a paid add-on. Ask Terminal49 to enable it for your account, or remove this operation.${said} (${where})`
					: `The key is valid but lacks permission for this resource. Ask Terminal49 to enable it for your account.${said} (${where})`,
				agent: `This Terminal49 account's plan does not include ${feature ? `the ${feature} feature` : 'this data'}, so this cannot be answered here; the number itself is fine, and the account owner can ask Terminal49 to enable it.`,
			};
		}
		case 404: {
			const record = /^\/([a-z_]+)\/([^/?\s]+)/.exec(request.path);
			return {
				message: `Terminal49 has no such resource (404): ${request.path}`,
				description: `Check the ID or number: it must belong to your Terminal49 account. If every request answers 404, check the credential's Base URL ends in /v2.${said}`,
				agent: record
					? `No ${recordWord(record[1])} with ID ${decodeURIComponent(record[2])} exists in this Terminal49 account: the ID may be mistyped or belong to another account, so ask for the container, bill of lading or booking number instead.`
					: 'Terminal49 has no such record in this account, so check the number with the customer.',
			};
		}
		case 422:
			return {
				message: `Terminal49 rejected the values (422)${details ? `: ${details}` : ''}`,
				description: `${fieldsToCheck(errors, request)}Correct the field named above and run again.${said} (${where})`,
				agent: `Terminal49 refused it${saidForAgent ? ` (${saidForAgent})` : ''}, so nothing was done: check the number and the carrier with the customer.`,
			};
		case 429:
			return {
				message: `Terminal49 rate limit still exceeded after retries (429): ${extra.limitLabel ?? 'requests per minute'}`,
				description: `The nodes waited the Retry-After time${
					extra.retryAfterSeconds !== undefined ? ` (${extra.retryAfterSeconds} s)` : ''
				} and retried, but the key stayed over its limit. Another workflow or client is probably using the same key: spread the work out, or lower "Requests per Minute" in the credential to leave it room.${said} (${where})`,
				agent:
					"Terminal49's limit of requests per minute is used up for now, so this could not be looked up: try again in a minute.",
			};
		default:
			if (status >= 500) {
				return {
					message: `Terminal49 or an upstream carrier is unavailable (${status})`,
					description: `The request failed after retries. Try again in a few minutes; if it persists, check Terminal49's status page.${said} (${where})`,
					agent:
						'Terminal49 or the carrier behind it is not answering right now, so this could not be looked up: try again in a few minutes.',
				};
			}
			return {
				message: `Terminal49 answered with HTTP ${status}`,
				description: `${said.trim() || 'No details were given.'} (${where})`,
				agent: `Terminal49 answered with an error (HTTP ${status}), so this could not be looked up; ${SEE_THE_RUN}.`,
			};
	}
}

/** Builds the NodeApiError the user sees; only sanitised data goes in (never headers, never the key). */
export function apiError(
	node: INode,
	status: number | undefined,
	mapped: MappedError,
	body: unknown,
	itemIndex?: number,
): NodeApiError {
	const errors = serviceErrors(body);
	const payload: JsonObject = { message: mapped.message };
	if (status !== undefined) payload.httpCode = String(status);
	if (errors.length > 0) payload.errors = errors as unknown as JsonObject[];
	const error = new NodeApiError(node, payload, {
		message: mapped.message,
		description: mapped.description,
		httpCode: status !== undefined ? String(status) : undefined,
		itemIndex,
	});
	return mapped.agent ? withAgentAnswer(error, mapped.agent) : error;
}

const NETWORK_PHRASES: Record<string, string> = {
	ECONNRESET: 'the connection was reset',
	ECONNREFUSED: 'the connection was refused',
	EPIPE: 'the connection was closed while sending',
	EAI_AGAIN: 'the host name could not be resolved right now',
	ENOTFOUND: 'the host name does not exist',
	EHOSTUNREACH: 'the host is unreachable',
	ENETUNREACH: 'the network is unreachable',
	EADDRNOTAVAIL: 'no local address was available for the connection',
	ERR_BAD_RESPONSE: 'the response could not be read',
	CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
};

/** A network error code in words (n8n replaces messages that contain raw codes with generic text). */
export function describeNetworkError(code: string): string {
	// An unknown code stays out of the message (n8n would rewrite it); the description carries it.
	return NETWORK_PHRASES[code] ?? 'an unexpected network error';
}

/**
 * What n8n's SSRF protection refused (n8n 2.12 and later, on with `N8N_SSRF_PROTECTION_ENABLED=true`): the
 * address or host name, and n8n's own sentence. n8n throws `SsrfBlockedIpError` (an address in the block list)
 * or `SsrfBlockedHostnameError` (a host name in `N8N_SSRF_BLOCKED_HOSTNAMES`) before anything is sent, wrapped
 * by its request helper; both carry their target (`ip`, `hostname`) as fields and in `extra`.
 */
export interface SsrfRefusal {
	kind: 'ip' | 'hostname';
	/** The address or host name n8n refused. */
	target: string;
	/** n8n's message, e.g. "The request was blocked because it resolves to a restricted IP address". */
	said: string;
}

const SSRF_ERRORS: Record<string, SsrfRefusal['kind']> = {
	SsrfBlockedIpError: 'ip',
	SsrfBlockedHostnameError: 'hostname',
};

/** The SSRF refusal in an error n8n's request helper threw, looked for along its causes; undefined if none. */
export function ssrfRefusal(error: unknown): SsrfRefusal | undefined {
	const seen = new Set<unknown>();
	for (let current = error; current && typeof current === 'object' && !seen.has(current); ) {
		seen.add(current);
		const candidate = current as {
			name?: unknown;
			message?: unknown;
			ip?: unknown;
			hostname?: unknown;
			extra?: { ip?: unknown; hostname?: unknown };
			cause?: unknown;
		};
		const kind = typeof candidate.name === 'string' ? SSRF_ERRORS[candidate.name] : undefined;
		if (kind) {
			const target = kind === 'ip' ? (candidate.ip ?? candidate.extra?.ip) : undefined;
			const hostname = candidate.hostname ?? candidate.extra?.hostname;
			return {
				kind,
				target: String(target ?? hostname ?? ''),
				said: typeof candidate.message === 'string' ? candidate.message : '',
			};
		}
		current = candidate.cause;
	}
	return undefined;
}

/** `127.0.0.1` -> `127.0.0.1/32`, `::1` -> `::1/128`: the one address as n8n's allow list takes it. */
function singleAddressRange(ip: string): string {
	return `${ip}/${ip.includes(':') ? 128 : 32}`;
}

/**
 * The error for a request n8n's SSRF protection refused: that n8n refused it (not the network, not
 * Terminal49), the address, and the setting that allows it, with n8n's own sentence.
 */
export function mapSsrfRefusal(
	refusal: SsrfRefusal,
	baseUrl: string,
	request: Pick<RequestDescription, 'method' | 'path'>,
): MappedError {
	const url = new URL(baseUrl);
	const host = url.hostname.replace(/^\[|\]$/g, '');
	const where = `${request.method} ${request.path}`;
	const hostIsAddress = /^[\d.]+$|:/.test(host);
	const allowance =
		refusal.kind === 'hostname'
			? `remove "${refusal.target}" from N8N_SSRF_BLOCKED_HOSTNAMES or add it to N8N_SSRF_ALLOWED_HOSTNAMES`
			: `add N8N_SSRF_ALLOWED_IP_RANGES=${singleAddressRange(refusal.target)}${
					hostIsAddress ? '' : ` (or N8N_SSRF_ALLOWED_HOSTNAMES=${host})`
				}`;
	const said = refusal.said ? ` n8n said: "${refusal.said}".` : '';
	return {
		message:
			refusal.kind === 'hostname'
				? `n8n's SSRF protection refused the request to ${url.origin}: the host name ${refusal.target} is blocked`
				: `n8n's SSRF protection refused the request to ${url.origin}: ${refusal.target} is a restricted address`,
		description: `n8n itself refused it before anything was sent (its SSRF protection, N8N_SSRF_PROTECTION_ENABLED=true, blocks loopback and private addresses).${said} The credential's Base URL points at ${url.origin}: for the local sandbox or a proxy you run, the n8n administrator can ${allowance} on every n8n process (main, workers, webhook processes) and restart n8n; or set the Base URL to Terminal49's own ${TERMINAL49_DEFAULT_BASE_URL}, a public address the protection lets through. (${where})`,
		agent: `This n8n's security settings (SSRF protection) do not let it reach the Terminal49 address it is set up with, so nothing can be looked up now; ${SEE_THE_RUN}.`,
	};
}
