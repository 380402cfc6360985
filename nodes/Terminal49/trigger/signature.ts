import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header Terminal49 signs every delivery with: lowercase hex HMAC-SHA256 of the raw body, no prefix. */
export const SIGNATURE_HEADER = 'x-t49-webhook-signature';

export function sign(body: Buffer | string, secret: string): string {
	return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Whether `signature` is the HMAC-SHA256 of exactly these bytes with `secret`. Compared in constant time
 * (after a length check, which timingSafeEqual needs); the header value is trimmed and its case ignored.
 */
export function verifySignature(rawBody: Buffer, signature: unknown, secret: string): boolean {
	const header = Array.isArray(signature) ? signature[0] : signature;
	if (typeof header !== 'string' || secret === '') return false;
	const given = header.trim().toLowerCase();
	if (!/^[0-9a-f]{64}$/.test(given)) return false;
	const expected = Buffer.from(sign(rawBody, secret), 'hex');
	const actual = Buffer.from(given, 'hex');
	return actual.length === expected.length && timingSafeEqual(actual, expected);
}
