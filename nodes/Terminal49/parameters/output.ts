import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Output, OutputKind } from '../views';
import { parseList } from './list';

/**
 * What the items of an operation look like, for the operations that return records: the one reader of the
 * Output parameter, read once per item; what each choice gives is decided in views/.
 *
 * Node version 1: **Simplify** (on: flat items with every attribute and the derived fields, today's All
 * Fields; off: the JSON:API document as Terminal49 sent it, today's Raw). Node version 2: **Output**:
 * Simplified (the people-first view: about a dozen flat fields a coordinator reads first, views/people/),
 * All Fields (version 1's flat item), Selected Fields (only the fields named), Raw (as Terminal49 sent it).
 * Workflows saved with version 1 keep their items.
 */

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

/**
 * The Output of input item `itemIndex`: version 1's Simplify as All Fields (on) or Raw (off); version 2's
 * Output; an operation without one (version 2) gives All Fields, which an AI agent reads in short.
 */
export function readOutput(this: IExecuteFunctions, itemIndex: number): Output {
	if (isVersion1(this)) {
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		return { kind: simplify ? 'all' : 'raw', fields: [], shortForAgent: true };
	}
	const kind = this.getNodeParameter('output', itemIndex, '') as OutputKind | '';
	if (!kind) return { kind: 'all', fields: [], shortForAgent: true };
	const fields =
		kind === 'selected' ? parseList(this.getNodeParameter('fields', itemIndex, '')) : [];
	return { kind, fields, shortForAgent: kind === 'simplified' };
}
