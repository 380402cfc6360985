/**
 * Content negotiation (RFC 9110 §12.5.1): which of an endpoint's media types a request's Accept header
 * allows, with quality values, wildcards (`*\/*`, `application/*`) and JSON:API's rule that its media type
 * with parameters other than `ext` / `profile` does not count.
 */

export const JSONAPI = 'application/vnd.api+json';
export const PLAIN_JSON = 'application/json';
/** JSON:API documents: `application/vnd.api+json`, or `application/json` for a client that asks for it. */
export const JSONAPI_PRODUCES = [JSONAPI, PLAIN_JSON];
/** Bodies that are not JSON:API documents (GeoJSON, `{message}`, `{download_url}`...). */
export const PLAIN_JSON_PRODUCES = [PLAIN_JSON];

interface MediaRange {
	type: string;
	subtype: string;
	q: number;
	params: Record<string, string>;
}

export function parseAccept(header: string): MediaRange[] {
	const out: MediaRange[] = [];
	for (const part of header.split(',')) {
		const [range, ...rawParams] = part.split(';').map((x) => x.trim());
		const [type, subtype] = range.toLowerCase().split('/');
		if (!type || !subtype) continue;
		let q = 1;
		const params: Record<string, string> = {};
		for (const p of rawParams) {
			const [k, v = ''] = p.split('=').map((x) => x.trim());
			if (!k) continue;
			if (k.toLowerCase() === 'q') {
				const n = Number(v);
				q = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
			} else params[k.toLowerCase()] = v.replace(/^"|"$/g, '');
		}
		out.push({ type, subtype, q, params });
	}
	return out;
}

/**
 * Quality the ranges give a media type (that of the most specific range matching it, 0 if none does) and
 * how specific that range is (2 the type itself, 1 `type/*`, 0 `*\/*`).
 */
function quality(mediaType: string, ranges: MediaRange[]): { q: number; specificity: number } {
	const [type, subtype] = mediaType.split('/');
	let best: { specificity: number; q: number } | null = null;
	for (const r of ranges) {
		let specificity: number;
		if (r.type === type && r.subtype === subtype) {
			// JSON:API: the media type with other parameters than ext/profile is not the JSON:API media type.
			if (
				mediaType === JSONAPI &&
				Object.keys(r.params).some((k) => k !== 'ext' && k !== 'profile')
			)
				continue;
			specificity = 2;
		} else if (r.type === type && r.subtype === '*') specificity = 1;
		else if (r.type === '*' && r.subtype === '*') specificity = 0;
		else continue;
		if (!best || specificity > best.specificity) best = { specificity, q: r.q };
	}
	return best ?? { q: 0, specificity: -1 };
}

/**
 * The media type to answer with: the endpoint's type the Accept header gives the highest quality (ties: the
 * one named rather than matched by a wildcard, then the endpoint's order), its first type when there is no
 * Accept header, or null when the header allows none of them.
 */
export function negotiate(accept: string | undefined, produces: readonly string[]): string | null {
	if (accept === undefined || accept.trim() === '') return produces[0];
	const ranges = parseAccept(accept);
	let chosen: string | null = null;
	let best = { q: 0, specificity: -1 };
	for (const mediaType of produces) {
		const score = quality(mediaType, ranges);
		if (score.q <= 0) continue;
		if (score.q > best.q || (score.q === best.q && score.specificity > best.specificity)) {
			chosen = mediaType;
			best = score;
		}
	}
	return chosen;
}
