import type { IDataObject } from 'n8n-workflow';

/** A related record or nested object of an item, else undefined (an array or a scalar is none). */
export const asObject = (value: unknown): IDataObject | undefined =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;

/** A string with something in it, else null (blank, missing or not a string). */
export const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value : null;
