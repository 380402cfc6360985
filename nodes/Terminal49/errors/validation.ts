import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { plainLabel, withAgentAnswer } from './agent';

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

/** What is wrong with a container number: its shape, its category letter, or its check digit. */
type NumberFault =
	| { kind: 'shape' }
	| { kind: 'category' }
	| { kind: 'checkDigit'; expected: number; actual: string };

function containerNumberFault(raw: string, checkDigit: boolean): NumberFault | undefined {
	const number = normalizeContainerNumber(raw);
	if (!/^[A-Z]{4}\d{7}$/.test(number)) return { kind: 'shape' };
	if (!OWNER_CODE.test(number.slice(0, 4))) return { kind: 'category' };
	if (checkDigit) {
		const expected = iso6346CheckDigit(number.slice(0, 10));
		if (expected !== Number(number[10]))
			return { kind: 'checkDigit', expected, actual: number[10] };
	}
	return undefined;
}

/** The check digit a container number should have and the one it has, when they differ (its shape is right). */
export function wrongCheckDigit(raw: string): { expected: number; actual: string } | undefined {
	const fault = containerNumberFault(raw, true);
	return fault?.kind === 'checkDigit'
		? { expected: fault.expected, actual: fault.actual }
		: undefined;
}

export function containerNumberProblem(
	raw: string,
	checkDigit = true,
	remedy = CHECK_DIGIT_REMEDY,
): string | undefined {
	const fault = containerNumberFault(raw, checkDigit);
	if (!fault) return undefined;
	if (fault.kind === 'shape')
		return 'a container number is 4 letters and 7 digits, e.g. MSCU1234566';
	if (fault.kind === 'category') return 'the 4th letter (equipment category) must be U, J or Z';
	return `its ISO 6346 check digit should be ${fault.expected}, not ${fault.actual}: check for a typo, or ${remedy}`;
}

/**
 * The same fault in one sentence an AI agent relays to a coordinator (the node as a tool): a wrong check digit
 * is a likely typo, with the digit it should have. `outcome`: what was not done because of it.
 */
export function containerNumberAnswer(
	raw: string,
	checkDigit = true,
	outcome = 'Terminal49 was not asked',
): string | undefined {
	const fault = containerNumberFault(raw, checkDigit);
	if (!fault) return undefined;
	if (fault.kind === 'checkDigit') {
		return `"${raw}" is probably a mistyped container number: its last digit, the ISO 6346 check digit, should be ${fault.expected} for the letters and digits before it, not ${fault.actual}, so ${outcome}; check the number with the customer.`;
	}
	const rule =
		fault.kind === 'shape'
			? '4 letters and 7 digits, such as MSCU1234566'
			: 'its 4th letter is U, J or Z';
	return `"${raw}" is not a container number (${rule}), so ${outcome}: check it with the customer.`;
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
		const error = new NodeOperationError(node, `Invalid ${field} "${raw}": ${problem}`, {
			itemIndex,
			description: `Fix the value of "${field}" in item ${itemIndex + 1}.`,
		});
		throw withAgentAnswer(error, containerNumberAnswer(raw, checkDigit)!);
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
		const error = new NodeOperationError(
			node,
			`Invalid ${field} "${raw}": a SCAC is exactly 4 letters, e.g. MAEU or MSCU`,
			{
				itemIndex,
				description: 'Pick the carrier from the list, or choose "Auto-Detect Carrier".',
			},
		);
		throw withAgentAnswer(
			error,
			`"${raw}" is not a carrier's SCAC (4 letters, such as MAEU or MSCU), so Terminal49 was not asked: check the carrier with the customer.`,
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
		const error = new NodeOperationError(node, `"${field}" is empty in item ${itemIndex + 1}`, {
			itemIndex,
			description: `Give "${field}" a value, or map it from the input with an expression that is not empty.`,
		});
		throw withAgentAnswer(
			error,
			`No ${plainLabel(field)} was given, so Terminal49 was not asked: ask for it.`,
		);
	}
	return value;
}

/** An id used in a URL path: not empty and without characters that would change the path. */
export function assertId(node: INode, field: string, raw: unknown, itemIndex: number): string {
	const value = assertNotEmpty(node, field, raw, itemIndex);
	if (/[/?#\s]/.test(value)) {
		const error = new NodeOperationError(
			node,
			`Invalid ${field} "${value}": an ID has no spaces, slashes, ? or #`,
			{
				itemIndex,
				description: `Use the "id" of the record as Terminal49 returns it.`,
			},
		);
		throw withAgentAnswer(
			error,
			`"${value}" is not a Terminal49 ID (an ID has no spaces, slashes, question marks or hash signs), so Terminal49 was not asked: ask for the container, bill of lading or booking number instead.`,
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
