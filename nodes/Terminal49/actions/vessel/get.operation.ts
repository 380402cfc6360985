import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { readLocator, outputProperties } from '../../parameters';
import { vesselLocator } from '../../parameters/lookupLocators';
import { assertDateTime } from '../../errors/referenceValidation';

const properties: INodeProperties[] = [
	vesselLocator,
	{
		displayName: 'Include Positions',
		name: 'includePositions',
		type: 'boolean',
		default: false,
		description:
			"Whether to add the vessel's past AIS positions (last 7 days unless a range is given); needs the Routing Data add-on",
	},
	{
		displayName: 'Positions From',
		name: 'positionsFrom',
		type: 'dateTime',
		default: '',
		description: 'Start of the positions range (default: 7 days ago)',
		displayOptions: { show: { includePositions: [true] } },
	},
	{
		displayName: 'Positions To',
		name: 'positionsTo',
		type: 'dateTime',
		default: '',
		description: 'End of the positions range (default: now)',
		displayOptions: { show: { includePositions: [true] } },
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vessel'], operation: ['get'] } },
	properties,
);

/** GET /vessels/{imo|id}, with its positions between the given times when asked. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const vessel = readLocator.call(this, 'vessel', itemIndex, 'id');
	t49.vessels.key(vessel);
	const qs: IDataObject = {};
	if (this.getNodeParameter('includePositions', itemIndex, false) as boolean) {
		t49.account.needsFeature('routing_data', 'Vessel > Get with positions');
		const from = String(this.getNodeParameter('positionsFrom', itemIndex, '') ?? '').trim();
		const to = String(this.getNodeParameter('positionsTo', itemIndex, '') ?? '').trim();
		if (from)
			qs['show_positions[from_timestamp]'] = new Date(
				assertDateTime(this.getNode(), 'Positions From', from, itemIndex),
			).toISOString();
		if (to)
			qs['show_positions[to_timestamp]'] = new Date(
				assertDateTime(this.getNode(), 'Positions To', to, itemIndex),
			).toISOString();
		// The service shows positions only when a bound is given: "now" keeps its default 7-day window.
		if (!from && !to) qs['show_positions[to_timestamp]'] = new Date().toISOString();
	}
	return await t49.vessels.get(vessel, qs);
}
