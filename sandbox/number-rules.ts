/**
 * Deterministic rules that decide what the "carrier" answers for a tracking number.
 * Documented in the project README (Sandbox > Tracking-request lifecycle and number rules).
 */
import { SHIPPING_LINES, type ShippingLineRef } from './reference-data';
import { CONTAINER_NUMBER_PATTERN, isValidContainerNumber } from './util';

export type NumberType = 'container' | 'bill_of_lading' | 'booking';

export function normalizeNumber(n: string): string {
	return n.trim().toUpperCase();
}

/** Shape-based guess of the number type; null when it cannot be a tracking number at all. */
export function classifyNumber(raw: string): NumberType | null {
	const n = normalizeNumber(raw);
	if (/^[A-Z]{4}[0-9]{7}$/.test(n)) return 'container';
	if (/^[0-9]{6,14}$/.test(n)) return 'booking';
	if (/^[A-Z0-9][A-Z0-9-]{5,29}$/.test(n)) return 'bill_of_lading';
	return null;
}

/**
 * Carrier inferred from the first four letters: a SCAC, a bill-of-lading prefix (MEDU, EISU, ...)
 * or a container owner prefix (MSKU, HLXU, CMAU, ...) of a supported line. Null otherwise.
 */
export function inferCarrier(raw: string): ShippingLineRef | null {
	const prefix = normalizeNumber(raw).slice(0, 4);
	for (const line of SHIPPING_LINES) {
		if (line.support !== 'Yes' && line.support !== 'Partial') continue;
		if (
			line.scac === prefix ||
			line.bolPrefix === prefix ||
			line.containerPrefixes.includes(prefix)
		)
			return line;
	}
	return null;
}

export interface CarrierOutcome {
	status: 'created' | 'awaiting_manifest' | 'failed';
	failedReason: string | null;
	scac: string | null;
}

/** What the carrier answers once the carrier delay has passed. */
export function carrierOutcome(
	number: string,
	requestType: string,
	scac: string | null,
	autoDetect: boolean,
): CarrierOutcome {
	const n = normalizeNumber(number);
	if (requestType === 'container' && !isValidContainerNumber(n))
		return { status: 'failed', failedReason: 'invalid_number', scac };
	let resolved = scac;
	if (!resolved && autoDetect) {
		const line = inferCarrier(n);
		if (!line) return { status: 'failed', failedReason: 'scac_auto_detect_failed', scac: null };
		resolved = line.scac;
	}
	if (n.startsWith('AWAIT') || n.startsWith('UNKNOWN'))
		return { status: 'awaiting_manifest', failedReason: null, scac: resolved };
	if (n.startsWith('NOTFOUND'))
		return { status: 'failed', failedReason: 'not_found', scac: resolved };
	if (n.startsWith('CANCEL'))
		return { status: 'failed', failedReason: 'booking_cancelled', scac: resolved };
	if (n.startsWith('UNREACH'))
		return { status: 'failed', failedReason: 'shipping_line_unreachable', scac: resolved };
	return { status: 'created', failedReason: null, scac: resolved };
}

export { CONTAINER_NUMBER_PATTERN, isValidContainerNumber };
