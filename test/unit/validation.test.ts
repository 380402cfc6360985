import type { INode } from 'n8n-workflow';

import {
	assertContainerNumber,
	assertId,
	assertLimit,
	assertNotEmpty,
	assertScac,
	containerNumberProblem,
	iso6346CheckDigit,
} from '../../nodes/Terminal49/errors/validation';

const node = { name: 'Terminal49' } as INode;

test('ISO 6346 check digits', () => {
	expect(iso6346CheckDigit('CSQU305438')).toBe(3);
	expect(iso6346CheckDigit('MSCU123456')).toBe(6);
	expect(containerNumberProblem('CSQU3054383')).toBeUndefined();
	expect(containerNumberProblem('csqu 305438-3')).toBeUndefined();
	expect(containerNumberProblem('CSQU3054384')).toMatch(/check digit should be 3, not 4/);
	expect(containerNumberProblem('CSQU3054384', false)).toBeUndefined();
	expect(containerNumberProblem('CSQA3054383')).toMatch(/must be U, J or Z/);
	expect(containerNumberProblem('CSQU305438')).toMatch(/4 letters and 7 digits/);
});

test.each([
	['Container Number', () => assertContainerNumber(node, 'Container Number', 'ABC123', 0)],
	['SCAC', () => assertScac(node, 'SCAC', 'MAEUX', 0)],
	['Request Number', () => assertNotEmpty(node, 'Request Number', '  ', 0)],
	['Shipment ID', () => assertId(node, 'Shipment ID', 'a/b', 0)],
	['Limit', () => assertLimit(node, 0, 0)],
])('%s: the error names the field and the bad value', (field, call) => {
	expect(call).toThrow(new RegExp(field));
});

test('normalised values come back', () => {
	expect(assertContainerNumber(node, 'Container Number', 'cs qu3054383', 0)).toBe('CSQU3054383');
	expect(assertScac(node, 'SCAC', ' maeu ', 0)).toBe('MAEU');
	expect(assertLimit(node, '25', 0)).toBe(25);
});
