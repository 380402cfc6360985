import type { IDataObject } from 'n8n-workflow';

/** Whether a value is an object with keys (a record, a nested object), not an array, a scalar or null. */
export const isObject = (value: unknown): value is IDataObject =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/** A related record or nested object of an item, else undefined (an array or a scalar is none). */
export const asObject = (value: unknown): IDataObject | undefined =>
	isObject(value) ? value : undefined;

/** A string with something in it, else null (blank, missing or not a string). */
export const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;

/** Whether a value is set: not missing, null or blank text. */
export const isSet = (value: unknown): boolean =>
	value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** A text parameter's value, trimmed, else undefined (blank, missing or not a string). */
export const trimmed = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** An amount of money rounded to cents (sums of rates and fees: no float dust such as 0.30000000000000004). */
export const toCents = (amount: number): number => Math.round(amount * 100) / 100;

/** Any value as words in a sentence: text trimmed, a number or flag as text, '' for missing or null. */
export const inWords = (value: unknown): string =>
	typeof value === 'string'
		? value.trim()
		: value === undefined || value === null
			? ''
			: String(value);

/** An amount in words with its currency where known: `1340.00 USD`. */
export const moneyText = (amount: number, currency: string | null): string =>
	`${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;
