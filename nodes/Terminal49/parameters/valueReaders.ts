import type { INode } from 'n8n-workflow';

import { DEFAULT_IMMINENT_DAYS } from '../domain/urgency';
import { asObject, isSet } from '../domain/values';
import { isLocode } from '../errors/referenceValidation';
import { invalidInput, isScac } from '../errors/validation';

/**
 * Readers of single values the filters share: each checks the value before any request and names the
 * field, the value and the fix when it is wrong.
 */

/** A multi-option value: a list, or comma-separated text from an expression. */
export function listOf(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
	return values
		.filter((value) => value !== undefined && value !== null)
		.map((value) => String(value).trim())
		.filter(Boolean);
}

/** Canonical values, matched ignoring case, spaces and dashes ("Picked Up" = picked_up). */
export function pick(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	allowed: readonly string[],
	fix: string,
): string[] {
	const key = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '_');
	const byKey = new Map(allowed.map((value) => [key(value), value]));
	const picked: string[] = [];
	for (const value of listOf(raw)) {
		const canonical = byKey.get(key(value));
		if (canonical === undefined) {
			invalidInput(node, itemIndex, field, value, `use one of ${allowed.join(', ')}`, fix);
		}
		if (!picked.includes(canonical)) picked.push(canonical);
	}
	return picked;
}

/** A whole number of days, 0 or more. */
export function readDays(node: INode, itemIndex: number, field: string, raw: unknown): number {
	const days = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > 3650) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'use a whole number of days, 0 or more',
			`Set "${field}" to e.g. ${DEFAULT_IMMINENT_DAYS} (0 counts only today).`,
		);
	}
	return days;
}

export function readYesNo(node: INode, itemIndex: number, field: string, raw: unknown): boolean {
	if (typeof raw === 'boolean') return raw;
	if (raw === 'true' || raw === 'false') return raw === 'true';
	return invalidInput(
		node,
		itemIndex,
		field,
		raw,
		'use true or false',
		`Turn "${field}" on or off.`,
	);
}

export function readLocode(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const locode = String(raw ?? '')
		.trim()
		.toUpperCase()
		.replace(/\s+/g, '');
	if (!isLocode(locode)) {
		invalidInput(
			node,
			itemIndex,
			field,
			raw,
			'a UN/LOCODE is 2 letters for the country and 3 for the place, e.g. USLAX',
			`Give the port's UN/LOCODE in "${field}" (e.g. USLAX for Los Angeles, USNYC for New York).`,
		);
	}
	return locode;
}

export function readScac(node: INode, itemIndex: number, field: string, raw: unknown): string {
	const value = asObject(raw) ? asObject(raw)!.value : raw;
	const scac = String(value ?? '')
		.trim()
		.toUpperCase();
	if (!isScac(scac)) {
		invalidInput(
			node,
			itemIndex,
			field,
			value,
			'a SCAC is exactly 4 letters, e.g. MAEU or MSCU',
			`Pick the shipping line from the list in "${field}", or give its 4-letter SCAC.`,
		);
	}
	return scac;
}

/** A record ID from a locator (From List or By ID) or plain text; undefined when empty. */
export function readRecordId(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	fix: string,
): string | undefined {
	const value = String((asObject(raw) ? asObject(raw)!.value : raw) ?? '').trim();
	if (!value) return undefined;
	if (/[/?#\s,]/.test(value)) {
		invalidInput(
			node,
			itemIndex,
			field,
			value,
			'an ID has no spaces, commas, slashes, ? or #',
			fix,
		);
	}
	return value;
}

/**
 * Text a search starts with, in the characters Terminal49's prefix search takes (its SDK refuses others);
 * undefined when empty. Numbers are upper-cased without spaces.
 */
export function readPrefix(
	node: INode,
	itemIndex: number,
	field: string,
	raw: unknown,
	upperCase: boolean,
): string | undefined {
	if (!isSet(raw)) return undefined;
	const text = String(raw).trim();
	if (!/^[A-Za-z0-9_\-. &]+$/.test(text)) {
		invalidInput(
			node,
			itemIndex,
			field,
			text,
			'Terminal49 searches letters, digits, spaces and - _ . & only',
			`Give the first characters of the number in "${field}", e.g. MSCU12.`,
		);
	}
	return upperCase ? text.toUpperCase().replace(/\s+/g, '') : text;
}
