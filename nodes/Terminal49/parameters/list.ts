import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Take } from '../client';
import { assertLimit } from '../errors/validation';

/**
 * The list parameters many operations share (Return All / Limit, multi-option lists): their descriptions and
 * how they are read into what the client takes.
 */

export function listProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** Return All (no limit) or the Limit, checked. */
export function readTake(this: IExecuteFunctions, itemIndex: number): Take {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll
		? {}
		: {
				limit: assertLimit(
					this.getNode(),
					this.getNodeParameter('limit', itemIndex, 50),
					itemIndex,
				),
			};
}

/** A multi-option parameter as a list (e.g. Include). */
export function readList(this: IExecuteFunctions, name: string, itemIndex: number): string[] {
	const raw = this.getNodeParameter(name, itemIndex, []) as unknown;
	return Array.isArray(raw) ? raw.map(String) : [];
}

/** Comma-separated text (or a list) as unique trimmed values, e.g. reference numbers and tags. */
export function parseList(raw: unknown): string[] {
	const values = Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',');
	return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}
