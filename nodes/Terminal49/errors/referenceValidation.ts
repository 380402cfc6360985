import type { INode } from 'n8n-workflow';

import { assertNotEmpty, invalidInput } from './validation';

/**
 * Input checks for lookups, webhooks and the widget, run before any request. Like errors/validation.ts,
 * every message names the field, the value and the fix.
 */
/** UN/LOCODE: 2-letter country code and 3 letters or digits 2-9, e.g. USLAX, NLRTM ("US LAX" accepted). */
export const isLocode = (code: string) => /^[A-Z]{2}[A-Z2-9]{3}$/.test(code);

export function locodeProblem(raw: string): string | undefined {
	const code = raw.trim().toUpperCase().replace(/\s+/g, '');
	return isLocode(code)
		? undefined
		: 'a UN/LOCODE is 5 characters: a 2-letter country code then 3 letters or digits, e.g. USLAX or NLRTM';
}

/** A required value checked by a rule that names its problem; the fix offers the lookup by ID instead. */
function assertByRule(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
	problemOf: (value: string) => string | undefined,
	instead: string,
): string {
	const value = assertNotEmpty(node, field, raw, itemIndex);
	const problem = problemOf(value);
	if (problem) invalidInput(node, itemIndex, field, raw, problem, `Fix "${field}", or ${instead}.`);
	return value;
}

export function assertLocode(node: INode, field: string, raw: unknown, itemIndex: number): string {
	return assertByRule(node, field, raw, itemIndex, locodeProblem, 'look the record up by its ID')
		.toUpperCase()
		.replace(/\s+/g, '');
}

/** IMO ship number: 7 digits, the last a check digit (weights 7..2 over the first six, mod 10). */
export function imoProblem(raw: string): string | undefined {
	const imo = raw
		.trim()
		.toUpperCase()
		.replace(/^IMO\s*/, '');
	if (!/^\d{7}$/.test(imo)) return 'an IMO number is 7 digits, e.g. 9811000';
	let sum = 0;
	for (let i = 0; i < 6; i++) sum += Number(imo[i]) * (7 - i);
	if (sum % 10 !== Number(imo[6]))
		return `its check digit should be ${sum % 10}, not ${imo[6]}: check for a typo`;
	return undefined;
}

export function assertImo(node: INode, field: string, raw: unknown, itemIndex: number): string {
	return assertByRule(node, field, raw, itemIndex, imoProblem, 'look the vessel up by its ID')
		.toUpperCase()
		.replace(/^IMO\s*/, '');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` names this machine (a local sandbox or n8n on the same host). */
export function isLoopbackUrl(url: string): boolean {
	try {
		return LOCAL_HOSTS.has(new URL(url).hostname);
	} catch {
		return false;
	}
}

/** A non-empty absolute URL, parsed; else the error names the field and shows `example`. */
function absoluteUrl(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
	example: string,
): { value: string; url: URL } {
	const value = assertNotEmpty(node, field, raw, itemIndex);
	try {
		return { value, url: new URL(value) };
	} catch {
		return invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'it is not an absolute URL',
			`Use the full address, e.g. ${example}.`,
		);
	}
}

/**
 * A webhook receiver URL: absolute, https. Terminal49 delivers to https only; plain http is accepted only
 * for a receiver on this machine when `localSandbox` (the credential points at a sandbox on this machine).
 */
export function assertWebhookUrl(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
	localSandbox = false,
): string {
	const { value, url } = absoluteUrl(
		node,
		field,
		raw,
		itemIndex,
		'https://example.com/hooks/terminal49',
	);
	if (url.protocol === 'https:') return value;
	if (url.protocol === 'http:' && localSandbox && LOCAL_HOSTS.has(url.hostname)) return value;
	return invalidInput(
		node,
		itemIndex,
		field,
		raw,
		'Terminal49 delivers webhooks to https URLs only',
		localSandbox
			? 'Use an https address, e.g. your n8n Webhook or Terminal49 Trigger production URL behind TLS (plain http works only for a receiver on this machine, with a credential whose Base URL is a sandbox on this machine).'
			: 'Use an https address, e.g. your n8n Webhook or Terminal49 Trigger production URL behind TLS. Plain http, even to localhost, works only with a credential whose Base URL is a sandbox on this machine; for the real service expose n8n over https (set WEBHOOK_URL).',
	);
}

/** An absolute http(s) URL without a trailing slash (for the widget host). */
export function assertHttpUrl(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const { value, url } = absoluteUrl(node, field, raw, itemIndex, 'https://widget.terminal49.com');
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'only http and https URLs are allowed',
			'Use the full address, e.g. https://widget.terminal49.com.',
		);
	}
	return value.replace(/\/+$/, '');
}

export function assertCoordinate(
	node: INode,
	field: 'Latitude' | 'Longitude',
	raw: unknown,
	itemIndex: number,
): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	const max = field === 'Latitude' ? 90 : 180;
	if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > max) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			`use a number from -${max} to ${max}`,
			`Give "${field}" in decimal degrees, e.g. ${field === 'Latitude' ? '33.74' : '-118.27'}.`,
		);
	}
	return value as number;
}

/** An ISO 8601 date-time; returned as given (trimmed). */
export function assertDateTime(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
): string {
	const value = assertNotEmpty(node, field, raw, itemIndex);
	if (Number.isNaN(Date.parse(value))) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'it is not a date-time',
			`Give "${field}" as ISO 8601, e.g. 2025-05-20T00:00:00Z.`,
		);
	}
	return value;
}
