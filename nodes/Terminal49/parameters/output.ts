import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ReadMode } from '../client';
import { parseList } from './list';

/**
 * What the items of an operation look like, for the operations that return records.
 *
 * Node version 1: **Simplify** (on: flat items with every attribute and the derived fields; off: the JSON:API
 * document as Terminal49 sent it). Node version 2: **Output**: Simplified (the people-first view: about a dozen
 * flat fields a coordinator reads first, views/people.ts), All Fields (version 1's flat item), Selected
 * Fields (only the fields named), Raw (as Terminal49 sent it). Workflows saved with version 1 keep their items.
 */
export type OutputShape = 'simplified' | 'all' | 'selected' | 'raw';

const V1 = { '@version': [1] };
const V2 = { '@version': [{ _cnd: { gte: 2 } }] };

export const outputProperties: INodeProperties[] = [
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return flat items (ID, attributes at the top level, related records nested) instead of the JSON:API document as Terminal49 sent it',
		displayOptions: { show: V1 },
	},
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		default: 'simplified',
		description: 'What each item holds',
		options: [
			{
				name: 'Simplified',
				value: 'simplified',
				description:
					'The fields a coordinator reads first, flat and in words: for a container its number, status, location, pickup state and holds, last free day and days left, urgency, fees, risks, ETA, bill of lading and carrier (other records as All Fields)',
			},
			{
				name: 'All Fields',
				value: 'all',
				description:
					"Every attribute at the top level, related records nested, and the node's derived fields (urgency, risks, ...)",
			},
			{
				name: 'Selected Fields',
				value: 'selected',
				description: 'Only the fields you name, from All Fields',
			},
			{
				name: 'Raw',
				value: 'raw',
				description: 'The JSON:API document as Terminal49 sent it',
			},
		],
		displayOptions: { show: V2 },
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'string',
		default: '',
		required: true,
		placeholder:
			'e.g. number, current_status, earliest_lfd_date, risks, shipment.bill_of_lading_number',
		description:
			'The fields of All Fields to return, comma-separated; a dot reaches into a related record (shipment.bill_of_lading_number). A field an item lacks comes out empty.',
		displayOptions: { show: { ...V2, output: ['selected'] } },
	},
];

const isVersion1 = (ctx: IExecuteFunctions) => (ctx.getNode().typeVersion ?? 1) < 2;

/** What the client returns: flat items, or the documents as sent (Simplify off, Output Raw). */
export function readMode(this: IExecuteFunctions, itemIndex: number): ReadMode {
	if (isVersion1(this))
		return { simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean };
	return { simplify: this.getNodeParameter('output', itemIndex, 'simplified') !== 'raw' };
}

/**
 * How the router shapes the client's flat items (version 2 only): undefined where the operation has no
 * Output (or the node is of version 1), which leaves the items as they are.
 */
export function readOutput(
	this: IExecuteFunctions,
	itemIndex: number,
): { shape: OutputShape; fields: string[] } | undefined {
	if (isVersion1(this)) return undefined;
	const shape = this.getNodeParameter('output', itemIndex, '') as OutputShape | '';
	if (!shape) return undefined;
	const fields =
		shape === 'selected' ? parseList(this.getNodeParameter('fields', itemIndex, '')) : [];
	return { shape, fields };
}
