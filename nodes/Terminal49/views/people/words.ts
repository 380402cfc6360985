import type { IDataObject } from 'n8n-workflow';

import { calendarDayOf, isValidTimeZone } from '../../domain/calendar';
import type { DeadlineSource } from '../../domain/deadlines';
import { text } from '../../domain/values';

/**
 * The words of the people-first view (views/people/): what it says where there is nothing, the service's
 * codes in a coordinator's words, and days in the calendar of a place.
 */

export type Item = IDataObject;

/** A code in words: `not_available` -> `Not available`; null when there is none. */
export const words = (value: unknown): string | null => {
	const t = text(value);
	return t && t.charAt(0).toUpperCase() + t.slice(1).replace(/_/g, ' ');
};

/**
 * What the view says where there is nothing (no hold, no fee, no risk, no reference number): a word, not an
 * empty string, which n8n's table paints as a red "empty" as if something were missing.
 */
export const NONE = 'none';

/** What the view says where the terminal has not reported (holds, fees): never "none", which is a fact. */
export const NOT_REPORTED = 'not reported';

/** A list in words (`customs, freight`), NONE when it is empty or missing. */
export const listed = (values: unknown): string =>
	Array.isArray(values) && values.length ? values.join(', ') : NONE;

/** A container's `current_status` in a coordinator's words. */
export const CONTAINER_STATUS_WORDS: Record<string, string> = {
	new: 'Booked (not yet shipped)',
	on_ship: 'On the vessel',
	available: 'Available for pickup',
	not_available: 'At the terminal, not available',
	grounded: 'Grounded at the terminal',
	on_rail: 'On rail',
	awaiting_inland_transfer: 'Awaiting rail at the port',
	picked_up: 'Picked up',
	off_dock: 'Off dock',
	delivered: 'Delivered',
	dropped: 'Dropped',
	loaded: 'Loaded',
	empty_returned: 'Empty returned',
};

/** A tracking request's `status` in words. */
export const TRACKING_STATUS_WORDS: Record<string, string> = {
	pending: 'Pending: waiting for the carrier',
	awaiting_manifest: 'Awaiting manifest: the carrier does not know the number yet (checked daily)',
	created: 'Tracking',
	failed: 'Failed',
	tracking_stopped: 'Tracking stopped',
};

/** A tracking request's `failed_reason` in words, with what to do. */
export const FAILED_REASON_WORDS: Record<string, string> = {
	booking_cancelled: 'The booking was cancelled',
	duplicate: 'Already tracked',
	expired: 'The carrier never published it (expired after 7 days)',
	internal_processing_error: 'Terminal49 could not process it: try again',
	invalid_number: 'Not a valid number: check it',
	not_found: 'The carrier does not know this number: check the number and the carrier',
	retries_exhausted: 'The carrier did not answer: try again later',
	shipping_line_unreachable: 'The carrier was unreachable: try again later',
	unrecognized_response: 'The carrier answered something Terminal49 could not read',
	data_unavailable: 'The carrier has no data for it',
	scac_auto_detect_failed: 'The carrier could not be detected: give the carrier',
};

/**
 * Whose last free day it is, in words: the older serializer's sources, and the selection of the newer one
 * (Terminal49's `current_selection`).
 */
export const LFD_SOURCE_WORDS: Record<DeadlineSource, string> = {
	line: 'Shipping line',
	terminal: 'Terminal',
	rail: 'Rail (inland ramp)',
	facility: 'Terminal',
	facility_manual: 'Terminal (entered by hand)',
	line_calculated: 'Shipping line (calculated by Terminal49)',
};

/** What `last_free_day_source` says of an open container whose last free day Terminal49 does not report. */
export const LFD_NOT_REPORTED = 'Not reported';

/** `2026-11-25`: the calendar day of a date or date-time in a zone (UTC when unknown); null without a date. */
export function dayIn(value: unknown, zone: unknown): string | null {
	const at = text(value);
	return at && calendarDayOf(at, isValidTimeZone(zone) ? zone : 'UTC');
}
