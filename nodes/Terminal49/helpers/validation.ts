import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Input checks run before any request, so a bad value costs no request and no rate-limit budget. Every
 * message names the field, the value and the fix.
 */
const OWNER_CODE = /^[A-Z]{3}[UJZ]$/;
const LETTER_VALUES: Record<string, number> = (() => {
	// ISO 6346: A=10, skipping multiples of 11 (11, 22, 33).
	const values: Record<string, number> = {};
	let value = 10;
	for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
		if (value % 11 === 0) value++;
		values[letter] = value++;
	}
	return values;
})();

/** The ISO 6346 check digit of the first 10 characters (owner code, category, serial). */
export function iso6346CheckDigit(first10: string): number {
	let sum = 0;
	for (let i = 0; i < 10; i++) {
		const ch = first10[i];
		const value = /[0-9]/.test(ch) ? Number(ch) : LETTER_VALUES[ch];
		sum += value * 2 ** i;
	}
	return (sum % 11) % 10;
}

/** Upper-cases and strips spaces, dashes and slashes people paste from documents ("MSCU 123456-7"). */
export function normalizeContainerNumber(raw: string): string {
	return raw.toUpperCase().replace(/[\s\-/.]/g, '');
}

/** What to do about a wrong check digit, where the user can act on it. */
export const CHECK_DIGIT_REMEDY = 'turn off "Validate Check Digit"';

export function containerNumberProblem(
	raw: string,
	checkDigit = true,
	remedy = CHECK_DIGIT_REMEDY,
): string | undefined {
	const number = normalizeContainerNumber(raw);
	if (!/^[A-Z]{4}\d{7}$/.test(number)) {
		return 'a container number is 4 letters and 7 digits, e.g. MSCU1234566';
	}
	if (!OWNER_CODE.test(number.slice(0, 4))) {
		return 'the 4th letter (equipment category) must be U, J or Z';
	}
	if (checkDigit) {
		const expected = iso6346CheckDigit(number.slice(0, 10));
		if (expected !== Number(number[10])) {
			return `its ISO 6346 check digit should be ${expected}, not ${number[10]}: check for a typo, or ${remedy}`;
		}
	}
	return undefined;
}

export function assertContainerNumber(
	node: INode,
	field: string,
	raw: string,
	itemIndex: number,
	checkDigit = true,
	remedy = CHECK_DIGIT_REMEDY,
): string {
	const problem = containerNumberProblem(raw, checkDigit, remedy);
	if (problem) {
		throw new NodeOperationError(node, `Invalid ${field} "${raw}": ${problem}`, {
			itemIndex,
			description: `Fix the value of "${field}" in item ${itemIndex + 1}.`,
		});
	}
	return normalizeContainerNumber(raw);
}

/**
 * Bad input, refused before any request: "Invalid <field> "<value>": <problem>", with the fix as the
 * error's description. The one shape of every input error.
 */
export function invalidInput(
	node: INode,
	itemIndex: number,
	field: string,
	value: unknown,
	problem: string,
	fix: string,
): never {
	const shown = typeof value === 'string' ? value : JSON.stringify(value);
	throw new NodeOperationError(node, `Invalid ${field} "${shown}": ${problem}`, {
		itemIndex,
		description: fix,
	});
}

/** A SCAC: exactly 4 letters (upper case already). */
export const isScac = (scac: string) => /^[A-Z]{4}$/.test(scac);

export function assertScac(node: INode, field: string, raw: string, itemIndex: number): string {
	const scac = raw.trim().toUpperCase();
	if (!isScac(scac)) {
		throw new NodeOperationError(
			node,
			`Invalid ${field} "${raw}": a SCAC is exactly 4 letters, e.g. MAEU or MSCU`,
			{
				itemIndex,
				description: 'Pick the carrier from the list, or choose "Auto-Detect Carrier".',
			},
		);
	}
	return scac;
}

export function assertNotEmpty(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
): string {
	const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	if (!value) {
		throw new NodeOperationError(node, `"${field}" is empty in item ${itemIndex + 1}`, {
			itemIndex,
			description: `Give "${field}" a value, or map it from the input with an expression that is not empty.`,
		});
	}
	return value;
}

/** An id used in a URL path: not empty and without characters that would change the path. */
export function assertId(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = assertNotEmpty(node, field, raw, itemIndex);
	if (/[/?#\s]/.test(value)) {
		throw new NodeOperationError(
			node,
			`Invalid ${field} "${value}": an ID has no spaces, slashes, ? or #`,
			{
				itemIndex,
				description: `Use the "id" of the record as Terminal49 returns it.`,
			},
		);
	}
	return value;
}

export function assertLimit(node: INode, raw: unknown, itemIndex: number): number {
	const limit = Number(raw);
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(
			node,
			`Invalid Limit "${String(raw)}": use a whole number of 1 or more`,
			{
				itemIndex,
				description: 'Or turn on "Return All".',
			},
		);
	}
	return limit;
}

/** A JSON object parameter (e.g. Validation): an object, a JSON string, or empty for none. */
export function parseJsonObject(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
): IDataObject | null {
	if (raw === undefined || raw === null || raw === '') return null;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			throw new NodeOperationError(node, `Invalid ${field} "${raw}": not valid JSON`, {
				itemIndex,
				description: `Give "${field}" a JSON object, e.g. {"max_length": 20}, or leave it empty.`,
			});
		}
	}
	if (value === null) return null;
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(
			node,
			`Invalid ${field} "${JSON.stringify(value)}": it must be a JSON object`,
			{
				itemIndex,
				description: `Give "${field}" a JSON object, e.g. {"max_length": 20}.`,
			},
		);
	}
	return value as IDataObject;
}
