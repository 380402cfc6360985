import type { IDataObject } from 'n8n-workflow';

import { isObject } from './values';

/**
 * Placeholder dates: values Terminal49 sends where it has no date, which are no dates. The newer serializer
 * sends `pickup_lfd` 2099-12-31 and `pickup_lfd_rail` 2099-12-30 on containers with no such LFD (its contract
 * fixtures, API-DRIFT.md section 6). Any date in the year 2099 or later is taken for one: no container's
 * deadline lies 70 years ahead. A placeholder is "not reported", never a day.
 */
const PLACEHOLDER_YEAR = 2099;

/** Whether a value is a placeholder date (a date or date-time in 2099 or later). */
export function isPlaceholderDate(value: unknown): boolean {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
	return Number(value.slice(0, 4)) >= PLACEHOLDER_YEAR;
}

/** A value, or null where it is a placeholder date (or missing): what every reader of an LFD field shows. */
export const withoutPlaceholder = (value: unknown): unknown =>
	isPlaceholderDate(value) ? null : (value ?? null);

/** The date fields of a container where Terminal49 writes placeholders: flat, and in `import_deadlines`. */
const FLAT_FIELDS = ['pickup_lfd'];
const DEADLINE_FIELDS = ['pickup_lfd', 'pickup_lfd_line', 'pickup_lfd_terminal', 'pickup_lfd_rail'];

/**
 * Nulls the placeholder dates of a flat container item the caller owns (`import_deadlines` is replaced by a
 * copy, never changed in place: it may be shared). Returns the item.
 */
export function clearPlaceholderDates(container: IDataObject): IDataObject {
	for (const field of FLAT_FIELDS) if (isPlaceholderDate(container[field])) container[field] = null;
	const deadlines = container.import_deadlines;
	if (isObject(deadlines) && DEADLINE_FIELDS.some((field) => isPlaceholderDate(deadlines[field]))) {
		const copy: IDataObject = { ...deadlines };
		for (const field of DEADLINE_FIELDS) if (isPlaceholderDate(copy[field])) copy[field] = null;
		container.import_deadlines = copy;
	}
	return container;
}
