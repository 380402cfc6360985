import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { outputProperties, readInsightOptions, readTake } from '../../parameters';
import { deadlineToWatchOption } from '../../parameters/insightFields';
import { tariffOptions } from '../../parameters/tariffFields';

/** Matches returned at most by default (n8n's default Limit; an agent reads at most 20: views/agent.ts). */
const DEFAULT_MATCHES = 50;

const properties: INodeProperties[] = [
	{
		displayName: 'Number',
		name: 'query',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. MSCU4949012, MEDUT4949001 or PO-1234',
		description:
			'Any number the customer quotes: a container number, a bill of lading, booking or reference number, or the start of one (at least 4 characters); a Terminal49 ID works too',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		// n8n's default Limit (DEFAULT_MATCHES: the lint rule wants the number here)
		default: 50,
		description: 'Max number of results to return',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...tariffOptions, deadlineToWatchOption],
	},
	// Raw has no meaning here: the containers come from several answers of the service.
	...outputProperties.map((property) =>
		property.name === 'output'
			? {
					...property,
					options: (property.options ?? []).filter(
						(option) => 'value' in option && option.value !== 'raw',
					),
				}
			: property,
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['find'] } },
	properties,
);

/**
 * Any number a person quotes, looked up as the service offers it (client/find.ts): the containers it names,
 * each with its shipment; the tracking request of a number requested but not tracked yet; a not-found error
 * that says so when nothing matches.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readTake.call(this, itemIndex).limit ?? DEFAULT_MATCHES;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const { items } = await terminal49(this, itemIndex).finder.anyNumber(
		this.getNodeParameter('query', itemIndex),
		limit,
		readInsightOptions(this.getNode(), itemIndex, options),
	);
	return items;
}
